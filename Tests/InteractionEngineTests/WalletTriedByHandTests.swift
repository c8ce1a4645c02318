import Testing
@testable import InteractionEngine

/// Issue 22, tried by hand: the wallet's edge cases, with synthetic time.
/// Card i rests at top 16 + 100 i in a 480x756 scene; c3's visible strip is 316..416.
@Suite struct WalletTriedByHandTests {
    static let viewport = WalletDriver.size

    /// Lifts c3 and lets the rise finish.
    static func liftedC3() -> WalletDriver {
        let d = WalletDriver()
        d.lift(at: 240, 350)
        d.advance(300)
        #expect(d.scene.liftedID == "c3")
        #expect(d.frame("c3") == Rect(x: 16, y: 286, width: 448, height: 200))
        return d
    }

    // MARK: Item 2: a lifted card stays at least half inside

    /// Carried far below the window, the card keeps its centre inside, auto-scroll runs at
    /// full speed, and on release the card lands in a slot.
    @Test func aCardCarriedBelowTheWindowStaysHalfInside() {
        let d = Self.liftedC3()
        d.drag(from: Point(x: 240, y: 350), to: Point(x: 240, y: 3000), duration: 200, steps: 10)
        d.advance(200)
        let frame = d.frame("c3") ?? .zero
        #expect(frame.midY <= Self.viewport.height + 1e-9, "centre inside: \(frame)")
        #expect(frame.midY >= Self.viewport.height - 1, "held at the edge")
        let before = d.offset
        d.advance(100)
        let speed = (d.offset - before) / 0.1
        #expect(abs(speed - EdgeAutoScroll.defaultMaximumSpeed) < 1, "full speed: \(speed) px/s")
        d.release(240, 3000)
        d.settle()
        let slot = d.scene.index(of: "c3") ?? -1
        #expect(slot > 3)
        #expect(d.frame("c3") == d.scene.layout.stackFrame(index: slot, offset: d.offset), "landed in its slot")
    }

    /// Above the window likewise (the stack scrolled first, so there is room to scroll up).
    @Test func aCardCarriedAboveTheWindowStaysHalfInside() {
        let d = WalletDriver()
        d.wheel(.pixels(dx: 0, dy: 800))
        d.settle()
        d.lift(at: 240, 350)
        let id = d.scene.liftedID ?? ""
        d.drag(from: Point(x: 240, y: 350), to: Point(x: 240, y: -3000), duration: 200, steps: 10)
        d.advance(100)
        let frame = d.frame(id) ?? .zero
        #expect(frame.midY >= -1e-9 && frame.midY <= 1, "centre held at the top edge: \(frame)")
        let before = d.offset
        d.advance(100)
        let speed = (before - d.offset) / 0.1
        #expect(abs(speed - EdgeAutoScroll.defaultMaximumSpeed) < 1, "full speed up: \(speed) px/s")
        d.release(240, -3000)
        d.settle()
        let slot = d.scene.index(of: id) ?? -1
        #expect(d.frame(id) == d.scene.layout.stackFrame(index: slot, offset: d.offset))
    }

    /// Straddles `keepInsideFraction`: a pointer that puts the centre δ inside the edge is
    /// followed exactly; δ beyond, the card stops at the edge.
    @Test func theKeepInsideBoundaryStraddles() {
        let h = WalletMetrics.cardHeight, delta = 2.0
        let edge = Self.viewport.height - h * (1 - WalletMetrics.keepInsideFraction)  // the top at the limit
        for (beyond, clamped) in [(-delta, false), (delta, true)] {
            let d = Self.liftedC3()
            let top = d.frame("c3")?.minY ?? 0  // 286
            let wanted = edge + beyond
            d.move(240, 350 + wanted - top)
            let now = d.frame("c3")?.minY ?? 0
            #expect(clamped ? abs(now - edge) < 1e-9 : abs(now - wanted) < 1e-9, "beyond \(beyond): top \(now)")
        }
    }

    // MARK: Item 3: resize while carrying

    @Test func theLiftedCardFollowsAResizeAtOnce() {
        let d = Self.liftedC3()
        d.send(.resize(Size(width: 400, height: 700)))
        let lifted = d.frame("c3") ?? .zero
        let other = d.frame("c1") ?? .zero
        #expect(other.width == 368, "400 - 2 * 16")
        #expect(lifted.minX == other.minX && lifted.width == other.width, "same column: \(lifted) vs \(other)")
        d.send(.resize(Size(width: 1280, height: 800)))
        let wide = d.frame("c3") ?? .zero
        #expect(wide.width == WalletMetrics.maxCardWidth && wide.minX == d.scene.layout.cardX)
        d.release(240, 350)
        d.settle()
        #expect(d.frame("c3") == d.scene.layout.stackFrame(index: 3, offset: d.offset))
    }

    // MARK: Item 7: wide windows

    /// Straddles `maxCardWidth`: a viewport δ narrower than the cap plus the margins gives
    /// cards the full width; δ wider, the cap holds and the column is centred.
    @Test func theCardWidthCapStraddles() {
        let margins = 2 * WalletMetrics.margin, delta = 2.0
        let narrow = WalletLayout(viewport: Size(width: WalletMetrics.maxCardWidth + margins - delta, height: 756), count: 3)
        #expect(narrow.cardWidth == WalletMetrics.maxCardWidth - delta && narrow.cardX == WalletMetrics.margin)
        let wide = WalletLayout(viewport: Size(width: WalletMetrics.maxCardWidth + margins + delta, height: 756), count: 3)
        #expect(wide.cardWidth == WalletMetrics.maxCardWidth && wide.cardX == WalletMetrics.margin + delta / 2)
        #expect(wide.expandedFrame.minX == wide.cardX && wide.footerFrame(position: 0).midX == wide.stackFrame(index: 0, offset: 0).midX,
                "the expanded card and its footer share the column")
        #expect(WalletLayout(viewport: Size(width: 480, height: 756), count: 3).cardWidth == 448, "480 px windows unchanged")
    }

    // MARK: Item 6: cancel after a long auto-scroll

    /// Escape after auto-scrolling far: the order is restored, the stack scrolls back so
    /// the home slot shows, and the card stays on screen all the way home.
    @Test func cancelAfterALongAutoScrollScrollsHomeIntoView() {
        let d = WalletDriver(count: 40)
        d.lift(at: 240, 350)
        let order = d.order
        d.drag(from: Point(x: 240, y: 350), to: Point(x: 240, y: 900), duration: 200, steps: 10)
        d.advance(3000)
        #expect(d.offset > 1500, "auto-scrolled far: \(d.offset)")
        d.key(.escape)
        #expect(d.order == order)
        #expect(d.names().contains("cancel"))
        let screen = Rect(origin: .zero, size: Self.viewport)
        var frames: [Rect] = []
        d.advance(1500) { frames.append(d.frame("c3") ?? .zero) }
        #expect(frames.allSatisfy { $0.intersects(screen) }, "the card never leaves the screen on its way home")
        let home = d.scene.layout.stackFrame(index: 3, offset: d.offset)
        #expect(home.minY >= 0 && home.maxY <= Self.viewport.height, "home slot visible: \(home), offset \(d.offset)")
        #expect(d.frame("c3") == home)
        #expect(!d.scene.needsFrame(at: d.time))
    }

    // MARK: Item 9: hold feedback

    /// While the hold builds the card shrinks (ease-in), reaching `holdFeedbackScale` at
    /// the deadline; the lift then grows it back from exactly there.
    @Test func theHoldBuildsVisiblyAndCompletesIntoTheLift() {
        let d = WalletDriver()
        d.press(240, 350)
        let rest = d.frame("c3") ?? .zero
        d.advance(250)
        let quarter = d.frame("c3") ?? .zero
        #expect(quarter.width < rest.width && quarter.width > rest.width * WalletMetrics.holdFeedbackScale)
        #expect(quarter.midY == rest.midY && quarter.midX == rest.midX, "about its centre")
        // Straddling the deadline: just before, not yet lifted and not yet fully down.
        let delta = 1000.0 / 60
        d.advance(250 - delta)
        #expect(d.scene.liftedID == nil)
        let before = d.frame("c3") ?? .zero
        #expect(before.width > rest.width * WalletMetrics.holdFeedbackScale)
        d.advance(delta)
        #expect(d.scene.liftedID == "c3")
        let atLift = d.frame("c3") ?? .zero
        #expect(abs(atLift.width - rest.width * WalletMetrics.holdFeedbackScale) < 1e-6, "fully down at the lift")
        #expect(abs(atLift.width - before.width) < 1, "no jump into the lift (one frame of shrinking)")
        d.advance(400)
        #expect(d.frame("c3")?.width == rest.width, "grown back once lifted")
    }

    /// A press that becomes a pan springs back from where the feedback had got to.
    @Test func holdFeedbackIsCancelledCleanlyByAPan() {
        let d = WalletDriver()
        d.press(240, 350)
        d.advance(400)
        let pressed = d.frame("c3") ?? .zero
        d.move(240, 372)
        let after = d.frame("c3") ?? .zero
        #expect(abs(after.width - pressed.width) < 0.1, "no jump when the pan takes over")
        d.release(240, 372)
        d.settle()
        #expect(d.frame("c3")?.width == 448)
        #expect(d.scene.liftedID == nil)
    }

    /// A tap expands from the shrunk frame, without a jump.
    @Test func holdFeedbackIsCancelledCleanlyByATap() {
        let d = WalletDriver()
        d.press(240, 350)
        d.advance(300)
        let pressed = d.frame("c3") ?? .zero
        #expect(pressed.width < 448 - 1)
        d.release(240, 350)
        #expect(d.scene.expandedID == "c3")
        let after = d.frame("c3") ?? .zero
        #expect(abs(after.width - pressed.width) < 0.1 && abs(after.minY - pressed.minY) < 0.1)
    }

    // MARK: Item 9: symmetric swaps

    /// Straddles `swapTravel` in both directions: δ short of it keeps the slot, δ past it trades.
    @Test(arguments: [1.0, -1.0])
    func aSwapTakesTheSameTravelUpAndDown(direction: Double) {
        let delta = 1.0
        for (travel, swaps) in [(WalletMetrics.swapTravel - delta, false), (WalletMetrics.swapTravel + delta, true)] {
            let d = Self.liftedC3()
            d.move(240, 350 + direction * travel)
            let expected = swaps ? 3 + Int(direction) : 3
            #expect(d.scene.index(of: "c3") == expected, "travel \(travel) x \(direction)")
            #expect(d.offset == 0, "no auto-scroll involved")
        }
    }

    /// The same speed at the same depth into either zone; zero just outside either zone.
    @Test func autoScrollHasTheSameCurveAtBothEdges() {
        let length = Self.viewport.height, zone = WalletMetrics.autoScrollZone, delta = 1.0
        func velocity(top: Double) -> Double {
            var lift = WalletLift(id: "x", index: 0, frame: Rect(x: 16, y: top, width: 448, height: 200), pointerY: 0,
                                  at: 0, reduceMotion: true, viewportHeight: length)
            lift.rise = AnimatedValue(0)
            return lift.edgeVelocity(at: 0, edges: .wallet, viewportLength: length)
        }
        let h = WalletMetrics.cardHeight
        // Just outside each zone: nothing; just inside: something.
        #expect(velocity(top: zone + delta) == 0)
        #expect(velocity(top: zone - delta) < 0)
        #expect(velocity(top: length - zone - delta - h) == 0)
        #expect(velocity(top: length - zone + delta - h) > 0)
        for depth in stride(from: 0.0, through: zone, by: 10) {
            let up = velocity(top: zone - depth), down = velocity(top: length - zone + depth - h)
            #expect(abs(up + down) < 1e-9, "depth \(depth): \(up) vs \(down)")
        }
        #expect(velocity(top: 0) == -EdgeAutoScroll.defaultMaximumSpeed)
        #expect(velocity(top: length - h) == EdgeAutoScroll.defaultMaximumSpeed)
    }
}
