/// What `GestureArena` reports about a press, in order, each with its time.
///
/// A press yields `pressed`, then exactly one outcome: `tap`; `holdBegan`,
/// `holdMoved`*, `holdEnded`; `panBegan`, `panChanged`*, `panEnded`;
/// `released` (no gesture); or `cancelled` (which may also cut a hold or pan
/// short). Pan translations are displacements from the press point corrected
/// by the drag-start policy; velocities are px/s, and a release's velocity is
/// zero unless it is a fling (`GestureSettings.flingVelocity`).
public enum GestureEvent: Hashable, Sendable {
    /// A primary button went down.
    case pressed(at: Point, time: Millis)
    /// A short, still press was released.
    case tap(at: Point, time: Millis)
    /// The press stayed put until the hold deadline; `time` is the deadline.
    case holdBegan(at: Point, time: Millis)
    /// The pointer moved during a hold.
    case holdMoved(to: Point, translation: Point, time: Millis)
    /// A hold was released.
    case holdEnded(at: Point, velocity: Point, time: Millis)
    /// The pointer crossed the slop before the hold deadline.
    ///
    /// `start` is the press point and `at` the pointer; `axis` is the dominant
    /// axis of the motion that crossed the slop. `translation` is what content
    /// follows, already corrected by `GestureSettings.dragStart` (by default
    /// `at - start` less the slop along the first motion), like every pan
    /// translation: scenes apply it as it is.
    case panBegan(start: Point, at: Point, translation: Point, axis: Axis, time: Millis)
    /// The pointer moved during a pan.
    case panChanged(at: Point, translation: Point, velocity: Point, time: Millis)
    /// A pan was released; `velocity` is zero if the pointer paused first.
    case panEnded(at: Point, translation: Point, velocity: Point, time: Millis)
    /// The press was taken away (Escape, another button, lost grab, a new press).
    case cancelled(time: Millis)
    /// The press ended as none of tap, hold or pan (moved with pans ruled out,
    /// or it caught moving content).
    case released(at: Point, time: Millis)

    /// When the event happened.
    public var time: Millis {
        switch self {
        case .pressed(_, let t), .tap(_, let t), .holdBegan(_, let t), .holdMoved(_, _, let t),
             .holdEnded(_, _, let t), .panBegan(_, _, _, _, let t), .panChanged(_, _, _, let t),
             .panEnded(_, _, _, let t), .cancelled(let t), .released(_, let t):
            t
        }
    }
}
