import Testing
@testable import InteractionEngine

/// An ordinary least-squares slope (px/s) by the normal equations, written
/// independently of the tracker's centred sums.
private func referenceSlope(_ samples: [(t: Double, v: Double)]) -> Double {
    let n = Double(samples.count)
    let st = samples.reduce(0) { $0 + $1.t }
    let sv = samples.reduce(0) { $0 + $1.v }
    let stt = samples.reduce(0) { $0 + $1.t * $1.t }
    let stv = samples.reduce(0) { $0 + $1.t * $1.v }
    return (n * stv - st * sv) / (n * stt - st * st) * 1000
}

@Suite struct VelocityTrackerTests {
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
        #expect(abs(v.x - vx) <= 1)
        #expect(abs(v.y - vy) <= 1)
    }

    @Test func acceleratingSamplesMatchIndependentFit() {
        var tracker = VelocityTracker()
        var all: [(t: Double, x: Double, y: Double)] = []
        // x = a t^2 / 2 with a = 0.02 px/ms^2; y grows with t^3. Irregular spacing.
        var t = 0.0
        for i in 0..<25 {
            let x = 0.5 * 0.02 * t * t
            let y = 1e-5 * t * t * t
            tracker.add(Point(x: x, y: y), at: t)
            all.append((t, x, y))
            t += Double(5 + i % 4 * 3)
        }
        let newest = all.last!.t
        let inWindow = all.filter { $0.t >= newest - 100 }
        let expectedX = referenceSlope(inWindow.map { ($0.t, $0.x) })
        let expectedY = referenceSlope(inWindow.map { ($0.t, $0.y) })
        let v = tracker.velocity(at: newest)
        #expect(inWindow.count >= 3)
        #expect(abs(v.x - expectedX) < 1e-6 * max(1, abs(expectedX)))
        #expect(abs(v.y - expectedY) < 1e-6 * max(1, abs(expectedY)))
        // Sanity: an accelerating pointer's fitted speed lies below its final speed.
        #expect(v.x > 0 && v.x < 0.02 * newest * 1000)
    }

    @Test func clampsToMaximumSpeedKeepingDirection() {
        var tracker = VelocityTracker()
        for i in 0...10 {
            let t = Double(i) * 8
            tracker.add(Point(x: 30 * t, y: 40 * t), at: t) // 50 000 px/s at 3:4
        }
        let v = tracker.velocity(at: 80)
        #expect(abs(v.length - 8000) < 1e-9)
        #expect(abs(v.x - 4800) < 1e-9)
        #expect(abs(v.y - 6400) < 1e-9)
    }

    @Test func customMaximumSpeed() {
        var tracker = VelocityTracker(maximumSpeed: 500)
        for i in 0...10 { tracker.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 8) }
        #expect(tracker.velocity(at: 80) == Point(x: 500, y: 0))
    }

    @Test(arguments: [0, 1, 2])
    func fewerThanThreeSamplesGiveZero(count: Int) {
        var tracker = VelocityTracker()
        for i in 0..<count { tracker.add(Point(x: Double(i) * 10, y: 0), at: Double(i) * 8) }
        #expect(tracker.velocity(at: Double(max(0, count - 1)) * 8) == .zero)
    }

    @Test func pauseBeforeReleaseGivesZero() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 8, y: 0), at: Double(i) * 8) }
        #expect(tracker.velocity(at: 80 + 40).x > 900) // 40 ms is not yet a pause
        #expect(tracker.velocity(at: 80 + 60) == .zero)
    }

    @Test func pauseInsideWindowDiscardsEarlierSamples() {
        var tracker = VelocityTracker()
        // Fast to the right, then a 50 ms stop, then slow to the left.
        for i in 0...5 { tracker.add(Point(x: Double(i) * 16, y: 0), at: Double(i) * 8) }
        for i in 0...4 { tracker.add(Point(x: 80 - Double(i) * 2, y: 0), at: 90 + Double(i) * 8) }
        #expect(tracker.sampleCount == 5)
        #expect(abs(tracker.velocity(at: 122).x - -250) < 1e-9)
    }

    @Test func onlyTheLastWindowCounts() {
        var tracker = VelocityTracker()
        // 2000 px/s for 200 ms, then 500 px/s for 120 ms: only the latter is in the window.
        var x = 0.0
        for i in 0...25 { x = Double(i) * 16; tracker.add(Point(x: x, y: 0), at: Double(i) * 8) }
        for i in 1...15 { tracker.add(Point(x: x + Double(i) * 4, y: 0), at: 200 + Double(i) * 8) }
        #expect(abs(tracker.velocity(at: 320).x - 500) < 1e-9)
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
        #expect(abs(v.x - 1312.5) < 1e-9) // fit through (10, 9), (18, 20), (26, 30)
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
