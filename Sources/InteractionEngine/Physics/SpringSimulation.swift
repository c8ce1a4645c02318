/// A damped spring pulling a value from `start` to `end`, solved in closed form.
///
/// The solution of `m y'' + c y' + k y = 0` (with `y = x - end`) depends on
/// the sign of the discriminant `c² - 4 m k`: critically damped (zero),
/// under-damped (negative: a decaying oscillation) or over-damped (positive:
/// a sum of two decaying exponentials). Position and velocity are pure
/// functions of time, so a release velocity carries into the spring and a
/// running spring can be retargeted from its current state.
public struct SpringSimulation: RestingSimulation, Hashable {
    public let spring: SpringDescription
    public let start: Double
    public let end: Double
    /// The initial velocity, in px/s.
    public let velocity: Double
    public let tolerance: Tolerance
    private let solution: Solution

    /// The closed form chosen by the discriminant, with its constants.
    private enum Solution: Hashable {
        /// y = (c1 + c2 t) e^(r t)
        case critical(r: Double, c1: Double, c2: Double)
        /// y = e^(r t) (c1 cos(w t) + c2 sin(w t))
        case underdamped(r: Double, w: Double, c1: Double, c2: Double)
        /// y = c1 e^(r1 t) + c2 e^(r2 t)
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// Relative size under which the discriminant counts as zero.
    private static let criticalEpsilon = 1e-9

    /// Starts a spring at `start` moving at `velocity` px/s towards `end`.
    ///
    /// Requires a positive finite mass, non-negative finite stiffness and
    /// damping, and finite start, end and velocity.
    public init(spring: SpringDescription, start: Double, end: Double, velocity: Double,
                tolerance: Tolerance = .default) {
        precondition(spring.mass > 0 && spring.mass.isFinite, "spring mass must be positive")
        precondition(spring.stiffness >= 0 && spring.stiffness.isFinite, "stiffness must be >= 0")
        precondition(spring.damping >= 0 && spring.damping.isFinite, "damping must be >= 0")
        precondition(start.isFinite && end.isFinite && velocity.isFinite, "spring inputs must be finite")
        self.spring = spring
        self.start = start
        self.end = end
        self.velocity = velocity
        self.tolerance = tolerance

        let m = spring.mass, k = spring.stiffness, c = spring.damping
        let y0 = start - end, v0 = velocity
        let discriminant = c * c - 4 * m * k
        let scale = c * c + 4 * m * k
        if abs(discriminant) <= Self.criticalEpsilon * scale {
            let r = -c / (2 * m)
            solution = .critical(r: r, c1: y0, c2: v0 - r * y0)
        } else if discriminant < 0 {
            let r = -c / (2 * m)
            let w = (-discriminant).squareRoot() / (2 * m)
            solution = .underdamped(r: r, w: w, c1: y0, c2: (v0 - r * y0) / w)
        } else {
            // r2 is the large root; r1 = (k/m) / r2 avoids cancellation when c² >> 4mk.
            let r2 = (-c - discriminant.squareRoot()) / (2 * m)
            let r1 = (k / m) / r2
            let c2 = (v0 - r1 * y0) / (r2 - r1)
            solution = .overdamped(r1: r1, r2: r2, c1: y0 - c2, c2: c2)
        }
    }

    public var restingPosition: Double { end }

    public func x(_ t: Double) -> Double {
        let y = displacement(max(0, t))
        return y.isFinite ? end + y : end
    }

    public func dx(_ t: Double) -> Double {
        let v = speed(max(0, t))
        return v.isFinite ? v : 0
    }

    public func isDone(_ t: Double) -> Bool {
        abs(x(t) - end) < tolerance.distance && abs(dx(t)) < tolerance.velocity
    }

    /// `x - end` at `t`.
    private func displacement(_ t: Double) -> Double {
        switch solution {
        case let .critical(r, c1, c2):
            return Self.product(c1 + c2 * t, r * t)
        case let .underdamped(r, w, c1, c2):
            return Self.product(c1 * Elementary.cos(w * t) + c2 * Elementary.sin(w * t), r * t)
        case let .overdamped(r1, r2, c1, c2):
            return Self.product(c1, r1 * t) + Self.product(c2, r2 * t)
        }
    }

    /// `dx/dt` at `t`.
    private func speed(_ t: Double) -> Double {
        switch solution {
        case let .critical(r, c1, c2):
            return Self.product(c2 + r * (c1 + c2 * t), r * t)
        case let .underdamped(r, w, c1, c2):
            let cosine = Elementary.cos(w * t), sine = Elementary.sin(w * t)
            return Self.product((r * c1 + w * c2) * cosine + (r * c2 - w * c1) * sine, r * t)
        case let .overdamped(r1, r2, c1, c2):
            return Self.product(c1 * r1, r1 * t) + Self.product(c2 * r2, r2 * t)
        }
    }

    /// `a · e^exponent`, with an underflowing exponential giving exactly 0
    /// (so a huge coefficient never meets 0 × ∞).
    private static func product(_ a: Double, _ exponent: Double) -> Double {
        let e = Elementary.exp(exponent)
        return e == 0 ? 0 : a * e
    }
}
