@testable import CairoRenderer
import Foundation
@testable import InteractionEngine
import Testing

/// Text whose size animates, bounded for the damage without loading its font (issue 21: the
/// grid's landing spent 6.4-7.1 ms a frame of damage in fontconfig for the lifted tile's label
/// and initial, a new size every frame). Counted, never timed.
@Suite struct TextEstimateTests {
    static let texts = ["A", "W", "g", "Tile 12", "Juniper", "VALID THRU", "4532 •••• 9012", "¥1,234.00", "最近交易  Recent"]
    static let sizes = [11.0, 14.35, 17, 30.75, 45]
    static let ratios = [0.8, 0.9, 0.95, 1.0125, 1.025, 1.05, 1.1, 1.25]
    static let box = Rect(x: 20, y: 40, width: 400, height: 60)

    /// How far the exact placed box of `text` at `size * ratio` reaches past its estimate (grown
    /// by `margin`) from the exact one at `size`, in px (<= 0: held), or nil with no estimate.
    static func overshoot(_ text: String, _ style: TextStyle, ratio: Double, margin: Double) -> Double? {
        let estimating = TextCache(), measuring = TextCache()
        estimating.estimatesNewFonts = true
        _ = estimating.extents(text, style: style, width: box.width)
        var scaled = style
        scaled.size *= ratio
        guard let estimate = estimating.estimatedExtents(text, style: scaled, width: box.width, margin: margin) else { return nil }
        let exact = measuring.extents(text, style: scaled, width: box.width)
        func placed(_ e: TextCache.Extents) -> Rect { e.box.offsetBy(dx: 0, dy: (box.height - e.height) / 2) }
        let a = placed(estimate), b = placed(exact)
        return [a.minX - b.minX, b.maxX - a.maxX, a.minY - b.minY, b.maxY - a.maxY].max()!
    }

    static func worstOvershoot(margin: Double) -> (worst: Double, cases: Int) {
        var worst = -Double.infinity, cases = 0
        for text in texts {
            for size in sizes {
                for weight in [TextStyle.Weight.regular, .bold] {
                    for alignment in [TextStyle.Alignment.leading, .center, .trailing] {
                        let style = TextStyle(size: size, weight: weight, alignment: alignment)
                        for ratio in ratios {
                            guard let o = overshoot(text, style, ratio: ratio, margin: margin) else { continue }
                            worst = max(worst, o)
                            cases += 1
                        }
                    }
                }
            }
        }
        return (worst, cases)
    }

    /// The margin straddled: with it every exact box is held, with none some are not.
    @Test func anEstimateHoldsTheExactBoxWithItsMarginAndNotWithout() {
        let m = TextCache.estimateMargin
        let held = Self.worstOvershoot(margin: m)
        let all = Self.texts.count * Self.sizes.count * 2 * 3 * Self.ratios.count
        // A few large sizes of the longest texts no longer fit the 400 px box: measured instead.
        #expect(held.cases >= all * 9 / 10, "\(held.cases) of \(all) cases estimated")
        #expect(held.worst <= 0, "an exact box reaches \(held.worst) px past its estimate with the margin \(m)")
        let bare = Self.worstOvershoot(margin: m - m)
        #expect(bare.worst > 0, "with no margin every exact box is held too: the margin is not needed")
    }

    @Test func sizesBeyondTheRatioAreMeasured() {
        let style = TextStyle(size: 20, weight: .bold)
        let r = TextCache.estimateRatio
        for ratio in [r * 0.99, 1 / (r * 0.99)] {
            #expect(Self.overshoot("Tile 7", style, ratio: ratio, margin: TextCache.estimateMargin) != nil, "ratio \(ratio)")
        }
        for ratio in [r * 1.01, 1 / (r * 1.01)] {
            #expect(Self.overshoot("Tile 7", style, ratio: ratio, margin: TextCache.estimateMargin) == nil, "ratio \(ratio)")
        }
    }

    @Test func anEllipsizedOrWrappedTextIsMeasured() {
        let cache = TextCache()
        cache.estimatesNewFonts = true
        let long = "A label far too long for its box, ellipsized at its end"
        _ = cache.extents(long, style: TextStyle(size: 14), width: 120)
        #expect(cache.estimatedExtents(long, style: TextStyle(size: 14.5), width: 120, margin: 2) == nil)
        // Fits at its size, not 1.2 times larger.
        _ = cache.extents("Juniper berries", style: TextStyle(size: 14), width: 110)
        #expect(cache.estimatedExtents("Juniper berries", style: TextStyle(size: 14 * 1.2), width: 110, margin: 2) == nil)
        _ = cache.extents("Two lines", style: TextStyle(size: 14, maxLines: 2), width: 300)
        #expect(cache.estimatedExtents("Two lines", style: TextStyle(size: 14.5, maxLines: 2), width: 300, margin: 2) == nil)
    }

    @Test func theDamageEstimatesOnlyInAFontNotLoaded() {
        let cache = TextCache()
        cache.estimatesNewFonts = true
        _ = cache.damageExtents("Tile 3", style: TextStyle(size: 14, weight: .bold), width: 80)
        #expect(cache.extentsMeasured == 1 && cache.extentsEstimated == 0, "nothing to scale yet: measured")
        _ = cache.damageExtents("Tile 3", style: TextStyle(size: 14.5, weight: .bold), width: 82)
        #expect(cache.extentsMeasured == 1 && cache.extentsEstimated == 1, "a new size: estimated")
        #expect(!cache.fontsLoaded.contains(TextFont(size: 14.5, weight: .bold)))
        // Another text in a loaded font is measured: it costs a layout, not a font.
        _ = cache.damageExtents("Tile 4", style: TextStyle(size: 14, weight: .bold), width: 82)
        #expect(cache.extentsMeasured == 2 && cache.extentsEstimated == 1)
        cache.estimatesNewFonts = false
        _ = cache.damageExtents("Tile 3", style: TextStyle(size: 14.75, weight: .bold), width: 82)
        #expect(cache.extentsMeasured == 3 && cache.extentsEstimated == 1, "estimates off: measured")
    }
}

/// The grid's lift and landing through the compositor's damage and drawing (480x640, the grid
/// scene's own tiles): new fonts loaded, with the estimates and without; frames at rest byte for
/// byte the direct path's, frames in motion within the layer tolerance.
@Suite struct GridLandingFontTests {
    static let width = 480, height = 640

    /// The deck's lists for: 20 resting frames, a 600 ms press on the second tile, a drag by two
    /// tiles, the release and the landing (40 frames).
    static func liftAndLanding() throws -> (lists: [DisplayList], release: Int) {
        let deck = try Goldens.deck(scene: "grid", size: Size(width: Double(width), height: Double(height)))
        let columns = 4.0, side = (Double(width) - 32 - (columns - 1) * 12) / columns, pitch = side + 12
        let start = Point(x: 16 + pitch + side / 2, y: 16 + side / 2)
        var lists: [DisplayList] = [], t: Millis = 0
        func frame() { deck.tick(at: t); lists.append(deck.render(at: t)); t += 1000.0 / 60 }
        // At rest long enough for every tile's layer to be rasterised (3 a frame).
        for _ in 0..<20 { frame() }
        WalletGoldenTests.send(deck, .pointerDown(start, .primary), at: t)
        for _ in 0..<36 { frame() }
        for i in 1...20 {
            WalletGoldenTests.send(deck, .pointerMove(start + Point(x: 2 * pitch * Double(i) / 20, y: 0)), at: t)
            frame()
        }
        let release = lists.count
        WalletGoldenTests.send(deck, .pointerUp(start + Point(x: 2 * pitch, y: 0), .primary), at: t)
        for _ in 0..<40 { frame() }
        return (lists, release)
    }

    struct Played {
        /// Fonts the compositor's text cache loaded from frame `from` on, and the extents it
        /// measured and estimated there.
        var fonts = 0, measured = 0, estimated = 0
        var restingDiffer = 0, worstShare = 0.0, resting = 0
    }

    /// Plays `lists` through the compositor's damage and drawing (two buffers, occlusion, layers,
    /// settle repaints) against the direct path; `beforeFrame` runs before each frame.
    static func play(_ lists: [DisplayList], width: Int, height: Int, countingFrom from: Int, estimates: Bool = false,
                     beforeFrame: (Int, CairoRenderer) -> Void = { _, _ in }) -> Played {
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        compositor.retainedLayers = true
        compositor.text.estimatesNewFonts = estimates
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: width, height: height)
        let buffers = [ImageSurface(width: width, height: height), ImageSurface(width: width, height: height)]
        var previous: [DrawCommand]?, played = Played()
        var before = compositor.frameCounts
        for (n, list) in lists.enumerated() {
            beforeFrame(n, compositor)
            if n == from { before = compositor.frameCounts }
            var damage = tracker.update(list, renderer: compositor, width: width, height: height)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: width, height: height), width: width, height: height)
            let (index, repaint) = ring.advance(with: damage, width: width, height: height)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            let whole = direct.image(of: list, width: width, height: height)
            if previous == list.commands {
                played.resting += 1
                if !DamageRepaintTests.identical(whole, buffers[index]) { played.restingDiffer += 1 }
            } else if !DamageRepaintTests.identical(whole, buffers[index]) {
                played.worstShare = max(played.worstShare,
                                        Double(LayerRepaintTests.farPixels(buffers[index], whole)) / Double(width * height))
            }
            previous = list.commands
            if ProcessInfo.processInfo.environment["ESTIMATE_DEBUG"] != nil { print("frame \(n) fonts \(compositor.text.fontsLoaded.count) drawn \(compositor.frameCounts.commandsDrawn)") }
        }
        let after = compositor.frameCounts
        played.fonts = after.fontsLoaded - before.fontsLoaded
        played.measured = after.extentsMeasured - before.extentsMeasured
        played.estimated = after.extentsEstimated - before.extentsEstimated
        return played
    }

    static func play(estimates: Bool) throws -> Played {
        let (lists, release) = try liftAndLanding()
        return play(lists, width: width, height: height, countingFrom: release, estimates: estimates)
    }

    @Test func theLandingLoadsNoFontAndAWarmedGridNone() throws {
        let (lists, release) = try Self.liftAndLanding()
        let deck = try Goldens.deck(scene: "grid", size: Size(width: Double(Self.width), height: Double(Self.height)))
        let cold = Self.play(lists, width: Self.width, height: Self.height, countingFrom: release)
        let estimating = Self.play(lists, width: Self.width, height: Self.height, countingFrom: release, estimates: true)
        let warmed = Self.play(lists, width: Self.width, height: Self.height, countingFrom: 1) { n, renderer in
            if n == 1 { #expect(renderer.warm(deck.fontsToWarm) > 0) }
        }
        // The lift loaded the few stepped sizes; the landing goes through the same ones.
        #expect(cold.fonts == 0 && estimating.fonts == 0, "fonts loaded in the landing: \(cold.fonts), \(estimating.fonts) estimating")
        #expect(warmed.fonts == 0, "\(warmed.fonts) fonts loaded from the press to the landing's end after the warm-up")
        for played in [cold, estimating, warmed] {
            #expect(played.resting >= 30 && played.restingDiffer == 0, "\(played)")
            #expect(played.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "\(played)")
        }
    }
}

/// The grid tile's text steps (`GridTileStyle.textScaleStep`): exact at rest and held lifted, a
/// few sizes over a lift.
@Suite struct GridTextStepTests {
    static let side = 102.5  // a tile at 1280 px

    static func initialSizes(from a: Double, to b: Double, frames: Int) -> [Double] {
        (0...frames).map { i in
            let scale = a + (b - a) * Double(i) / Double(frames)
            return GridTextStepTests.initial(drawnAt: Self.side * scale)
        }
    }

    static func initial(drawnAt width: Double) -> Double {
        var list = DisplayList()
        let tile = GridTile(id: "t", label: "Tile", color: Color(rgb: 0x5B8DEF))
        GridTilePainter.draw(tile, in: Rect(x: 0, y: 0, width: width, height: width), lift: 0, restingSide: side, into: &list)
        let sizes = list.commands.compactMap { c -> Double? in if case .text(_, _, let s) = c { s.size } else { nil } }
        return sizes.last ?? 0
    }

    @Test func restingAndHeldTilesSetTheirExactSizes() {
        #expect(Self.initial(drawnAt: Self.side) == Self.side * 0.3)
        #expect(Self.initial(drawnAt: Self.side * GridScene.liftScale) == Self.side * GridScene.liftScale * 0.3)
    }

    @Test func aLiftSetsOneSizePerStep() {
        let step = GridTileStyle.textScaleStep
        let sizes = Self.initialSizes(from: 1, to: GridScene.liftScale, frames: 120)
        let steps = Int(((GridScene.liftScale - 1) / step).rounded())
        // Counted in Pango's units (1/1024 px): the held tile's exact size and its step's differ
        // by a rounding error, one font to Pango.
        let fonts = Set(sizes.map { ($0 * 1024).rounded() })
        #expect(fonts.count == steps + 1, "\(fonts.count) sizes over a lift of \(steps) steps")
        // Within a step of the exact size, and never more than half a step off.
        for (i, size) in sizes.enumerated() {
            let exact = Self.side * (1 + (GridScene.liftScale - 1) * Double(i) / 120) * 0.3
            #expect(abs(size - exact) <= Self.side * 0.3 * (step / 2 + 1e-9), "frame \(i): \(size) for \(exact)")
        }
    }
}

/// The wallet's details sheet draws in fonts no face uses (issue 21: the expand's first frame
/// spent 8 ms of its damage loading them); the scene declares them and the host loads them after
/// its first frame (`CairoRenderer.warm`). Counted, never timed.
@Suite struct WalletFontWarmupTests {
    static func fonts(_ lists: [DisplayList]) -> Set<TextFont> {
        var fonts = Set<TextFont>()
        for list in lists {
            for case .text(_, _, let style) in list.commands { fonts.insert(TextFont(style)) }
        }
        return fonts
    }

    @Test func theExpandDrawsNoFontOutsideTheStacksAndTheDeclaredOnes() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Size(width: 480, height: 640))
        let declared = Set(deck.fontsToWarm)
        let lists = try WalletRevealTests.tapAndExpand()
        let stack = Self.fonts(Array(lists.prefix(3))), expand = Self.fonts(Array(lists.dropFirst(3)))
        #expect(!expand.subtracting(stack).isEmpty, "the expand draws no font the stack lacks: nothing to warm")
        #expect(expand.subtracting(stack).subtracting(declared).isEmpty,
                "fonts the expand draws that are neither the stack's nor declared: \(expand.subtracting(stack).subtracting(declared))")
    }

    @Test func aWarmedRendererLoadsNoFontDuringTheExpand() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Size(width: 480, height: 640))
        let lists = try WalletRevealTests.tapAndExpand()
        let cold = GridLandingFontTests.play(lists, width: 480, height: 640, countingFrom: 3)
        let warmed = GridLandingFontTests.play(lists, width: 480, height: 640, countingFrom: 3) { n, renderer in
            if n == 1 {
                #expect(renderer.warm(deck.fontsToWarm) > 0)
                #expect(renderer.warm(deck.fontsToWarm) == 0, "warming twice loads nothing more")
            }
        }
        #expect(cold.fonts > 0, "the expand loaded no font without the warm-up")
        #expect(warmed.fonts == 0, "\(warmed.fonts) fonts loaded during the expand after the warm-up")
        #expect(warmed.restingDiffer == 0 && warmed.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "\(warmed)")
    }

    @Test func aWarmUpLetsTheDamageMeasureExactly() {
        let cache = TextCache()
        cache.estimatesNewFonts = true  // off, nothing is ever estimated: the warm-up must be what prevents it
        _ = cache.damageExtents("Juniper", style: TextStyle(size: 14), width: 200)
        #expect(cache.warm([TextFont(size: 14.5)]) == 1)
        _ = cache.damageExtents("Juniper", style: TextStyle(size: 14.5), width: 200)
        #expect(cache.extentsEstimated == 0 && cache.extentsMeasured == 2, "a warmed font is measured, not estimated")
    }
}
