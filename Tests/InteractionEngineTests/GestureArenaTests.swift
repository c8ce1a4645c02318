import Testing
@testable import InteractionEngine

/// Shorthands for synthetic input.
private func down(_ x: Double, _ y: Double, _ t: Millis, _ button: PointerButton = .primary) -> InputEvent {
    InputEvent(.pointerDown(Point(x: x, y: y), button), at: t)
}
private func move(_ x: Double, _ y: Double, _ t: Millis) -> InputEvent {
    InputEvent(.pointerMove(Point(x: x, y: y)), at: t)
}
private func up(_ x: Double, _ y: Double, _ t: Millis, _ button: PointerButton = .primary) -> InputEvent {
    InputEvent(.pointerUp(Point(x: x, y: y), button), at: t)
}

/// Feeds events and ticks in order, collecting everything the arena reports.
private enum Step {
    case input(InputEvent)
    case tick(Millis)
}

private func run(_ arena: inout GestureArena, _ steps: [Step]) -> [GestureEvent] {
    steps.flatMap { step -> [GestureEvent] in
        switch step {
        case .input(let e): arena.handle(e)
        case .tick(let t): arena.tick(at: t)
        }
    }
}

private func names(_ events: [GestureEvent]) -> [String] {
    events.map { event in
        switch event {
        case .pressed: "pressed"
        case .tap: "tap"
        case .holdBegan: "holdBegan"
        case .holdMoved: "holdMoved"
        case .holdEnded: "holdEnded"
        case .panBegan: "panBegan"
        case .panChanged: "panChanged"
        case .panEnded: "panEnded"
        case .cancelled: "cancelled"
        case .released: "released"
        }
    }
}

@Suite struct GestureArenaTests {
    @Test func holdFiresAtItsDeadlineAndIsNoTap() {
        var arena = GestureArena()
        var events = arena.handle(down(100, 100, 0))
        #expect(arena.nextDeadline() == 500)
        events += arena.tick(at: 300)
        #expect(arena.phase == .possible)
        let fired = arena.tick(at: 516) // a late frame: the hold still happened at 500
        #expect(fired == [.holdBegan(at: Point(x: 100, y: 100), time: 500)])
        events += fired
        #expect(arena.phase == .holding && arena.winner == .hold)
        #expect(arena.nextDeadline() == nil)
        events += arena.handle(up(100, 100, 600))
        #expect(names(events) == ["pressed", "holdBegan", "holdEnded"])
        #expect(events.last == .holdEnded(at: Point(x: 100, y: 100), velocity: .zero, time: 600))
        #expect(!arena.isActive && arena.phase == .idle)
    }

    @Test func tickExactlyAtTheDeadlineFiresTheHold() {
        var arena = GestureArena()
        _ = arena.handle(down(0, 0, 1000))
        let r1 = arena.tick(at: 1499.9)
        #expect(r1.isEmpty)
        let r2 = arena.tick(at: 1500)
        #expect(r2 == [.holdBegan(at: .zero, time: 1500)])
    }

    @Test func releaseAfterTheDeadlineWithoutTickStillHolds() {
        var arena = GestureArena()
        let events = run(&arena, [.input(down(5, 5, 0)), .input(up(5, 5, 600))])
        #expect(names(events) == ["pressed", "holdBegan", "holdEnded"])
        #expect(events[1].time == 500)
    }

    @Test func shortPressIsATap() {
        var arena = GestureArena()
        let events = run(&arena, [.input(down(40, 60, 0)), .tick(60), .input(up(41, 61, 120))])
        #expect(events == [.pressed(at: Point(x: 40, y: 60), time: 0), .tap(at: Point(x: 41, y: 61), time: 120)])
        #expect(arena.winner == .tap)
        #expect(!arena.isActive)
    }

    @Test func pressOf450msIsStillATap() {
        var arena = GestureArena()
        let events = run(&arena, [.input(down(0, 0, 0)), .tick(450), .input(up(0, 0, 450))])
        #expect(names(events) == ["pressed", "tap"])
    }

    @Test func quickMoveIsAPanAndNoHold() {
        var arena = GestureArena()
        var events = run(&arena, [
            .input(down(100, 100, 0)),
            .input(move(110, 100, 16)), .input(move(120, 100, 33)), .input(move(130, 100, 50)),
        ])
        #expect(names(events) == ["pressed", "panBegan", "panChanged", "panChanged"]) // 10 px > the 4 px mouse slop
        // Content follows from where the first motion crossed the slop: 10 - 4 px.
        #expect(events[1] == .panBegan(start: Point(x: 100, y: 100), at: Point(x: 110, y: 100),
                                       translation: Point(x: 6, y: 0), axis: .horizontal, time: 16))
        #expect(arena.nextDeadline() == nil)
        let r3 = arena.tick(at: 600)
        #expect(r3.isEmpty)
        #expect(arena.phase == .panning && arena.winner == .pan)
        #expect(arena.hold.state == .failed)
        events = arena.handle(up(130, 100, 600))
        #expect(names(events) == ["panEnded"])
        #expect(events == [.panEnded(at: Point(x: 130, y: 100), translation: Point(x: 26, y: 0),
                                     velocity: .zero, time: 600)])
    }

    @Test func panReportsTranslationAndVelocity() {
        var arena = GestureArena()
        var events = arena.handle(down(0, 0, 0))
        for i in 1...10 { events += arena.handle(move(Double(i) * 8, 0, Double(i) * 8)) } // 1000 px/s
        events += arena.handle(up(80, 0, 80))
        guard case .panChanged(_, let translation, let velocity, _) = events[events.count - 2],
              case .panEnded(_, let endTranslation, let endVelocity, let time) = events.last!
        else { Issue.record("unexpected \(events)"); return }
        #expect(translation == Point(x: 76, y: 0)) // 80 px less the 4 px slop
        #expect(abs(velocity.x - 1000) < 1e-6)
        #expect(endTranslation == Point(x: 76, y: 0))
        #expect(abs(endVelocity.x - 1000) < 1e-6 && endVelocity.y == 0)
        #expect(time == 80)
        #expect(abs(arena.currentVelocity(at: 80).x - 1000) < 1e-6)
    }

    @Test func pauseBeforeReleaseGivesZeroVelocity() {
        var arena = GestureArena()
        var events = arena.handle(down(0, 0, 0))
        for i in 1...10 { events += arena.handle(move(0, Double(i) * 16, Double(i) * 8)) }
        events += arena.handle(up(0, 160, 80 + 60))
        #expect(events.last == .panEnded(at: Point(x: 0, y: 160), translation: Point(x: 0, y: 156),
                                         velocity: .zero, time: 140))
        #expect(arena.currentVelocity(at: 140) == .zero)
    }

    @Test func twelvePixelsBeforeTheDeadlineIsAPan() {
        var arena = GestureArena()
        let events = run(&arena, [
            .input(down(200, 200, 0)), .input(move(200, 212, 450)), .tick(500), .tick(700),
            .input(up(200, 212, 800)),
        ])
        #expect(names(events) == ["pressed", "panBegan", "panEnded"])
        #expect(events[1] == .panBegan(start: Point(x: 200, y: 200), at: Point(x: 200, y: 212),
                                       translation: Point(x: 0, y: 8), axis: .vertical, time: 450))
    }

    @Test func smallWobbleKeepsTheHold() {
        var arena = GestureArena()
        let events = run(&arena, [
            .input(down(0, 0, 0)), .input(move(2, 3, 200)), .tick(500), .input(up(2, 3, 700)),
        ])
        #expect(names(events) == ["pressed", "holdBegan", "holdEnded"])
        #expect(events[1] == .holdBegan(at: Point(x: 2, y: 3), time: 500))
    }

    @Test func anEightPixelWobbleIsAMousePanButAFingerHold() {
        // 8.5 px: past the mouse slop (4), inside the touch slop and the hold's allowable movement (10).
        var mouse = GestureArena()
        let m = run(&mouse, [.input(down(0, 0, 0)), .input(move(6, 6, 200)), .tick(500), .input(up(6, 6, 700))])
        #expect(names(m) == ["pressed", "panBegan", "panEnded"])
        var finger = GestureArena()
        let f = run(&finger, [
            .input(InputEvent(.pointerDown(.zero, .primary), at: 0, pointer: .touch)),
            .input(InputEvent(.pointerMove(Point(x: 6, y: 6)), at: 200, pointer: .touch)), .tick(500),
            .input(InputEvent(.pointerUp(Point(x: 6, y: 6), .primary), at: 700, pointer: .touch)),
        ])
        #expect(names(f) == ["pressed", "holdBegan", "holdEnded"])
        #expect(finger.pointerKind == .touch && finger.pan.slop == 10)
    }

    @Test func escapeMidPanCancels() {
        var arena = GestureArena()
        var events = run(&arena, [.input(down(0, 0, 0)), .input(move(30, 0, 50)), .input(move(40, 0, 60))])
        #expect(arena.phase == .panning)
        events = arena.handle(InputEvent(.key(.escape, []), at: 70))
        #expect(events == [.cancelled(time: 70)])
        #expect(!arena.isActive && arena.phase == .cancelled)
        #expect(arena.pressLocation == nil && arena.winner == nil && arena.nextDeadline() == nil)
        #expect(arena.pan.state == .cancelled)
        // The rest of the cancelled press is ignored.
        let r4 = arena.handle(move(50, 0, 80))
        #expect(r4.isEmpty)
        let r5 = arena.handle(up(50, 0, 90))
        #expect(r5.isEmpty)
        let r6 = arena.tick(at: 1000)
        #expect(r6.isEmpty)
    }

    @Test(arguments: [
        InputEvent(.pointerDown(Point(x: 1, y: 1), .secondary), at: 200),
        InputEvent(.pointerCancel, at: 200),
        InputEvent(.key(.escape, [.shift]), at: 200),
    ])
    func otherCancelsDuringAHold(cancel: InputEvent) {
        var arena = GestureArena()
        let events = run(&arena, [.input(down(0, 0, 0)), .tick(150), .input(cancel), .tick(600)])
        #expect(names(events) == ["pressed", "cancelled"])
        #expect(!arena.isActive)
    }

    @Test func holdThenMoveIsHoldMovementNotAPan() {
        var arena = GestureArena()
        let events = run(&arena, [
            .input(down(100, 100, 0)), .tick(500),
            .input(move(150, 100, 600)), .input(move(100, 180, 650)),
            .input(up(100, 180, 700)),
        ])
        #expect(names(events) == ["pressed", "holdBegan", "holdMoved", "holdMoved", "holdEnded"])
        #expect(events[2] == .holdMoved(to: Point(x: 150, y: 100), translation: Point(x: 50, y: 0), time: 600))
        #expect(events[3] == .holdMoved(to: Point(x: 100, y: 180), translation: Point(x: 0, y: 80), time: 650))
        #expect(arena.pan.state == .failed)
    }

    @Test func moveStampedAfterTheDeadlineFiresTheHoldFirst() {
        var arena = GestureArena()
        let events = run(&arena, [.input(down(0, 0, 0)), .input(move(40, 0, 520))])
        #expect(names(events) == ["pressed", "holdBegan", "holdMoved"])
        #expect(events[1] == .holdBegan(at: .zero, time: 500))
    }

    @Test func holdDisabledLongStillPressIsATap() {
        // No hold can end the tap, so a still press of any length is one (no gap).
        var arena = GestureArena()
        var events = arena.handle(down(0, 0, 0), policy: PressPolicy(mayHold: false))
        #expect(arena.nextDeadline() == nil)
        events += run(&arena, [.tick(500), .tick(1000), .input(up(0, 0, 2000))])
        #expect(events == [.pressed(at: .zero, time: 0), .tap(at: .zero, time: 2000)])
        #expect(arena.winner == .tap)
    }

    @Test func panDisabledMovingPressIsReleased() {
        var arena = GestureArena()
        var events = arena.handle(down(0, 0, 0), policy: PressPolicy(panAxes: nil))
        events += run(&arena, [.input(move(40, 0, 50)), .tick(600), .input(up(40, 0, 700))])
        #expect(names(events) == ["pressed", "released"])
    }

    @Test(arguments: [
        // (dx, dy, expected axis)
        (30.0, 4.0, Axis.horizontal), (-25.0, 12.0, .horizontal),
        (3.0, 30.0, .vertical), (-12.0, -20.0, .vertical),
    ])
    func dominantAxisOfTheFirstMotion(dx: Double, dy: Double, axis: Axis) {
        var arena = GestureArena()
        let events = run(&arena, [
            .input(down(100, 100, 0)), .input(move(100 + dx, 100 + dy, 30)),
            .input(move(100 + dy * 3, 100 + dx * 3, 60)), // later motion does not change the axis
        ])
        guard case .panBegan(_, _, _, let found, _) = events[1] else {
            Issue.record("no pan: \(events)"); return
        }
        #expect(found == axis)
        #expect(arena.pan.axis == axis)
    }

    @Test func horizontalOnlyPanIgnoresAVerticalStart() {
        var arena = GestureArena()
        let horizontal = PressPolicy(panAxes: .horizontal)
        var events = arena.handle(down(0, 0, 0), policy: horizontal)
        events += run(&arena, [.input(move(2, 30, 40))])
        #expect(names(events) == ["pressed"])
        #expect(arena.pan.state == .failed)
        events = run(&arena, [.input(move(60, 30, 80)), .input(up(60, 30, 100))])
        #expect(names(events) == ["released"])
        events = arena.handle(down(0, 0, 200), policy: horizontal)
        events += run(&arena, [.input(move(30, 2, 240))])
        #expect(names(events) == ["pressed", "panBegan"])
    }

    @Test func garbageIsIgnoredOrRecovered() {
        var arena = GestureArena()
        let r7 = arena.handle(move(5, 5, 10))
        #expect(r7.isEmpty)
        let r8 = arena.handle(up(5, 5, 20))
        #expect(r8.isEmpty)
        let r9 = arena.handle(down(5, 5, 30, .secondary))
        #expect(r9.isEmpty)
        let r10 = arena.handle(InputEvent(.key(.escape, []), at: 40))
        #expect(r10.isEmpty)
        let r11 = arena.handle(InputEvent(.hover(.zero), at: 40))
        #expect(r11.isEmpty)
        let r12 = arena.tick(at: 50)
        #expect(r12.isEmpty)
        let r13 = arena.handle(up(5, 5, 60, .secondary))
        #expect(r13.isEmpty)
        #expect(arena.phase == .idle)

        // A second press while one is active cancels the first.
        var events = arena.handle(down(0, 0, 100))
        events += arena.handle(down(50, 50, 150))
        #expect(events == [.pressed(at: .zero, time: 100), .cancelled(time: 150),
                           .pressed(at: Point(x: 50, y: 50), time: 150)])
        #expect(arena.nextDeadline() == 650)
        #expect(arena.pressLocation == Point(x: 50, y: 50))
    }

    @Test func duplicateAndBackwardTimestampsStayFinite() {
        var arena = GestureArena()
        var events = arena.handle(down(0, 0, 100))
        events += arena.handle(move(20, 0, 100))
        events += arena.handle(move(30, 0, 100))
        events += arena.handle(move(40, 0, 90)) // runs backwards: treated as 100
        events += arena.handle(move(50, 0, .nan))
        events += arena.handle(move(.infinity, 0, 110))
        events += arena.handle(up(60, 0, 95))
        #expect(names(events) == ["pressed", "panBegan", "panChanged", "panChanged", "panChanged", "panEnded"])
        for event in events {
            #expect(event.time.isFinite && event.time >= 100)
            switch event {
            case .panChanged(let p, let tr, let v, _), .panEnded(let p, let tr, let v, _):
                #expect(p.isFinite && tr.isFinite && v.isFinite)
            default: break
            }
        }
        #expect(!arena.isActive)
    }

    @Test func customSettingsAreHonoured() {
        let settings = GestureSettings(holdDuration: 300, holdAllowableMovement: 4, mouseSlop: 16, dragStart: .fromPress)
        var arena = GestureArena(settings: settings)
        // 250 ms still press: before the 300 ms hold, a tap.
        var events = run(&arena, [.input(down(0, 0, 0)), .input(up(0, 0, 250))])
        #expect(names(events) == ["pressed", "tap"])
        // A 16 px slop would leave 4-16 px as neither tap, hold nor pan: the slop is capped at 4.
        #expect(settings.slop(for: .mouse) == 4)
        events = run(&arena, [.input(down(0, 0, 1000)), .input(move(8, 0, 1050)), .tick(1400),
                              .input(up(8, 0, 1450))])
        #expect(names(events) == ["pressed", "panBegan", "panEnded"])
        // From the press: the translation is the raw displacement.
        #expect(events[1] == .panBegan(start: .zero, at: Point(x: 8, y: 0), translation: Point(x: 8, y: 0),
                                       axis: .horizontal, time: 1050))
        events = run(&arena, [.input(down(0, 0, 2000)), .tick(2300), .input(up(0, 0, 2350))])
        #expect(names(events) == ["pressed", "holdBegan", "holdEnded"])
        #expect(events[1].time == 2300)
    }
}
