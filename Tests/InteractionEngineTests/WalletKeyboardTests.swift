import Testing
@testable import InteractionEngine

/// I3 on the wallet (focus ring, Shift+arrows, Enter, Escape), persistence and idling.
@Suite struct WalletKeyboardTests {
    static func ringCount(_ d: WalletDriver) -> Int {
        d.scene.render(at: d.time).commands.filter {
            if case .strokeRect(_, let color, _, _) = $0 { color == Theme.focusRing } else { false }
        }.count
    }

    @Test func arrowsMoveAVisibleFocusRing() {
        let d = WalletDriver()
        #expect(Self.ringCount(d) == 0)
        d.key(.down)
        #expect(d.scene.focusedID == "c0")
        #expect(Self.ringCount(d) == 1)
        d.key(.down)
        d.key(.down)
        #expect(d.scene.focusedID == "c2")
        d.key(.up)
        #expect(d.scene.focusedID == "c1")
        d.key(.up)
        d.key(.up)
        #expect(d.scene.focusedID == "c0", "stops at the first card")
    }

    @Test func focusScrollsTheCardIntoView() {
        let d = WalletDriver()
        for _ in 0...10 { d.key(.down) }
        #expect(d.scene.focusedID == "c10")
        d.settle()
        let frame = d.frame("c10")!
        #expect(frame.maxY <= 756 - 16 + 1e-9 && frame.minY >= 16)
        for _ in 0..<10 { d.key(.up) }
        d.settle()
        #expect(d.offset == 0)
    }

    @Test func shiftArrowsMoveTheFocusedCardAndSave() {
        let d = WalletDriver()
        d.key(.down)
        d.key(.down)
        d.key(.down, .shift)
        #expect(d.order == ["c0", "c2", "c1"] + (3..<14).map { "c\($0)" })
        #expect(d.names() == ["reorder"])
        #expect(d.events[0].string("id") == "c1" && d.events[0].int("from") == 1 && d.events[0].int("to") == 2)
        #expect(d.scene.stateRevision == 1)
        #expect(d.scene.focusedID == "c1", "the focus travels with the card")
        d.key(.up, .shift)
        d.key(.up, .shift)
        d.key(.up, .shift)
        #expect(d.order.prefix(3) == ["c1", "c0", "c2"], "the first slot is as far as it goes")
        #expect(d.names().filter { $0 == "reorder" }.count == 3)
        #expect(d.scene.stateRevision == 3)
        var state = DeckState()
        d.scene.save(into: &state)
        #expect(state.wallet?.order == d.order)
        d.settle()
        #expect(d.frame("c1") == Rect(x: 16, y: 16, width: 448, height: 200))
    }

    @Test func enterExpandsAndEscapeCollapses() {
        let d = WalletDriver()
        d.key(.enter)
        #expect(d.scene.expandedID == nil, "nothing focused, nothing to expand")
        d.key(.down)
        d.key(.down)
        d.key(.enter)
        #expect(d.scene.expandedID == "c1")
        d.key(.escape)
        #expect(d.scene.expandedID == nil)
        d.key(.enter)
        d.key(.enter)
        #expect(d.names() == ["expand", "collapse", "expand", "collapse"])
    }

    // MARK: Persistence

    @Test func savedOrderIsRestoredToleratingUnknownIDs() {
        let d = WalletDriver(count: 5, saved: DeckState.WalletState(order: ["c3", "gone", "c1", "c3"]))
        #expect(d.order == ["c3", "c1", "c0", "c2", "c4"])
        var state = DeckState()
        d.scene.save(into: &state)
        #expect(state.wallet == DeckState.WalletState(order: ["c3", "c1", "c0", "c2", "c4"]))
        #expect(d.scene.stateRevision == 0)
    }

    // MARK: Idle

    @Test func needsFrameIsFalseAtRest() {
        let d = WalletDriver()
        #expect(!d.scene.needsFrame(at: d.time) && d.router.nextDeadline() == nil)
        d.press(240, 250)
        #expect(d.scene.needsFrame(at: d.time), "a still press on a card draws its hold feedback")
        #expect(d.router.nextDeadline() == d.time + 500)
        d.advance(100)
        d.release(240, 250)
        #expect(d.scene.needsFrame(at: d.time), "the tap started an expansion")
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))
        d.key(.escape)
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))
        d.wheel(.steps(dx: 0, dy: 2))
        #expect(d.scene.needsFrame(at: d.time))
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))
    }

    /// A still press on a card asks for frames exactly while its hold feedback shrinks the card
    /// (the real window drew none, so the shrink showed only in frames something else asked for);
    /// a press off the cards, or one that caught a moving stack, sleeps until its deadline.
    @Test func aStillPressAsksForFramesWhileItsFeedbackShrinksTheCard() throws {
        let d = WalletDriver()
        let frame: Millis = 1000.0 / 60
        d.press(240, 250)
        let id = try #require(d.drawn.last { $0.frame.contains(Point(x: 240, y: 250)) }?.id)
        let start = d.time
        var widths: [Double] = []
        var asked = 0
        while d.time < start + 500 - frame {
            if d.scene.needsFrame(at: d.time) { asked += 1 }
            widths.append(try #require(d.frame(id)).width)
            d.advance(frame)
        }
        #expect(asked == widths.count, "asked for \(asked) of the \(widths.count) frames of the hold")
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $1 < $0 }, "the card shrinks in every one: \(widths)")
        d.release(240, 250)
        d.settle()
        d.key(.escape)
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))

        // Off the cards (the 16 px margin): no feedback, nothing to draw while it is held.
        d.press(5, 250)
        #expect(!d.scene.needsFrame(at: d.time))
        d.advance(200)
        #expect(!d.scene.needsFrame(at: d.time), "a press off the cards sleeps")
        d.release(5, 250)
        d.settle()

        // A press that stops a moving stack has no feedback either.
        d.wheel(.steps(dx: 0, dy: 3))
        d.advance(frame)
        #expect(d.scene.needsFrame(at: d.time), "the wheel scrolls the stack")
        d.press(240, 250)
        d.advance(frame)
        #expect(!d.scene.needsFrame(at: d.time), "the press caught the stack: nothing animates")
    }

    @Test func anEmptyWalletDrawsAMessage() {
        let scene = WalletScene(cards: [], size: WalletDriver.size)
        #expect(scene.render(at: 0).texts == ["No cards"])
        var router = PressRouter()
        router.route(InputEvent(.key(.down, []), at: 0), to: scene)
        router.route(InputEvent(.pointerDown(Point(x: 100, y: 100), .primary), at: 0), to: scene)
        router.tick(at: 700, scene: scene)
        scene.tick(at: 700)
        #expect(scene.focusedID == nil && scene.liftedID == nil)
    }
}

/// What the wallet tells the deck besides its drawing: cursors and overlay hints.
@Suite struct WalletHintsTests {
    @Test func cursorsFollowWhatADragWouldDo() {
        let d = WalletDriver()
        #expect(d.scene.cursor(at: Point(x: 240, y: 300), time: d.time) == .openHand)
        d.press(240, 350)
        #expect(d.router.isPressed, "the deck shows a closed hand while a press is down")
        d.advance(50)
        d.release(240, 350)
        d.settle()
        #expect(d.scene.cursor(at: Point(x: 240, y: 300), time: d.time) == .openHand, "the expanded card can be dragged down")
        #expect(d.scene.cursor(at: Point(x: 240, y: 740), time: d.time) == .arrow, "the footer only takes taps")
    }

    @Test func overlayShowsTheLiftAndItsLandingSlot() {
        let d = WalletDriver()
        #expect(d.scene.overlayHints(at: d.time).status == "offset 0  stuck c0")
        #expect(d.scene.overlayHints(at: d.time).frames.count == 8)
        d.lift(at: 240, 250)
        d.drag(from: Point(x: 240, y: 250), to: Point(x: 240, y: 380), duration: 200)
        let hints = d.scene.overlayHints(at: d.time)
        #expect(hints.status == "lifted c2: 2 → slot 3")
        #expect(hints.restingPoint == Rect(x: 16, y: 316, width: 448, height: 200).center)
    }
}
