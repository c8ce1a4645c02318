import Testing
@testable import InteractionEngine

/// A pressed card keeps its whole face while its hold feedback shrinks it (issue 21's note: the
/// bottom card, whose lower half shows, lost its chip and expiry once 0.5 px shorter than a card).
@Suite struct WalletPressedFaceTests {
    /// The expiry labels the list draws: one per face tall enough for its lower half.
    static func expiries(_ list: DisplayList) -> Int {
        list.commands.filter { if case .text("VALID THRU", _, _) = $0 { true } else { false } }.count
    }

    @Test func thePressedBottomCardKeepsItsChipAndExpiry() {
        // Three cards: c2, the last, shows whole (top 216 to 416).
        let d = WalletDriver(count: 3)
        #expect(Self.expiries(d.scene.render(at: d.time)) == 3)
        d.press(240, 380)
        d.advance(400)
        let pressed = d.frame("c2") ?? .zero
        #expect(pressed.height < WalletMetrics.cardHeight - 0.5, "the hold feedback shrank the card (\(pressed.height) px)")
        #expect(d.scene.liftedID == nil)
        let list = d.scene.render(at: d.time)
        #expect(Self.expiries(list) == 3, "the pressed card lost its lower half")
        // The pressed card is drawn last (on top): its expiry lies inside its shrunk frame.
        let last = list.commands.last { if case .text("01/30", _, _) = $0 { true } else { false } }
        if case .text(_, let r, _)? = last { #expect(pressed.contains(Point(x: r.minX, y: r.minY)) && pressed.contains(Point(x: r.maxX, y: r.maxY)), "expiry at \(r), card \(pressed)") } else { Issue.record("no expiry drawn") }
    }

    /// The lower half is drawn on a face at least `lowerHalfBottom` tall, straddled.
    @Test(arguments: [-0.25, 0.25])
    func theLowerHalfNeedsAFaceThatHoldsIt(delta: Double) {
        let card = WalletDriver.cards(1)[0]
        let height = WalletCardPainter.lowerHalfBottom + delta
        var list = DisplayList()
        WalletCardPainter.paint(card, in: Rect(x: 16, y: 16, width: 448, height: height), lifted: false, into: &list)
        #expect(Self.expiries(list) == (delta > 0 ? 1 : 0), "a \(height) px face")
    }
}
