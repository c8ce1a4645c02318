import CCairo
@testable import CairoRenderer
import InteractionEngine
import Testing

/// A resting layer left on a stand-in is made exact after `LayerCache.standInFramesAtMost` moving
/// frames, whatever the frame rasterised before it (MovingLayers.swift). Counted, never timed.
@Suite struct StandInCapTests {
    static let width = 320

    /// A drawing of `rows` rows (MovingLayerTests' list) in a window tall enough to show them all.
    final class Drawing {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        let height: Int
        let surface: ImageSurface
        init(rows: Int) {
            height = 10 + rows * 72 + 30
            surface = ImageSurface(width: StandInCapTests.width, height: height)
            renderer.retainedLayers = true
        }
        func draw(_ list: DisplayList) {
            let cr = cairo_create(surface.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface.handle)
        }
        func farShare(_ list: DisplayList) -> Double {
            let reference = direct.image(of: list, width: StandInCapTests.width, height: height)
            return Double(LayerRepaintTests.farPixels(surface, reference)) / Double(surface.width * height)
        }
        func identical(_ list: DisplayList) -> Bool {
            DamageRepaintTests.identical(direct.image(of: list, width: StandInCapTests.width, height: height), surface)
        }
    }

    /// Rows that moved rest while a marker below them moves on: one row a frame is rasterised
    /// (`rasterisationsWithStandIn`), the others wait on their stand-ins, the last ones for more
    /// frames than the cap allows unless it makes them exact.
    @Test func aRestingLayerWaitsOnItsStandInAtMostTheCap() {
        let cap = LayerCache.standInFramesAtMost
        let budget = LayerCache.rasterisationsWithStandIn
        // Enough rows that, one rasterisation a frame, some would still wait after the cap's frames.
        let rows = (cap + 3) * budget
        let d = Drawing(rows: rows)
        func list(_ offset: Double, marker: Double) -> DisplayList {
            MovingLayerTests.list(rows: rows, offset: offset, marker: marker)
        }
        // Seen, then rasterised `rasterisationsPerFrame` a frame.
        for _ in 0..<(1 + (rows + 2) / LayerCache.rasterisationsPerFrame) { d.draw(list(0, marker: 0)) }
        #expect(d.renderer.layerStatistics.rasterised == rows)
        d.draw(list(10.5, marker: 0))
        #expect(d.renderer.layerStatistics.restingStandIns == 0, "moving, not resting")
        for step in 1...(cap + 2) {
            let frame = list(10.5, marker: Double(step) * 3)
            let before = d.renderer.layerStatistics.restingStandIns
            d.draw(frame)
            let waiting = d.renderer.layerStatistics.restingStandIns - before
            let longest = d.renderer.layers.standInRun.longest
            #expect(longest <= cap, "frame \(step): a layer waited \(longest) frames, the cap is \(cap)")
            if step <= cap {
                // The cap has not been reached: only the budget's rows were made exact.
                #expect(waiting == rows - step * budget, "frame \(step): \(waiting) rows on a stand-in")
                #expect(longest == step)
            } else {
                // Frame cap + 1: every row that waited `cap` frames is exact now.
                #expect(waiting == 0, "frame \(step): \(waiting) rows still on a stand-in past the cap")
            }
            #expect(d.farShare(frame) <= LayerRepaintTests.LayerTolerance.maxShare)
            if step == cap + 1 { #expect(d.identical(frame), "past the cap every resting row is exact") }
        }
    }
}
