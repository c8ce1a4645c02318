import CCairo
@testable import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// Layers rasterised in the drawing thread's slack between frames (`LayerRasterising.slack`,
/// RasterWorker.swift): a frame never rasterises a layer; a drain draws what frames asked for,
/// within its budget and until input comes; every frame keeps the direct path's pixels.
@Suite struct SlackRasterTests {
    final class Drawing {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        let surface = ImageSurface(width: 480, height: 640)
        init() {
            renderer.retainedLayers = true
            renderer.layerRasterising = .slack
        }
        @discardableResult
        func frame(_ offset: Double) -> LayerStatistics {
            RasterWorkerTests.draw(LayerCacheTests.rows(offset: offset), with: renderer, on: surface)
            return renderer.layerStatistics
        }
        func matchesDirect(_ offset: Double) -> Bool {
            DamageRepaintTests.identical(direct.image(of: LayerCacheTests.rows(offset: offset), width: 480, height: 640), surface)
        }
    }

    static let rows = 8
    static func frozen() -> Double { 0 }

    @Test func framesNeverRasteriseAndTheNextFrameCopiesWhatTheSlackDrew() {
        let d = Drawing()
        #expect(d.renderer.layerRasterising == .slack && !d.renderer.layersOnWorker)
        // Seen, then seen again: drawn directly and asked for, nothing rasterised by the frames.
        d.frame(0)
        #expect(!d.renderer.hasSlackWork)
        var s = d.frame(0)
        #expect(s.requested == Self.rows && s.drawnWhileWaiting == Self.rows && s.rasterised == 0)
        #expect(d.renderer.hasSlackWork)
        #expect(d.matchesDirect(0))
        #expect(d.renderer.rasteriseInSlack(within: .infinity, clock: Self.frozen) == Self.rows)
        #expect(!d.renderer.hasSlackWork, "nothing left to draw: the window blocks in poll()")
        s = d.frame(0)
        #expect(s.rasterisedOnWorker == Self.rows && s.exactHits == Self.rows && s.rasterised == 0)
        #expect(d.matchesDirect(0))
        // Without a drain nothing lands: the frames go on drawing directly, exact.
        s = d.frame(0.5)
        s = d.frame(0.5)
        #expect(s.rasterisedOnWorker == Self.rows && s.rasterised == 0)
        #expect(d.matchesDirect(0.5))
    }

    /// A raster is started only when its estimated cost fits what is left of the budget (the
    /// clock frozen: only the estimate counts).
    @Test func aRasterIsDrawnOnlyWhenItsEstimateFitsTheBudget() throws {
        let d = Drawing()
        d.frame(0)
        d.frame(0)
        d.renderer.layers.handOver()
        let worker = try #require(d.renderer.layers.worker)
        let estimate = try #require(worker.nextEstimate)
        #expect(estimate > 0)
        #expect(d.renderer.rasteriseInSlack(within: estimate * 0.99, clock: Self.frozen) == 0)
        #expect(d.renderer.rasteriseInSlack(within: estimate * 1.01, clock: Self.frozen) >= 1)
        #expect(worker.cost.perPixel < SlackCost.firstPerPixel, "a frozen clock timed the raster at 0 ms")
        // A raster estimated longer than `longest` waits, however long the slack (the rows are
        // alike: none fits).
        let e = Drawing()
        e.frame(0)
        e.frame(0)
        e.renderer.layers.handOver()
        let next = try #require(e.renderer.layers.worker?.nextEstimate)
        #expect(e.renderer.rasteriseInSlack(within: 1e9, longest: next * 0.99, clock: Self.frozen) == 0)
        #expect(e.renderer.rasteriseInSlack(within: 1e9, longest: next * 1.01, clock: Self.frozen) >= 1)
    }

    /// Time passes: a budget of 2.5 steps of a clock that moves one step each time it is read
    /// (four reads a raster: the check, before, after, the next check) holds one raster.
    @Test func aDrainStopsWhenItsTimeIsSpentOrInputComes() {
        let d = Drawing()
        d.frame(0)
        d.frame(0)
        var t = 0.0
        let stepping: () -> Double = { t += 1; return t }
        // Estimates small against a step: the clock decides.
        #expect(d.renderer.rasteriseInSlack(within: 2.5, clock: stepping) == 1)
        var polls = 0
        #expect(d.renderer.rasteriseInSlack(within: .infinity, clock: Self.frozen, interrupt: { polls += 1; return polls > 2 }) == 2,
                "input waiting after the second raster stops the drain")
        #expect(d.renderer.rasteriseInSlack(within: .infinity, clock: Self.frozen, interrupt: { true }) == 0)
        #expect(d.renderer.rasteriseInSlack(within: .infinity, clock: Self.frozen) == Self.rows - 3)
        #expect(!d.renderer.hasSlackWork)
    }

    /// Plays `name` as the window draws it, a drain within `budget` ms of the real clock after each frame.
    static func play(_ name: String, budget: Double) throws -> RasterWorkerTests.Outcome {
        try playCounting(name, budget: budget).outcome
    }

    static func playCounting(_ name: String, budget: Double) throws -> (outcome: RasterWorkerTests.Outcome, cells: PictureRasterFigures) {
        var pictureCells = 0
        var cells = PictureRasterFigures()
        let o = try LayerRepaintTests.play(name, debugPrefix: "slack", configure: { $0.layerRasterising = .slack },
                                           afterDraw: { renderer in
                                               renderer.rasteriseInSlack(within: budget, clock: {
                                                   Double(DispatchTime.now().uptimeNanoseconds) / 1e6
                                               })
                                               pictureCells = renderer.pictureRasterFigures.rasterisations
                                               cells = renderer.pictureRasterFigures
                                           })
        return (RasterWorkerTests.Outcome(resting: o.resting, restingMismatches: o.restingMismatches, worstShare: o.worstShare,
                                          statistics: o.statistics ?? LayerStatistics(), pictureCells: pictureCells), cells)
    }

    /// The carousel's moving cells: their rasters made in the slack, none by the frames; where the
    /// motion lasts (a selection scrolled into the centre: 214 composites with the frames making
    /// them) cells are copied from them. A short settle (carousel-rest) rests before a raster made
    /// after its frame is of use.
    @Test(arguments: DamageRepaintTests.traceNames.filter { $0.hasPrefix("carousel") })
    func pictureCellsAreRasterisedInTheSlackNotByTheFrames(trace name: String) throws {
        let (o, cells) = try Self.playCounting(name, budget: .infinity)
        #expect(cells.rasterisations > 0, "\(name): no cell was rasterised")
        #expect(cells.madeInSlack == cells.rasterisations, "\(name): \(cells.rasterisations - cells.madeInSlack) made by the frames")
        if name == "carousel-selected.jsonl" { #expect(cells.composites > 0, "\(name): no cell was copied from a raster") }
        #expect(o.restingMismatches.isEmpty)
    }

    @Test(arguments: DamageRepaintTests.traceNames)
    func everyFrameOfATraceHasTheDirectPixelsWithTheSlack(trace name: String) throws {
        try Self.play(name, budget: .infinity).expectDirectPixelsAndNoFrameRaster(name)
    }

    /// A short slack (half a millisecond) draws some rasters, not all: the pixels still hold.
    @Test(arguments: ["wallet-reorder.jsonl", "messages-row-open.jsonl", "grid-mid-drag.jsonl"])
    func cardsAndRowsComeFromTheSlackEvenWhenItIsShort(trace name: String) throws {
        let o = try Self.play(name, budget: 0.5)
        #expect(o.statistics.rasterisedOnWorker > 0, "\(name): nothing was drawn in the slack")
        #expect(o.statistics.exactHits + o.statistics.shiftedHits > 0, "\(name): no layer was copied")
        #expect(o.restingMismatches.isEmpty, "\(name): \(o.restingMismatches.count) resting frames differ")
        #expect(o.worstShare <= LayerRepaintTests.LayerTolerance.maxShare)
    }
}
