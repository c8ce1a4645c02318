import Testing
@testable import InteractionEngine

@Suite struct GestureRecognizerTests {
    @Test func settingsDefaults() {
        let s = GestureSettings.standard
        #expect(s.holdDuration == 500)
        #expect(s.holdAllowableMovement == 10)
        #expect(s.mouseSlop == 4 && s.touchSlop == 10)
        #expect(s.slop(for: .mouse) == 4 && s.slop(for: .touch) == 10)
        #expect(s.dragStart == .fromSlopCrossing)
        #expect(s.minimumFlingVelocity == 50 && s.maximumFlingVelocity == 8000)
        #expect(s == GestureSettings())
    }

    @Test func tapStates() {
        var tap = TapRecognizer()
        #expect(tap.state == .idle)
        tap.pressBegan(at: .zero, time: 0)
        #expect(tap.state == .possible)
        tap.pointerMoved(to: Point(x: 9, y: 0), time: 50)
        #expect(tap.state == .possible)
        tap.released(at: Point(x: 9, y: 0), time: 100)
        #expect(tap.state == .ended)

        tap.pressBegan(at: .zero, time: 0)
        tap.pointerMoved(to: Point(x: 6, y: 8), time: 50) // exactly 10 px: still a tap
        #expect(tap.state == .possible)
        tap.pointerMoved(to: Point(x: 6, y: 8.01), time: 55)
        #expect(tap.state == .failed)
        tap.released(at: .zero, time: 60)
        #expect(tap.state == .failed)

        tap.pressBegan(at: .zero, time: 0)
        tap.released(at: .zero, time: 5000) // no deadline of its own: the hold ends it in the arena
        #expect(tap.state == .ended)

        tap.reset()
        tap.released(at: .zero, time: 10) // no press: stays idle
        #expect(tap.state == .idle)
    }

    @Test func holdStates() {
        var hold = HoldRecognizer()
        #expect(hold.deadline == nil)
        hold.pressBegan(at: Point(x: 10, y: 10), time: 100)
        #expect(hold.state == .possible && hold.deadline == 600)
        hold.pointerMoved(to: Point(x: 20, y: 10), time: 200) // exactly 10 px: allowed
        let r1 = hold.tick(at: 599)
        #expect(!r1)
        let r2 = hold.tick(at: 700)
        #expect(r2)
        #expect(hold.state == .began && hold.beganTime == 600 && hold.deadline == nil)
        let r3 = hold.tick(at: 800)
        #expect(!r3)
        hold.pointerMoved(to: Point(x: 60, y: 10), time: 800)
        #expect(hold.state == .changed && hold.translation == Point(x: 50, y: 0))
        hold.released(at: Point(x: 60, y: 10), time: 900)
        #expect(hold.state == .ended)

        hold.pressBegan(at: .zero, time: 0)
        hold.pointerMoved(to: Point(x: 10.5, y: 0), time: 100)
        let r4 = hold.tick(at: 1000)
        #expect(hold.state == .failed && hold.deadline == nil && !r4)

        hold.pressBegan(at: .zero, time: 0)
        hold.released(at: .zero, time: 300)
        #expect(hold.state == .failed)

        hold.pressBegan(at: .zero, time: 0)
        hold.released(at: .zero, time: 500) // a late release still fires the hold first
        #expect(hold.state == .ended && hold.beganTime == 500)
    }

    @Test func panStates() {
        var pan = PanRecognizer()
        pan.pressBegan(at: Point(x: 100, y: 100), time: 0, kind: .touch)
        pan.pointerMoved(to: Point(x: 106, y: 108), time: 16) // exactly the 10 px touch slop: not yet
        #expect(pan.state == .possible && pan.axis == nil)
        pan.pointerMoved(to: Point(x: 112, y: 116), time: 24) // 20 px along the same line
        #expect(pan.state == .began && pan.axis == .vertical)
        #expect(pan.rawTranslation == Point(x: 12, y: 16))
        #expect(pan.translation == Point(x: 6, y: 8)) // less the slop along the first motion
        pan.pointerMoved(to: Point(x: 150, y: 115), time: 32)
        #expect(pan.state == .changed && pan.axis == .vertical)
        #expect(pan.translation == Point(x: 44, y: 7))
        pan.released(at: Point(x: 150, y: 115), time: 40)
        #expect(pan.state == .ended)

        pan.pressBegan(at: .zero, time: 0)
        pan.released(at: .zero, time: 10)
        #expect(pan.state == .failed)
        pan.reset()
        #expect(pan.state == .idle && pan.startLocation == nil)
    }

    @Test(arguments: [
        (PanRecognizer.AllowedAxes.horizontal, Point(x: 20, y: 5), GestureRecognizerState.began),
        (.horizontal, Point(x: 5, y: 20), .failed),
        (.vertical, Point(x: 5, y: 20), .began),
        (.vertical, Point(x: -20, y: 5), .failed),
        (.both, Point(x: -20, y: 5), .began),
    ])
    func panAllowedAxes(axes: PanRecognizer.AllowedAxes, to point: Point, expected: GestureRecognizerState) {
        var pan = PanRecognizer(allowedAxes: axes)
        pan.pressBegan(at: .zero, time: 0)
        pan.pointerMoved(to: point, time: 20)
        #expect(pan.state == expected)
    }

    @Test func dominantAxisTable() {
        #expect(PanRecognizer.dominantAxis(of: Point(x: 11, y: 10)) == .horizontal)
        #expect(PanRecognizer.dominantAxis(of: Point(x: -3, y: 11)) == .vertical)
        #expect(PanRecognizer.dominantAxis(of: Point(x: 8, y: -8)) == .horizontal) // tie
    }

    @Test func cancelFromEachActiveState() {
        var tap = TapRecognizer(), hold = HoldRecognizer(), pan = PanRecognizer()
        tap.pressBegan(at: .zero, time: 0)
        hold.pressBegan(at: .zero, time: 0)
        hold.tick(at: 500)
        pan.pressBegan(at: .zero, time: 0)
        pan.pointerMoved(to: Point(x: 30, y: 0), time: 10)
        tap.cancel(); hold.cancel(); pan.cancel()
        #expect(tap.state == .cancelled && hold.state == .cancelled && pan.state == .cancelled)
        let r5 = hold.tick(at: 1000)
        #expect(!r5)
    }
}
