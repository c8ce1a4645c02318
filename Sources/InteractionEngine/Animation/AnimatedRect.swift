/// A rectangle whose origin and size may be animating, with the `AnimatedValue` API.
///
/// Scenes keep one per item so a frame can move from wherever it currently
/// is, even in the middle of an earlier animation.
public struct AnimatedRect: Sendable {
    public var x: AnimatedValue
    public var y: AnimatedValue
    public var width: AnimatedValue
    public var height: AnimatedValue

    public init(_ rect: Rect) {
        x = AnimatedValue(rect.minX)
        y = AnimatedValue(rect.minY)
        width = AnimatedValue(rect.width)
        height = AnimatedValue(rect.height)
    }

    /// Where the rectangle is heading.
    public var target: Rect {
        Rect(x: x.target, y: y.target, width: width.target, height: height.target)
    }

    public func value(at time: Millis) -> Rect {
        Rect(x: x.value(at: time), y: y.value(at: time),
             width: width.value(at: time), height: height.value(at: time))
    }

    public func isAnimating(at time: Millis) -> Bool {
        x.isAnimating(at: time) || y.isAnimating(at: time)
            || width.isAnimating(at: time) || height.isAnimating(at: time)
    }

    /// Jumps to `rect` and stops any animation.
    public mutating func set(_ rect: Rect) {
        x.set(rect.minX)
        y.set(rect.minY)
        width.set(rect.width)
        height.set(rect.height)
    }

    /// Moves to `target` from wherever the rectangle is at `time`; see `AnimatedValue.animate`.
    public mutating func animate(to target: Rect, at time: Millis, spec: AnimationSpec,
                                 reduceMotion: Bool = false) {
        x.animate(to: target.minX, at: time, spec: spec, reduceMotion: reduceMotion)
        y.animate(to: target.minY, at: time, spec: spec, reduceMotion: reduceMotion)
        width.animate(to: target.width, at: time, spec: spec, reduceMotion: reduceMotion)
        height.animate(to: target.height, at: time, spec: spec, reduceMotion: reduceMotion)
    }

    /// Snaps finished components to their exact targets; true if anything changed.
    public mutating func settle(at time: Millis) -> Bool {
        let changes = [x.settle(at: time), y.settle(at: time),
                       width.settle(at: time), height.settle(at: time)]
        return changes.contains(true)
    }
}
