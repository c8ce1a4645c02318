import Foundation
import Testing
@testable import InteractionEngine

@Suite struct PhysicsCurveTests {
    /// Point on the Bézier at parameter s, computed directly.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @Test(arguments: [CubicBezier.easeInOut, .easeIn, .easeOut, .linear, CubicBezier(0.2, 0.9, 0.1, 1)])
    func valueFollowsTheParametricCurve(curve: CubicBezier) {
        for i in 0...40 {
            let s = Double(i) / 40
            let x = Self.bezier(s, curve.x1, curve.x2)
            let y = Self.bezier(s, curve.y1, curve.y2)
            #expect(abs(curve.value(at: x) - y) < 1e-6, "s=\(s)")
        }
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
    }

    @Test func knownValues() {
        #expect(abs(CubicBezier.linear.value(at: 0.3) - 0.3) < 1e-9)
        #expect(abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(CubicBezier.easeOut.value(at: 0.25) > 0.25)
        #expect(CubicBezier.easeIn.value(at: 0.25) < 0.25)
    }

    @Test func timingSimulationRunsForItsDuration() {
        let sim = TimingSimulation(from: 10, to: 110, duration: 0.3, curve: .easeInOut)
        #expect(sim.x(0) == 10)
        #expect(abs(sim.x(0.15) - 60) < 1e-6)
        #expect(sim.x(0.3) == 110 && sim.x(5) == 110)
        #expect(!sim.isDone(0.299) && sim.isDone(0.3))
        // dx agrees with a difference quotient of x.
        for t in [0.01, 0.1, 0.2, 0.29] {
            let h = 1e-6
            let numeric = (sim.x(t + h) - sim.x(t - h)) / (2 * h)
            #expect(abs(sim.dx(t) - numeric) < 1e-2 * max(1, abs(numeric)))
        }
        let easeOut = TimingSimulation(from: 0, to: 100, duration: 0.2, curve: .easeOut)
        #expect(easeOut.dx(0).isFinite && easeOut.dx(0) > 0)
        #expect(TimingSimulation(from: 0, to: 5, duration: 0, curve: .linear).isDone(0))
    }

    static let rubberBandRows: [(Double, Double, Double)] = [
        (0.0, 300.0, 0.0),
        (300.0, 300.0, (1 - 1 / 1.55) * 300),
        (600.0, 300.0, (1 - 1 / 2.1) * 300),
        (100.0, 400.0, (1 - 1 / (100 * 0.55 / 400 + 1)) * 400),
        (-300.0, 300.0, -(1 - 1 / 1.55) * 300),
        (50.0, 0.0, 0.0),
        (50.0, -10.0, 0.0),
    ]

    @Test(arguments: rubberBandRows)
    func rubberBandTable(x: Double, d: Double, expected: Double) {
        #expect(abs(RubberBand.offset(x, dimension: d) - expected) < 1e-9)
    }

    @Test func rubberBandIsMonotonicBoundedAndInvertible() {
        let d = 500.0
        var previous = -Double.infinity
        for i in -200...200 {
            let x = Double(i) * 37
            let b = RubberBand.offset(x, dimension: d)
            #expect(b > previous)
            #expect(abs(b) < d)
            #expect(abs(b) <= abs(x) * 0.55 + 1e-9)
            #expect(abs(RubberBand.inverse(b, dimension: d) - x) < 1e-6 * max(1, abs(x)))
            previous = b
        }
        #expect(RubberBand.offset(1e300, dimension: d) <= d)
        #expect(RubberBand.inverse(d * 2, dimension: d).isFinite)
    }
}
