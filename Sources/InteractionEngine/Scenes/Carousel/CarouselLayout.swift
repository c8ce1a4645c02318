/// The strip's geometry as a pure function of the options, the item count and
/// the strip size (SPEC C2, C3).
///
/// Item `i` occupies `[i·pitch, i·pitch + itemWidth)` in content
/// coordinates. Insets of `(width - itemWidth) / 2` on both sides let the
/// first and the last item reach the centre (the seed's
/// `insetForSectionAtIndex`), so the offset that centres item `i` is
/// `i·pitch - leadingInset`, and the scroll bounds are exactly the first and
/// last item's centring offsets.
public struct CarouselLayout: Hashable, Sendable {
    public var options: CarouselOptions
    public var itemCount: Int
    /// The strip's size; items are its full height.
    public var size: Size

    public init(options: CarouselOptions = .standard, itemCount: Int, size: Size) {
        self.options = options.sanitized
        self.itemCount = max(0, itemCount)
        self.size = Size(width: size.width.isFinite ? max(0, size.width) : 0,
                         height: size.height.isFinite ? max(0, size.height) : 0)
    }

    public var pitch: Double { options.pitch }

    /// Length of the items and the gaps between them.
    public var contentLength: Double {
        itemCount == 0 ? 0 : Double(itemCount) * options.itemWidth + Double(itemCount - 1) * options.spacing
    }

    /// Room before the first item so that it can sit in the centre.
    public var leadingInset: Double { max(0, (size.width - options.itemWidth) / 2) }
    /// Room after the last item so that it can sit in the centre.
    public var trailingInset: Double { leadingInset }

    /// The scroll offset at which item `index` is exactly centred.
    public func offset(centering index: Int) -> Double {
        Double(index) * pitch - leadingInset
    }

    /// The strip position at `offset`, in items: 0 when the first item is
    /// centred, 1.5 halfway between the second and the third.
    public func position(atOffset offset: Double) -> Double {
        (offset + leadingInset) / pitch
    }

    /// The item nearest the centre at `offset` (clamped to the items), or nil
    /// when there are none.
    public func index(nearestOffset offset: Double) -> Int? {
        guard itemCount > 0 else { return nil }
        let p = position(atOffset: offset)
        guard p.isFinite else { return 0 }
        return Int(min(max(p.rounded(), 0), Double(itemCount - 1)))
    }

    // MARK: Zoom and alpha (C3)

    /// True when an item `distance` px from the centre is active: strictly
    /// closer than `activeDistance`, as the seed's `ABS(distance) < ActiveDistance`.
    public func isActive(distance: Double) -> Bool {
        abs(distance) < options.activeDistance
    }

    /// `1 + zoomFactor·(1 - |d|/activeDistance)` inside the active distance, else 1.
    /// Continuous at the boundary: it reaches 1 exactly there.
    public func zoom(distance: Double) -> Double {
        guard isActive(distance: distance) else { return 1 }
        return 1 + options.zoomFactor * (1 - abs(distance) / options.activeDistance)
    }

    /// 1 inside the active distance, `inactiveAlpha` at and beyond it.
    public func alpha(distance: Double) -> Double {
        isActive(distance: distance) ? 1 : options.inactiveAlpha
    }

    // MARK: Layout pass

    /// The items that intersect the strip at `offset`, in drawing order:
    /// inactive ones first, then active ones by increasing zoom (the one
    /// nearest the centre last, on top), each named by `id` (an index it has no name for is
    /// left out). Only visible items are computed.
    public func items(atOffset offset: Double, id: (Int) -> String?) -> [LaidOutItem] {
        guard let range = visibleRange(atOffset: offset) else { return [] }
        var result: [(item: LaidOutItem, isActive: Bool)] = []
        result.reserveCapacity(range.count)
        for index in range {
            guard let name = id(index) else { continue }
            let item = self.item(index, atOffset: offset, id: name)
            result.append((item, isActive(distance: item.distanceFromCentre ?? .infinity)))
        }
        result.sort { a, b in
            if a.isActive != b.isActive { return !a.isActive }
            if a.item.scale != b.item.scale { return a.item.scale < b.item.scale }
            return a.item.index < b.item.index
        }
        return result.map(\.item)
    }

    /// Item `index`, named `id`, at `offset`, visible or not: its zoomed cell
    /// (`cell(of:atOffset:)` scaled about its centre), zoom, alpha and distance from the centre.
    public func item(_ index: Int, atOffset offset: Double, id: String) -> LaidOutItem {
        let cell = self.cell(of: index, atOffset: offset)
        let d = cell.midX - size.width / 2
        let z = zoom(distance: d)
        return LaidOutItem(id: id, index: index, frame: cell.scaled(by: z), scale: z, opacity: alpha(distance: d),
                           distanceFromCentre: d)
    }

    /// Item `index`'s cell before zooming, in strip coordinates (x from the
    /// strip's left edge, the full strip height).
    public func cell(of index: Int, atOffset offset: Double) -> Rect {
        Rect(x: Double(index) * pitch - offset, y: 0, width: options.itemWidth, height: size.height)
    }

    /// Indices of the items whose zoomed cell may reach into `[0, width)`.
    public func visibleRange(atOffset offset: Double) -> ClosedRange<Int>? {
        guard itemCount > 0, offset.isFinite, size.width > 0 else { return nil }
        let w = options.itemWidth
        let reach = w * max(1, 1 + options.zoomFactor) / 2
        // Item i's centre in strip coordinates is i·pitch + w/2 - offset; it is
        // visible when that centre lies strictly within `reach` of [0, width]:
        // low < i < high.
        let low = (offset - w / 2 - reach) / pitch
        let high = (offset + size.width - w / 2 + reach) / pitch
        let last = Double(itemCount - 1)
        let first = max(low.rounded(.down) + 1, 0)
        let end = min(high.rounded(.up) - 1, last)
        guard first <= end else { return nil }
        return Int(first)...Int(end)
    }
}
