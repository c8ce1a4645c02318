/// Where each slot of the grid lies, as a pure function of the viewport width
/// and the item count (the grid's UICollectionViewFlowLayout).
///
/// Slots are square and numbered row by row. Frames are in content
/// coordinates: (0, 0) is the top-left of the scrollable content, so a frame
/// does not change while the grid scrolls. Every query is O(1) or
/// O(visible slots), never O(item count).
public struct GridLayout: Hashable, Sendable {
    // MARK: Tuning

    /// Space between tiles, both ways (the brief's ~12 px).
    public static let spacing: Double = 12
    /// Padding around the whole grid.
    public static let margin: Double = 16
    /// The narrowest a tile may get before a column is dropped.
    public static let minimumTileWidth: Double = 96
    /// The grid never has fewer columns than this, however narrow the window.
    public static let minimumColumns = 2

    // MARK: Geometry

    /// Width of the viewport the grid fills.
    public let width: Double
    /// How many slots there are.
    public let count: Int
    /// How many tiles sit side by side.
    public let columns: Int
    /// Side of a (square) tile.
    public let tileSize: Double

    public init(width: Double, count: Int) {
        let width = width.isFinite ? max(0, width) : 0
        self.width = width
        self.count = max(0, count)
        columns = GridLayout.columns(forWidth: width)
        let available = width - 2 * GridLayout.margin - Double(columns - 1) * GridLayout.spacing
        tileSize = max(1, available / Double(columns))
    }

    /// columns = max(2, floor((width - 2·margin + spacing) / (minimumTileWidth + spacing))).
    public static func columns(forWidth width: Double) -> Int {
        guard width.isFinite, width > 0 else { return minimumColumns }
        let fitting = ((width - 2 * margin + spacing) / (minimumTileWidth + spacing)).rounded(.down)
        return max(minimumColumns, Int(min(fitting, 1000)))
    }

    /// Distance from one slot's origin to the next one's, across or down.
    public var pitch: Double { tileSize + GridLayout.spacing }

    /// How many rows the slots fill.
    public var rows: Int { count == 0 ? 0 : (count + columns - 1) / columns }

    /// Height of all rows plus the margins.
    public var contentHeight: Double {
        guard rows > 0 else { return 2 * GridLayout.margin }
        return 2 * GridLayout.margin + Double(rows) * pitch - GridLayout.spacing
    }

    /// The frame of slot `index` (which may lie past `count`, for a placeholder).
    public func frame(at index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: GridLayout.margin + Double(column) * pitch, y: GridLayout.margin + Double(row) * pitch,
                    width: tileSize, height: tileSize)
    }

    /// The centre of slot `index`.
    public func center(at index: Int) -> Point { frame(at: index).center }

    /// The slot whose tile contains `point` (content coordinates); nil in the
    /// gaps, the margins and past the last item.
    public func index(at point: Point) -> Int? {
        guard point.isFinite else { return nil }
        let column = Int(clamping: ((point.x - GridLayout.margin) / pitch).rounded(.down), to: -1...columns)
        let row = Int(clamping: ((point.y - GridLayout.margin) / pitch).rounded(.down), to: -1...rows)
        guard point.x >= GridLayout.margin, point.y >= GridLayout.margin, column < columns, row < rows else { return nil }
        let index = row * columns + column
        guard index < count, frame(at: index).contains(point) else { return nil }
        return index
    }

    /// The existing slot whose centre is nearest to `point` (content coordinates).
    ///
    /// Slot centres form a lattice, so the nearest one is the rounded lattice
    /// position, clamped; in the last, partly filled row the nearest existing
    /// slot is searched among that row's few items.
    public func nearestIndex(to point: Point) -> Int? {
        guard count > 0, point.isFinite else { return nil }
        let origin = GridLayout.margin + tileSize / 2
        let column = Int(clamping: ((point.x - origin) / pitch).rounded(), to: 0...max(0, columns - 1))
        let row = Int(clamping: ((point.y - origin) / pitch).rounded(), to: 0...max(0, rows - 1))
        let index = row * columns + column
        if index < count { return index }
        // The last row is short: compare with the previous row's slot and the last items.
        let candidates = [index - columns] + Array(max(0, count - columns)..<count)
        return candidates.filter { $0 >= 0 && $0 < count }
            .min { center(at: $0).distance(to: point) < center(at: $1).distance(to: point) }
    }

    /// The slots any part of which lies within `top ..< top + height` (content
    /// y), plus `extraRows` rows on each side; empty when there are none.
    public func indices(intersectingTop top: Double, height: Double, extraRows: Int = 0) -> Range<Int> {
        guard count > 0, top.isFinite, height.isFinite, height > 0 else { return 0..<0 }
        let reach = -(rows + extraRows + 2)...(rows + extraRows + 2)
        let first = Int(clamping: ((top - GridLayout.margin - tileSize) / pitch).rounded(.down), to: reach) + 1 - extraRows
        let last = Int(clamping: ((top + height - GridLayout.margin) / pitch).rounded(.up), to: reach) - 1 + extraRows
        let firstRow = max(0, first), lastRow = min(rows - 1, last)
        guard firstRow <= lastRow else { return 0..<0 }
        return (firstRow * columns)..<min(count, (lastRow + 1) * columns)
    }
}
