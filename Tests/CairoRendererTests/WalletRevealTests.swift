import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// A wallet card expanded by a tap is a reveal from the expand's first frame (issue 21 item 5):
/// the tap's hold feedback leaves it a fraction of a pixel narrower than the stack, and the
/// card is drawn at the stack's width, so its face and sheet keep their commands through the
/// animation and are copied, not drawn afresh, in every frame but the first ones. Counted, never timed.
@Suite struct WalletRevealTests {
    /// The frames of a 60 ms tap on the second card and the expand it starts, as the deck draws
    /// them (480x640, the size `HiddenPartsTests.play` draws), after three resting frames.
    static func tapAndExpand() throws -> [DisplayList] {
        let deck = try Goldens.deck(scene: "wallet", size: Size(width: 480, height: 640))
        var lists: [DisplayList] = []
        for i in 0..<3 { deck.tick(at: Double(i)); lists.append(deck.render(at: Double(i))) }
        WalletGoldenTests.send(deck, .pointerDown(Point(x: 240, y: 150), .primary), at: 10)
        lists.append(deck.render(at: 10))
        WalletGoldenTests.send(deck, .pointerUp(Point(x: 240, y: 150), .primary), at: 70)
        #expect(deck.drainEvents().map(\.name) == ["expand"])
        for i in 0...60 {
            let t = 70 + Double(i) * 1000 / 60
            deck.tick(at: t)
            lists.append(deck.render(at: t))
        }
        return lists
    }

    /// The revealing card's sheet in each list: a solid fill taller than the clip it is drawn in
    /// (nil where none is revealed: the stack, the card at its full height).
    static func sheets(_ lists: [DisplayList]) -> [Rect?] {
        lists.map { list in
            let c = list.commands
            return c.indices.dropFirst().compactMap { i -> Rect? in
                guard case .pushClip(let clip, _) = c[i - 1], case .fillRect(let r, .solid, _) = c[i],
                      r.height > clip.height + 0.5 else { return nil }
                return r
            }.first
        }
    }

    @Test func theSheetKeepsItsSizeFromTheExpandsFirstFrame() throws {
        let lists = try Self.tapAndExpand()
        let all = Self.sheets(lists)
        // Lists 0-3 are the stack at rest and pressed; 4 the tap (the card where it was), 5 the
        // expand's first moving frame.
        #expect(all[5] != nil, "the expand's first moving frame reveals no sheet")
        let sheets = all.compactMap { $0 }
        #expect(sheets.count >= 10, "\(sheets.count) frames reveal the sheet")
        let sizes = Set(sheets.map { "\($0.width)x\($0.height)" })
        #expect(sizes.count == 1, "the sheet changes size during the expand: \(sizes.sorted())")
    }

    @Test func theExpandingFaceAndSheetAreCopiedWhileTheyMove() throws {
        let lists = try Self.tapAndExpand()
        let revealing = Self.sheets(lists).compactMap { $0 }.count
        let (frames, s) = HiddenPartsTests.play(lists, layers: true)
        // Seen, seen again, rasterised: from the third revealing frame on, both the face and the
        // sheet are copied (the footer's cards, narrowing, are drawn).
        #expect(s.exactHits + s.shiftedHits >= 2 * (revealing - 2),
                "\(s.exactHits) exact and \(s.shiftedHits) shifted copies in \(revealing) revealing frames")
        let restingDiffer = frames.filter { $0.resting && !$0.identical }.count
        #expect(restingDiffer == 0, "\(restingDiffer) resting frames differ from the direct path")
        let worst: Double = frames.map { $0.share }.max() ?? 0
        #expect(worst <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(worst * 100)% of its pixels off")
    }
}
