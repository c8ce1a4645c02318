import Testing
@testable import InteractionEngine

/// Row swiping: SPEC S2, S3, S4, S6, S8, replayed with synthetic timestamps.
@Suite struct MessagesSwipeTests {
    // Row m2 is unread: Pin, Mark read, Delete = 222 px. Row m3 is read: Pin, Delete = 148 px.
    static let unreadWidth = 3 * SwipeTuning.buttonWidth
    static let readWidth = 2 * SwipeTuning.buttonWidth

    @Test func buttonsFollowTheReadFlag() {
        let d = MessagesDriver()
        #expect(d.scene.list["m2"]?.actions == [.pin, .markRead, .delete])
        #expect(d.scene.list["m3"]?.actions == [.pin, .delete])
        #expect(d.scene.list["m2"]?.openWidth == Self.unreadWidth)
        #expect(d.scene.list["m3"]?.openWidth == Self.readWidth)
    }

    // MARK: S2

    @Test func contentFollowsThePointerOneToOne() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(2, x: 400)
        d.press(start)
        d.move(start + Point(x: -12, y: 0))
        // The swipe began here: the content took the first motion less the slop (no jump, nothing dropped).
        let slop = MessagesDriver.slop
        #expect(d.offset("m2") == -12 + slop)
        for dx in [-20.0, -57, -130, -90, -200] {
            d.move(start + Point(x: -12 + dx, y: 1))
            #expect(d.offset("m2") == -12 + slop + dx)
        }
        // Never right of closed.
        d.move(start + Point(x: 30, y: 1))
        #expect(d.offset("m2") == 0)
        // The list did not scroll.
        #expect(d.scene.scrollOffset(at: d.time) == 0)
    }

    @Test(arguments: [("m2", MessagesSwipeTests.unreadWidth), ("m3", MessagesSwipeTests.readWidth)])
    func dragPastTheButtonsIsElastic(id: String, width: Double) {
        let d = MessagesDriver()
        let index = Int(id.dropFirst())!
        var previous = -width
        for extra in [10.0, 40, 120, 400] {
            d.swipe(row: index, to: -width - extra)
            let shown = d.offset(id)
            #expect(shown < previous, "further drag shows more")
            #expect(shown > -width - extra, "resisted")
            #expect(shown > -width - SwipeTuning.elasticLimit, "bounded")
            let expected = -width - RubberBand.offset(extra, dimension: SwipeTuning.elasticLimit)
            #expect(abs(shown - expected) < 1e-9)
            previous = shown
            d.release()
            d.settle()
            d.scene.closeRow(id, at: d.time)
            d.settle()
        }
    }

    @Test func buttonsStretchToFillAnOverDrag() {
        let frame = Rect(x: 0, y: 0, width: 480, height: 72)
        let fit = MessagesLayout.buttonFrames(count: 3, in: frame, revealed: 222)
        #expect(fit.map(\.minX) == [258, 332, 406] && fit.allSatisfy { $0.width == 74 })
        let stretched = MessagesLayout.buttonFrames(count: 2, in: frame, revealed: 180)
        #expect(stretched.map(\.width) == [90, 90] && stretched.last?.maxX == 480)
    }

    // MARK: S3

    @Test(arguments: [("m2", MessagesSwipeTests.unreadWidth), ("m3", MessagesSwipeTests.readWidth),
                      ("m4", MessagesSwipeTests.unreadWidth), ("m5", MessagesSwipeTests.readWidth)])
    func halfTheWidthDecides(id: String, width: Double) {
        let index = Int(id.dropFirst())!
        // Just below half: springs closed (SwipeTuning.snapSpring, settling in about 0.36 s).
        let below = MessagesDriver()
        below.swipe(row: index, to: -(width / 2 - 1))
        below.release()
        #expect(below.scene.openRowID == nil)
        below.wait(100)
        #expect(below.offset(id) < 0 && below.offset(id) > -(width / 2 - 1))
        below.settle()
        #expect(below.offset(id) == 0)
        #expect(below.events().isEmpty)

        // Exactly half and just above: springs open.
        for target in [-width / 2, -(width / 2 + 1)] {
            let above = MessagesDriver()
            above.swipe(row: index, to: target)
            above.release()
            #expect(above.scene.openRowID == id)
            #expect(above.events() == ["open-row:\(id)"])
            above.wait(50)
            #expect(above.offset(id) < target && above.offset(id) > -width)
            above.settle()
            #expect(above.offset(id) == -width)
            #expect(!above.scene.needsFrame(at: above.time))
        }
    }

    @Test func aFlickDecidesByItsDirection() {
        // A short fast flick left opens although it travelled far less than half.
        let left = MessagesDriver()
        left.swipe(row: 2, to: -40, steps: 3)  // 13 px per 8 ms ≈ 1700 px/s
        left.release(dt: 8)
        #expect(left.scene.openRowID == "m2")
        left.settle()
        #expect(left.offset("m2") == -Self.unreadWidth)

        // Past half, but flicked back to the right: closes.
        let right = MessagesDriver()
        right.swipe(row: 2, to: -170)
        right.wait(60)  // pause: the earlier leftward motion no longer counts
        let at = right.pointer
        right.moveBy(Point(x: 36, y: 0), from: at, steps: 3)
        #expect(right.offset("m2") == -134)  // still past half of 222
        right.release(dt: 8)
        #expect(right.scene.openRowID == nil)
        right.settle()
        #expect(right.offset("m2") == 0)

        // A slow release (below the flick speed) falls back to the distance rule.
        #expect(SwipeTuning.opensOnRelease(offset: -40, velocity: -250, openWidth: 222) == false)
        #expect(SwipeTuning.opensOnRelease(offset: -150, velocity: 250, openWidth: 222) == true)
        #expect(SwipeTuning.opensOnRelease(offset: -150, velocity: 301, openWidth: 222) == false)
        #expect(SwipeTuning.opensOnRelease(offset: -10, velocity: -301, openWidth: 222) == true)
    }

    // MARK: S4

    private func openedRow(_ index: Int) -> MessagesDriver {
        let d = MessagesDriver()
        d.swipe(row: index, to: -150)
        d.release()
        d.settle()
        #expect(d.scene.openRowID == "m\(index)")
        _ = d.events()
        return d
    }

    @Test(arguments: [-60.0, 60.0])
    func draggingTheOpenRowClosesIt(dx: Double) {
        let d = openedRow(2)
        let start = MessagesDriver.row(2, x: 150)
        d.drag(from: start, by: Point(x: dx, y: 0), steps: 5)  // 12 px steps: the first crosses the slop
        #expect(d.scene.openRowID == nil)
        #expect(d.events() == ["close-row:m2"])
        // Rightwards it follows the pointer (from where the swipe began); leftwards it stays.
        let shown = d.offset("m2")
        if dx > 0 { #expect(shown == -Self.unreadWidth + dx - MessagesDriver.slop) } else { #expect(shown == -Self.unreadWidth) }
        d.release()
        d.settle()
        #expect(d.offset("m2") == 0)
        #expect(d.scene.selectedID == nil)
    }

    @Test func aTapOnTheOpenRowClosesItWithoutSelecting() {
        let d = openedRow(2)
        d.tap(MessagesDriver.row(2, x: 120))
        #expect(d.scene.openRowID == nil)
        #expect(d.scene.selectedID == nil)
        #expect(d.events() == ["close-row:m2"])
        d.settle()
        #expect(d.offset("m2") == 0)
        // A tap on another row while one is open also only closes (the seed's didSelectRow).
        let e = openedRow(2)
        e.tap(MessagesDriver.row(6))
        #expect(e.events() == ["close-row:m2"] && e.scene.selectedID == nil)
    }

    @Test func aTapOnAClosedRowSelectsIt() {
        let d = MessagesDriver()
        d.tap(MessagesDriver.row(4))
        #expect(d.scene.selectedID == "m4")
        #expect(d.events() == ["select:m4"])
        #expect(d.scene.openRowID == nil)
        // The selection is drawn: a tinted background.
        let fills = d.scene.render(at: d.time).commands.compactMap { c -> Color? in
            if case .fillRect(let r, .solid(let color), _) = c, r.height == 72, r.minY == 4 * 72 { return color }
            return nil
        }
        #expect(fills.first == MessagesStyle.selectedBackground)
    }

    @Test func escapeCancelsASwipe() {
        let d = MessagesDriver()
        d.swipe(row: 2, to: -180)
        d.key(.escape)
        #expect(d.scene.openRowID == nil)
        d.settle()
        #expect(d.offset("m2") == 0)
        #expect(d.events().isEmpty)
    }

    // MARK: S6

    @Test func draggingAnotherRowClosesTheOpenOneAndDoesNotOpen() {
        let d = openedRow(2)
        d.swipe(row: 5, to: -140)
        #expect(d.events() == ["close-row:m2"])
        #expect(d.offset("m5") == 0, "the dragged row stays shut")
        d.release(dt: 8)  // even a fast release does not open it
        d.settle()
        #expect(d.scene.openRowID == nil)
        #expect(d.offset("m2") == 0 && d.offset("m5") == 0)
        #expect(d.events().isEmpty)
        // The next press starts afresh.
        d.swipe(row: 5, to: -140)
        d.release()
        #expect(d.scene.openRowID == "m5")
    }

    @Test func openingARowByKeyboardClosesTheOther() {
        let d = openedRow(2)
        d.scene.openRow("m7", at: d.time)
        d.settle()  // what a direct call did comes out of the next tick
        #expect(d.events() == ["close-row:m2", "open-row:m7"])
        #expect(d.offset("m2") == 0 && d.offset("m7") == -Self.readWidth)
    }

    // MARK: S8

    @Test func mostlyVerticalFirstMotionScrollsAndNeverSwipes() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(5, x: 300)
        d.press(start)
        d.move(start + Point(x: -8, y: -14))  // past the slop, mostly vertical
        d.moveBy(Point(x: -150, y: -30), from: start + Point(x: -8, y: -14), steps: 10)
        #expect(d.offset("m5") == 0)
        // The list follows the whole 44 px less the slop along the first motion.
        let lost = 14 * MessagesDriver.slop / Point(x: 8, y: 14).length
        #expect(abs(d.scene.scrollOffset(at: d.time) - (44 - lost)) < 1e-9)
        #expect(d.router.arena.pan.axis == .vertical)
        d.release()
        d.settle()
        #expect(d.scene.openRowID == nil && d.events().isEmpty)
    }

    @Test func mostlyHorizontalFirstMotionSwipesAndNeverScrolls() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(5, x: 400)
        d.press(start)
        d.move(start + Point(x: -14, y: -8))
        d.moveBy(Point(x: -100, y: -200), from: start + Point(x: -14, y: -8), steps: 10)
        let lost = 14 * MessagesDriver.slop / Point(x: 14, y: 8).length
        #expect(abs(d.offset("m5") - -(114 - lost)) < 1e-9)
        #expect(d.scene.scrollOffset(at: d.time) == 0)
        #expect(d.router.arena.pan.axis == .horizontal)
        d.release()
        #expect(d.scene.openRowID == "m5")
    }

    @Test func aHorizontalDragBelowTheRowsDoesNothing() {
        let d = MessagesDriver(count: 3)
        d.drag(from: Point(x: 400, y: 500), by: Point(x: -200, y: 0))
        d.release()
        d.settle()
        #expect(d.scene.openRowID == nil && d.events().isEmpty)
    }
}
