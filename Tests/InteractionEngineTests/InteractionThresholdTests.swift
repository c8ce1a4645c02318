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
