/// Tuning constants shared by the tap, hold and pan recognizers, and the one
/// place where the boundaries between those gestures are defined.
///
/// Every press ends as exactly one of tap, hold or pan (or, when a scene rules
/// gestures out, `released`). With `d` the farthest the pointer got from the
/// press point before a gesture was recognized and `t` the time since the press:
/// - pan: `d > slop(kind)` while `t < holdDuration` (the first move past the slop wins);
/// - hold: `t >= holdDuration` while `d <= holdAllowableMovement` (and no pan began);
/// - tap: released while `t < holdDuration` with `d <= holdAllowableMovement`
///   (and no pan began). A tap has no deadline of its own: the hold's firing
///   is what ends it, so when a press may not become a hold, a still press of
///   any length is a tap.
/// Because `slop(kind)` never exceeds `holdAllowableMovement`, a still press
/// that stops being still becomes a pan before it stops being a tap or a hold:
/// no distance and no duration falls between two gestures.
public struct GestureSettings: Sendable, Hashable {
    /// How long (ms) a press must stay put before a hold begins (UIKit's
    /// `UILongPressGestureRecognizer.minimumPressDuration`, 0.5 s). Inclusive:
    /// at exactly this time the press is a hold. It also ends the tap.
    public var holdDuration: Millis
    /// How far (px, inclusive) the pointer may wander from the press point and
    /// still be a hold or a tap (UIKit's `allowableMovement`, 10 pt).
    public var holdAllowableMovement: Double
    /// How far (px, exclusive) a mouse must travel from the press point before
    /// a pan begins. A mouse is precise: 4 px (Flutter uses 2 px for a precise
    /// pointer, GTK 8 px for a mouse drag).
    public var mouseSlop: Double
    /// The same for a finger: 10 px, as UIKit's allowable movement (libadwaita uses 16).
    public var touchSlop: Double
    /// Where a pan's content starts following the pointer.
    public var dragStart: DragStartPolicy
    /// A release slower than this (px/s, exclusive) is no fling: its velocity
    /// is reported as zero (Flutter's `kMinFlingVelocity`, Android's minimum fling velocity: 50).
    public var minimumFlingVelocity: Double
    /// Release velocities are clamped to this (px/s; Flutter's `kMaxFlingVelocity`, 8000).
    public var maximumFlingVelocity: Double
    /// How far back (ms) the velocity tracker fits samples (Flutter's horizon, 100 ms).
    public var velocityHorizon: Millis = 100

    public init(holdDuration: Millis = 500, holdAllowableMovement: Double = 10,
                mouseSlop: Double = 4, touchSlop: Double = 10, dragStart: DragStartPolicy = .fromSlopCrossing,
                minimumFlingVelocity: Double = 50, maximumFlingVelocity: Double = 8000) {
        self.holdDuration = holdDuration
        self.holdAllowableMovement = holdAllowableMovement
        self.mouseSlop = mouseSlop
        self.touchSlop = touchSlop
        self.dragStart = dragStart
        self.minimumFlingVelocity = minimumFlingVelocity
        self.maximumFlingVelocity = maximumFlingVelocity
    }

    /// The defaults: 500 ms hold, 10 px allowable movement, 4 px mouse / 10 px
    /// touch slop, content following from the slop crossing, flings from 50 to 8000 px/s.
    public static let standard = GestureSettings()

    /// The pan slop (px, exclusive) for a press by `kind`, never above
    /// `holdAllowableMovement` (so that no press falls between the gestures).
    public func slop(for kind: PointerKind) -> Double {
        let slop = kind == .touch ? touchSlop : mouseSlop
        return max(0, min(slop, holdAllowableMovement))
    }

    /// True when `distance` (px from the press point) still counts as a still press for a hold or a tap.
    public func isStill(_ distance: Double) -> Bool {
        distance <= holdAllowableMovement
    }

    /// True when a press `duration` ms long has reached the hold.
    public func holdIsDue(after duration: Millis) -> Bool {
        duration >= holdDuration
    }

    /// True when `distance` (px from the press point) starts a pan for `kind`.
    public func isPastSlop(_ distance: Double, kind: PointerKind) -> Bool {
        distance > slop(for: kind)
    }

    /// The velocity a release reports: zero unless faster than
    /// `minimumFlingVelocity`, and no faster than `maximumFlingVelocity`.
    public func flingVelocity(_ velocity: Point) -> Point {
        let speed = velocity.length
        guard speed.isFinite, speed > minimumFlingVelocity else { return .zero }
        return speed > maximumFlingVelocity ? velocity * (maximumFlingVelocity / speed) : velocity
    }
}

/// Where a pan's content starts following the pointer, once the slop is crossed.
///
/// The pan recognizer applies it, so every translation a pan reports
/// (`panBegan`, `panChanged`, `panEnded`) is already corrected and scenes
/// never subtract anything.
public enum DragStartPolicy: String, Sendable, Hashable, Codable {
    /// Content follows from the point where the first motion crossed the slop
    /// circle: the reported translation is the pointer's displacement minus the
    /// slop along the direction of that first motion. Content then follows 1:1,
    /// losing exactly the slop and never jumping by it, however large the first
    /// motion (a quick flick, a tablet). UIKit's scroll views behave this way;
    /// Flutter's `DragStartBehavior.start` too, except that it also drops the
    /// rest of the motion that crossed the slop.
    case fromSlopCrossing
    /// Content follows from the press point: the reported translation is the
    /// raw displacement, so content jumps by the slop when the pan begins
    /// (Flutter's `DragStartBehavior.down`).
    case fromPress
}
