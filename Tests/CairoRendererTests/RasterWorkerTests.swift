import CCairo
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// Layers rasterised on the worker thread (issue 21 item 6, RasterWorker.swift): the frame's thread
/// never rasterises, every frame still has the direct path's pixels (resting frames byte for byte,
/// moving ones within `LayerRepaintTests.LayerTolerance`). Counted, never timed.
@Suite struct RasterWorkerTests {
    static func draw(_ list: DisplayList, with renderer: CairoRenderer, on surface: ImageSurface) {
        let cr = cairo_create(surface.handle)!
        renderer.draw(list, on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
    }

    /// Eight rows still, then moved, then still: each step's rasters counted on each thread.
    @Test func theFrameThreadNeverRasterisesAndTakesWhatLanded() {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        renderer.retainedLayers = true
        renderer.layersOnWorker = true
        #expect(renderer.layersOnWorker)
        let surface = ImageSurface(width: 480, height: 640)
        let rows = 8
        func frame(_ offset: Double) -> LayerStatistics {
            let list = LayerCacheTests.rows(offset: offset)
            Self.draw(list, with: renderer, on: surface)
            return renderer.layerStatistics
        }
        func matchesDirect(_ offset: Double) -> Bool {
            DamageRepaintTests.identical(direct.image(of: LayerCacheTests.rows(offset: offset), width: 480, height: 640), surface)
        }
        // Seen for the first time: drawn as before, nothing asked; seen again: drawn directly,
        // each asked for once.
        var s = frame(0)
        #expect(s.drawnWhileWaiting == 0 && s.requested == 0)
        renderer.waitForLayers()
        s = frame(0)
        #expect(s.drawnWhileWaiting == rows && s.requested == rows && s.rasterisedOnWorker == 0)
        #expect(matchesDirect(0))
        renderer.waitForLayers()
        #expect(renderer.layerStatistics.rasterisedOnWorker == rows)
        // At rest: every row copied from the worker's raster, the direct pixels.
        s = frame(0)
        #expect(s.exactHits == rows, "\(s.exactHits) exact copies")
        #expect(matchesDirect(0))
        // Moving: copied from the stand-ins (the rasters at the old phase), the new phase asked for.
        s = frame(0.5)
        #expect(s.shiftedHits == rows && s.requested == 2 * rows)
        #expect(!renderer.settleRects.isEmpty)
        renderer.waitForLayers()
        s = frame(0.5)
        #expect(s.exactHits == 2 * rows, "the settle frame copies the rasters that landed")
        #expect(renderer.settleRects.isEmpty, "nothing left to repaint: the window goes idle")
        #expect(matchesDirect(0.5))
        // Moving again, and at rest without waiting: whether the rasters landed or not, the
        // resting frame is the direct one and nothing is asked for twice.
        s = frame(1.25)
        #expect(s.shiftedHits == 2 * rows && s.requested == 3 * rows)
        let before = s
        s = frame(1.25)
        #expect(s.requested == 3 * rows, "a raster in flight is not asked for again")
        #expect((s.exactHits - before.exactHits) + (s.drawnWhileWaiting - before.drawnWhileWaiting) == rows)
        #expect(matchesDirect(1.25))
        // A fast move asks for nothing (that phase will not be drawn again); a slow one, about to
        // stop, asks for its phase.
        renderer.waitForLayers()
        let speed = 1.0  // LayerCache.settlingSpeed, device px a frame
        s = frame(1.25 + speed + 0.25)
        #expect(s.shiftedHits == 3 * rows && s.requested == 3 * rows)
        s = frame(1.25 + speed + 0.25 + speed - 0.25)
        #expect(s.shiftedHits == 4 * rows && s.requested == 4 * rows)
        #expect(s.rasterised == 0, "the frame's thread rasterised \(s.rasterised) layers")
        #expect(s.peakBytes <= s.budget)
        // Switched off: the frame's thread rasterises again (a run seen before, three a frame).
        renderer.layersOnWorker = false
        #expect(!renderer.layersOnWorker)
        _ = frame(3)  // moving: copied from the stand-ins
        s = frame(3)
        #expect(s.rasterised == 3)
    }

    /// The worker draws text with the frame renderer's font options (here: no antialiasing),
    /// so a copied layer equals the direct path drawn with the same options.
    @Test func theWorkerDrawsTextWithTheScreensFontOptions() throws {
        let options = try #require(cairo_font_options_create())
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        let renderer = CairoRenderer(), direct = CairoRenderer(), plain = CairoRenderer()
        direct.useFontOptions(options)
        renderer.retainedLayers = true
        renderer.layersOnWorker = true
        // Given after the worker started: forwarded to it.
        renderer.useFontOptions(options)
        let surface = ImageSurface(width: 480, height: 640)
        let list = LayerCacheTests.rows(offset: 0.25)
        // Seen, seen again (asked for), copied.
        Self.draw(list, with: renderer, on: surface)
        Self.draw(list, with: renderer, on: surface)
        renderer.waitForLayers()
        Self.draw(list, with: renderer, on: surface)
        #expect(renderer.layerStatistics.exactHits == 8)
        #expect(DamageRepaintTests.identical(direct.image(of: list, width: 480, height: 640), surface))
        #expect(!DamageRepaintTests.identical(plain.image(of: list, width: 480, height: 640), surface),
                "antialiased text would look the same: the test shows nothing")
    }

    struct Outcome {
        var resting = 0, restingMismatches: [Millis] = [], worstShare = 0.0
        var statistics = LayerStatistics()
        /// Picture cells rasterised (PictureRasters.swift): made on the frame's thread, worker or not.
        var pictureCells = 0

        /// The trace came to rest, its resting frames are the direct path's, its moving ones within
        /// the tolerance, and no frame rasterised a layer (the layer cache counts picture cells'
        /// rasters too: those are subtracted).
        func expectDirectPixelsAndNoFrameRaster(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(resting > 0, "\(name): the trace never came to rest", sourceLocation: sourceLocation)
            #expect(restingMismatches.isEmpty,
                    "\(name): \(restingMismatches.count) of \(resting) resting frames differ, first at \(restingMismatches.first ?? 0) ms",
                    sourceLocation: sourceLocation)
            #expect(worstShare <= LayerRepaintTests.LayerTolerance.maxShare,
                    "\(name): a moving frame has \(worstShare * 100)% of its pixels off", sourceLocation: sourceLocation)
            #expect(statistics.rasterised - pictureCells == 0,
                    "\(name): \(statistics.rasterised - pictureCells) layers rasterised by the frames", sourceLocation: sourceLocation)
        }
    }

    /// Plays `name` as the window draws it (damage, two buffers, occlusion, layers on the worker,
    /// settle repaints), waiting for the worker after each frame when `waiting`, else never.
    static func play(_ name: String, waiting: Bool) throws -> Outcome {
        var pictureCells = 0
        let o = try LayerRepaintTests.play(name, debugPrefix: "worker", configure: { $0.layersOnWorker = true },
                                           afterDraw: { renderer in
                                               if waiting { renderer.waitForLayers() }
                                               pictureCells = renderer.pictureRasterFigures.rasterisations
                                           })
        return Outcome(resting: o.resting, restingMismatches: o.restingMismatches, worstShare: o.worstShare,
                       statistics: o.statistics ?? LayerStatistics(), pictureCells: pictureCells)
    }

    @Test(arguments: DamageRepaintTests.traceNames)
    func everyFrameOfATraceHasTheDirectPixelsWithTheWorker(trace name: String) throws {
        try Self.play(name, waiting: true).expectDirectPixelsAndNoFrameRaster(name)
    }

    /// The wallet and message traces do use the worker's rasters (the test above passes with none).
    @Test(arguments: ["wallet-reorder.jsonl", "wallet-expanded.jsonl", "messages-row-open.jsonl"])
    func cardsAndRowsAreCopiedFromTheWorkersRasters(trace name: String) throws {
        let s = try Self.play(name, waiting: true).statistics
        #expect(s.rasterisedOnWorker > 0, "\(name): nothing landed")
        #expect(s.exactHits + s.shiftedHits > 0, "\(name): no layer was copied")
        #expect(s.rasterised == 0)
    }

    /// Never waiting, as the window draws: whatever has landed when, the pixels hold.
    @Test(arguments: ["wallet-reorder.jsonl", "wallet-expanded.jsonl", "messages-row-open.jsonl", "grid-mid-drag.jsonl"])
    func framesThatNeverWaitStillHaveTheDirectPixels(trace name: String) throws {
        let o = try Self.play(name, waiting: false)
        #expect(o.restingMismatches.isEmpty,
                "\(name): \(o.restingMismatches.count) of \(o.resting) resting frames differ, first at \(o.restingMismatches.first ?? 0) ms")
        #expect(o.worstShare <= LayerRepaintTests.LayerTolerance.maxShare,
                "\(name): a moving frame has \(o.worstShare * 100)% of its pixels off")
        #expect(o.statistics.rasterised == 0)
    }
}
