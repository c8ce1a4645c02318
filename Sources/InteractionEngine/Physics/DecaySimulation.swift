/// Inertial deceleration after a fling, as UIScrollView does it.
///
/// The velocity decays geometrically per millisecond: `v(t) = v0 · rate^(1000 t)`.
/// Integrating gives the position in closed form,
/// `x(t) = x0 + v0 (rate^(1000 t) - 1) / (1000 ln rate)`, and the resting
/// point `x0 - v0 / (1000 ln rate)`, so a scroll view knows at release where
/// a fling will end and can snap or bounce accordingly.
public struct DecaySimulation: RestingSimulation, Hashable {
    /// UIKit's normal deceleration rate (per millisecond).
    public static let normalRate = 0.998
    /// UIKit's fast deceleration rate (per millisecond).
    public static let fastRate = 0.99
    /// The speed under which a decay counts as stopped, in px/s. The distance
    /// left to go at that speed is `stopSpeed / (-1000 ln rate)`: 0.25 px at
    /// the normal rate.
    public static let defaultStopSpeed = 0.5
    /// The range `rate(toLandAt:from:velocity:)` accepts, exclusive.
    public static let adjustableRates = 0.9...0.9999

    public let start: Double
    /// The initial velocity, in px/s.
    public let velocity: Double
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public let rate: Double
    /// The speed under which `isDone` is true, in px/s.
    public let stopSpeed: Double
    /// Where the motion comes to rest: `x0 - v0 / (1000 ln rate)`.
    public private(set) var restingPosition: Double
    /// `1000 ln rate`: the exponent per second (negative).
    private let k: Double

    /// Starts a decay at `start` moving at `velocity` px/s.
    public init(start: Double, velocity: Double, rate: Double = DecaySimulation.normalRate,
                stopSpeed: Double = DecaySimulation.defaultStopSpeed) {
        precondition(rate > 0 && rate < 1, "decay rate must be in (0, 1)")
        precondition(start.isFinite && velocity.isFinite, "decay inputs must be finite")
        self.start = start
        self.velocity = velocity
        self.rate = rate
        self.stopSpeed = max(stopSpeed, 0)
        self.k = 1000 * Elementary.log(rate)
        self.restingPosition = start - velocity / k
    }

    /// A decay from `start` at `velocity` px/s whose rate is adjusted to rest
    /// exactly at `target` (see `rate(toLandAt:from:velocity:)`); nil when no
    /// acceptable rate does. `restingPosition` is `target` to the last bit.
    public init?(start: Double, velocity: Double, landingAt target: Double,
                 stopSpeed: Double = DecaySimulation.defaultStopSpeed) {
        guard let rate = Self.rate(toLandAt: target, from: start, velocity: velocity) else { return nil }
        self.init(start: start, velocity: velocity, rate: rate, stopSpeed: stopSpeed)
        self.restingPosition = target
    }

    public func x(_ t: Double) -> Double {
        start + velocity * (Elementary.exp(k * max(0, t)) - 1) / k
    }

    public func dx(_ t: Double) -> Double {
        velocity * Elementary.exp(k * max(0, t))
    }

    public func isDone(_ t: Double) -> Bool {
        t >= timeToStop(threshold: stopSpeed)
    }

    /// Seconds until the speed falls below `threshold` px/s (0 if it already is).
    public func timeToStop(threshold: Double) -> Double {
        let speed = abs(velocity)
        guard threshold > 0 else { return .infinity }
        guard speed > threshold else { return 0 }
        return Elementary.log(threshold / speed) / k
    }

    /// Seconds until the motion passes `position`, or nil if it never does
    /// (behind the start, or at or beyond the resting point).
    public func time(toReach position: Double) -> Double? {
        if position == start { return 0 }
        guard velocity != 0 else { return nil }
        // e^(k t) = 1 + (p - x0) k / v0 must lie in (0, 1].
        let e = 1 + (position - start) * k / velocity
        guard e > 0, e <= 1 else { return nil }
        let t = Elementary.log(e) / k
        return t.isFinite ? max(0, t) : nil
    }

    /// The decay rate that makes a fling from `x0` at `v0` px/s rest exactly
    /// at `target`.
    ///
    /// Nil when the velocity points away from the target (or is zero), when
    /// `target == x0`, or when the rate would fall outside `(0.9, 0.9999)`:
    /// the motion would then look too abrupt or too sluggish, and a spring
    /// serves better.
    public static func rate(toLandAt target: Double, from x0: Double, velocity v0: Double) -> Double? {
        let distance = target - x0
        guard distance != 0, v0 != 0, (distance > 0) == (v0 > 0),
              distance.isFinite, v0.isFinite else { return nil }
        // x0 - v0 / (1000 ln r) = target  =>  ln r = -v0 / (1000 distance)
        let rate = Elementary.exp(-v0 / (1000 * distance))
        guard rate > adjustableRates.lowerBound, rate < adjustableRates.upperBound else { return nil }
        return rate
    }
}
