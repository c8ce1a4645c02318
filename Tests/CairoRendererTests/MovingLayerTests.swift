import CCairo
@testable import CairoRenderer
import InteractionEngine
import Testing

/// Moving layers (MovingLayers.swift): a layer copied from a raster of another phase draws the
/// rest of its run in the ring around its middle (band by band, the bands its phase allows
/// copied), and a moving frame rasterises at most
/// `LayerCache.rasterisationsWithStandIn` resting layers that have a stand-in; a frame whose list
/// repeats the last one is exact (counted, never timed).
@Suite struct MovingLayerTests {
    static let size = (width: 320, height: 300)

    /// `rows` opaque rows moved down by `offset`, each with two texts and a sheen disc clipped to
    /// the row that reaches its edge (the wallet card's), and a small marker at `marker` below them.
    /// With `inset`, the rows are 300 px wide, `inset` + 10 px from the left (inside the frame).
    static func list(rows: Int, offset: Double, marker: Double = 0, inset: Double? = nil) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for i in 0..<rows {
            let row = Rect(x: inset.map { 10 + $0 } ?? 0, y: 10 + offset + Double(i) * 72, width: inset == nil ? 320 : 300, height: 72)
            list.append(.fillRect(row, .solid(.white), cornerRadius: 0))
            list.clipped(to: row, cornerRadius: 0) { list in
                list.append(.fillCircle(center: Point(x: row.maxX - 20, y: row.minY), radius: 60,
                                        .solid(Color.black.withAlpha(0.25))))
            }
            list.append(.text("Row \(i)", Rect(x: row.minX + 60, y: row.minY + 12, width: 200, height: 22), TextStyle(size: 16, weight: .bold)))
            list.append(.text("Preview \(i)", Rect(x: row.minX + 60, y: row.minY + 39, width: 150, height: 20), TextStyle(size: 14)))
        }
        list.append(.fillRect(Rect(x: 10 + marker, y: 280, width: 12, height: 12), .solid(.black), cornerRadius: 0))
        return list
    }

    final class Drawing {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        let surface = ImageSurface(width: MovingLayerTests.size.width, height: MovingLayerTests.size.height)
        init() { renderer.retainedLayers = true }
        func draw(_ list: DisplayList) {
            let cr = cairo_create(surface.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface.handle)
        }
        var directPixels: (DisplayList) -> ImageSurface {
            { [direct] list in direct.image(of: list, width: MovingLayerTests.size.width, height: MovingLayerTests.size.height) }
        }
        func identical(_ list: DisplayList) -> Bool { DamageRepaintTests.identical(directPixels(list), surface) }
        func farShare(_ list: DisplayList) -> Double {
            Double(LayerRepaintTests.farPixels(surface, directPixels(list))) / Double(surface.width * surface.height)
        }
    }

    @Test func aMovingLayerDrawsTheRestOfItsRunInTheRingAndRestsExact() {
        let d = Drawing()
        let rest = MovingLayerTests.list(rows: 2, offset: 0)
        for _ in 0..<3 { d.draw(rest) }
        #expect(d.identical(rest))
        #expect(d.renderer.layerStatistics.rasterised == 2, "both rows rasterised once at rest")
        // Half a pixel down: copied from the raster at rest, shifted, the disc drawn in the ring only.
        let moved = MovingLayerTests.list(rows: 2, offset: 0.5)
        d.draw(moved)
        let s = d.renderer.layerStatistics
        #expect(s.shiftedHits == 2)
        #expect(s.ringClipped == 2, "both moving rows draw the rest of their run in the ring (\(s.ringClipped))")
        #expect(s.rasterised == 2)
        #expect(d.farShare(moved) <= LayerRepaintTests.LayerTolerance.maxShare)
        // At rest again: exact, from the commands or a raster of the exact phase.
        for _ in 0..<2 { d.draw(moved) }
        #expect(d.identical(moved))
        #expect(d.renderer.layerStatistics.ringClipped == 2, "a resting layer draws its run whole")
    }

    /// A row moving straight down keeps its columns: the ring's two side bands are copied from the
    /// raster, the bands above and below (its top and bottom edge, at a new phase) are drawn. A
    /// row moving on both axes copies none; a move of a whole pixel copies all four.
    @Test(arguments: [(dx: 0.0, dy: 0.5, copied: 2), (dx: 0.0, dy: 3.0, copied: 4), (dx: 0.125, dy: 0.5, copied: 0),
                      (dx: LayerCache.ringPhaseSlack / 2, dy: 0.5, copied: 2), (dx: LayerCache.ringPhaseSlack * 2, dy: 0.5, copied: 0)])
    func aRingBandIsCopiedOnlyWhereTheRastersPhaseHolds(dx: Double, dy: Double, copied: Int) {
        let d = Drawing()
        // A quarter pixel in: the moves below keep the raster's columns (its bounds rounded out).
        let rest = MovingLayerTests.list(rows: 1, offset: 0, inset: 0.25)
        for _ in 0..<3 { d.draw(rest) }
        #expect(d.renderer.layerStatistics.rasterised == 1)
        let moved = MovingLayerTests.list(rows: 1, offset: dy, inset: 0.25 + dx)
        d.draw(moved)
        let s = d.renderer.layerStatistics
        #expect(s.ringClipped == 1)
        #expect(s.ringBandsCopied == copied, "\(s.ringBandsCopied) of the ring's bands copied at (\(dx), \(dy))")
        #expect(d.farShare(moved) <= LayerRepaintTests.LayerTolerance.maxShare)
    }

    @Test func aMovingFrameRasterisesOneRestingLayerWithAStandIn() {
        let d = Drawing()
        let rows = 3
        for _ in 0..<3 { d.draw(MovingLayerTests.list(rows: rows, offset: 0)) }
        #expect(d.renderer.layerStatistics.rasterised == rows)
        // The rows move, then rest while the marker moves on: each such frame rasterises the budget.
        d.draw(MovingLayerTests.list(rows: rows, offset: 10.5, marker: 0))
        #expect(d.renderer.layerStatistics.rasterised == rows, "moving: shifted copies only")
        let budget = LayerCache.rasterisationsWithStandIn
        var before = d.renderer.layerStatistics.rasterised
        var standIns = 0
        for step in 1...rows {
            let list = MovingLayerTests.list(rows: rows, offset: 10.5, marker: Double(step) * 3)
            d.draw(list)
            let s = d.renderer.layerStatistics
            let made = s.rasterised - before
            let left = max(0, rows - (step - 1) * budget)
            #expect(made >= min(budget, left) && made <= budget,
                    "frame \(step): \(made) rasterised, the budget is \(budget)")
            standIns += max(0, left - budget)
            #expect(s.restingStandIns == standIns, "frame \(step): \(s.restingStandIns) stand-ins, \(standIns) expected")
            #expect(d.farShare(list) <= LayerRepaintTests.LayerTolerance.maxShare)
            before = s.rasterised
        }
        #expect(d.renderer.layerStatistics.rasterised == 2 * rows, "every row rasterised once at its resting phase")
        let still = MovingLayerTests.list(rows: rows, offset: 10.5, marker: Double(rows) * 3)
        d.draw(still)
        #expect(d.identical(still))
    }

    @Test func aFrameThatRepeatsTheLastIsExactWhateverTheBudget() {
        let d = Drawing()
        let rows = 3
        for _ in 0..<3 { d.draw(MovingLayerTests.list(rows: rows, offset: 0)) }
        let moved = MovingLayerTests.list(rows: rows, offset: 10.5)
        d.draw(moved)
        // The list repeats: no stand-in, every row exact in this very frame.
        d.draw(moved)
        #expect(d.renderer.layerStatistics.restingStandIns == 0)
        #expect(d.identical(moved), "a repeated list is drawn exactly")
        #expect(d.renderer.layerStatistics.rasterised > rows)
    }
}
