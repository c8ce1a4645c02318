/// The animations started while a log is bound: what the tuning panel's curve preview
/// follows with its moving marker (TuningPanel+Curve.swift).
///
/// `AnimatedValue` reports every simulation it starts to the log bound as
/// `AnimationLog.current` (the deck binds its own while the panel is open, the way it binds
/// the animation clock); with none bound nothing is recorded. The log only observes: a scene
/// behaves the same with it or without it. Times are animation times (`AnimationClock`).
public final class AnimationLog: @unchecked Sendable {  // used only on the deck's thread
    /// One animation started.
    public struct Start: Sendable {
        /// The spec it was started with (nil: a bare simulation, a scroll's decay).
        public var spec: AnimationSpec?
        public var simulation: any Simulation
        /// Its start, in animation time.
        public var startTime: Millis
        public var from: Double
        public var to: Double

        /// Seconds since the start at host time `time` (the bound clock maps it).
        public func seconds(at time: Millis) -> Double {
            max(0, (AnimationClock.current.animationTime(at: time) - startTime) / 1000)
        }

        /// True while the simulation runs at `time`.
        public func isRunning(at time: Millis) -> Bool {
            AnimationClock.current.animationTime(at: time) >= startTime && !simulation.isDone(seconds(at: time))
        }
    }

    /// The newest starts, oldest first (at most `capacity`).
    public private(set) var starts: [Start] = []
    /// Starts kept: a reflow starts one per tile, and only the newest matter.
    public static let capacity = 64

    public init() {}

    func record(_ start: Start) {
        starts.append(start)
        if starts.count > Self.capacity { starts.removeFirst(starts.count - Self.capacity) }
    }

    /// Forgets everything (the panel closed).
    public func clear() { starts.removeAll() }

    /// The log animations report to (nil: none).
    @TaskLocal public static var current: AnimationLog?
}
