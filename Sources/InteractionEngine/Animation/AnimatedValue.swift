/// A scalar that may be animating, read as a pure function of time.
///
/// It holds either a resting value or a simulation started at a known time;
/// `value(at:)` evaluates it without mutating anything. `animate(to:...)`
/// retargets from wherever the value is at that moment, carrying its velocity
/// into a spring, so interrupted animations never jump. Times are `Millis`;
/// velocities are px/s.
public struct AnimatedValue: Sendable {
    /// The value when no simulation runs (and the start of the last one).
    private var base: Double
    private var motion: Motion?

    /// A running simulation and what it aims at.
    private struct Motion: Sendable {
        var simulation: any Simulation
        /// When it started, in animation time (`AnimationClock`): slow motion stretches
        /// what follows, never what already ran.
        var startTime: Millis
        var target: Double
        var spec: AnimationSpec?

        init(simulation: any Simulation, startTime host: Millis, target: Double, spec: AnimationSpec?) {
            self.simulation = simulation
            self.startTime = AnimationClock.current.animationTime(at: host)
            self.target = target
            self.spec = spec
        }

        func seconds(at time: Millis) -> Double {
            max(0, (AnimationClock.current.animationTime(at: time) - startTime) / 1000)
        }
    }

    /// A value at rest.
    public init(_ value: Double) {
        base = value
    }

    /// Where the value is heading (its resting value when not animating).
    public var target: Double { motion?.target ?? base }

    /// The value at `time`; the exact target once the animation is done.
    public func value(at time: Millis) -> Double {
        guard let motion else { return base }
        let t = motion.seconds(at: time)
        if motion.simulation.isDone(t) { return motion.target }
        let x = motion.simulation.x(t)
        return x.isFinite ? x : motion.target
    }

    /// The velocity at `time`, in px/s (0 at rest).
    public func velocity(at time: Millis) -> Double {
        guard let motion else { return 0 }
        let t = motion.seconds(at: time)
        if motion.simulation.isDone(t) { return 0 }
        let v = motion.simulation.dx(t)
        return v.isFinite ? v : 0
    }

    /// True while a simulation runs and is not done at `time`.
    public func isAnimating(at time: Millis) -> Bool {
        guard let motion else { return false }
        return !motion.simulation.isDone(motion.seconds(at: time))
    }

    /// Jumps to `value` and stops any animation.
    public mutating func set(_ value: Double) {
        base = value
        motion = nil
    }

    /// Moves to `target` from the current position and velocity at `time`.
    ///
    /// A spring carries the current velocity (or `initialVelocity`, px/s, when
    /// given). With `reduceMotion` or `.instant` the value jumps. Asking again
    /// for the target and spec already in flight changes nothing, so a scene
    /// may call this on every layout pass.
    public mutating func animate(to target: Double, at time: Millis, spec: AnimationSpec,
                                 reduceMotion: Bool = false, initialVelocity: Double? = nil) {
        guard target.isFinite else { return }
        if reduceMotion || spec == .instant {
            set(target)
            return
        }
        if initialVelocity == nil, let motion, motion.target == target, motion.spec == spec,
           isAnimating(at: time) {
            return
        }
        let x = value(at: time)
        let v = initialVelocity ?? velocity(at: time)
        if x == target && v == 0 {
            set(target)
            return
        }
        let simulation: any Simulation
        switch spec {
        case .spring(let spring):
            // A move shorter than the default tolerance (a scale from 0.97 to 1.05) is judged
            // against a tolerance in proportion, or the spring would count as done at once and jump.
            let distance = abs(target - x)
            let tolerance = distance < 1 ? Tolerance(distance: max(distance * 1e-3, 1e-4), velocity: max(distance * 1e-2, 1e-3))
                : Tolerance.default
            simulation = SpringSimulation(spring: spring, start: x, end: target,
                                          velocity: v.isFinite ? v : 0, tolerance: tolerance)
        case let .timing(duration, curve):
            simulation = TimingSimulation(from: x, to: target, duration: duration, curve: curve)
        case .instant:
            simulation = TimingSimulation(from: target, to: target, duration: 0, curve: .linear)
        }
        base = x
        motion = Motion(simulation: simulation, startTime: time, target: target, spec: spec)
        report(from: x)
    }

    /// Runs an arbitrary simulation from `time` (a decay after a fling, say).
    ///
    /// The target is `target` when given, else the simulation's resting
    /// position when it is a `RestingSimulation`, else its position an hour
    /// in (the simulation should be done by then).
    public mutating func run(_ simulation: any Simulation, at time: Millis, target: Double? = nil) {
        let start = simulation.x(0)
        let resting = target
            ?? (simulation as? any RestingSimulation)?.restingPosition
            ?? simulation.x(3600)
        base = start.isFinite ? start : base
        motion = Motion(simulation: simulation, startTime: time,
                        target: resting.isFinite ? resting : base, spec: nil)
        report(from: base)
    }

    /// Tells the bound `AnimationLog` (the tuning panel's preview) that a simulation started.
    private func report(from start: Double) {
        guard let log = AnimationLog.current, let motion else { return }
        log.record(AnimationLog.Start(spec: motion.spec, simulation: motion.simulation, startTime: motion.startTime,
                                      from: start, to: motion.target))
    }

    /// When the animation is done at `time`, snaps to its exact final value and
    /// drops it; returns true if anything changed.
    public mutating func settle(at time: Millis) -> Bool {
        guard let motion else { return false }
        let t = motion.seconds(at: time)
        guard motion.simulation.isDone(t) else { return false }
        set(motion.target)
        return true
    }
}
