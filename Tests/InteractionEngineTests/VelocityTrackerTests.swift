import Testing
@testable import InteractionEngine

/// The slope (px/s) at time `at` of the least-squares parabola through
/// `samples`, solved directly from the 3x3 normal equations by Cramer's rule,
/// with time measured from the oldest sample: written independently of the
/// tracker's QR solve, its relative coordinates and its sample selection.
private func normalEquationsSlope(_ samples: [(t: Double, v: Double)], at: Double) -> Double {
    let t0 = samples[0].t
    var s = [Double](repeating: 0, count: 5), b = [Double](repeating: 0, count: 3)
    for (t, v) in samples {
        let u = t - t0
        var p = 1.0
        for k in 0..<5 {
            s[k] += p
            if k < 3 { b[k] += p * v }
            p *= u
        }
    }
    func det(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let a = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    let d = det(a)
    var a1 = a, a2 = a
    for r in 0..<3 { a1[r][1] = b[r]; a2[r][2] = b[r] }
    let c1 = det(a1) / d, c2 = det(a2) / d
    return (c1 + 2 * c2 * (at - t0)) * 1000
}

/// The samples Flutter's estimator uses at `time`: the newest back while no
/// older than 100 ms and no gap above 40 ms, at most 20.
private func window(_ samples: [(t: Millis, p: Point)]) -> [(t: Millis, p: Point)] {
    guard let newest = samples.last else { return [] }
    var out: [(t: Millis, p: Point)] = [newest]
    for s in samples.dropLast().reversed() {
        guard out.count < 20, newest.t - s.t <= 100, out[0].t - s.t <= 40 else { break }
        out.insert(s, at: 0)
    }
    return out
}

private func feed(_ samples: [(t: Millis, p: Point)]) -> VelocityTracker {
    var tracker = VelocityTracker()
    for s in samples { tracker.add(s.p, at: s.t) }
    return tracker
}

@Suite struct VelocityTrackerTests {
    @Test func matchesFlutterOnRecordedStrokesWithinATenthOfAPercent() throws {
        let strokes = RecordedStrokes.strokes
        #expect(strokes.count == RecordedStrokes.expected.count)
        for (i, (stroke, expected)) in zip(strokes, RecordedStrokes.expected).enumerated() {
            let v = feed(stroke.samples).velocity(at: stroke.releaseTime)
            let error = (v - expected).length / expected.length
            #expect(error < 0.001, "stroke \(i + 1): \(v) against \(expected), error \(error * 100) %")
        }
        let cut = RecordedStrokes.interrupted
        let v = feed(cut.samples).velocity(at: cut.releaseTime)
        let expected = RecordedStrokes.interruptedExpected
        #expect((v - expected).length / expected.length < 0.001, "interrupted: \(v)")
    }

    @Test func matchesTheNormalEquationsOracleOnRecordedStrokes() throws {
        for stroke in RecordedStrokes.strokes + [RecordedStrokes.interrupted] {
            let used = window(stroke.samples)
            let newest = try #require(used.last).t
            let ox = normalEquationsSlope(used.map { ($0.t, $0.p.x) }, at: newest)
            let oy = normalEquationsSlope(used.map { ($0.t, $0.p.y) }, at: newest)
            let estimate = try #require(feed(stroke.samples).estimate(at: stroke.releaseTime))
            #expect(estimate.sampleCount == used.count)
            let oracle = Point(x: ox, y: oy)
            #expect((estimate.velocity - oracle).length <= 1e-6 * max(1, oracle.length))
        }
    }

    @Test(arguments: [0.0, 1.0, 2.0])
    func matchesTheOracleOnIrregularSyntheticStrokes(seed: Double) throws {
        // x accelerates, y decelerates and wobbles; uneven spacing from 3 to 12 ms.
        var samples: [(t: Millis, p: Point)] = []
        var t = 1000.0 * seed
        for i in 0..<40 {
            let u = t / 1000
            samples.append((t, Point(x: 300 * u * u + 40 * u + (Double(i % 3) - 1) * 0.7,
                                     y: -900 * u + 200 * u * u * u + (Double(i % 5) - 2) * 0.4)))
            t += Double(3 + (i * 7 + Int(seed)) % 10)
        }
        let used = window(samples)
        let newest = try #require(used.last).t
        let oracle = Point(x: normalEquationsSlope(used.map { ($0.t, $0.p.x) }, at: newest),
                           y: normalEquationsSlope(used.map { ($0.t, $0.p.y) }, at: newest))
        let estimate = try #require(feed(samples).estimate(at: newest + 5))
        #expect(estimate.sampleCount == used.count && estimate.sampleCount <= 20)
        #expect((estimate.velocity - oracle).length <= 1e-6 * max(1, oracle.length))
        #expect(estimate.confidence > 0 && estimate.confidence < 1) // noisy samples: some doubt
    }

    @Test func aParabolaIsRecoveredExactlyWithFullConfidence() throws {
        var tracker = VelocityTracker()
        // x = 100 + 0.5 t + 0.004 t²: slope at t = 80 ms is 0.5 + 0.64 = 1.14 px/ms.
        for i in 0...10 {
            let t = Double(i) * 8
            tracker.add(Point(x: 100 + 0.5 * t + 0.004 * t * t, y: 7), at: t)
        }
        let e = try #require(tracker.estimate(at: 80))
        #expect(abs(e.velocity.x - 1140) < 1e-6 && abs(e.velocity.y) < 1e-9)
        #expect(abs(e.confidence - 1) < 1e-12)
        #expect(e.duration == 80 && abs(e.offset.x - (0.5 * 80 + 0.004 * 6400)) < 1e-9)
    }

    @Test(arguments: [
        // (speed px/s along x, along y)
        (1000.0, 0.0), (0.0, -1000.0), (600.0, 800.0), (-250.0, 40.0),
    ])
    func constantSpeedEvery8ms(vx: Double, vy: Double) {
        var tracker = VelocityTracker()
        for i in 0...30 {
            let t = Double(i) * 8
            tracker.add(Point(x: 100 + vx * t / 1000, y: 50 + vy * t / 1000), at: t)
        }
        let v = tracker.velocity(at: 240)
        #expect(abs(v.x - vx) <= 1e-6)
        #expect(abs(v.y - vy) <= 1e-6)
    }

    @Test func aDeceleratingPointerDoesNotCoast() throws {
        // Fast, then braking to a near stop: the speed at release is the low end, not the average.
        var tracker = VelocityTracker()
        var x = 0.0
        for i in 0...12 {
            let speed = max(0.05, 2.0 - Double(i) * 0.2) // px/ms
            x += speed * 8
            tracker.add(Point(x: x, y: 0), at: Double(i) * 8)
        }
        let v = tracker.velocity(at: 96)
        #expect(v.x < 400, "coasts at \(v.x) px/s")
    }

    @Test func clampsToMaximumSpeedKeepingDirection() {
        var tracker = VelocityTracker()
        for i in 0...10 {
            let t = Double(i) * 8
            tracker.add(Point(x: 30 * t, y: 40 * t), at: t) // 50 000 px/s at 3:4
        }
        let v = tracker.velocity(at: 80)
        #expect(abs(v.length - 8000) < 1e-6)
        #expect(abs(v.x - 4800) < 1e-6)
        #expect(abs(v.y - 6400) < 1e-6)
    }

    @Test func customMaximumSpeed() {
        var tracker = VelocityTracker(maximumSpeed: 500)
        for i in 0...10 { tracker.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 8) }
        let v = tracker.velocity(at: 80)
        #expect(abs(v.x - 500) < 1e-9 && v.y == 0)
    }

    @Test(arguments: [0, 1, 2])
    func fewerThanThreeSamplesGiveNoEstimate(count: Int) {
        var tracker = VelocityTracker()
        for i in 0..<count { tracker.add(Point(x: Double(i) * 10, y: 0), at: Double(i) * 8) }
        #expect(tracker.estimate(at: Double(max(0, count - 1)) * 8) == nil)
        #expect(tracker.velocity(at: Double(max(0, count - 1)) * 8) == .zero)
    }

    @Test func threeSamplesGiveAnEstimate() {
        var tracker = VelocityTracker()
        for i in 0..<3 { tracker.add(Point(x: Double(i) * 10, y: 0), at: Double(i) * 8) }
        #expect(tracker.estimate(at: 16) != nil)
    }

    @Test func aPauseBeforeTheQueryGivesNone() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 8) }
        let pause = tracker.pauseThreshold
        #expect(tracker.velocity(at: 80 + pause).x > 900)      // 40 ms is not yet a pause
        #expect(tracker.estimate(at: 80 + pause + 0.01) == nil) // just over it is
    }

    @Test func aPauseBetweenSamplesDiscardsTheEarlierOnes() {
        var tracker = VelocityTracker()
        // Fast to the right, then a 50 ms stop, then slow to the left.
        for i in 0...5 { tracker.add(Point(x: Double(i) * 16, y: 0), at: Double(i) * 8) }
        for i in 0...4 { tracker.add(Point(x: 80 - Double(i) * 2, y: 0), at: 90 + Double(i) * 8) }
        #expect(tracker.sampleCount == 5)
        #expect(abs(tracker.velocity(at: 122).x - -250) < 1e-9)
        // A gap of exactly the threshold keeps the history.
        var kept = VelocityTracker()
        kept.add(.zero, at: 0)
        kept.add(Point(x: 1, y: 0), at: 40)
        #expect(kept.sampleCount == 2)
    }

    @Test func theHorizonIsInclusive() {
        var edge = VelocityTracker()
        for i in 0...10 { edge.add(Point(x: Double(i), y: 0), at: Double(i) * 10) } // ages 100 ... 0
        #expect(edge.sampleCount == 11)
        edge.add(Point(x: 11, y: 0), at: 100.5)  // the sample at 0 is now 100.5 ms old
        #expect(edge.sampleCount == 11)
        #expect(edge.samples.first?.time == 10)
    }

    @Test func atMostTwentySamplesTakePart() throws {
        var tracker = VelocityTracker()
        for i in 0..<30 { tracker.add(Point(x: Double(i) * 3, y: 0), at: Double(i) * 2) }
        let e = try #require(tracker.estimate(at: 58))
        #expect(e.sampleCount == 20 && e.duration == 38)
        #expect(abs(e.velocity.x - 1500) < 1e-6)
    }

    @Test func aDegenerateFitGivesNoEstimate() {
        // Three samples whose times differ by less than the solver can resolve.
        var tracker = VelocityTracker()
        tracker.add(.zero, at: 10)
        tracker.add(Point(x: 1, y: 0), at: 10 + 1e-12)
        tracker.add(Point(x: 2, y: 0), at: 10 + 2e-12)
        #expect(tracker.sampleCount == 3)
        #expect(tracker.estimate(at: 10) == nil)
        #expect(PolynomialFit(degree: 2, x: [1, 1, 1, 1], y: [0, 1, 2, 3], w: [1, 1, 1, 1]) == nil)
        #expect(PolynomialFit(degree: 2, x: [0, 1], y: [0, 1], w: [1, 1]) == nil)
    }

    @Test func duplicateAndOutOfOrderTimestampsStayFinite() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: 10)
        tracker.add(Point(x: 5, y: 0), at: 10)
        tracker.add(Point(x: 9, y: 0), at: 10)
        #expect(tracker.velocity(at: 10) == .zero)
        tracker.add(Point(x: 20, y: 0), at: 18)
        tracker.add(Point(x: 3, y: 0), at: 12) // older than the newest: ignored
        tracker.add(Point(x: 30, y: 0), at: 26)
        tracker.add(Point(x: .nan, y: 0), at: 30)
        tracker.add(Point(x: 40, y: 0), at: .infinity)
        let v = tracker.velocity(at: 26)
        #expect(v.isFinite)
        #expect(tracker.sampleCount == 3)
        // The parabola through (10, 9), (18, 20), (26, 30) has slope 1.1875 px/ms at t = 26.
        #expect(abs(v.x - 1187.5) < 1e-9)
        #expect(tracker.velocity(at: .nan) == .zero)
    }

    @Test func resetForgetsEverything() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 8) }
        tracker.reset()
        #expect(tracker.sampleCount == 0)
        #expect(tracker.velocity(at: 80) == .zero)
    }
}
