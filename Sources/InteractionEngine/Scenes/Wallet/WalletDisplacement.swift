/// How far a card is drawn from its layout frame, decaying to nothing.
///
/// A card's on-screen frame is always `layout frame + displacement`. When the
/// layout moves a card (a swap, an expand, a drop) the displacement absorbs
/// the jump at that instant and then animates back to zero, keeping its
/// velocity: the card moves on from exactly where it was, even mid-flight,
/// while the layout itself stays a pure function of the offset and the slot.
/// (Core Animation calls these additive animations.)
struct WalletDisplacement: Sendable {
    /// x, y, width and height deltas; all head for 0.
    private var delta: AnimatedRect

    /// A displacement of `jump` at `time` (old frame minus new frame), moving
    /// at `velocity` (px/s per component) and animating to zero with `spec`.
    init(jump: Rect, velocity: Rect, at time: Millis, spec: AnimationSpec, reduceMotion: Bool) {
        delta = AnimatedRect(jump)
        delta.x.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion, initialVelocity: velocity.minX)
        delta.y.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion, initialVelocity: velocity.minY)
        delta.width.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion,
                            initialVelocity: velocity.width)
        delta.height.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion,
                             initialVelocity: velocity.height)
    }

    /// The delta at `time`, as a rectangle of differences.
    func value(at time: Millis) -> Rect { delta.value(at: time) }

    /// How fast each component of the delta changes at `time`, in px/s.
    func velocity(at time: Millis) -> Rect {
        Rect(x: delta.x.velocity(at: time), y: delta.y.velocity(at: time),
             width: delta.width.velocity(at: time), height: delta.height.velocity(at: time))
    }

    func isAnimating(at time: Millis) -> Bool { delta.isAnimating(at: time) }

    /// True once the delta has reached zero for good.
    func isSettled(at time: Millis) -> Bool {
        !isAnimating(at: time) && delta.value(at: time) == .zero
    }

    /// Snaps finished components to zero.
    mutating func settle(at time: Millis) { _ = delta.settle(at: time) }
}

extension WalletDisplacement {
    /// `frame` moved and resized by the delta `d`.
    static func apply(_ d: Rect, to frame: Rect) -> Rect {
        Rect(x: frame.minX + d.minX, y: frame.minY + d.minY,
             width: frame.width + d.width, height: frame.height + d.height)
    }

    /// The delta that takes `to` onto `from`, component by component.
    static func jump(from: Rect, to: Rect) -> Rect {
        Rect(x: from.minX - to.minX, y: from.minY - to.minY,
             width: from.width - to.width, height: from.height - to.height)
    }
}
