/// A one-dimensional motion described as pure functions of time.
///
/// `t` is in seconds since the simulation began, positions are in pixels and
/// velocities in pixels per second. Implementations must be deterministic and
/// return finite numbers for every finite `t >= 0`.
public protocol Simulation: Sendable {
    /// The position at `t` seconds.
    func x(_ t: Double) -> Double
    /// The velocity at `t` seconds, in px/s.
    func dx(_ t: Double) -> Double
    /// True once the motion has come to rest at `t` seconds.
    func isDone(_ t: Double) -> Bool
}

/// A simulation that knows, up front, where it will come to rest.
///
/// Animations snap to `restingPosition` once `isDone` says so, so the final
/// value is exact rather than merely within tolerance.
public protocol RestingSimulation: Simulation {
    /// The position the motion ends at.
    var restingPosition: Double { get }
}

/// How close to rest a simulation must be to count as done.
public struct Tolerance: Sendable, Hashable {
    /// Largest distance from the resting position, in px.
    public var distance: Double
    /// Largest speed, in px/s.
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// A tenth of a pixel and one pixel per second: invisible on screen.
    public static let `default` = Tolerance(distance: 0.1, velocity: 1)
}
