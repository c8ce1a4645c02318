import Foundation
import Testing
@testable import InteractionEngine

/// Ticks `axis` every 16.67 ms from `start` until it stops animating (or 20 s
/// pass) and returns the offsets seen while it moved.
private func runFrames(_ axis: inout ScrollAxis, from start: Millis) -> (end: Millis, offsets: [Double]) {
    var t = start
    var offsets: [Double] = []
    while axis.isAnimating(at: t), t < start + 20_000 {
        t += 1000.0 / 60
        offsets.append(axis.offset(at: t))
        axis.tick(at: t)
    }
    return (t, offsets)
}

/// Offset travelled by a decay at rate 0.998 for an offset velocity `v`.
private func decayDistance(_ v: Double, rate: Double = 0.998) -> Double {
    v / (-1000 * log(rate))
}

@Suite struct ScrollAxisTests {
    static func list() -> ScrollAxis {
        ScrollAxis(viewportLength: 600, contentLength: 3000)
    }

    @Test func bounds() {
        var axis = Self.list()
        #expect(axis.minOffset == 0 && axis.maxOffset == 2400)
        axis.leadingInset = 100
        axis.trailingInset = 50
        #expect(axis.minOffset == -100 && axis.maxOffset == 2450)
        let short = ScrollAxis(viewportLength: 600, contentLength: 200)
        #expect(short.maxOffset == short.minOffset)
    }

    @Test func dragInsideBoundsFollowsOneToOne() {
        var axis = Self.list()
        axis.scroll(to: 500, at: 0, animated: false)
        axis.beginDrag(at: 10)
        #expect(axis.isDragging)
        axis.drag(translation: -120, at: 20)
        #expect(axis.offset(at: 20) == 620)
        axis.drag(translation: 80, at: 30)
        #expect(axis.offset(at: 30) == 420)
        #expect(axis.overscroll(at: 30) == 0)
    }

    @Test(arguments: [50.0, 200.0, 600.0, 5000.0])
    func dragPastTheTopIsRubberBanded(pull: Double) {
        var axis = Self.list()
        axis.beginDrag(at: 0)
        axis.drag(translation: pull, at: 16)
        let expected = -(1 - 1 / (pull * 0.55 / 600 + 1)) * 600
        #expect(abs(axis.offset(at: 16) - expected) < 1e-9)
        #expect(axis.overscroll(at: 16) < 0 && axis.overscroll(at: 16) > -600)
    }

    @Test func dragPastTheEndIsRubberBanded() {
        var axis = Self.list()
        axis.scroll(to: 2300, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.drag(translation: -400, at: 16)
        let expected = 2400 + (1 - 1 / (300 * 0.55 / 600 + 1)) * 600
        #expect(abs(axis.offset(at: 16) - expected) < 1e-9)
        #expect(axis.overscroll(at: 16) > 0)
    }

    @Test func noBouncesClampsTheDrag() {
        var axis = Self.list()
        axis.bounces = false
        axis.beginDrag(at: 0)
        axis.drag(translation: 300, at: 16)
        #expect(axis.offset(at: 16) == 0)
    }

    @Test(arguments: [0.0, 3000.0, 1e6, -100.0])
    func releaseInOverscrollSpringsBackExactly(pointerVelocity: Double) {
        var axis = Self.list()
        axis.beginDrag(at: 0)
        axis.drag(translation: 250, at: 100)
        axis.endDrag(velocity: pointerVelocity, at: 100)
        let run = runFrames(&axis, from: 100)
        #expect(run.offsets.allSatisfy { $0.isFinite })
        #expect(!axis.isAnimating(at: run.end))
        #expect(axis.offset(at: run.end) == 0)
        // Never thrown wildly out: within a viewport of the bound.
        #expect(run.offsets.allSatisfy { abs($0) < 600 })
        if pointerVelocity == 0 {
            // Critically damped from rest: approaches the bound without crossing it.
            #expect(run.offsets.allSatisfy { $0 <= 1e-9 })
        }
    }

    @Test(arguments: [-2500.0, -1e6])
    func throwInFromOverscrollFlingsIntoTheContent(pointerVelocity: Double) {
        var axis = Self.list()
        axis.beginDrag(at: 0)
        axis.drag(translation: 250, at: 100)
        let x = axis.offset(at: 100)
        axis.endDrag(velocity: pointerVelocity, at: 100)
        let expected = min(x + decayDistance(-pointerVelocity), 2400)
        let run = runFrames(&axis, from: 100)
        #expect(abs(axis.offset(at: run.end) - expected) < 0.5)
        #expect(run.offsets.allSatisfy { $0.isFinite && $0 < 2400 + 600 })
    }

    @Test func dragStartingInOverscrollDoesNotJump() {
        var axis = Self.list()
        axis.beginDrag(at: 0)
        axis.drag(translation: 300, at: 50)
        axis.endDrag(velocity: 0, at: 50)
        let caught = axis.offset(at: 120)
        #expect(caught < 0)
        axis.beginDrag(at: 120)
        #expect(!axis.isAnimating(at: 120))
        axis.drag(translation: 0, at: 130)
        #expect(abs(axis.offset(at: 130) - caught) < 1e-6)
        axis.drag(translation: 40, at: 140)
        #expect(axis.offset(at: 140) < caught) // still pulls further out, banded
    }

    @Test(arguments: [500.0, 2000.0, 3500.0, -1200.0])
    func freeFlingEndsAtItsProjection(offsetVelocity: Double) {
        var axis = ScrollAxis(viewportLength: 600, contentLength: 100_000)
        axis.scroll(to: 5000, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -offsetVelocity, at: 0)
        let projected = 5000 + decayDistance(offsetVelocity)
        #expect(abs(axis.projectedRestingOffset(at: 0) - projected) < 1e-6)
        let run = runFrames(&axis, from: 0)
        #expect(abs(axis.offset(at: run.end) - projected) < 0.5)
        // The last moving frame was already within half a pixel: no visible snap.
        #expect(abs(run.offsets[run.offsets.count - 2] - projected) < 0.5)
        // Monotonic, as a decay should be.
        let deltas = zip(run.offsets.dropFirst(), run.offsets).map { $0 - $1 }
        #expect(deltas.allSatisfy { $0 * offsetVelocity >= 0 })
    }

    @Test func twoThousandPixelFlingTravels999() {
        var axis = ScrollAxis(viewportLength: 600, contentLength: 10_000)
        axis.beginDrag(at: 0)
        axis.drag(translation: -10, at: 16)
        axis.endDrag(velocity: -2000, at: 16)
        #expect(abs(axis.projectedRestingOffset(at: 16) - 1009.0) < 0.1)
        let run = runFrames(&axis, from: 16)
        #expect(abs(axis.offset(at: run.end) - axis.projectedRestingOffset(at: run.end)) < 0.5)
        #expect(abs(axis.offset(at: run.end) - (10 + decayDistance(2000))) < 0.5)
    }

    @Test(arguments: [true, false])
    func flingPastTheEndBouncesOrStops(bounces: Bool) {
        var axis = Self.list()
        axis.bounces = bounces
        axis.scroll(to: 2000, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -3000, at: 0)
        #expect(axis.projectedRestingOffset(at: 0) == 2400)
        let run = runFrames(&axis, from: 0)
        #expect(axis.offset(at: run.end) == 2400)
        #expect(!axis.isAnimating(at: run.end))
        let peak = run.offsets.max()!
        if bounces {
            #expect(peak > 2400 && peak < 2500)
        } else {
            #expect(peak == 2400)
        }
        #expect(run.offsets.allSatisfy { $0.isFinite })
    }

    @Test func bounceTakesOverAtTheClosedFormCrossing() throws {
        var axis = Self.list()
        axis.scroll(to: 2000, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -3000, at: 0)
        let decay = DecaySimulation(start: 2000, velocity: 3000)
        let crossing = try #require(decay.time(toReach: 2400)) * 1000
        #expect(abs(axis.offset(at: crossing - 5) - decay.x((crossing - 5) / 1000)) < 1e-9)
        #expect(abs(axis.offset(at: crossing) - 2400) < 1e-9)
        // Velocity continuous across the switch.
        let vBefore = axis.velocity(at: crossing - 1e-3), vAfter = axis.velocity(at: crossing + 1e-3)
        #expect(abs(vBefore - vAfter) < 1)
    }

    @Test func hugeFlingStaysFiniteAndBounded() {
        var axis = Self.list()
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -1e7, at: 0)
        let run = runFrames(&axis, from: 0)
        #expect(run.offsets.allSatisfy { $0.isFinite && $0 < 2400 + 600 })
        #expect(axis.offset(at: run.end) == 2400)
    }

    static let snapVelocities: [Double] = [-9000, -4000, -2000, -900, -300, -40, 0, 25, 150, 700, 1500, 3000, 8000]

    @Test(arguments: [0.0, 700.0, 1301.0, 2560.0])
    func snapEndsOnAMultipleNearestTheProjection(startOffset: Double) {
        for pointerVelocity in Self.snapVelocities {
            var axis = ScrollAxis(viewportLength: 640, contentLength: 64 * 50,
                                  snap: ScrollAxis.snapToMultiples(of: 64))
            axis.scroll(to: startOffset, at: 0, animated: false)
            axis.beginDrag(at: 0)
            axis.drag(translation: -21, at: 40)
            let x = axis.offset(at: 40)
            axis.endDrag(velocity: pointerVelocity, at: 40)
            let projection = x + decayDistance(-pointerVelocity)
            let expected = min(max((projection / 64).rounded() * 64, 0), 2560)
            #expect(axis.projectedRestingOffset(at: 40) == expected)
            let run = runFrames(&axis, from: 40)
            let end = axis.offset(at: run.end)
            #expect(end == expected, "start \(startOffset) v \(pointerVelocity)")
            #expect(end.truncatingRemainder(dividingBy: 64) == 0)
            #expect(run.offsets.allSatisfy { $0.isFinite })
        }
    }

    @Test func snapWithInsetsCentresFirstAndLastItems() {
        // Items 200 px wide in a 1000 px viewport: insets of 400 centre the ends.
        var axis = ScrollAxis(viewportLength: 1000, contentLength: 200 * 10,
                              leadingInset: 400, trailingInset: 400,
                              snap: ScrollAxis.snapToMultiples(of: 200, origin: -400))
        #expect(axis.minOffset == -400 && axis.maxOffset == 1400)
        axis.scroll(to: -400, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: 50_000, at: 0)
        _ = runFrames(&axis, from: 0)
        #expect(axis.offset(at: 20_000) == -400)
    }

    @Test func wheelStepsAccumulateAndClamp() {
        var axis = Self.list()
        axis.wheel(steps: 1, at: 0)
        axis.wheel(steps: 1, at: 20)
        axis.wheel(steps: 2, at: 40)
        #expect(axis.projectedRestingOffset(at: 40) == 240)
        let run = runFrames(&axis, from: 40)
        #expect(axis.offset(at: run.end) == 240)
        // Past the start: clamped, no motion.
        axis.scroll(to: 0, at: run.end, animated: false)
        axis.wheel(steps: -3, at: run.end)
        #expect(axis.offset(at: run.end + 500) == 0)
        // Towards the end: clamped to maxOffset.
        axis.wheel(steps: 100, at: 10_000)
        #expect(axis.projectedRestingOffset(at: 10_000) == 2400)
        let end = runFrames(&axis, from: 10_000)
        #expect(axis.offset(at: end.end) == 2400)
        #expect(end.offsets.allSatisfy { $0 <= 2400 + 1e-6 })
    }

    @Test func wheelStepsThroughSnapMoveAtLeastOneItem() {
        var axis = ScrollAxis(viewportLength: 640, contentLength: 3200, wheelStep: 20,
                              snap: ScrollAxis.snapToMultiples(of: 64))
        axis.wheel(steps: 1, at: 0)
        #expect(axis.projectedRestingOffset(at: 0) == 64)
        axis.wheel(steps: 1, at: 30)
        #expect(axis.projectedRestingOffset(at: 30) == 128)
        axis.wheel(steps: -1, at: 60)
        #expect(axis.projectedRestingOffset(at: 60) == 64)
        let run = runFrames(&axis, from: 60)
        #expect(axis.offset(at: run.end) == 64)
    }

    @Test func smoothWheelMovesDirectlyThenSnapsWhenIdle() {
        var axis = ScrollAxis(viewportLength: 640, contentLength: 3200,
                              snap: ScrollAxis.snapToMultiples(of: 64))
        axis.wheel(pixels: 40, at: 0)
        axis.wheel(pixels: 60, at: 16)
        #expect(axis.offset(at: 16) == 100)
        axis.tick(at: 100)
        #expect(axis.offset(at: 100) == 100 && axis.isAnimating(at: 100))
        axis.tick(at: 166)
        #expect(axis.projectedRestingOffset(at: 166) == 128)
        let run = runFrames(&axis, from: 166)
        #expect(axis.offset(at: run.end) == 128)

        var free = Self.list()
        free.wheel(pixels: -50, at: 0)
        #expect(free.offset(at: 0) == 0) // clamped, no rubber band
        free.wheel(pixels: 5000, at: 10)
        #expect(free.offset(at: 10) == 2400)
        free.tick(at: 500)
        #expect(!free.isAnimating(at: 500))
    }

    @Test func catchingAFlingStopsItWhereItIs() {
        var axis = ScrollAxis(viewportLength: 600, contentLength: 100_000)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -3000, at: 0)
        let there = axis.offset(at: 200)
        axis.beginDrag(at: 200)
        #expect(!axis.isAnimating(at: 200) && axis.offset(at: 400) == there)
        axis.endDrag(velocity: 0, at: 400)
        #expect(!axis.isAnimating(at: 400) && axis.offset(at: 1000) == there)
    }

    @Test func stopFreezes() {
        var axis = Self.list()
        axis.scroll(to: 1000, at: 0, animated: true)
        let mid = axis.offset(at: 100)
        axis.stop(at: 100)
        #expect(axis.offset(at: 900) == mid && !axis.isAnimating(at: 100))
    }

    @Test func scrollToIsClampedAndAnimated() {
        var axis = Self.list()
        axis.scroll(to: 9999, at: 0, animated: true)
        #expect(axis.isAnimating(at: 10))
        let run = runFrames(&axis, from: 0)
        #expect(axis.offset(at: run.end) == 2400)
        axis.scroll(to: -5, at: run.end, animated: false)
        #expect(axis.offset(at: run.end) == 0)
    }

    @Test func reduceMotionIsInstant() {
        var axis = Self.list()
        axis.reduceMotion = true
        axis.scroll(to: 700, at: 0, animated: true)
        #expect(axis.offset(at: 0) == 700 && !axis.isAnimating(at: 0))
        axis.wheel(steps: 2, at: 10)
        #expect(axis.offset(at: 10) == 820)
        axis.beginDrag(at: 20)
        axis.endDrag(velocity: -2000, at: 30)
        #expect(abs(axis.offset(at: 30) - (820 + decayDistance(2000))) < 1e-9)
        #expect(!axis.isAnimating(at: 30))
        axis.beginDrag(at: 40)
        axis.endDrag(velocity: -50_000, at: 50)
        #expect(axis.offset(at: 50) == 2400)
        axis.scroll(to: 0, at: 60, animated: false)
        axis.beginDrag(at: 60)
        axis.drag(translation: 200, at: 70)
        axis.endDrag(velocity: 0, at: 80)
        #expect(axis.offset(at: 80) == 0 && !axis.isAnimating(at: 80))
    }

    @Test func shrinkingContentAnimatesBackInside() {
        var axis = Self.list()
        axis.scroll(to: 2400, at: 0, animated: false)
        axis.setContent(length: 1000, viewport: 600, at: 10)
        #expect(axis.maxOffset == 400 && axis.isAnimating(at: 10))
        let run = runFrames(&axis, from: 10)
        #expect(axis.offset(at: run.end) == 400)
        #expect(run.offsets.allSatisfy { $0.isFinite })
        axis.setContent(length: 10, viewport: 600, at: run.end)
        let again = runFrames(&axis, from: run.end)
        #expect(axis.offset(at: again.end) == 0)
        axis.setContent(length: .nan, viewport: .infinity, at: again.end)
        #expect(axis.offset(at: again.end + 1000).isFinite)
    }

    @Test func shrinkingContentDuringAFlingReplans() {
        var axis = Self.list()
        axis.scroll(to: 1000, at: 0, animated: false)
        axis.beginDrag(at: 0)
        axis.endDrag(velocity: -2000, at: 0)
        axis.setContent(length: 1400, viewport: 600, at: 50)
        let run = runFrames(&axis, from: 50)
        #expect(axis.offset(at: run.end) == 800)
    }

    /// Replays one scripted session and records every frame.
    private static func session() -> [Double] {
        var axis = ScrollAxis(viewportLength: 640, contentLength: 5000,
                              snap: ScrollAxis.snapToMultiples(of: 64))
        var frames: [Double] = []
        func frame(_ t: Millis) { axis.tick(at: t); frames.append(axis.offset(at: t)); frames.append(axis.velocity(at: t)) }
        axis.beginDrag(at: 0)
        for i in 1...10 { axis.drag(translation: Double(-i * 13), at: Double(i) * 8); frame(Double(i) * 8) }
        axis.endDrag(velocity: -1750, at: 80)
        for i in 0..<40 { frame(80 + Double(i) * 16.67) }
        axis.wheel(steps: 3, at: 760)
        for i in 0..<30 { frame(760 + Double(i) * 16.67) }
        axis.beginDrag(at: 1300)
        axis.drag(translation: 5000, at: 1320)
        axis.endDrag(velocity: 4000, at: 1340)
        for i in 0..<80 { frame(1340 + Double(i) * 16.67) }
        return frames
    }

    @Test func deterministic() {
        let a = Self.session(), b = Self.session()
        #expect(a == b)
        #expect(a.allSatisfy { $0.isFinite })
    }

    /// Random sessions (a fixed linear congruential generator) never produce a
    /// non-finite offset and always come to rest inside the bounds.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSessionsEndInBounds(seed: UInt64) {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let unit = Double(state >> 11) / Double(1 << 53)
            return range.lowerBound + unit * (range.upperBound - range.lowerBound)
        }
        var axis = ScrollAxis(viewportLength: 500, contentLength: 4000, leadingInset: 30,
                              snap: seed.isMultiple(of: 2) ? ScrollAxis.snapToMultiples(of: 64, origin: -30) : nil)
        var t: Millis = 0
        for _ in 0..<200 {
            t += random(0...120).rounded()
            switch Int(random(0...7.999)) {
            case 0:
                axis.beginDrag(at: t)
                axis.drag(translation: random(-3000...3000), at: t + 8)
                axis.endDrag(velocity: random(-20_000...20_000), at: t + 16)
            case 1: axis.wheel(steps: Int(random(-4...4)), at: t)
            case 2: axis.wheel(pixels: random(-200...200), at: t)
            case 3: axis.scroll(to: random(-1000...6000), at: t, animated: true)
            case 4: axis.setContent(length: random(0...8000), viewport: random(100...900), at: t)
            case 5: axis.stop(at: t)
            default: axis.tick(at: t)
            }
            #expect(axis.offset(at: t).isFinite && axis.velocity(at: t).isFinite)
        }
        let run = runFrames(&axis, from: t)
        #expect(run.offsets.allSatisfy { $0.isFinite })
        #expect(!axis.isAnimating(at: run.end))
        let end = axis.offset(at: run.end)
        #expect(end >= axis.minOffset && end <= axis.maxOffset)
    }
}
