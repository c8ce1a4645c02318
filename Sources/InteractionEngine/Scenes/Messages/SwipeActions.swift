/// A button revealed behind a swiped row (SPEC S2, S7).
public enum SwipeAction: String, Sendable, Hashable, CaseIterable {
    case pin
    case unpin
    case markRead = "mark-read"
    case delete

    /// The `name` field of the `action` event.
    public var eventName: String { rawValue }

    /// The button's label, as in QQ.
    public var title: String {
        switch self {
        case .pin: "置顶"
        case .unpin: "取消置顶"
        case .markRead: "标记已读"
        case .delete: "删除"
        }
    }

    /// The small English line under the label.
    public var subtitle: String {
        switch self {
        case .pin: "Pin"
        case .unpin: "Unpin"
        case .markRead: "Mark read"
        case .delete: "Delete"
        }
    }

    /// The button's fill.
    public var color: Color {
        switch self {
        case .pin, .unpin: MessagesStyle.pinButton
        case .markRead: MessagesStyle.markReadButton
        case .delete: MessagesStyle.deleteButton
        }
    }
}

/// Tuning of the row swipe. The seed (002) gives the rules; the numbers are ours.
public enum SwipeTuning {
    /// Width of one button: QQ's buttons are about 74 pt wide.
    public static let buttonWidth: Double = 74
    /// The row snapping open or closed: a critically damped spring that carries the
    /// release velocity (as iOS's swipe actions do), instead of the seed's fixed 0.1 s
    /// open (abrupt, issue 22 item 9) and 0.3 s close. Stiffness 450: released at rest
    /// at half the buttons' width (111 px from open or closed) it settles within 0.5 px
    /// in `settleTime`.
    public static let snapSpring = SpringDescription.withDampingRatio(stiffness: 450, ratio: 1)
    /// Measured: from rest at half of a three-button row (111 px to go), `snapSpring`
    /// is within 0.5 px of its end after this many seconds (checked in a test).
    public static let settleTime: Double = 0.36
    public static let openSpec = AnimationSpec.spring(snapSpring)
    public static let closeSpec = AnimationSpec.spring(snapSpring)

    /// The release velocity (px/s) carried into the snap from `from` to `to`: at most
    /// what the critically damped spring absorbs without overshooting (ω·distance), so
    /// a hard flick never throws the row past open or closed.
    public static func carriedVelocity(_ velocity: Double, from: Double, to: Double) -> Double {
        guard velocity.isFinite else { return 0 }
        let omega = (snapSpring.stiffness / snapSpring.mass).squareRoot()
        let limit = omega * abs(to - from)
        return to >= from ? min(velocity, limit) : max(velocity, -limit)
    }
    /// A release faster than this (px/s, horizontal) is a flick: its direction
    /// decides open or closed, whatever the distance (SPEC S3).
    public static let flickVelocity: Double = 300
    /// How far past the full width an over-drag can ever reach (the rubber
    /// band's limit `d`): a little elastic resistance, as SPEC S2 welcomes.
    public static let elasticLimit: Double = 60

    /// The content offset (≤ 0) for a raw drag position `raw`: 1:1 between
    /// closed and fully open, rubber-banded past the full width, never right of closed.
    public static func dragOffset(raw: Double, openWidth: Double) -> Double {
        guard raw.isFinite else { return 0 }
        if raw > 0 { return 0 }
        if raw >= -openWidth { return raw }
        return -openWidth - RubberBand.offset(-openWidth - raw, dimension: elasticLimit)
    }

    /// Whether a row released at `offset` (≤ 0) with horizontal pointer
    /// velocity `velocity` (px/s) snaps open: a flick decides by its
    /// direction, otherwise at or past half the buttons' width opens (SPEC S3).
    public static func opensOnRelease(offset: Double, velocity: Double, openWidth: Double) -> Bool {
        if velocity.isFinite, abs(velocity) > flickVelocity { return velocity < 0 }
        return -offset >= openWidth / 2
    }
}
