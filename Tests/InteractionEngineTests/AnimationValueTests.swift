import Foundation
import Testing
@testable import InteractionEngine

@Suite struct AnimationValueTests {
    @Test func restsUntilAnimated() {
        let v = AnimatedValue(42)
        #expect(v.value(at: 0) == 42 && v.value(at: 1e6) == 42)
        #expect(v.velocity(at: 5) == 0 && !v.isAnimating(at: 5) && v.target == 42)
    }

    @Test func springMatchesSimulationInMilliseconds() {
        var v = AnimatedValue(0)
        v.animate(to: 100, at: 1000, spec: .spring(.smooth))
        let sim = SpringSimulation(spring: .smooth, start: 0, end: 100, velocity: 0)
        for ms in [0.0, 16, 100, 250] {
            #expect(abs(v.value(at: 1000 + ms) - sim.x(ms / 1000)) < 1e-9)
            #expect(abs(v.velocity(at: 1000 + ms) - sim.dx(ms / 1000)) < 1e-9)
        }
        #expect(v.target == 100 && v.isAnimating(at: 1100))
        #expect(v.value(at: 999) == 0) // before the start: the start value
    }

    @Test func retargetIsContinuousInPositionAndVelocity() {
        var v = AnimatedValue(0)
        v.animate(to: 300, at: 0, spec: .spring(.bouncy))
        let before = (x: v.value(at: 120), dx: v.velocity(at: 120))
        v.animate(to: -50, at: 120, spec: .spring(.snappy))
        #expect(abs(v.value(at: 120) - before.x) < 1e-9)
        #expect(abs(v.velocity(at: 120) - before.dx) < 1e-6)
        #expect(v.target == -50)
        // Just after, still close: no jump.
        #expect(abs(v.value(at: 121) - before.x) < abs(before.dx) / 1000 + 1)
    }

    @Test func initialVelocityOverrides() {
        var v = AnimatedValue(0)
        v.animate(to: 100, at: 0, spec: .spring(.smooth), initialVelocity: 3000)
        #expect(abs(v.velocity(at: 0) - 3000) < 1e-6)
    }

    @Test func reduceMotionAndInstantJump() {
        var v = AnimatedValue(0)
        v.animate(to: 100, at: 0, spec: .spring(.smooth), reduceMotion: true)
        #expect(v.value(at: 0) == 100 && !v.isAnimating(at: 0))
        v.animate(to: 7, at: 10, spec: .instant)
        #expect(v.value(at: 10) == 7 && !v.isAnimating(at: 10))
    }

    @Test func settleSnapsExactlyAndReportsChange() {
        var v = AnimatedValue(0)
        v.animate(to: 100, at: 0, spec: .easeInOut(0.25))
        let early = v.settle(at: 100)
        #expect(!early)
        #expect(v.isAnimating(at: 249) && !v.isAnimating(at: 250))
        let done = v.settle(at: 250)
        #expect(done)
        let again = v.settle(at: 300)
        #expect(v.value(at: 250) == 100 && !again)

        var s = AnimatedValue(0)
        s.animate(to: 33.3, at: 0, spec: .spring(.snappy))
        var t = 0.0
        while s.isAnimating(at: t) { t += 16 }
        let settled = s.settle(at: t)
        #expect(settled)
        #expect(s.value(at: t) == 33.3)
    }

    @Test func repeatingTheSameRequestKeepsTheAnimation() {
        var v = AnimatedValue(0)
        v.animate(to: 100, at: 0, spec: .easeOut(0.2))
        let mid = v.value(at: 100)
        v.animate(to: 100, at: 100, spec: .easeOut(0.2))
        #expect(v.value(at: 100) == mid)
        #expect(!v.isAnimating(at: 200)) // not restarted at 100
    }

    @Test func runsADecayToItsRestingPoint() {
        var v = AnimatedValue(0)
        v.run(DecaySimulation(start: 0, velocity: 2000), at: 500)
        #expect(abs(v.target - 999.0) < 0.1)
        #expect(v.isAnimating(at: 1000))
        let settled = v.settle(at: 10_000)
        #expect(settled)
        #expect(v.value(at: 10_000) == v.target)
    }

    @Test func pointAndRectAnimateFromWhereTheyAre() {
        var p = AnimatedPoint(Point(x: 0, y: 0))
        p.animate(to: Point(x: 100, y: -40), at: 0, spec: .spring(.smooth))
        let mid = p.value(at: 80)
        p.animate(to: Point(x: 0, y: 0), at: 80, spec: .spring(.smooth))
        #expect(p.value(at: 80) == mid && p.target == .zero && p.isAnimating(at: 80))
        #expect(p.velocity(at: 80).x > 0)

        var r = AnimatedRect(Rect(x: 0, y: 0, width: 10, height: 10))
        r.animate(to: Rect(x: 50, y: 60, width: 20, height: 30), at: 0, spec: .easeInOut(0.3))
        #expect(r.isAnimating(at: 100) && r.value(at: 0) == Rect(x: 0, y: 0, width: 10, height: 10))
        let settled = r.settle(at: 300)
        #expect(settled)
        #expect(r.value(at: 300) == Rect(x: 50, y: 60, width: 20, height: 30))
        r.animate(to: .zero, at: 300, spec: .spring(.snappy), reduceMotion: true)
        #expect(r.value(at: 300) == .zero)
        r.set(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(r.target == Rect(x: 1, y: 2, width: 3, height: 4))
    }
}
