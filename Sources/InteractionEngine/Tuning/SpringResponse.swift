import Foundation

/// Springs described the way SwiftUI and Apple's design guidance do: a response (the period
/// of the undamped oscillation, seconds) and a damping ratio, at unit mass.
///
/// With ω₀ = 2π / response: stiffness k = ω₀² m, damping c = 2 ζ ω₀ m = 4π ζ m / response.
extension SpringDescription {
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        let r = max(response, 1e-6)
        let omega = 2 * Double.pi / r
        self.init(mass: mass, stiffness: omega * omega * mass, damping: 2 * dampingRatio * omega * mass)
    }

    /// The undamped period 2π √(m / k), in seconds.
    public var response: Double {
        stiffness > 0 && mass > 0 ? 2 * Double.pi * (mass / stiffness).squareRoot() : .infinity
    }

    /// For a move of `distance` px from rest: the last time (s) the spring is farther than
    /// `threshold` px from its end (0.5 px by default), found on the closed-form solution.
    public func settleTime(distance: Double = 100, threshold: Double = 0.5) -> Double {
        let sim = SpringSimulation(spring: self, start: 0, end: distance, velocity: 0)
        // Walk out until the amplitude bound is under the threshold, then bisect the last crossing.
        let step = 0.001
        var last = 0.0
        var t = 0.0
        let limit = 60.0
        var quietFor = 0.0
        while t < limit {
            if abs(sim.x(t) - distance) > threshold { last = t; quietFor = 0 } else { quietFor += step }
            // A critically or over-damped spring never comes back; an underdamped one comes
            // back within half a damped period: quiet for one full response means settled.
            if quietFor > max(response, 0.05) * 1.5 { break }
            t += step
        }
        var lo = last, hi = last + step
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if abs(sim.x(mid) - distance) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// How far past the end (in % of the move) a spring released from rest overshoots:
    /// exp(-ζπ / √(1 - ζ²)) for ζ < 1, 0 otherwise.
    public var overshootPercent: Double {
        let zeta = dampingRatio
        guard zeta < 1 else { return 0 }
        return 100 * exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
    }
}
