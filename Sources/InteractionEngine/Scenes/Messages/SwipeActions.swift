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
    /// The seed's `swipeToEndPoint`: `animateWithDuration:0.1`. Ease-out rather
    /// than UIKit's default ease-in-out: the row is already moving under the
    /// pointer when it is released, so it should not start from a standstill.
    public static let openSpec = AnimationSpec.timing(duration: 0.1, curve: .easeOut)
    /// The seed's `backToOrginPoint`: `animateWithDuration:0.3` (UIKit's default ease-in-out).
    public static let closeSpec = AnimationSpec.easeInOut(0.3)
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
