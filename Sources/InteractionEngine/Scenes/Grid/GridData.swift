/// One tile of the reorderable grid (SPEC G1): an id, a short label and a colour.
///
/// A pinned tile refuses to move and is never displaced by a reflow (G5, the
/// seed's `canMoveItemAtIndexPath` answering NO).
public struct GridTile: Hashable, Sendable, Identifiable {
    public var id: String
    public var label: String
    public var color: Color
    public var pinned: Bool

    public init(id: String, label: String, color: Color, pinned: Bool = false) {
        self.id = id
        self.label = label
        self.color = color
        self.pinned = pinned
    }

    /// Whether the tile may be picked up (UIKit's `canMoveItemAt`).
    public var canMove: Bool { !pinned }
}

/// The contents of `assets/tiles.json`: `{"tiles": [{"id", "label", "color": "#RRGGBB", "pinned"?}]}`.
///
/// Decoding only checks the shape; `validatedTiles()` checks the values and
/// says what is wrong in words a person can act on.
public struct GridTileFile: Decodable, Sendable {
    /// One tile as written in the file.
    public struct Record: Decodable, Sendable {
        public var id: String
        public var label: String
        public var color: String
        public var pinned: Bool?
    }

    public var tiles: [Record]

    /// The tiles, or the first problem found: an empty or repeated id, a
    /// colour that is not `#RRGGBB`, no tiles at all.
    public func validatedTiles() throws(GridDataError) -> [GridTile] {
        guard !tiles.isEmpty else { throw GridDataError("no tiles") }
        var seen = Set<String>()
        var result: [GridTile] = []
        result.reserveCapacity(tiles.count)
        for (index, record) in tiles.enumerated() {
            guard !record.id.isEmpty else { throw GridDataError("tiles[\(index)] has an empty id") }
            guard seen.insert(record.id).inserted else { throw GridDataError("duplicate id '\(record.id)'") }
            guard let color = Color(hex: record.color) else {
                throw GridDataError("tile '\(record.id)' has colour '\(record.color)', expected #RRGGBB")
            }
            result.append(GridTile(id: record.id, label: record.label, color: color, pinned: record.pinned ?? false))
        }
        return result
    }
}

/// A problem with the grid's sample data (the factory adds the file name).
public enum GridDataProblemKind: ProblemKind {}
public typealias GridDataError = Problem<GridDataProblemKind>
