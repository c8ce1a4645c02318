import Foundation
import Testing
@testable import InteractionEngine

/// The list around the swipe: SPEC S1 (layout), S5 (scrolling), S7 (actions
/// and persistence), keyboard, and rest.
@Suite struct MessagesListTests {
    private func names(_ list: DisplayList) -> [String] {
        list.texts.filter { $0.hasPrefix("Name ") }
    }

    /// Swipes the row at display index `index` open; `id` is the row expected there.
    @discardableResult
    private func openedRow(_ index: Int, _ d: MessagesDriver = MessagesDriver(), id: String? = nil) -> MessagesDriver {
        d.swipe(row: index, to: -150)
        d.release()
        d.settle()
        #expect(d.scene.openRowID == (id ?? "m\(index)"))
        _ = d.events()
        return d
    }

    /// Taps the centre of button `action` of row `id`.
    private func tapButton(_ action: SwipeAction, of id: String, _ d: MessagesDriver) {
        guard let frame = d.scene.buttonFrame(action, of: id, at: d.time) else {
            Issue.record("button \(action) of \(id) is not showing")
            return
        }
        d.tap(frame.center)
    }

    // MARK: S1

    @Test func onlyVisibleRowsAreDrawnEvenWithFiveThousand() {
        let small = MessagesDriver(count: 40)
        let large = MessagesDriver(count: 5000)
        let drawn = names(large.scene.render(at: large.time))
        #expect(drawn == (0...10).map { "Name \($0)" })  // 756 px: rows 0-10
        #expect(large.scene.render(at: large.time).commands.count
                == small.scene.render(at: small.time).commands.count)
        large.key(.end)
        large.settle()
        #expect(large.scene.scrollOffset(at: large.time) == 5000 * 72 - 756)
        let end = names(large.scene.render(at: large.time))
        #expect(end.first == "Name 4989" && end.last == "Name 4999")
        #expect(end.count == 11)
    }

    @Test func aRowShowsAvatarNameTimePreviewAndBadge() {
        let conversation = MessageConversation(id: "q", name: "妈妈", preview: String(repeating: "周末回家吃饭吗？", count: 20),
                                               time: "09:02", unread: 120, read: false, avatarColor: "#FF2D55")
        let scene = MessagesScene(conversations: [conversation])
        let list = scene.render(at: 0)
        #expect(list.texts == ["妈", "妈妈", "09:02", "99+", conversation.preview])
        var previewRect: Rect?
        var badgeRect: Rect?
        for command in list.commands {
            if case .text(conversation.preview, let r, let style) = command {
                previewRect = r
                #expect(style.maxLines == 1)  // one line, ellipsized by the renderer
            }
            if case .fillRect(let r, .solid(MessagesStyle.badge), let radius) = command {
                badgeRect = r
                #expect(radius == r.height / 2)
            }
        }
        #expect(previewRect != nil && badgeRect != nil)
        if let p = previewRect, let b = badgeRect { #expect(p.maxX <= b.minX - 8) }
        #expect(list.commands.contains { if case .fillCircle(let c, 24, _) = $0 { c == Point(x: 38, y: 36) } else { false } })
    }

    @Test func readRowsHaveNoBadge() {
        let d = MessagesDriver(count: 2)
        let badges = d.scene.render(at: 0).commands.filter {
            if case .fillRect(_, .solid(MessagesStyle.badge), _) = $0 { true } else { false }
        }
        #expect(badges.count == 1)  // m0 unread, m1 read
    }

    @Test func initialsAndDataProblems() {
        func c(_ id: String, name: String = "x", unread: Int = 0, color: String = "#123456") -> MessageConversation {
            MessageConversation(id: id, name: name, preview: "", time: "", unread: unread, read: true, avatarColor: color)
        }
        #expect(c("a", name: "妈妈").initial == "妈")
        #expect(c("a", name: " alex").initial == "A")
        #expect(c("a", name: "").initial == "?")
        #expect(MessagesDocument(conversations: [c("a"), c("b")]).problems().isEmpty)
        let bad = MessagesDocument(conversations: [c("a", unread: -1), c("", color: "red")]).problems()
        #expect(bad == ["conversation 'a' has a negative unread count (-1)",
                        "conversation #2 has an empty id",
                        "conversation #2 has avatarColor 'red', expected #RRGGBB"])
        #expect(throws: MessagesDataError("conversation 'a' has a negative unread count (-1)")) {
            try MessagesDocument(conversations: [c("a", unread: -1), c("", color: "red")]).validate()
        }
        #expect(throws: Never.self) { try MessagesDocument(conversations: [c("a"), c("b")]).validate() }
    }

    // MARK: S5

    @Test func scrollingByDragClosesTheOpenRowAndFlings() {
        let d = openedRow(2)
        let start = MessagesDriver.row(6)
        d.drag(from: start, by: Point(x: 0, y: -240), steps: 6)  // 40 px per 8 ms
        #expect(d.events() == ["close-row:m2"])
        #expect(d.scene.scrollOffset(at: d.time) == 240 - MessagesDriver.slop)  // the first 40 px step counts, less the slop
        d.release(dt: 8)
        d.wait(100)
        #expect(d.scene.scrollOffset(at: d.time) > 300, "inertia carries on")
        d.settle()
        #expect(d.offset("m2") == 0)
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func scrollingByWheelClosesTheOpenRow() {
        let d = openedRow(2)
        d.wheel(2)
        #expect(d.events() == ["close-row:m2"])
        d.settle()
        #expect(d.scene.scrollOffset(at: d.time) == 120)
        #expect(d.offset("m2") == 0)
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(2)
        d.drag(from: start, by: Point(x: 0, y: 300))
        let pulled = d.scene.scrollOffset(at: d.time)
        #expect(pulled < 0 && pulled > -275)
        d.release()
        d.settle()
        #expect(d.scene.scrollOffset(at: d.time) == 0)
    }

    @Test func aPressCatchesAMovingListWithoutSelecting() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(8)
        d.drag(from: start, by: Point(x: 0, y: -300), steps: 6)
        d.release(dt: 8)
        d.wait(50)
        d.tap(MessagesDriver.row(4))
        let caught = d.scene.scrollOffset(at: d.time)
        d.wait(200)
        #expect(d.scene.scrollOffset(at: d.time) == caught)
        #expect(d.scene.selectedID == nil && d.events().isEmpty)
    }

    // MARK: S7

    @Test func deleteRemovesTheRowAndTheRowsBelowSlideUp() {
        let d = openedRow(2)
        let revision = d.scene.stateRevision
        tapButton(.delete, of: "m2", d)
        #expect(d.events() == ["action:delete:m2"])
        #expect(d.scene.list["m2"] == nil && d.scene.openRowID == nil)
        #expect(d.scene.stateRevision == revision + 1)
        #expect(d.top("m3") == 3 * 72, "starts where it was")
        #expect(d.top("m1") == 72, "rows above stay")
        #expect(d.scene.render(at: d.time).texts.contains("Name 2"), "the deleted row fades out")
        d.wait(120)
        let midway = d.scene.rowFrame(of: "m3", at: d.time)!.minY
        #expect(midway < 3 * 72 && midway > 2 * 72)
        #expect(d.scene.needsFrame(at: d.time))
        d.settle()
        #expect(d.top("m3") == 2 * 72)
        #expect(d.top("m11") == 10 * 72, "a row came into view")
        #expect(!d.scene.render(at: d.time).texts.contains("Name 2"))
        var state = DeckState()
        d.scene.save(into: &state)
        #expect(state.messages?.rows.map(\.id).contains("m2") == false)
        #expect(state.messages?.rows.count == 39)
    }

    @Test func markReadClearsTheBadgeAndCloses() {
        let d = openedRow(2)
        #expect(d.scene.render(at: d.time).texts.contains("3"))  // m2's badge
        tapButton(.markRead, of: "m2", d)
        #expect(d.events() == ["action:mark-read:m2", "close-row:m2"])
        #expect(d.scene.list["m2"]?.read == true)
        #expect(d.scene.list["m2"]?.actions == [.pin, .delete])
        #expect(d.scene.stateRevision == 1)
        d.settle()
        #expect(d.offset("m2") == 0)
        #expect(!d.scene.render(at: d.time).texts.contains("3"))
        #expect(d.scene.selectedID == nil)
    }

    @Test func pinMovesToTheTopNewestFirstAndUnpinReturnsToTheNaturalPlace() {
        let d = openedRow(5)
        tapButton(.pin, of: "m5", d)
        #expect(d.events() == ["action:pin:m5", "close-row:m5"])
        #expect(Array(d.ids.prefix(7)) == ["m5", "m0", "m1", "m2", "m3", "m4", "m6"])
        #expect(d.scene.list["m5"]?.pinned == true)
        #expect(d.top("m5") == 5 * 72, "flies up from where it was")
        #expect(d.top("m0") == 0)
        d.settle()
        #expect(d.top("m5") == 0)
        #expect(d.top("m0") == 72)
        #expect(d.scene.list["m5"]?.actions.first == .unpin)

        // A second pin goes above the first.
        openedRow(7, d)
        tapButton(.pin, of: "m7", d)
        d.settle()
        #expect(Array(d.ids.prefix(3)) == ["m7", "m5", "m0"])
        #expect(d.scene.list.pinnedCount == 2)

        // Unpinning m5 puts it back below the pinned block, in its natural place.
        openedRow(1, d, id: "m5")
        tapButton(.unpin, of: "m5", d)
        #expect(d.events() == ["action:unpin:m5", "close-row:m5"])
        #expect(Array(d.ids.prefix(8)) == ["m7", "m0", "m1", "m2", "m3", "m4", "m5", "m6"])
        d.scene.perform(.unpin, on: "m7", at: d.time)
        #expect(d.ids == (0..<40).map { "m\($0)" })
        #expect(d.scene.stateRevision == 4)
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func pinnedRowsLookDifferent() {
        let d = MessagesDriver()
        d.scene.perform(.pin, on: "m3", at: d.time)
        d.settle()
        let fills = d.scene.render(at: d.time).commands.compactMap { c -> (Rect, Color)? in
            if case .fillRect(let r, .solid(let color), _) = c, r.height == 72, r.minX == 0 { return (r, color) }
            return nil
        }
        #expect(fills.first { $0.0.minY == 0 }?.1 == MessagesStyle.pinnedBackground)
        #expect(fills.first { $0.0.minY == 72 }?.1 == MessagesStyle.rowBackground)
    }

    @Test func actionsAreSavedAndRestored() throws {
        let d = MessagesDriver()
        d.scene.perform(.delete, on: "m3", at: d.time)
        d.scene.perform(.pin, on: "m8", at: d.time)
        d.scene.perform(.pin, on: "m1", at: d.time)
        d.scene.perform(.markRead, on: "m0", at: d.time)
        #expect(d.scene.stateRevision == 4)
        var state = DeckState()
        d.scene.save(into: &state)
        let saved = try #require(state.messages)
        #expect(Array(saved.rows.prefix(3)) == [.init(id: "m1", read: true, pinned: true),
                                                .init(id: "m8", read: false, pinned: true),
                                                .init(id: "m0", read: true, pinned: false)])
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(DeckState.self, from: data)
        let restored = MessagesDriver(saved: decoded.messages)
        #expect(restored.scene.list.rows == d.scene.list.rows)
        #expect(restored.scene.list["m3"] == nil)
        #expect(restored.scene.stateRevision == 0)
        // Unpinning after a restart still finds the natural place.
        restored.scene.perform(.unpin, on: "m8", at: 0)
        #expect(Array(restored.ids.prefix(9)) == ["m1", "m0", "m2", "m4", "m5", "m6", "m7", "m8", "m9"])
    }

    @Test func aSavedListDecidesWhichRowsExist() {
        let saved = DeckState.MessagesState(rows: [
            .init(id: "m3", read: true, pinned: true),
            .init(id: "m1", read: false, pinned: false),
            .init(id: "gone", read: true, pinned: false),
            .init(id: "m0", read: true, pinned: false),
            .init(id: "m1", read: true, pinned: true),  // repeated: the first entry counts
        ])
        let d = MessagesDriver(count: 6, saved: saved)
        // m2, m4, m5 are absent from the save: deleted (even if new in the data). The
        // unpinned rows keep the saved order (Shift+arrows can move them, issue 22).
        #expect(d.ids == ["m3", "m1", "m0"])
        #expect(d.scene.list["m1"]?.read == false && d.scene.list["m1"]?.pinned == false)
        #expect(d.scene.list["m0"]?.read == true)
        let empty = MessagesDriver(count: 6, saved: .init(rows: []))
        #expect(empty.ids.isEmpty)
        #expect(empty.scene.render(at: 0).texts == ["No conversations"])
        #expect(MessagesDriver(count: 6).ids == ["m0", "m1", "m2", "m3", "m4", "m5"])
    }

    // MARK: Keyboard

    @Test func arrowsMoveTheFocusAndScrollItIntoView() {
        let d = MessagesDriver()
        #expect(d.scene.focusedID == nil)
        d.key(.down)
        #expect(d.scene.focusedID == "m0")
        d.key(.down)
        d.key(.up)
        #expect(d.scene.focusedID == "m0")
        for _ in 0..<14 { d.key(.down) }
        #expect(d.scene.focusedID == "m14")
        d.settle()
        #expect(d.scene.scrollOffset(at: d.time) == 15 * 72 - 756)
        let rings = d.scene.render(at: d.time).commands.filter {
            if case .strokeRect(_, Theme.focusRing, _, _) = $0 { true } else { false }
        }
        #expect(rings.count == 1)
        d.key(.home)
        d.settle()
        #expect(d.scene.focusedID == "m0" && d.scene.scrollOffset(at: d.time) == 0)
        d.key(.enter)
        #expect(d.events() == ["select:m0"])
    }

    @Test func rightOpensThenWalksTheButtonsAndEnterPresses() {
        let d = MessagesDriver()
        d.key(.down)
        d.key(.down)
        d.key(.down)  // m2, unread
        d.key(.right)
        #expect(d.events() == ["open-row:m2"])
        d.settle()
        #expect(d.offset("m2") == -MessagesSwipeTests.unreadWidth)
        for _ in 0..<4 { d.key(.right) }
        #expect(d.scene.focusedButton == 2)  // clamped at Delete
        d.key(.left)
        #expect(d.scene.focusedButton == 1)  // Mark read
        d.key(.enter)
        #expect(d.events() == ["action:mark-read:m2", "close-row:m2"])
        d.key(.right)
        d.key(.right)
        d.key(.left)
        #expect(d.scene.focusedButton == nil && d.scene.openRowID == "m2")
        d.key(.left)
        #expect(d.scene.openRowID == nil)
        #expect(d.events() == ["open-row:m2", "close-row:m2"])
        d.key(.right)
        d.key(.escape)
        #expect(d.events() == ["open-row:m2", "close-row:m2"])
    }

    @Test func deleteKeyDeletesTheFocusedRowAndFocusMovesOn() {
        let d = MessagesDriver(count: 3)
        d.key(.down)
        d.key(.down)
        d.key(.delete)
        #expect(d.events() == ["action:delete:m1"])
        #expect(d.ids == ["m0", "m2"] && d.scene.focusedID == "m2")
        d.key(.backspace)
        #expect(d.scene.focusedID == "m0")
        d.key(.delete)
        #expect(d.ids.isEmpty && d.scene.focusedID == nil)
        d.key(.down)
        d.key(.delete)
        #expect(d.events() == ["action:delete:m2", "action:delete:m0"])
        d.settle()
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func movingTheFocusClosesTheOpenRow() {
        let d = openedRow(2)
        d.key(.down)
        #expect(d.events() == ["close-row:m2"])
    }

    // MARK: Rest

    @Test func atRestNothingAsksForFrames() {
        let d = MessagesDriver()
        #expect(!d.scene.needsFrame(at: d.time))
        #expect(d.router.nextDeadline() == nil)
        d.press(MessagesDriver.row(3))
        #expect(!d.scene.needsFrame(at: d.time), "a still press draws nothing")
        #expect(d.router.nextDeadline() == nil, "no long press in this scene")
        d.release(dt: 700)  // no hold can happen here, so a long still press is a tap (as a table row on iOS)
        #expect(d.events() == ["select:m3"])
        #expect(!d.scene.needsFrame(at: d.time))
        openedRow(4, d)
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func hoverChangesNothing() {
        let d = MessagesDriver()
        let before = d.scene.render(at: d.time).commands
        for x in stride(from: 10.0, through: 470, by: 40) {
            d.send(.hover(Point(x: x, y: 100)))
            d.send(.pointerLeft)
        }
        #expect(d.scene.render(at: d.time).commands == before)
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func reduceMotionJumpsButBehavesTheSame() {
        let d = MessagesDriver(reduceMotion: true)
        d.swipe(row: 2, to: -150)
        d.release()
        #expect(d.offset("m2") == -MessagesSwipeTests.unreadWidth)
        #expect(!d.scene.needsFrame(at: d.time))
        d.scene.perform(.delete, on: "m2", at: d.time)
        #expect(d.top("m3") == 2 * 72)
        #expect(!d.scene.needsFrame(at: d.time))
    }
}

/// What the deck asks besides drawing: the cursor and the overlay's hints.
@Suite struct MessagesDeckHintsTests {
    @Test func cursorIsAnArrowOverTheButtonsOnly() throws {
        let d = MessagesDriver()
        #expect(d.scene.cursor(at: MessagesDriver.row(2, x: 443), time: d.time) == .openHand)
        d.swipe(row: 2, to: -150)
        #expect(d.router.isPressed, "the deck shows a closed hand while a press is down")
        d.release()
        d.settle()
        let delete = try #require(d.scene.buttonFrame(.delete, of: "m2", at: d.time))
        #expect(d.scene.cursor(at: delete.center, time: d.time) == .arrow)
        #expect(d.scene.cursor(at: MessagesDriver.row(2, x: 100), time: d.time) == .openHand)
    }

    @Test func overlayShowsRowFramesAndTheSwipe() {
        let d = MessagesDriver()
        #expect(d.scene.overlayHints(at: d.time).frames.count == 11)
        d.swipe(row: 2, to: -150)
        let status = d.scene.overlayHints(at: d.time).status ?? ""
        #expect(status.contains("swipe m2 -150 of -222 (opens at -111)"))
        d.release()
        d.wait(30)
        let hints = d.scene.overlayHints(at: d.time)
        #expect(hints.restingPoint == Point(x: 480 - 222, y: 2 * 72 + 36))
        #expect(hints.status?.contains("open m2") == true)
    }
}
