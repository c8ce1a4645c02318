/// Where the wallet's cards go: pure functions of the viewport, the card
/// count and the scroll offset, like a `UICollectionViewLayout`.
///
/// Content coordinates put card `i`'s resting top at `i * 100`; the scroll
/// offset is the content position at the top of the *stage*, the viewport
/// minus a 16 px margin at the top. Screen (scene) coordinates are
/// `stageTop + content - offset`.
public struct WalletLayout: Hashable, Sendable {
    public var viewport: Size
    public var count: Int
    /// The live tuning values the expanded layout reads (footer insets and offsets).
    public var metrics = WalletMetrics()

    public init(viewport: Size, count: Int) {
        self.viewport = viewport
        self.count = max(0, count)
    }

    // MARK: Stack (W1, W2, W3)

    /// (n - 1) * 100 + 200 for n cards (0 for none).
    public static func contentHeight(count: Int) -> Double {
        count > 0 ? Double(count - 1) * WalletMetrics.cardSpacing + WalletMetrics.cardHeight : 0
    }

    public var contentHeight: Double { Self.contentHeight(count: count) }

    /// A card's top in content coordinates.
    ///
    /// - W1: at rest `index * 100`.
    /// - W2: scrolled, a card that reaches the top stays there: `max(offset, index * 100)`.
    /// - W3: pulled down by `p = -offset`, the cards fan apart:
    ///   `index * 100 - p + p * index * 0.25`.
    public static func stackTop(index: Int, offset: Double) -> Double {
        let natural = Double(index) * WalletMetrics.cardSpacing
        if offset < 0 {
            let p = -offset
            return natural - p + p * Double(index) * WalletMetrics.spreadFactor
        }
        return max(offset, natural)
    }

    /// The card kept stuck at the top: the last one whose resting top is at or
    /// above the offset. The cards before it lie exactly under it (W2).
    public func stuckIndex(offset: Double) -> Int {
        guard count > 0, offset > 0 else { return 0 }
        return min(count - 1, Int((offset / WalletMetrics.cardSpacing).rounded(.down)))
    }

    /// The cards that may show in the viewport: from the stuck card to the last
    /// one whose top is above the viewport's bottom. O(1) to compute and
    /// O(visible) long, whatever the count (W1).
    public func visibleRange(offset: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = stuckIndex(offset: offset)
        let room = viewport.height - stageTop
        let pitch: Double
        let start: Double
        if offset < 0 {
            // Screen top of card i in the fan: stageTop + i * (100 + 0.25 p).
            pitch = WalletMetrics.cardSpacing + -offset * WalletMetrics.spreadFactor
            start = 0
        } else {
            pitch = WalletMetrics.cardSpacing
            start = offset
        }
        // Card i shows while i * pitch - start < room.
        let bound = ((room + start) / pitch).rounded(.up)
        let last = bound.isFinite ? min(count, max(first + 1, Int(min(bound, Double(count))))) : count
        return first..<last
    }

    // MARK: Frames (scene coordinates)

    /// The top of the stage: where the offset's content row is drawn.
    public var stageTop: Double { WalletMetrics.margin }

    /// A card's width in the stack: the viewport less its margins, at most
    /// `WalletMetrics.maxCardWidth` (a wide window centres the stack).
    public var cardWidth: Double { max(0, min(viewport.width - 2 * WalletMetrics.margin, WalletMetrics.maxCardWidth)) }

    /// The left edge of the stack's column (cards, the expanded card and its footer).
    public var cardX: Double { max(WalletMetrics.margin, ((viewport.width - cardWidth) / 2).rounded(.down)) }

    /// Card `index`'s frame in the stack at `offset`.
    public func stackFrame(index: Int, offset: Double) -> Rect {
        Rect(x: cardX, y: stageTop + Self.stackTop(index: index, offset: offset) - offset,
             width: cardWidth, height: WalletMetrics.cardHeight)
    }

    /// Where slot `index` starts if nothing sticks (`index * 100`), on screen:
    /// lifted cards trade places against these tops, so a stack of stuck cards
    /// never swaps in a burst (the seed's flicker).
    public func slotTop(index: Int, offset: Double) -> Double {
        stageTop + Double(index) * WalletMetrics.cardSpacing - offset
    }

    /// The expanded card: the stage's top down to 50 px above the bottom (W8).
    public var expandedFrame: Rect {
        let height = max(WalletMetrics.cardHeight, viewport.height - metrics.expandBottomHeight - stageTop)
        return Rect(x: cardX, y: stageTop, width: cardWidth, height: height)
    }

    /// The side inset of footer position `position` (0...3; later ones use 3): (4 - i) * 5.
    public static func footerInset(position: Int, step: Double = WalletMetrics.footerInsetStep) -> Double {
        let i = min(max(position, 0), WalletMetrics.footerLastPosition)
        return Double(WalletMetrics.footerLastPosition + 1 - i) * step
    }

    /// The `position`-th collapsed card under an expanded one: inset (4 - i) * 5
    /// on each side, its top 10 + i * 10 below the expanded card's bottom (W8).
    public func footerFrame(position: Int) -> Rect {
        let i = min(max(position, 0), WalletMetrics.footerLastPosition)
        let inset = Self.footerInset(position: i, step: metrics.footerInsetStep)
        let top = expandedFrame.maxY + metrics.footerFirstTop + Double(i) * metrics.footerSpacing
        return Rect(x: cardX + inset, y: top, width: max(0, cardWidth - 2 * inset),
                    height: WalletMetrics.cardHeight)
    }

    /// The expanded card dragged down by `distance` (W10): it follows the pointer
    /// and narrows towards `inset` in proportion to how far it went.
    public func draggedExpandedFrame(distance: Double, inset: Double) -> Rect {
        let frame = expandedFrame
        let progress = min(max(distance / frame.height, 0), 1)
        let side = progress * inset
        return Rect(x: frame.minX + side, y: frame.minY + distance,
                    width: max(0, frame.width - 2 * side), height: frame.height)
    }
}
