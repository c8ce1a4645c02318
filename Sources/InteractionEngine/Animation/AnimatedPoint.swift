/// A point whose coordinates may be animating, with the `AnimatedValue` API.
public struct AnimatedPoint: Sendable {
    public var x: AnimatedValue
    public var y: AnimatedValue

    public init(_ point: Point) {
        x = AnimatedValue(point.x)
        y = AnimatedValue(point.y)
    }

    /// Where the point is heading.
    public var target: Point { Point(x: x.target, y: y.target) }

    public func value(at time: Millis) -> Point {
        Point(x: x.value(at: time), y: y.value(at: time))
    }

    /// The velocity at `time`, in px/s per coordinate.
    public func velocity(at time: Millis) -> Point {
        Point(x: x.velocity(at: time), y: y.velocity(at: time))
    }

    public func isAnimating(at time: Millis) -> Bool {
        x.isAnimating(at: time) || y.isAnimating(at: time)
    }

    /// Jumps to `point` and stops any animation.
    public mutating func set(_ point: Point) {
        x.set(point.x)
        y.set(point.y)
    }

    /// Moves to `target` from wherever the point is at `time`; see `AnimatedValue.animate`.
    public mutating func animate(to target: Point, at time: Millis, spec: AnimationSpec,
                                 reduceMotion: Bool = false, initialVelocity: Point? = nil) {
        x.animate(to: target.x, at: time, spec: spec, reduceMotion: reduceMotion,
                  initialVelocity: initialVelocity?.x)
        y.animate(to: target.y, at: time, spec: spec, reduceMotion: reduceMotion,
                  initialVelocity: initialVelocity?.y)
    }

    /// Snaps finished coordinates to their exact targets; true if anything changed.
    public mutating func settle(at time: Millis) -> Bool {
        let a = x.settle(at: time)
        let b = y.settle(at: time)
        return a || b
    }
}
