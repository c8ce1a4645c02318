import Testing
@testable import InteractionEngine

/// Scene thresholds that read a release velocity or a distance, straddled from
/// their constants (constant - delta and constant + delta), through real
/// pointer input with synthetic time.
@Suite struct InteractionThresholdTests {
    /// A velocity margin far above the estimator's error (a steady pointer is fitted exactly).
    static let velocityDelta = 1.0

    // MARK: W10: a fling faster than 1300 px/s closes the expanded card

    /// Drags the expanded c3 down at a steady `speed` for 64 ms (well short of half its
    /// height) and releases without a pause; true when it closed.
    static func expandedCardCloses(speed: Double) -> Bool {
        let d = WalletExpandTests.expandedDriver()
        d.clearEvents()
        d.press(240, 300)
        var y = 300.0
        for _ in 1...8 {
            d.advance(8, step: 8)
            y += speed * 8 / 1000
            d.move(240, y)
        }
        d.release(240, y)
        d.settle()
        return d.scene.expandedID == nil && d.names() == ["collapse"]
    }

    @Test func closeFlingStraddle() {
        let v = WalletMetrics.closeFlingVelocity
        #expect(!Self.expandedCardCloses(speed: v - Self.velocityDelta), "just under \(v) px/s springs back")
        #expect(Self.expandedCardCloses(speed: v + Self.velocityDelta), "just over \(v) px/s closes")
    }

    /// Drags the expanded c3 down to exactly `distance` (the pan's corrected
    /// translation), pauses so the release carries no fling, and releases; true when it closed.
    static func expandedCardCloses(distance: Double) -> Bool {
        let d = WalletExpandTests.expandedDriver()
        d.clearEvents()
        d.press(240, 300)
        d.advance(8, step: 8)
        d.move(240, 330)  // past the slop: the pan begins, less the drag-start correction
        let first = Self.dragDistance(d)
        #expect(first != nil && first! > 0 && first! <= 30, "the drag began")
        let correction = 30 - (first ?? 0)
        // Down to `distance` at 625 px/s, well under the close fling (which would close it on the way).
        var y = 330.0
        while y < 300 + correction + distance {
            d.advance(8, step: 8)
            y = min(y + 5, 300 + correction + distance)
            d.move(240, y)
        }
        let reached = Self.dragDistance(d)
        #expect(reached.map { abs($0 - distance) < 1e-9 } == true, "dragged \(String(describing: reached)) px, not \(distance)")
        d.advance(100, step: 8)  // a pause longer than the estimator's 40 ms: no fling
        d.release(240, 300 + correction + distance)
        d.settle()
        return d.scene.expandedID == nil && d.names() == ["collapse"]
    }

    /// How far the expanded card is dragged down now, if it is.
    static func dragDistance(_ d: WalletDriver) -> Double? {
        if case .expanded(let e) = d.scene.mode { e.dragDistance } else { nil }
    }

    /// W10's other rule: released past half the card's height, it closes; short of it, it springs back.
    @Test func dismissDistanceStraddle() {
        let d = WalletExpandTests.expandedDriver()
        let half = d.scene.layout.expandedFrame.height * WalletMetrics().dismissFraction
        let delta = 0.5
        #expect(!Self.expandedCardCloses(distance: half - delta), "released \(half - delta) px down springs back")
        #expect(Self.expandedCardCloses(distance: half + delta), "released \(half + delta) px down closes")
    }

    /// The SPEC's figures, by id: straddling a constant read from the code cannot catch the
    /// constant itself drifting (the close fling set to 2600 px/s), so each is pinned once here.
    @Test func theSpecFiguresAreTheConstants() {
        #expect(WalletMetrics.closeFlingVelocity == 1300, "W10: a fling faster than 1300 px/s closes")
        #expect(WalletMetrics().closeFlingVelocity == WalletMetrics.closeFlingVelocity)
        #expect(WalletMetrics().dismissFraction == 0.5, "W10: released past half the height")
        #expect(MessagesMetrics().snapFraction == 0.5, "S3: at or past half the buttons' width")
        #expect(GridReorder.captureDistance(tileSize: 100) == 50, "G3: within half its width")
        #expect(GestureSettings.standard.minimumFlingVelocity == 50, "Flutter's kMinFlingVelocity")
    }

    // MARK: The minimum fling velocity, through a scene

    /// Drags the wallet stack up, then steadily at `speed` px/s for 200 ms, and releases
    /// without a pause; true when the stack coasts on after the release.
    static func stackCoasts(speed: Double) -> Bool {
        let d = WalletDriver()
        d.press(240, 500)
        d.advance(8, step: 8)
        var y = 470.0
        d.move(240, y)
        for _ in 1...25 {
            d.advance(8, step: 8)
            y -= speed * 8 / 1000
            d.move(240, y)
        }
        d.release(240, y)
        let released = d.offset
        d.advance(300)
        return d.offset != released
    }

    @Test func stackFlingMinimumVelocityStraddle() {
        let minimum = GestureSettings.standard.minimumFlingVelocity
        let delta = 0.5
        #expect(!Self.stackCoasts(speed: minimum - delta), "just under \(minimum) px/s: no fling, the stack stays")
        #expect(Self.stackCoasts(speed: minimum + delta), "just over it: the stack coasts")
    }

    // MARK: S3: a row flick decides by its direction; otherwise half the width decides

    /// Swipes row m2 left at a steady `speed` for 80 ms (24-30 px, far less than
    /// half its buttons) and releases without a pause; true when it opened.
    static func rowOpens(speed: Double) -> Bool {
        let d = MessagesDriver()
        let start = MessagesDriver.row(2, x: 400)
        d.press(start)
        for i in 1...10 {
            d.move(start + Point(x: -speed * Double(i) * d.frame / 1000, y: 0))
        }
        #expect(-d.offset("m2") < MessagesSwipeTests.unreadWidth / 2)
        d.release(dt: d.frame)
        return d.scene.openRowID == "m2"
    }

    @Test func rowFlickVelocityStraddle() {
        let v = SwipeTuning.flickVelocity
        #expect(!Self.rowOpens(speed: v - Self.velocityDelta), "just under the flick speed: the distance rule closes it")
        #expect(Self.rowOpens(speed: v + Self.velocityDelta), "just over it: the leftward flick opens it")
    }

    @Test(arguments: [("m2", MessagesSwipeTests.unreadWidth), ("m3", MessagesSwipeTests.readWidth)])
    func halfWidthSnapStraddle(id: String, width: Double) {
        let index = Int(id.dropFirst())!
        let delta = 0.5
        for (target, opens) in [(-(width / 2 - delta), false), (-(width / 2 + delta), true)] {
            let d = MessagesDriver()
            d.swipe(row: index, to: target)
            #expect(abs(d.offset(id) - target) < 1e-9)
            d.release()  // after a pause: no flick, the distance decides
            #expect((d.scene.openRowID == id) == opens, "released at \(target) of \(width)")
        }
    }

    // MARK: C3: the carousel's active distance

    @Test func carouselActiveDistanceStraddle() {
        let layout = CarouselLayout(options: .standard, itemCount: 16, size: Size(width: 480, height: 150))
        let a = CarouselOptions.standard.activeDistance
        let delta = 0.01
        for d in [a - delta, -(a - delta)] {
            #expect(layout.isActive(distance: d) && layout.alpha(distance: d) == 1 && layout.zoom(distance: d) > 1)
        }
        for d in [a + delta, -(a + delta), a] {
            #expect(!layout.isActive(distance: d))
            #expect(layout.alpha(distance: d) == CarouselOptions.standard.inactiveAlpha && layout.zoom(distance: d) == 1)
        }
    }
}
