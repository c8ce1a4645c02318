/// One item of a scene as laid out for a frame: what every scene's layout pass
/// returns and its view, hit tests and overlay read (the wallet's cards, the
/// messages' rows, the grid's tiles, the carousel's strip items). Anything
/// else a view needs it reads from its own scene by `id` or `index`.
public struct LaidOutItem: Hashable, Sendable {
    /// The item's id in the scene's data.
    public var id: String
    /// Its place in the scene's current order (the wallet's slot, the list's
    /// row, the grid's live slot, the strip's item).
    public var index: Int
    /// Where it is drawn, in the scene's coordinates (the carousel: its strip's),
    /// displacement and `scale` included.
    public var frame: Rect
    /// How much larger than at rest it is drawn, about its centre (a lifted
    /// tile, a pressed card, the carousel's zoom); 1 at rest.
    public var scale: Double
    /// The opacity of the whole item (the carousel's inactive items); 1 elsewhere.
    public var opacity: Double
    /// True for the item drawn above the others on its own layer (held, or landing).
    public var isLifted: Bool
    /// The carousel's signed distance from the item's centre to the strip's
    /// centre along x (positive: right of it); nil in scenes that do not measure it.
    public var distanceFromCentre: Double?

    public init(id: String, index: Int, frame: Rect, scale: Double = 1, opacity: Double = 1,
                isLifted: Bool = false, distanceFromCentre: Double? = nil) {
        self.id = id
        self.index = index
        self.frame = frame
        self.scale = scale
        self.opacity = opacity
        self.isLifted = isLifted
        self.distanceFromCentre = distanceFromCentre
    }
}
