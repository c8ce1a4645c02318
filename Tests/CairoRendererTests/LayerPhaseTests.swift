import CCairo
import CairoRenderer
import InteractionEngine
import Testing

/// A layer keeps a few rasters, one per sub-pixel phase (issue 21: the wallet's lifted card
/// returns to positions it had during auto-scroll): coming back to a phase it was rasterised at
/// is a copy, not a rasterisation (counted, never timed).
@Suite struct LayerPhaseTests {
    /// Two opaque rows with two texts each, moved down by `offset`.
    static func rows(offset: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for i in 0..<2 {
            let row = Rect(x: 0, y: 10 + offset + Double(i) * 72, width: 320, height: 72)
            list.append(.fillRect(row, .solid(.white), cornerRadius: 0))
            list.append(.text("Row \(i)", Rect(x: 60, y: row.minY + 12, width: 200, height: 22), TextStyle(size: 16, weight: .bold)))
            list.append(.text("Preview \(i)", Rect(x: 60, y: row.minY + 39, width: 200, height: 20), TextStyle(size: 14)))
        }
        return list
    }

    final class Drawing {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        let surface = ImageSurface(width: 320, height: 240)
        init() { renderer.retainedLayers = true }
        /// Draws the rows at `offset` `times` times; true when the last frame equals the direct path's.
        @discardableResult func rest(at offset: Double, times: Int = 3) -> Bool {
            for _ in 0..<times {
                let cr = cairo_create(surface.handle)!
                renderer.draw(LayerPhaseTests.rows(offset: offset), on: cr)
                cairo_destroy(cr)
                cairo_surface_flush(surface.handle)
            }
            return DamageRepaintTests.identical(direct.image(of: LayerPhaseTests.rows(offset: offset), width: 320, height: 240), surface)
        }
    }

    @Test func aLayerBackAtAPhaseItHadIsCopiedNotRasterisedAgain() {
        let d = Drawing()
        #expect(d.rest(at: 0))
        #expect(d.renderer.layerStatistics.rasterised == 2, "both rows rasterised once at rest")
        #expect(d.rest(at: 16.5))
        #expect(d.renderer.layerStatistics.rasterised == 4, "a new phase at rest: rasterised")
        let hits = d.renderer.layerStatistics.exactHits
        #expect(d.rest(at: 0))
        let s = d.renderer.layerStatistics
        #expect(s.rasterised == 4, "back at the first phase: copied from its raster, not rasterised (\(s.rasterised))")
        #expect(s.exactHits >= hits + 2 * 3, "every frame back at the first phase copies both rows exactly")
        #expect(s.phasesDropped == 0)
    }

    @Test func aLayerKeepsAtMostItsPhasesWithinTheBudget() {
        let d = Drawing()
        let phases = 3  // LayerCache.phasesPerLayer
        for step in 0...phases { #expect(d.rest(at: Double(step) * 8.25)) }
        let s = d.renderer.layerStatistics
        #expect(s.rasterised == 2 * (phases + 1))
        #expect(s.phasesDropped == 2, "one phase too many per row: its oldest raster goes (\(s.phasesDropped))")
        #expect(s.layers == 2 * phases)
        #expect(s.bytes <= s.budget)
        // The oldest phase is gone (rasterised again), the newest ones are copied.
        #expect(d.rest(at: 0))
        #expect(d.renderer.layerStatistics.rasterised == 2 * (phases + 2))
        #expect(d.rest(at: Double(phases) * 8.25))
        #expect(d.renderer.layerStatistics.rasterised == 2 * (phases + 2))
    }
}
