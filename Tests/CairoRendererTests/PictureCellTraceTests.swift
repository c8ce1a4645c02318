import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// Picture cells (PictureRasters.swift) switched on explicitly over every gallery trace, drawn as
/// the window draws it (damage, two buffers, settle repaints, LayerRepaintTests.play): each
/// resting frame equals the direct path's whole repaint byte for byte, each moving one stays within
/// `LayerTolerance`. On whatever `pictureRasterCells` defaults to, so the check holds if the
/// default is switched off again.
@Suite struct PictureCellTraceTests {
    @Test(arguments: DamageRepaintTests.traceNames)
    func everyGalleryTraceRestsOnTheDirectPixelsWithPictureCells(trace name: String) throws {
        var figures = PictureRasterFigures()
        let o = try LayerRepaintTests.play(name, debugPrefix: "cells", configure: { $0.pictureRasterCells = true },
                                           afterDraw: { figures = $0.pictureRasterFigures })
        #expect(o.resting > 0, "\(name): the trace never came to rest")
        #expect(o.restingMismatches.isEmpty,
                "\(name): \(o.restingMismatches.count) of \(o.resting) resting frames differ from the direct path, first at \(o.restingMismatches.first ?? 0) ms (\(figures))")
        #expect(o.worstShare <= LayerRepaintTests.LayerTolerance.maxShare,
                "\(name): a moving frame has \(o.worstShare * 100)% of its pixels off by more than \(LayerRepaintTests.LayerTolerance.channelSlack)/255 beyond a 1-px shift")
    }

    /// The carousel trace that moves (a tap that scrolls the strip to the item and selects it) does
    /// composite cells from rasters, so the test above checks the path and not only the direct draw.
    @Test func theCarouselTraceThatMovesCompositesCells() throws {
        var figures = PictureRasterFigures()
        _ = try LayerRepaintTests.play("carousel-selected.jsonl", debugPrefix: "cells",
                                       configure: { $0.pictureRasterCells = true },
                                       afterDraw: { figures = $0.pictureRasterFigures })
        #expect(figures.composites > 0 && figures.rasterisations > 0, "\(figures)")
        #expect(figures.restingDraws > 0, "no cell was drawn directly at rest: \(figures)")
    }
}
