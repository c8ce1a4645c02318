import Testing
@testable import InteractionEngine

/// Every boundary between tap, hold and pan, straddled from its constant
/// (constant - delta, the constant itself where it is inclusive, constant + delta),
/// and a sweep showing that no press falls between two gestures.
@Suite struct GestureBoundaryTests {
    static let s = GestureSettings.standard
    /// Small against every constant, large against floating-point error.
    static let delta = 0.01

    enum Outcome: Equatable { case tap, hold, pan, released, none }

    /// One press: down at the origin, one move to `distance` px along `direction`
    /// at `moveAt` ms, ticks every 16 ms, release at `duration` ms where the pointer is.
    static func outcome(distance: Double, duration: Millis, kind: PointerKind = .mouse,
                        direction: Point = Point(x: 1, y: 0), panEnabled: Bool = true,
                        allowedAxes: PanRecognizer.AllowedAxes = .both, moveAt: Millis? = nil) -> Outcome {
        var arena = GestureArena()
        let p = direction * distance
        var events = arena.handle(InputEvent(.pointerDown(.zero, .primary), at: 0, pointer: kind),
                                  policy: PressPolicy(panAxes: panEnabled ? allowedAxes : nil))
        let moveTime = moveAt ?? min(duration, 1) * 0.5
        var t = 0.0
        var moved = false
        while t < duration {
            let next = min(duration, t + 16)
            if !moved, moveTime <= next, distance > 0 {
                events += arena.handle(InputEvent(.pointerMove(p), at: moveTime, pointer: kind))
                moved = true
            }
            events += arena.tick(at: next)
            t = next
        }
        if !moved && distance > 0 { events += arena.handle(InputEvent(.pointerMove(p), at: duration, pointer: kind)) }
        events += arena.handle(InputEvent(.pointerUp(p, .primary), at: duration, pointer: kind))
        let outcomes: [Outcome] = events.compactMap {
            switch $0 {
            case .tap: .tap
            case .holdEnded: .hold
            case .panEnded: .pan
            case .released: .released
            default: nil
            }
        }
        return outcomes.count == 1 ? outcomes[0] : .none
    }

    // MARK: Hold time

    @Test func holdTimeStraddle() {
        let h = Self.s.holdDuration
        #expect(Self.outcome(distance: 0, duration: h - Self.delta) == .tap)
        #expect(Self.outcome(distance: 0, duration: h) == .hold)  // inclusive
        #expect(Self.outcome(distance: 0, duration: h + Self.delta) == .hold)
    }

    @Test func theHoldFiresAtItsDeadlineNotBefore() {
        let h = Self.s.holdDuration
        var arena = GestureArena()
        _ = arena.handle(InputEvent(.pointerDown(.zero, .primary), at: 0))
        #expect(arena.tick(at: h - Self.delta).isEmpty)
        #expect(arena.tick(at: h) == [.holdBegan(at: .zero, time: h)])
    }

    // MARK: Allowable movement (pans ruled out, so only the hold and the tap decide)

    @Test(arguments: [PointerKind.mouse, .touch])
    func allowableMovementStraddle(kind: PointerKind) {
        let m = Self.s.holdAllowableMovement
        let h = Self.s.holdDuration
        for (distance, still) in [(m - Self.delta, true), (m, true), (m + Self.delta, false)] {
            #expect(Self.outcome(distance: distance, duration: h + 100, kind: kind, panEnabled: false)
                    == (still ? .hold : .released), "hold at \(distance) px")
            #expect(Self.outcome(distance: distance, duration: h / 2, kind: kind, panEnabled: false)
                    == (still ? .tap : .released), "tap at \(distance) px")
        }
        // The same across an axis the pan may not take (a vertical list, a sideways wobble).
        #expect(Self.outcome(distance: m, duration: h + 100, kind: kind, allowedAxes: .vertical) == .hold)
        #expect(Self.outcome(distance: m + Self.delta, duration: h + 100, kind: kind, allowedAxes: .vertical) == .released)
    }

    // MARK: Slop, per pointer kind

    @Test(arguments: [PointerKind.mouse, .touch])
    func slopStraddle(kind: PointerKind) {
        let slop = Self.s.slop(for: kind)
        let quick = Self.s.holdDuration / 2
        #expect(Self.outcome(distance: slop - Self.delta, duration: quick, kind: kind) == .tap)
        #expect(Self.outcome(distance: slop, duration: quick, kind: kind) == .tap)  // exclusive: exactly the slop is still
        #expect(Self.outcome(distance: slop + Self.delta, duration: quick, kind: kind) == .pan)
        // Diagonally too: the slop is a circle.
        let diagonal = Point(x: 0.6, y: 0.8)
        #expect(Self.outcome(distance: slop, duration: quick, kind: kind, direction: diagonal) == .tap)
        #expect(Self.outcome(distance: slop + Self.delta, duration: quick, kind: kind, direction: diagonal) == .pan)
        // A move past the slop just before the deadline is a pan; just after, the hold has won.
        let h = Self.s.holdDuration
        #expect(Self.outcome(distance: slop + Self.delta, duration: h + 100, kind: kind, moveAt: h - Self.delta) == .pan)
        #expect(Self.outcome(distance: slop + Self.delta, duration: h + 100, kind: kind, moveAt: h) == .hold)
    }

    @Test func theSlopsAreTheSettings() {
        #expect(Self.s.slop(for: .mouse) == Self.s.mouseSlop && Self.s.mouseSlop == 4)
        #expect(Self.s.slop(for: .touch) == Self.s.touchSlop && Self.s.touchSlop == 10)
        #expect(Self.s.touchSlop <= Self.s.holdAllowableMovement && Self.s.mouseSlop <= Self.s.holdAllowableMovement)
    }

    // MARK: No gap

    /// Every distance from 0 to 20 px in 0.25 px steps and every duration from
    /// 0 to 1 s in 25 ms steps ends as exactly one of tap, hold or pan, for
    /// both pointer kinds (the quick 10 px press of the old rules included).
    @Test(arguments: [PointerKind.mouse, .touch])
    func everyPressIsExactlyOneGesture(kind: PointerKind) {
        var counts: [String: Int] = [:]
        for step in 0...80 {
            let distance = Double(step) * 0.25
            for d in 0...40 {
                let duration = Double(d) * 25
                let o = Self.outcome(distance: distance, duration: duration, kind: kind)
                #expect(o == .tap || o == .hold || o == .pan, "\(distance) px, \(duration) ms: \(o)")
                counts["\(o)", default: 0] += 1
            }
        }
        #expect(counts["tap", default: 0] > 0 && counts["hold", default: 0] > 0 && counts["pan", default: 0] > 0)
        #expect(Self.outcome(distance: 10, duration: 100, kind: kind) != .none)
    }

    // MARK: Minimum fling velocity

    /// A pan at a constant `speed` (px/s) released without a pause: its release velocity.
    static func releaseVelocity(speed: Double) -> Point {
        var arena = GestureArena()
        var events = arena.handle(InputEvent(.pointerDown(.zero, .primary), at: 0))
        var p = Point.zero
        // Cross the slop first (a 20 px jump), then move steadily for 200 ms.
        p = Point(x: 20, y: 0)
        events += arena.handle(InputEvent(.pointerMove(p), at: 8))
        for i in 1...25 {
            p = Point(x: 20 + speed * Double(i) * 8 / 1000, y: 0)
            events += arena.handle(InputEvent(.pointerMove(p), at: 8 + Double(i) * 8))
        }
        events += arena.handle(InputEvent(.pointerUp(p, .primary), at: 8 + 25 * 8))
        guard case .panEnded(_, _, let v, _) = events.last else { return Point(x: .nan, y: .nan) }
        return v
    }

    @Test func minimumFlingVelocityStraddle() {
        let minimum = Self.s.minimumFlingVelocity
        #expect(Self.releaseVelocity(speed: minimum - Self.delta) == .zero)
        #expect(Self.releaseVelocity(speed: minimum) == .zero)  // exclusive: exactly the minimum is no fling
        let v = Self.releaseVelocity(speed: minimum + Self.delta)
        #expect(abs(v.x - (minimum + Self.delta)) < 1e-6)
        #expect(Self.s.flingVelocity(Point(x: 0, y: -(minimum + Self.delta))) == Point(x: 0, y: -(minimum + Self.delta)))
        #expect(Self.s.flingVelocity(Point(x: 3 * minimum / 5, y: 4 * minimum / 5 - Self.delta)) == .zero)
    }

    @Test func releasesAreClampedToTheMaximumFlingVelocity() {
        let maximum = Self.s.maximumFlingVelocity
        let v = Self.releaseVelocity(speed: 3 * maximum)
        #expect(abs(v.length - maximum) < 1e-6)
        #expect(Self.s.flingVelocity(Point(x: maximum - Self.delta, y: 0)) == Point(x: maximum - Self.delta, y: 0))
    }

    // MARK: Drag start

    @Test(arguments: [PointerKind.mouse, .touch])
    func aLargeFirstMotionIsFollowedLessTheSlop(kind: PointerKind) {
        let slop = Self.s.slop(for: kind)
        var arena = GestureArena()
        _ = arena.handle(InputEvent(.pointerDown(Point(x: 50, y: 50), .primary), at: 0, pointer: kind))
        let began = arena.handle(InputEvent(.pointerMove(Point(x: 50 + 24, y: 50 + 32)), at: 8, pointer: kind)) // 40 px
        guard case .panBegan(_, _, let translation, _, _) = began.last else { Issue.record("\(began)"); return }
        #expect(abs(translation.length - (40 - slop)) < 1e-9)
        #expect(abs(translation.x - 24 * (40 - slop) / 40) < 1e-9)
        let changed = arena.handle(InputEvent(.pointerMove(Point(x: 50 + 24, y: 50 + 132)), at: 16, pointer: kind))
        guard case .panChanged(_, let t2, _, _) = changed.last else { Issue.record("\(changed)"); return }
        #expect(abs(t2.y - (132 - 32 * slop / 40)) < 1e-9, "1:1 from then on")
    }

    // MARK: A press that catches moving content

    @Test func aCaughtPressNeverTapsOrHoldsButMayPan() {
        var arena = GestureArena()
        _ = arena.handle(InputEvent(.pointerDown(.zero, .primary), at: 0), policy: PressPolicy(catchesMotion: true))
        #expect(arena.caughtMotion && arena.nextDeadline() == nil)
        var events = arena.tick(at: 2000)
        events += arena.handle(InputEvent(.pointerUp(.zero, .primary), at: 2000))
        #expect(events == [.released(at: .zero, time: 2000)])

        _ = arena.handle(InputEvent(.pointerDown(.zero, .primary), at: 3000))
        #expect(!arena.caughtMotion, "the rule lasts one press")
        arena.catchMotion()
        events = arena.handle(InputEvent(.pointerMove(Point(x: 30, y: 0)), at: 3010))
        events += arena.handle(InputEvent(.pointerUp(Point(x: 30, y: 0), .primary), at: 3100))
        #expect(events.contains { if case .panEnded = $0 { true } else { false } })
    }
}
