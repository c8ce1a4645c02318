import CairoRenderer

/// What one compositor frame drew, counted (the renderer's `FrameCounts` before and after it):
/// the compare bench names these for its slowest frames, so a p99 is traced to its causes.
struct FrameMakeup {
    var commands = 0
    var drawn = 0
    var layersRasterised = 0
    var layerCopies = 0
    var shiftedCopies = 0
    var stretched = 0
    var stripsRasterised = 0
    var stripCopies = 0
    var stripsKeptOrExtended = 0
    var stripsPatched = 0
    var shadowsDirect = 0
    var shadowPixelsDirect = 0
    var shapesRasterised = 0
    var extentsMeasured = 0
    var extentsEstimated = 0
    var fontsLoaded = 0
    var sprites = 0
    var spritesRasterised = 0
    var bands = 0
    var damagedPixels = 0
    var damageMs = 0.0
    var drawMs = 0.0
    var cpuMs = 0.0
    /// CLOCK_MONOTONIC when the frame began and ended (ns): `perf record -k CLOCK_MONOTONIC`
    /// samples are cut to a run of frames by these (the README's profiling recipe).
    var startNanos: UInt64 = 0
    var endNanos: UInt64 = 0
    /// Pictures decoded on the drawing thread, composited, and the ms of both (`PictureFrameStats`).
    var pictureDecodes = 0
    var picturePaints = 0
    var pictureMs = 0.0
    var picturePaintMs = 0.0

    mutating func pictures(_ stats: PictureFrameStats, decodes: Int) {
        pictureDecodes = decodes
        picturePaints = stats.paints
        pictureMs = stats.pictureMillis
        picturePaintMs = stats.paintMillis
    }

    init() {}

    init(before a: FrameCounts, after b: FrameCounts, commands: Int, bands: Int, pixels: Int, damageMs: Double) {
        self.commands = commands
        drawn = b.commandsDrawn - a.commandsDrawn
        layersRasterised = (b.layers.rasterised + b.layers.rasterisedOnWorker) - (a.layers.rasterised + a.layers.rasterisedOnWorker)
        layerCopies = b.layers.exactHits - a.layers.exactHits
        shiftedCopies = b.layers.shiftedHits - a.layers.shiftedHits
        stretched = b.layers.stretchedHits - a.layers.stretchedHits
        stripsRasterised = b.layers.stripsRasterised - a.layers.stripsRasterised
        stripCopies = b.layers.stripCopies - a.layers.stripCopies
        stripsKeptOrExtended = (b.stripsKept + b.stripsExtended) - (a.stripsKept + a.stripsExtended)
        stripsPatched = b.stripsPatched - a.stripsPatched
        shadowsDirect = b.shapes.shadowsDrawnDirectly - a.shapes.shadowsDrawnDirectly
        shadowPixelsDirect = b.shapes.shadowPixelsDrawnDirectly - a.shapes.shadowPixelsDrawnDirectly
        shapesRasterised = b.shapes.rasterised - a.shapes.rasterised
        extentsMeasured = b.extentsMeasured - a.extentsMeasured
        extentsEstimated = b.extentsEstimated - a.extentsEstimated
        fontsLoaded = b.fontsLoaded - a.fontsLoaded
        sprites = b.spriteCopies - a.spriteCopies
        spritesRasterised = b.spritesRasterised - a.spritesRasterised
        self.bands = bands
        damagedPixels = pixels
        self.damageMs = damageMs
    }

    var line: String {
        "\(commands) cmds, \(drawn) drawn, layers \(layersRasterised) rasterised / \(layerCopies) copied / \(shiftedCopies) shifted / "
            + "\(stretched) stretched, sprites \(spritesRasterised) rasterised / \(sprites) copied, strips \(stripsRasterised) rasterised / \(stripCopies) copied / \(stripsKeptOrExtended) kept / \(stripsPatched) patched, "
            + "shadows drawn \(shadowsDirect) (\(shadowPixelsDirect / 1000) kpx), shapes rasterised \(shapesRasterised), "
            + "text extents \(extentsMeasured) (+\(extentsEstimated) estimated, \(fontsLoaded) fonts loaded), \(bands) bands \(damagedPixels / 1000) kpx, damage \(fmt(damageMs)) ms, "
            + "pictures \(pictureDecodes) decoded (\(fmt(pictureMs)) ms) / \(picturePaints) painted (\(fmt(picturePaintMs)) ms), "
            + "draw \(fmt(drawMs)) ms, cpu \(fmt(cpuMs)) ms, monotonic \(startNanos)-\(endNanos) ns"
    }
}

