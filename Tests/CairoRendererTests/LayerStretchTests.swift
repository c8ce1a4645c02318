import CCairo
@testable import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// Draws lists as the window does (damage, two buffers, occlusion, layers, settle repaints) and
/// compares each frame with the direct path's whole repaint.
struct WindowDrawing {
    let width: Int, height: Int
    let direct = CairoRenderer(), compositor = CairoRenderer()
    let tracker = DamageTracker()
    var ring: BufferDamage
    let buffers: [ImageSurface]
    var previous: [DrawCommand]?
    var resting = 0, restingMismatches = 0, moving = 0, worstShare = 0.0
    /// The buffer the last frame was drawn into.
    var last = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        compositor.occlusionCulling = true
        compositor.retainedLayers = true
        ring = BufferDamage(buffers: 2, width: width, height: height)
        buffers = [ImageSurface(width: width, height: height), ImageSurface(width: width, height: height)]
    }

    mutating func draw(_ list: DisplayList) {
        var damage = tracker.update(list, renderer: compositor, width: width, height: height)
        damage = damage.union(FrameDamage(rects: compositor.settleRects, width: width, height: height), width: width, height: height)
        let (index, repaint) = ring.advance(with: damage, width: width, height: height)
        compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
        last = index
        let whole = direct.image(of: list, width: width, height: height)
        if previous == list.commands {
            resting += 1
            if !DamageRepaintTests.identical(whole, buffers[index]) { restingMismatches += 1 }
        } else {
            moving += 1
            worstShare = max(worstShare, Double(LayerRepaintTests.farPixels(buffers[index], whole)) / Double(width * height))
        }
        previous = list.commands
    }

    var statistics: LayerStatistics { compositor.layerStatistics }

    /// Draws each of `lists` in both windows (two compositors set up differently); the frames
    /// whose buffers differ.
    static func differingFrames(_ a: inout WindowDrawing, _ b: inout WindowDrawing, _ lists: [DisplayList]) -> Int {
        var differing = 0
        for list in lists {
            a.draw(list)
            b.draw(list)
            if !DamageRepaintTests.identical(a.buffers[a.last], b.buffers[b.last]) { differing += 1 }
        }
        return differing
    }
}

/// A lifted grid tile's scale animation (issue 21 item 5, LayerStretch.swift): the last raster is
/// stretched while the size changes, rasterised once the size holds (counted, never timed).
@Suite struct LayerStretchTests {
    /// A grid tile as `GridTilePainter` draws one (its label's size follows its width), centred on
    /// (240.3, 300.6), side `side`, over a grey background.
    static func tile(side: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let rect = Rect(x: 240.3 - side / 2, y: 300.6 - side / 2, width: side, height: side)
        list.append(.shadow(rect, cornerRadius: 14, blur: 12, offset: Point(x: 0, y: 4), color: Color.black.withAlpha(0.25)))
        list.append(.fillRect(rect, .diagonalGradient(from: Color(rgb: 0x7FB0F7), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
        list.append(.strokeRect(rect, Color.white.withAlpha(0.16), lineWidth: 1, cornerRadius: 14))
        let size = max(11, min(17, side * 0.14))
        list.append(.text("Tile 7", Rect(x: rect.minX + 12, y: rect.maxY - size * 2.4, width: side - 24, height: size * 1.8),
                          TextStyle(size: size, weight: .bold, color: .white)))
        list.append(.text("T", Rect(x: rect.minX + 12, y: rect.minY + 8, width: side * 0.5, height: side * 0.42),
                          TextStyle(size: side * 0.3, weight: .bold, color: Color.white.withAlpha(0.35))))
        return list
    }

    @Test func aLiftStretchesTheLastRasterAndRasterisesOnceTheScaleHolds() {
        var window = WindowDrawing(width: 480, height: 600)
        let side = 102.5
        // At rest (seen, rasterised, copied exactly), then 15 frames growing to 1.05, then held.
        for _ in 0..<4 { window.draw(Self.tile(side: side)) }
        let before = window.statistics
        for step in 1...15 {
            let p = Double(step) / 15
            window.draw(Self.tile(side: side * (1 + 0.05 * (1 - (1 - p) * (1 - p)))))
            if step == 8, let dir = ProcessInfo.processInfo.environment["LAYER_PNG_DIR"] {
                try? window.buffers[window.last].writePNG(to: dir + "/stretch-compositor.png")
                try? window.direct.image(of: Self.tile(side: side * (1 + 0.05 * (1 - (1 - p) * (1 - p)))), width: 480, height: 600)
                    .writePNG(to: dir + "/stretch-direct.png")
            }
        }
        let scaling = window.statistics
        for _ in 0..<6 { window.draw(Self.tile(side: side * 1.05)) }
        let held = window.statistics
        #expect(before.rasterised == 1, "the resting tile is rasterised once, not \(before.rasterised) times")
        #expect(scaling.rasterised == before.rasterised, "\(scaling.rasterised - before.rasterised) rasterisations while the scale moved")
        #expect(scaling.stretchedHits - before.stretchedHits == 15, "\(scaling.stretchedHits - before.stretchedHits) of 15 frames stretched")
        #expect(held.rasterised == scaling.rasterised + 1, "once the scale holds the tile is rasterised once")
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) of \(window.resting) resting frames differ from the direct path")
        #expect(window.resting >= 7)
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    /// Stretched copies when a resting tile of side `side` becomes `to` in one frame.
    static func stretches(side: Double, to new: Double) -> Int {
        var window = WindowDrawing(width: 600, height: 640)
        for _ in 0..<4 { window.draw(Self.tile(side: side)) }
        window.draw(Self.tile(side: new))
        return window.statistics.stretchedHits
    }

    @Test func onlyASmallFaceChangingALittleIsStretched() {
        let ratio = LayerStretch.maximumRatio, growth = LayerStretch.maximumGrowth, largest = LayerStretch.maximumSide
        // The ratio (a face small enough that the growth is not the limit).
        let small = 0.8 * growth / (ratio - 1)
        #expect(Self.stretches(side: small, to: small * (ratio - 0.01)) == 1)
        #expect(Self.stretches(side: small, to: small * (ratio + 0.01)) == 0)
        // The growth (a face large enough that the ratio is not the limit).
        let large = (growth / (ratio - 1) + largest) / 2
        #expect(large + growth + 1 < largest && (large + growth + 1) / large < ratio)
        #expect(Self.stretches(side: large, to: large + growth - 1) == 1)
        #expect(Self.stretches(side: large, to: large + growth + 1) == 0)
        // The side.
        #expect(Self.stretches(side: largest - 6, to: largest - 2) == 1)
        #expect(Self.stretches(side: largest + 2, to: largest + 6) == 0)
    }
}

/// A scroll container whose content reflows while it scrolls (issue 21 item 7, the grid's
/// auto-scroll under a lifted tile): what moved is drawn over the strips, which keep being copied.
@Suite struct ScrollReflowTests {
    /// `ScrollTileTests.grid`, with tiles 20-27 (two rows, across two strips) slid right by `slide`.
    static func grid(offset: Double, slide: Double) -> DisplayList { ScrollTileTests.grid(offset: offset, slide: slide) }

    /// The commands that moved are those not in the last frame's content, up to
    /// `LayerCache.movingShare` of them; one more and there are none (the group is drawn as before).
    @Test func movingCommandsStopPastTheirShare() {
        let before = (0..<40).map { DrawCommand.fillRect(Rect(x: Double($0) * 10, y: 0, width: 8, height: 8), .solid(.black), cornerRadius: 0) }
        let most = Int((LayerCache.movingShare * Double(before.count)).rounded(.down))
        func moved(_ count: Int) -> [DrawCommand] {
            before.enumerated().map { n, command in
                n < count ? .fillRect(Rect(x: Double(n) * 10, y: 100, width: 8, height: 8), .solid(.black), cornerRadius: 0) : command
            }
        }
        #expect(CairoRenderer.movingCommands(moved(most)[...], offset: 5, before: before[...]) == Set((0..<most).map { $0 + 5 }))
        #expect(CairoRenderer.movingCommands(moved(most + 1)[...], offset: 5, before: before[...]) == nil)
        #expect(CairoRenderer.movingCommands(before[...], offset: 5, before: nil) == [])
        // Both contents are slices of their frames' lists (ScrollMemory), mostly not from index 0.
        let chrome = [DrawCommand.clear(.white), .pushTransform(Transform(scale: 1, translation: Point(x: 0, y: -40)))]
        let list = chrome + before, later = chrome + chrome + moved(most)
        #expect(CairoRenderer.movingCommands(later[(2 * chrome.count)...], offset: 5, before: list[chrome.count...])
            == Set((0..<most).map { $0 + 5 }))
    }

    @Test func aReflowWhileScrollingStillCopiesStrips() {
        var window = WindowDrawing(width: 480, height: 640)
        // Still, 30 frames scrolling by 3.7 px while eight tiles slide by 0.9 px a frame, still again.
        var frames: [(Double, Double)] = [(0, 0), (0, 0)]
        frames += (1...30).map { (Double($0) * 3.7, Double($0) * 0.9) }
        frames += Array(repeating: (30 * 3.7, 30 * 0.9), count: 4)
        var copiesWhileReflowing = 0
        for (n, (offset, slide)) in frames.enumerated() {
            let copies = window.statistics.stripCopies
            window.draw(Self.grid(offset: offset, slide: slide))
            if n >= 3 && n < 32 { copiesWhileReflowing += window.statistics.stripCopies - copies }
            if n == 20, let dir = ProcessInfo.processInfo.environment["LAYER_PNG_DIR"] {
                try? window.buffers[window.last].writePNG(to: dir + "/reflow-compositor.png")
                try? window.direct.image(of: Self.grid(offset: offset, slide: slide), width: 480, height: 640).writePNG(to: dir + "/reflow-direct.png")
            }
        }
        let s = window.statistics
        // 640 rows are three or four strips: every scrolling frame after the first copies them.
        #expect(copiesWhileReflowing >= 29 * 3, "\(copiesWhileReflowing) strips copied in 29 reflowing frames")
        #expect(s.stripsRasterised <= 12, "\(s.stripsRasterised) strips rasterised: the moving tiles are not in them")
        #expect(window.resting == 5)
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    /// Two tiles that start sliding while the container scrolls, and later land, each leave and
    /// then join their held strips: the strips' changed rows are repainted in place (patched)
    /// instead of the strips being rasterised again, and every frame keeps the pixel rules (a
    /// strip still holding a tile where it was would put a whole tile's pixels off).
    @Test func aTileLeavingAndJoiningItsStripWhileScrollingPatchesIt() {
        let moved: Set<Int> = [21, 26]
        func play(patches: Int) -> (window: WindowDrawing, patched: Int, rasterised: Int) {
            var window = WindowDrawing(width: 480, height: 640)
            window.compositor.stripPatchesPerFrame = patches
            // Still; scrolling by 3.7 px a frame: 10 frames held, 10 sliding 0.9 px a frame, 10 landed; still again.
            var frames: [(Double, Double)] = [(0, 0), (0, 0)]
            frames += (1...30).map { n in (Double(n) * 3.7, Double(min(max(n - 10, 0), 10)) * 0.9) }
            frames += Array(repeating: (30 * 3.7, 10 * 0.9), count: 4)
            for (offset, slide) in frames {
                window.draw(ScrollTileTests.grid(offset: offset, slide: slide, sliding: moved))
            }
            return (window, window.compositor.stripsPatched, window.statistics.stripsRasterised)
        }
        let patching = play(patches: LayerCache.patchesPerFrame), not = play(patches: 0)
        // Each tile leaves its strip when it starts sliding and joins one when it lands.
        #expect(patching.patched >= moved.count, "\(patching.patched) strips patched")
        #expect(not.patched == 0)
        #expect(patching.rasterised < not.rasterised, "strips rasterised: \(patching.rasterised) patching, \(not.rasterised) not")
        for run in [patching.window, not.window] {
            #expect(run.resting == 5)
            #expect(run.restingMismatches == 0, "\(run.restingMismatches) resting frames differ from the direct path")
            #expect(run.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(run.worstShare * 100)% of its pixels off")
        }
    }

    /// Tiles reflowing with the translation held (a lifted tile crossing others, no auto-scroll):
    /// the rest of the content is copied from strips of the container's own phase, exact, so only
    /// what moved is drawn and repainted once it rests, not the rows it shares with still tiles.
    @Test func aReflowInPlaceDrawsOnlyWhatMovedOverExactStrips() {
        let width = 480, height = 640
        var window = WindowDrawing(width: width, height: height)
        // Rows 2-7 shown at a fractional offset; tile 21 (row 5) and tile 26 (row 6) slide, their rows' other six tiles hold.
        let offset = 250.5, moved: Set<Int> = [21, 26]
        let list = { (slide: Double) in ScrollTileTests.grid(offset: offset, slide: slide, sliding: moved) }
        let slides = [0.0, 0.0, 0.0] + (1...20).map { Double($0) * 0.9 } + Array(repeating: 20 * 0.9, count: 4)
        var drawnLate: [Int] = [], copiesLate = 0, settleLate: [PixelRect] = []
        for (n, slide) in slides.enumerated() {
            let before = window.compositor.frameCounts, copies = window.statistics.stripCopies
            window.draw(list(slide))
            // From the sixth sliding frame on, the strips of the four shown rows' bands are made (one a frame).
            if n >= 8 && n < 23 {
                drawnLate.append(window.compositor.frameCounts.commandsDrawn - before.commandsDrawn)
                copiesLate += window.statistics.stripCopies - copies
                settleLate += window.compositor.settleRects
            }
        }
        // Each damaged band (a moved tile's row) draws what moved, three commands a tile (shadow,
        // face, label), and the lifted tile over the container; drawn as before, the band draws its row's still tiles too.
        let bound = moved.count * (moved.count * 3 + 1)
        #expect(drawnLate.allSatisfy { $0 <= bound }, "commands drawn in late reflow frames: \(drawnLate), at most \(bound) each")
        #expect(copiesLate >= drawnLate.count, "\(copiesLate) strip copies in \(drawnLate.count) reflowing frames")
        // Strips are copied whole rows wide; the moved tiles' boxes are a column and their halo.
        #expect(!settleLate.isEmpty && settleLate.allSatisfy { $0.width < width / 2 },
                "settle rectangles of the reflow: \(settleLate.map(\.description))")
        // The second and third still frames before, the four after.
        #expect(window.resting == 6)
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }
}
