/// What `GestureArena` reports about a press, in order, each with its time.
///
/// A press yields `pressed`, then exactly one outcome: `tap`; `holdBegan`,
/// `holdMoved`*, `holdEnded`; `panBegan`, `panChanged`*, `panEnded`;
/// `released` (no gesture); or `cancelled` (which may also cut a hold or pan
/// short). Translations are measured from the press point; velocities are px/s.
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
    /// `axis` is the dominant axis of the motion that crossed the slop. The
    /// translation (`at - start`) is measured from the press point, as UIKit
    /// does, and already includes the slop: the scene chooses whether content
    /// jumps by it or follows from here.
    case panBegan(start: Point, at: Point, axis: Axis, time: Millis)
    /// The pointer moved during a pan.
    case panChanged(at: Point, translation: Point, velocity: Point, time: Millis)
    /// A pan was released; `velocity` is zero if the pointer paused first.
    case panEnded(at: Point, translation: Point, velocity: Point, time: Millis)
    /// The press was taken away (Escape, another button, lost grab, a new press).
    case cancelled(time: Millis)
    /// The press ended as none of tap, hold or pan (too long, or moved with
    /// those gestures disabled).
    case released(at: Point, time: Millis)

    /// When the event happened.
    public var time: Millis {
        switch self {
        case .pressed(_, let t), .tap(_, let t), .holdBegan(_, let t), .holdMoved(_, _, let t),
             .holdEnded(_, _, let t), .panBegan(_, _, _, let t), .panChanged(_, _, _, let t),
             .panEnded(_, _, _, let t), .cancelled(let t), .released(_, let t):
            t
        }
    }
}
