import CCairo
import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// Commands later opaque faces hide (HiddenParts.swift) and shapes cut from a cached surface of
/// a nearby size while their size moves (ShapeCache's stretch), issue 21 item 5. Counted, never timed.
@Suite struct HiddenPartsTests {
    static let size = (width: 480, height: 640)

    /// A card (gradient face, sheen disc, three lines of text, an outline) with a second, wider
    /// card over all of it but its top `strip` px; the top card's face is `topWidth` wide.
    static func stack(strip: Double, topWidth: Double = 440, lowerInset: Double = 10) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let lower = Rect(x: 20 + lowerInset, y: 40, width: 440 - 2 * lowerInset, height: 200)
        let top = Rect(x: 20, y: 40 + strip, width: topWidth, height: 200)
        for (i, card) in [lower, top].enumerated() {
            list.append(.shadow(card, cornerRadius: 16, blur: 8, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.2)))
            list.append(.fillRect(card, .diagonalGradient(from: Color(rgb: i == 0 ? 0x5E9CF5 : 0xE5484D), to: Color(rgb: 0x2C5FC9)),
                                  cornerRadius: 16))
            list.clipped(to: card, cornerRadius: 16) { list in
                list.append(.fillCircle(center: Point(x: card.maxX - 30, y: card.minY - 20), radius: 150, .solid(Color.white.withAlpha(0.06))))
            }
            for row in 0..<3 {
                list.append(.text("Card \(i) line \(row)", Rect(x: card.minX + 20, y: card.minY + 60 + Double(row) * 30, width: 300, height: 22),
                                  TextStyle(size: 15, weight: .bold, color: .white)))
            }
            list.append(.strokeRect(card.insetBy(dx: 0.5, dy: 0.5), Color.white.withAlpha(0.14), lineWidth: 1, cornerRadius: 15.5))
        }
        return list
    }

    struct Frame {
        let resting: Bool
        let identical: Bool
        let share: Double
    }

    /// Draws `lists` as the window draws them (damage, two buffers, settle repaints); for each frame
    /// whether it rests (the same list as before), equals the direct path, and its far pixels' share.
    static func play(_ lists: [DisplayList], layers: Bool,
                     afterDraw: (CairoRenderer) -> Void = { _ in }) -> (frames: [Frame], statistics: LayerStatistics) {
        let (w, h) = size
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        compositor.retainedLayers = layers
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: w, height: h)
        let buffers = [ImageSurface(width: w, height: h), ImageSurface(width: w, height: h)]
        var previous: [DrawCommand]?
        var frames: [Frame] = []
        for list in lists {
            var damage = tracker.update(list, renderer: compositor, width: w, height: h)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: w, height: h), width: w, height: h)
            let (index, repaint) = ring.advance(with: damage, width: w, height: h)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            afterDraw(compositor)
            let whole = direct.image(of: list, width: w, height: h)
            let identical = DamageRepaintTests.identical(whole, buffers[index])
            let share = identical ? 0 : Double(LayerRepaintTests.farPixels(buffers[index], whole)) / Double(w * h)
            frames.append(Frame(resting: previous == list.commands, identical: identical, share: share))
            previous = list.commands
        }
        return (frames, compositor.layerStatistics)
    }

    /// The lower card's text lies wholly under the top card: not drawn while new; its face, shadow,
    /// sheen and outline are drawn clipped to what shows; the frame after, at rest, is the direct one.
    @Test func commandsUnderALaterFaceAreLeftOutWhileTheyMoveAndExactAtRest() {
        // 20 px of the lower card show: its three lines of text are wholly under the top card.
        // A window's first frame is drawn whole: start from another place of both cards.
        let (frames, s) = Self.play([Self.stack(strip: 260, lowerInset: 12), Self.stack(strip: 20), Self.stack(strip: 20)],
                                    layers: true)
        #expect(s.hiddenCommands == 3, "\(s.hiddenCommands) commands hidden: the lower card's three lines of text")
        #expect(s.clippedCommands == 5, "\(s.clippedCommands) commands clipped: the lower card's shadow, face, sheen and outline, and the top card's shadow under its face")
        #expect(frames[1].share <= LayerRepaintTests.LayerTolerance.maxShare, "the covered frame has \(frames[1].share * 100)% off")
        #expect(frames[2].resting && frames[2].identical, "the resting frame differs from the direct path")
    }

    /// Uncovered (the top card moved off), nothing is hidden and only each card's shadow is clipped
    /// (to the ring around its own face): the counts above come from the cover.
    @Test func nothingIsHiddenWhereNothingCoversIt() {
        let (frames, s) = Self.play([Self.stack(strip: 300, lowerInset: 12), Self.stack(strip: 260), Self.stack(strip: 260)],
                                    layers: true)
        #expect(frames[2].resting && frames[2].identical)
        #expect(s.hiddenCommands == 0, "\(s.hiddenCommands) hidden")
        #expect(s.clippedCommands == 2, "\(s.clippedCommands) clipped: the two shadows under their faces")
    }

    /// The lower card narrows by under a pixel a frame (a footer inset), then holds: while it moves
    /// its face, outline and shadow are cut from the cached surfaces of its first width, within the
    /// moving tolerance; once it holds, the frames are the direct path's byte for byte.
    @Test func aNarrowingCardIsCutFromItsLastSizeAndExactOnceItHolds() {
        let tolerance = LayerRepaintTests.LayerTolerance.maxShare
        // 0.5 px a side a frame: 16 px narrower in all, within the stretch's 1/24 of 420 px.
        let moving: [Double] = (1...16).map { 10 + Double($0) * 0.5 }
        let insets: [Double] = [10, 10, 10] + moving + [18, 18, 18, 18]
        // Nothing covers the lower card: the stretch alone saves its drawing.
        let lists: [DisplayList] = insets.map { Self.stack(strip: 260, lowerInset: $0) }
        let (frames, s) = Self.play(lists, layers: true)
        #expect(s.approximated >= 16, "\(s.approximated) shapes cut from a nearby size in 16 moving frames")
        let resting: [Frame] = frames.filter { $0.resting }
        #expect(resting.count == 6, "two frames at the first width and four once it holds")
        #expect(resting.allSatisfy { $0.identical }, "a resting frame differs from the direct path")
        let worst: Double = frames.map { $0.share }.max() ?? 0
        #expect(worst <= tolerance, "a moving frame has \(worst * 100)% of its pixels off")
        #expect(frames.contains { !$0.identical }, "no moving frame was cut from a nearby size (the test would pass without)")
    }

    /// The wallet's expand and collapse on the layer path: the cards sliding into the footer under
    /// the growing card are hidden or clipped, their size changes are cut from cached surfaces, and
    /// every resting frame is still the direct path's.
    @Test(arguments: ["wallet-expanded.jsonl", "wallet-expanded-1280.jsonl"])
    func theWalletExpandHidesTheFooterBehindTheGrowingCard(trace name: String) throws {
        let o = try LayerRepaintTests.play(name)
        let s = try #require(o.statistics)
        #expect(s.hiddenCommands > 0 && s.clippedCommands > 0, "\(name): \(s.hiddenCommands) hidden, \(s.clippedCommands) clipped")
        #expect(s.approximated > 0, "\(name): no shape was cut from a nearby size")
        #expect(o.restingMismatches.isEmpty, "\(name): resting frames differ at \(o.restingMismatches)")
        #expect(o.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "\(name): a moving frame has \(o.worstShare * 100)% off")
    }
}
