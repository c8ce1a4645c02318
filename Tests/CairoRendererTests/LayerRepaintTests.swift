import CCairo
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// Retained layers on the compositor path (issue 21, LayerCache.swift), over every gallery trace
/// drawn as the window draws it (damage, two buffers, occlusion, layers, settle repaints): a frame
/// whose display list equals the previous one (at rest) equals the direct path's whole repaint byte
/// for byte; a frame in motion, where a moving layer may be copied from a raster of another
/// sub-pixel phase, differs by at most `LayerTolerance.maxShare` of its pixels.
@Suite struct LayerRepaintTests {
    /// The share of a frame's pixels that may differ in motion: by more than `channelSlack` in a
    /// channel from the direct pixel and from each of its eight neighbours (a layer copied up to
    /// half a pixel off moves an edge by one pixel at most).
    enum LayerTolerance {
        static let maxShare = 0.002
        static let channelSlack = 32
    }

    /// Pixels of `a` farther than `channelSlack` from the pixel of `b` at the same place and from each of its neighbours.
    static func farPixels(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                var far = 0
                func close(_ x: Int, _ y: Int, _ bx: Int, _ by: Int) -> Bool {
                    guard bx >= 0, by >= 0, bx < b.width, by < b.height else { return false }
                    for c in 0..<4 where abs(Int(pa[y * sa + x * 4 + c]) - Int(pb[by * sb + bx * 4 + c])) > LayerTolerance.channelSlack {
                        return false
                    }
                    return true
                }
                for y in 0..<a.height {
                    if memcmp(pa.baseAddress! + y * sa, pb.baseAddress! + y * sb, a.width * 4) == 0 { continue }
                    for x in 0..<a.width where !close(x, y, x, y) {
                        let near = (-1...1).contains { dy in (-1...1).contains { dx in close(x, y, x + dx, y + dy) } }
                        if !near { far += 1 }
                    }
                }
                return far
            }
        }
    }

    struct Outcome {
        var frames = 0, resting = 0, moving = 0, inexact = 0, worstShare = 0.0
        var restingMismatches: [Millis] = []
        var statistics: LayerStatistics?
    }

    /// Plays `name` through the compositor's drawing and compares each frame with the direct path;
    /// `configure` sets the compositor's renderer up further, `afterDraw` runs after each frame.
    static func play(_ name: String, debugPrefix: String = "layer", configure: (CairoRenderer) -> Void = { _ in },
                     afterDraw: (CairoRenderer) -> Void = { _ in }) throws -> Outcome {
        let trace = try Trace.read(path: DamageRepaintTests.traces + "/" + name, knownScenes: ["wallet", "grid", "messages", "carousel"])
        let h = trace.header
        let size = Size(width: Double(h.width), height: Double(h.height))
        let deck = try Goldens.deck(scene: h.scene, size: size, state: h.state)
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        compositor.retainedLayers = true
        configure(compositor)
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: h.width, height: h.height)
        let buffers = [ImageSurface(width: h.width, height: h.height), ImageSurface(width: h.width, height: h.height)]
        var entries = trace.entries[...]
        // Past the trace's end, so its last animation comes to rest.
        let end = (trace.entries.last?.t ?? 0) + 1500
        var time: Millis = 0, previous: [DrawCommand]? = nil
        var outcome = Outcome()
        while time <= end {
            while let entry = entries.first, entry.t <= time {
                entries.removeFirst()
                if let event = entry.event { deck.handle(event) } else { deck.tick(at: entry.t) }
            }
            deck.tick(at: time)
            let list = deck.render(at: time)
            let whole = direct.image(of: list, width: h.width, height: h.height)
            var damage = tracker.update(list, renderer: compositor, width: h.width, height: h.height)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: h.width, height: h.height),
                                  width: h.width, height: h.height)
            let (index, repaint) = ring.advance(with: damage, width: h.width, height: h.height)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            afterDraw(compositor)
            let resting = previous == list.commands
            if DamageRepaintTests.identical(whole, buffers[index]) {
                if resting { outcome.resting += 1 } else { outcome.moving += 1 }
            } else if resting {
                if outcome.restingMismatches.isEmpty, ProcessInfo.processInfo.environment["DAMAGE_DEBUG"] != nil {
                    try? whole.writePNG(to: "/tmp/\(debugPrefix)-rest-\(name)-direct.png")
                    try? buffers[index].writePNG(to: "/tmp/\(debugPrefix)-rest-\(name)-layers.png")
                }
                outcome.resting += 1
                outcome.restingMismatches.append(time)
            } else {
                outcome.moving += 1
                outcome.inexact += 1
                let share = Double(farPixels(buffers[index], whole)) / Double(h.width * h.height)
                outcome.worstShare = max(outcome.worstShare, share)
                if ProcessInfo.processInfo.environment["DAMAGE_DEBUG"] != nil, share > LayerTolerance.maxShare {
                    try? whole.writePNG(to: "/tmp/\(debugPrefix)-\(name)-direct.png")
                    try? buffers[index].writePNG(to: "/tmp/\(debugPrefix)-\(name)-layers.png")
                }
            }
            previous = list.commands
            outcome.frames += 1
            time += 1000.0 / 60
        }
        outcome.statistics = compositor.layerStatistics
        return outcome
    }

    @Test(arguments: DamageRepaintTests.traceNames)
    func restingFramesEqualWholeRepaintsAndMovingOnesStayWithinTolerance(trace name: String) throws {
        let o = try Self.play(name)
        #expect(o.restingMismatches.isEmpty,
                "\(name): \(o.restingMismatches.count) of \(o.resting) resting frames differ from the direct path, first at \(o.restingMismatches.first ?? 0) ms")
        #expect(o.resting > 0, "\(name): the trace never came to rest")
        #expect(o.worstShare <= LayerTolerance.maxShare,
                "\(name): a moving frame has \(o.worstShare * 100)% of its pixels off by more than \(LayerTolerance.channelSlack)/255 beyond a 1-px shift")
    }

    /// The wallet and message traces do composite layers (the test above would pass with none).
    @Test(arguments: ["wallet-reorder.jsonl", "wallet-expanded.jsonl", "messages-row-open.jsonl"])
    func cardsAndRowsAreComposited(trace name: String) throws {
        let played = try Self.play(name).statistics
        let s = try #require(played)
        #expect(s.rasterised > 0, "\(name): no layer was rasterised")
        #expect(s.exactHits + s.shiftedHits > 0, "\(name): no layer was copied")
        #expect(s.peakBytes > 0 && s.peakBytes <= s.budget, "\(name): peak \(s.peakBytes) bytes, budget \(s.budget)")
    }
}

/// The layer cache's bookkeeping on a list of eight rows made here (counted, never timed).
@Suite struct LayerCacheTests {
    /// Eight opaque rows, each with two lines of text well inside, moved down by `offset`.
    static func rows(offset: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for i in 0..<8 {
            let row = Rect(x: 0, y: offset + Double(i) * 72, width: 480, height: 72)
            list.append(.fillRect(row, .solid(.white), cornerRadius: 0))
            list.append(.text("Row \(i)", Rect(x: 80, y: row.minY + 12, width: 300, height: 22), TextStyle(size: 16, weight: .bold)))
            list.append(.text("Preview \(i)", Rect(x: 80, y: row.minY + 39, width: 300, height: 20), TextStyle(size: 14)))
        }
        return list
    }

    @Test func aFrameRasterisesAtMostItsShareAndRestingCopiesAreExact() {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        renderer.retainedLayers = true
        let per = 3  // LayerCache.rasterisationsPerFrame
        let surface = ImageSurface(width: 480, height: 640)
        func draw(_ list: DisplayList) {
            let cr = cairo_create(surface.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
        }
        draw(Self.rows(offset: 0))
        #expect(renderer.layerStatistics.rasterised == 0, "a run seen for the first time is drawn as before")
        draw(Self.rows(offset: 0.5))
        #expect(renderer.layerStatistics.rasterised == per)
        draw(Self.rows(offset: 1.25))
        #expect(renderer.layerStatistics.rasterised == 2 * per)
        #expect(renderer.layerStatistics.shiftedHits == per, "the rows rasterised before move: copied shifted")
        #expect(!renderer.settleRects.isEmpty)
        // At rest (the same list again) every row is exact: rasterised anew or copied at its phase.
        for _ in 0..<4 { draw(Self.rows(offset: 1.25)) }
        #expect(renderer.settleRects.isEmpty)
        #expect(renderer.layerStatistics.exactHits > 0)
        let whole = direct.image(of: Self.rows(offset: 1.25), width: 480, height: 640)
        #expect(DamageRepaintTests.identical(whole, surface))
        #expect(renderer.layerStatistics.peakBytes >= 8 * 480 * 72 * 4 / 2)
    }
}

/// A sheet revealed by a growing clip (issue 21 item 5, the wallet's expand): laid out once at its
/// final size, it is rasterised once and copied under each frame's clip (counted, never timed).
@Suite struct RevealLayerTests {
    static let sheet = Rect(x: 40, y: 30.25, width: 400, height: 560)

    /// The sheet and its rows of text, clipped to its top `height` px, over a grey background.
    static func revealed(height: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let frame = Rect(x: sheet.minX, y: sheet.minY, width: sheet.width, height: height)
        list.append(.shadow(frame, cornerRadius: 16, blur: 8, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.2)))
        list.clipped(to: frame, cornerRadius: 16) { list in
            list.append(.fillRect(sheet, .solid(.white), cornerRadius: 16))
            for i in 0..<10 {
                list.append(.text("Transaction \(i)", Rect(x: sheet.minX + 40, y: sheet.minY + 20 + Double(i) * 50, width: 300, height: 20),
                                  TextStyle(size: 14)))
            }
        }
        return list
    }

    @Test func aGrowingClipRevealsOneRasterWithTheDirectPixels() {
        let renderer = CairoRenderer(), direct = CairoRenderer()
        renderer.retainedLayers = true
        renderer.occlusionCulling = true
        let surface = ImageSurface(width: 480, height: 640)
        var mismatches: [Double] = []
        var frames = 0
        for step in 0...20 {
            let height = 200 + Double(step) * 17.7
            let list = Self.revealed(height: height)
            let cr = cairo_create(surface.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface.handle)
            frames += 1
            if !DamageRepaintTests.identical(direct.image(of: list, width: 480, height: 640), surface) { mismatches.append(height) }
        }
        let s = renderer.layerStatistics
        #expect(s.rasterised == 1, "the sheet's content is the same in every frame: one raster, not \(s.rasterised)")
        // Seen, seen again, rasterised: every later frame copies the raster at its own phase.
        #expect(s.exactHits >= frames - 3, "\(s.exactHits) exact copies in \(frames) frames")
        #expect(s.shiftedHits == 0, "the sheet does not move: no shifted copy")
        #expect(mismatches.isEmpty, "frames at heights \(mismatches) differ from the direct path")
    }
}

/// A scroll container (issue 21 item 7): a translation group of 60 tiles on the background,
/// flung, then at rest, drawn as the window draws (damage, two buffers, settle repaints).
@Suite struct ScrollTileTests {
    static let size = (width: 480, height: 640)

    /// `slide` moves tiles 20-27 (two rows, across two strips) right: a reflow (`ScrollReflowTests`).
    static func grid(offset: Double, slide: Double = 0, sliding: Set<Int> = Set(20..<28)) -> DisplayList {
        container(offset: offset, slide: { sliding.contains($0) ? slide : 0 }, lifted: Point(x: 200, y: 300)) { i, tile, list in
            list.append(.shadow(tile, cornerRadius: 14, blur: 6, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.2)))
            list.append(.fillRect(tile, .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
            list.append(.text("Tile \(i)", Rect(x: tile.minX + 12, y: tile.maxY - 34, width: 78, height: 24),
                              TextStyle(size: 15, weight: .bold, color: .white)))
        }
    }

    /// 60 tiles of 102 px in four columns in a scroll container at `offset`, as the deck draws a
    /// scene (below its 44 px bar, clipped to the scene's area), tile `i` slid right by `slide(i)`
    /// and drawn by `tile`; then a tile lifted over the container, outside it, at `lifted`.
    static func container(offset: Double, slide: (Int) -> Double, lifted: Point,
                          tile: (Int, Rect, inout DisplayList) -> Void) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.transformed(by: Transform(translation: Point(x: 0, y: 44))) { list in
        list.clipped(to: Rect(x: 0, y: 0, width: 480, height: 596)) { list in
        list.transformed(by: Transform(translation: Point(x: 0, y: -offset))) { list in
            for i in 0..<60 {
                tile(i, Rect(x: 16 + Double(i % 4) * 114 + slide(i), y: 16 + Double(i / 4) * 114, width: 102, height: 102), &list)
            }
        }
        }
        }
        list.append(.fillRect(Rect(x: lifted.x, y: lifted.y, width: 110, height: 110), .solid(Color(rgb: 0xE5484D)), cornerRadius: 14))
        return list
    }

    @Test func aFlingCopiesStripsAndItsRestingFrameIsTheDirectOne() {
        let (w, h) = Self.size
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        compositor.retainedLayers = true
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: w, height: h)
        let buffers = [ImageSurface(width: w, height: h), ImageSurface(width: w, height: h)]
        // Still, a fling of 40 frames, then still again.
        let offsets = [0.0, 0.0] + (1...40).map { Double($0) * 13.37 } + Array(repeating: 40 * 13.37, count: 4)
        var previous: [DrawCommand]?
        var worst = 0.0, restingMismatches = 0, resting = 0
        for offset in offsets {
            let list = Self.grid(offset: offset)
            var damage = tracker.update(list, renderer: compositor, width: w, height: h)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: w, height: h), width: w, height: h)
            let (index, repaint) = ring.advance(with: damage, width: w, height: h)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            let whole = direct.image(of: list, width: w, height: h)
            if previous == list.commands {
                resting += 1
                if !DamageRepaintTests.identical(whole, buffers[index]) { restingMismatches += 1 }
            } else {
                worst = max(worst, Double(LayerRepaintTests.farPixels(buffers[index], whole)) / Double(w * h))
            }
            previous = list.commands
        }
        let s = compositor.layerStatistics
        // 640 rows are three or four strips of 256: the fling moves 535 px, about two more.
        #expect(s.stripsRasterised >= 3 && s.stripsRasterised <= 8, "\(s.stripsRasterised) strips rasterised")
        #expect(s.stripCopies >= 39 * 3, "\(s.stripCopies) strip copies in 39 scrolling frames")
        #expect(s.peakBytes <= s.budget)
        #expect(resting == 5, "the first frame again and the four after the fling")
        #expect(restingMismatches == 0, "\(restingMismatches) resting frames differ from the direct path")
        #expect(worst <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(worst * 100)% of its pixels off")
    }
}
