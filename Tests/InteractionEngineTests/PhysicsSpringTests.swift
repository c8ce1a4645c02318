import Foundation
import Testing
@testable import InteractionEngine

/// An independent oracle: integrates m x'' + c x' + k (x - end) = 0 with
/// classic fourth-order Runge-Kutta in small steps.
enum PhysicsOracle {
    static func integrate(_ s: SpringDescription, start: Double, end: Double, velocity: Double,
                          until t: Double, step: Double = 1e-5) -> (x: Double, v: Double) {
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (-s.stiffness * (x - end) - s.damping * v) / s.mass
        }
        var x = start, v = velocity, time = 0.0
        while time < t - 1e-12 {
            let h = min(step, t - time)
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += h
        }
        return (x, v)
    }

    /// The first time after which the simulation stays done (scanned in 1 ms steps).
    static func settleTime(_ sim: some Simulation, limit: Double = 10) -> Double {
        var last = 0.0
        var t = 0.0
        while t <= limit {
            if !sim.isDone(t) { last = t }
            t += 0.001
        }
        return last
    }
}

@Suite struct PhysicsSpringTests {
    static let regimes: [(name: String, spring: SpringDescription)] = [
        ("critical", .withDampingRatio(stiffness: 400, ratio: 1)),
        ("under", .withDampingRatio(stiffness: 400, ratio: 0.3)),
        ("over", .withDampingRatio(stiffness: 400, ratio: 2.5)),
        ("heavy under", SpringDescription(mass: 3, stiffness: 200, damping: 10)),
        ("undamped", SpringDescription(mass: 1, stiffness: 100, damping: 0)),
    ]

    @Test(arguments: 0..<5)
    func matchesNumericalIntegration(regime: Int) {
        let spring = Self.regimes[regime].spring
        for (start, end, velocity) in [(0.0, 100.0, 0.0), (250.0, -30.0, 1200.0), (10.0, 10.0, -800.0)] {
            let sim = SpringSimulation(spring: spring, start: start, end: end, velocity: velocity)
            for t in [0.0, 0.016, 0.05, 0.1, 0.2, 0.35, 0.6, 1.0] {
                let oracle = PhysicsOracle.integrate(spring, start: start, end: end, velocity: velocity, until: t)
                #expect(abs(sim.x(t) - oracle.x) < 1e-6, "\(Self.regimes[regime].name) x at \(t)")
                #expect(abs(sim.dx(t) - oracle.v) < 1e-5, "\(Self.regimes[regime].name) dx at \(t)")
            }
        }
    }

    @Test func criticalMatchesTextbookFormula() {
        // x(t) = end + (y0 + (v0 + w y0) t) e^(-w t), w = sqrt(k/m)
        let spring = SpringDescription.withDampingRatio(mass: 2, stiffness: 800, ratio: 1)
        let w = (800.0 / 2).squareRoot()
        let sim = SpringSimulation(spring: spring, start: -40, end: 60, velocity: 300)
        let y0 = -100.0, v0 = 300.0
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let expected = 60 + (y0 + (v0 + w * y0) * t) * exp(-w * t)
            #expect(abs(sim.x(t) - expected) < 1e-9)
        }
    }

    @Test func underdampedMatchesTextbookFormula() {
        // x(t) = end + e^(-ζ w t) (y0 cos(wd t) + (v0 + ζ w y0)/wd sin(wd t))
        let zeta = 0.2, w = 20.0
        let spring = SpringDescription.withDampingRatio(stiffness: w * w, ratio: zeta)
        let wd = w * (1 - zeta * zeta).squareRoot()
        let sim = SpringSimulation(spring: spring, start: 0, end: 100, velocity: 0)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let expected = 100 + exp(-zeta * w * t) * (-100 * cos(wd * t) + (zeta * w * -100) / wd * sin(wd * t))
            #expect(abs(sim.x(t) - expected) < 1e-9)
        }
    }

    @Test func startsWhereAskedWithVelocityCarriedIn() {
        for (_, spring) in Self.regimes {
            let sim = SpringSimulation(spring: spring, start: 12, end: 300, velocity: -2500)
            #expect(abs(sim.x(0) - 12) < 1e-9)
            #expect(abs(sim.dx(0) + 2500) < 1e-6)
        }
        // Carried velocity moves it the "wrong" way first.
        let sim = SpringSimulation(spring: .smooth, start: 0, end: 100, velocity: -2000)
        #expect(sim.x(0.02) < 0)
    }

    @Test func doneOnlyWhenCloseAndSlow() {
        let sim = SpringSimulation(spring: .smooth, start: 0, end: 100, velocity: 0)
        #expect(!sim.isDone(0))
        #expect(sim.isDone(2))
        let t = PhysicsOracle.settleTime(sim)
        #expect(abs(sim.x(t + 0.001) - 100) < 0.1)
        #expect(abs(sim.dx(t + 0.001)) < 1)
    }

    @Test(arguments: [
        (SpringDescription.snappy, 0.20, 0.30),
        (SpringDescription.smooth, 0.35, 0.45),
        (SpringDescription.bouncy, 0.40, 0.50),
    ])
    func presetSettleTimes(spring: SpringDescription, low: Double, high: Double) {
        let t = PhysicsOracle.settleTime(SpringSimulation(spring: spring, start: 0, end: 100, velocity: 0))
        #expect(t > low && t < high, "settled at \(t)")
    }

    @Test func presetRatios() {
        #expect(abs(SpringDescription.snappy.dampingRatio - 1) < 1e-12)
        #expect(abs(SpringDescription.smooth.dampingRatio - 1) < 1e-12)
        #expect(abs(SpringDescription.bouncy.dampingRatio - 0.75) < 1e-12)
    }

    @Test func criticalSpringFromRestNeverOvershoots() {
        let sim = SpringSimulation(spring: .snappy, start: 0, end: 100, velocity: 0)
        for i in 0...1000 { #expect(sim.x(Double(i) / 1000) <= 100 + 1e-9) }
    }

    @Test func extremeInputsStayFinite() {
        let springs = [
            SpringDescription.withDampingRatio(stiffness: 1e5, ratio: 1),
            SpringDescription.withDampingRatio(stiffness: 1e5, ratio: 0.05),
            SpringDescription.withDampingRatio(stiffness: 1e5, ratio: 40),
            SpringDescription.withDampingRatio(mass: 1e-9, stiffness: 100, ratio: 1),
            SpringDescription.withDampingRatio(mass: 1e-9, stiffness: 100, ratio: 0.5),
            SpringDescription(mass: 1e-9, stiffness: 100, damping: 50),
            SpringDescription(mass: 1, stiffness: 0, damping: 10),
            SpringDescription(mass: 1, stiffness: 1e-9, damping: 1e5),
            SpringDescription.withDampingRatio(stiffness: 300, ratio: 1 + 1e-12),
        ]
        for spring in springs {
            for velocity in [0.0, 1e6, -1e6, 1e12] {
                let sim = SpringSimulation(spring: spring, start: 1e4, end: -1e4, velocity: velocity)
                for t in [0.0, 1e-6, 0.001, 0.016, 0.1, 1, 10, 1e3, 1e9] {
                    #expect(sim.x(t).isFinite && sim.dx(t).isFinite, "\(spring) v=\(velocity) t=\(t)")
                }
            }
        }
    }
}
