/// Colours of the message list, on top of the shared `Theme`.
public enum MessagesStyle {
    public static var rowBackground: Color { Theme.surface }
    /// Pinned rows sit on a cool grey, as in QQ (a raised grey in the dark).
    public static var pinnedBackground: Color { Palette.current.raisedSurface }
    /// A selected row (tap or Enter).
    public static var selectedBackground: Color { Theme.surface.mixed(with: Theme.accent, 0.13) }
    /// Shading of a row or button while the pointer is down on it.
    public static var pressedShade: Color { Palette.current.pressedShade }
    public static let badge = Color(rgb: 0xFF3B30)
    public static let pinButton = Color(rgb: 0x8E9AAF)
    public static let markReadButton = Color(rgb: 0xFF9500)
    public static let deleteButton = Color(rgb: 0xFF3B30)
    public static let fallbackAvatar = Color(rgb: 0x8E8E93)
}

/// Where rows sit in the list: fixed-height slots, so the visible rows are
/// found by arithmetic and the cost never grows with the number of rows.
public struct MessagesLayout: Sendable, Hashable {
    /// Height of one row (QQ's cells are about 72 pt tall).
    public static let rowHeight: Double = 72
    /// Leading inset of the avatar.
    public static let avatarInset: Double = 14
    public static let avatarRadius: Double = 24
    /// Where the name and preview start (and the separator, as in iOS lists).
    public static let textInset: Double = 76
    /// Trailing inset of the time and badge.
    public static let trailingInset: Double = 14
    /// Room kept for the time at the right of the name.
    public static let timeWidth: Double = 72
    public static let badgeHeight: Double = 20
    /// The widest a row gets: UIKit's readable content width (672 pt at the default text
    /// size). A wider window centres the column (issue 22, item 7); 480 px is unchanged.
    public static let readableWidth: Double = 672

    /// Width of the list (every row spans it).
    public var width: Double
    /// Height of the visible part of the list.
    public var viewportHeight: Double

    public init(width: Double, viewportHeight: Double) {
        self.width = width
        self.viewportHeight = viewportHeight
    }

    /// How wide a row is: the list's width, at most `readableWidth`.
    public var rowWidth: Double { min(width, Self.readableWidth) }

    /// The left edge of the centred column of rows.
    public var rowX: Double { max(0, ((width - rowWidth) / 2).rounded(.down)) }

    /// A row's frame in scene coordinates for a top at `y`.
    public func rowFrame(y: Double) -> Rect { Rect(x: rowX, y: y, width: rowWidth, height: Self.rowHeight) }

    /// The top of slot `index` in content coordinates.
    public func slotY(_ index: Int) -> Double { Double(index) * Self.rowHeight }

    /// The length of the scrollable content for `rowCount` rows.
    public func contentLength(rowCount: Int) -> Double { Double(max(0, rowCount)) * Self.rowHeight }

    /// The slots that intersect the viewport when the list is scrolled to
    /// `offset`, widened by `margin` slots on each side and kept within the rows.
    public func visibleRange(offset: Double, rowCount: Int, margin: Int = 0) -> Range<Int> {
        guard rowCount > 0, viewportHeight > 0, offset.isFinite else { return 0..<0 }
        let first = Int((offset / Self.rowHeight).rounded(.down)) - margin
        let last = Int(((offset + viewportHeight) / Self.rowHeight).rounded(.up)) + margin
        let lower = min(max(first, 0), rowCount)
        let upper = min(max(last, lower), rowCount)
        return lower..<upper
    }

    /// The frames of a row's buttons for a row at `frame` revealed by
    /// `revealed` px: they share the revealed width once it exceeds the full
    /// width (an over-drag stretches them), and sit at the right edge.
    public static func buttonFrames(count: Int, in frame: Rect, revealed: Double) -> [Rect] {
        guard count > 0 else { return [] }
        let total = max(Double(count) * SwipeTuning.buttonWidth, revealed)
        let each = total / Double(count)
        return (0..<count).map { i in
            Rect(x: frame.maxX - total + Double(i) * each, y: frame.minY, width: each, height: frame.height)
        }
    }
}
