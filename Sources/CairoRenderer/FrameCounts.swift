/// What one renderer has drawn since it was made, counted: the figures the bench compares frame
/// by frame to tell what a slow frame is made of (issue 21, the grid's p99 frames).
public struct FrameCounts: Sendable, Equatable {
    /// Drawing commands drawn from their commands (not inside a copied layer or strip).
    public var commandsDrawn = 0
    public var layers = LayerStatistics()
    public var shapes = ShapeStatistics()
    /// Pango layouts made and text extents measured (the damage's text bounds).
    public var layoutsMade = 0
    public var extentsMeasured = 0
    /// Text bounds estimated in a font not loaded yet, and fonts loaded (TextCache).
    public var extentsEstimated = 0
    public var fontsLoaded = 0
    /// Scroll strips copied though the content around them changed, and strips extended.
    public var stripsKept = 0
    public var stripsExtended = 0
    /// Scroll strips whose changed rows were repainted in place (ScrollTiles.swift).
    public var stripsPatched = 0
    /// Moving tiles' sprites rasterised and copied (TileSprites.swift).
    public var spritesRasterised = 0
    public var spriteCopies = 0
}

extension CairoRenderer {
    /// The counts since the renderer was made (subtract two to get a frame's).
    public var frameCounts: FrameCounts {
        FrameCounts(commandsDrawn: commandsDrawn, layers: layers.statistics, shapes: shapes.statistics,
                    layoutsMade: text.layoutsMade, extentsMeasured: text.extentsMeasured,
                    extentsEstimated: text.extentsEstimated, fontsLoaded: text.fontsLoaded.count,
                    stripsKept: scrollMemory.stripsKept, stripsExtended: scrollMemory.stripsExtended,
                    stripsPatched: scrollMemory.stripsPatched,
                    spritesRasterised: sprites.rasterised, spriteCopies: sprites.copies)
    }
}
