/// A move from one value to another over a fixed duration, along a timing curve.
public struct TimingSimulation: RestingSimulation, Hashable {
    public let from: Double
    public let to: Double
    /// Length of the move, in seconds.
    public let duration: Double
    public let curve: CubicBezier

    public init(from: Double, to: Double, duration: Double, curve: CubicBezier) {
        precondition(from.isFinite && to.isFinite, "timing endpoints must be finite")
        self.from = from
        self.to = to
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.curve = curve
    }

    public var restingPosition: Double { to }

    public func x(_ t: Double) -> Double {
        guard duration > 0, t < duration else { return to }
        return from + (to - from) * curve.value(at: max(0, t) / duration)
    }

    public func dx(_ t: Double) -> Double {
        guard duration > 0, t < duration else { return 0 }
        return (to - from) * curve.slope(at: max(0, t) / duration) / duration
    }

    public func isDone(_ t: Double) -> Bool { t >= duration }
}
