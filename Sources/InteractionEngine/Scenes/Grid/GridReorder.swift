/// The grid's data source with UIKit's four-step interactive movement (SPEC G3, G5, G6).
///
/// Mirrors `beginInteractiveMovementForItemAtIndexPath:` /
/// `updateInteractiveMovementTargetPosition:` / `endInteractiveMovement` /
/// `cancelInteractiveMovement`. `items` is the committed order (what is saved);
/// `liveItems` is what the grid shows during a movement, reflowed as the
/// moving item travels. `endMovement` commits (remove at source, insert at
/// target); `cancelMovement` puts everything back. Points are in content
/// coordinates (see `GridLayout`). No animation and no time here: the scene
/// animates what a step reports.
public struct GridReorder: Sendable {
    // MARK: Tuning

    /// A slot captures the moving item when the item's centre comes within this
    /// fraction of the tile width of the slot's centre (SPEC G3; the seed:
    /// `space <= snapshotView.bounds.size.width / 2`, "move once half overlaps").
    public static let captureFraction = 0.5
    /// The live capture fraction (tunable `grid.captureFraction`, at most 0.5 so capture circles never overlap).
    public var captureFraction: Double = GridReorder.captureFraction
    /// Hysteresis: none added on top of the SPEC's rule. A slot captures the item
    /// exactly when the item's centre comes closer than half a tile to the slot's centre
    /// (`captureFraction`), in every direction, so the grid reflows at 51.5 px for a
    /// 103 px tile as SPEC G3 says. The old rule (the item's slot kept it until another
    /// was nearer by 15 % of a tile) put the whole band on one side of that boundary, and
    /// the grid reflowed at about 48-49 px (issue 22, item 9). The hysteresis is the band
    /// between two neighbours' capture circles: as wide as the spacing between tiles
    /// (`hysteresisBand`, 12 px), its two edges the two SPEC boundaries, so a pointer
    /// resting on a boundary never makes the grid flip back and forth.
    public static func captureDistance(tileSize: Double) -> Double { tileSize * captureFraction }

    /// How far back (px) a moved item must travel to return to the slot it just left:
    /// the gap between the two capture circles, `pitch - 2 * captureDistance` (the spacing).
    public static func hysteresisBand(_ layout: GridLayout) -> Double {
        layout.pitch - 2 * captureDistance(tileSize: layout.tileSize)
    }

    /// A movement in progress.
    public struct Movement: Hashable, Sendable {
        /// The moving item's id.
        public let id: String
        /// Its slot when the movement began (in `items`).
        public let source: Int
        /// Its slot now (in `liveItems`).
        public fileprivate(set) var current: Int
        /// Pointer minus the item's centre at the start: kept while it moves (scaled with the tile on a resize).
        public fileprivate(set) var grabOffset: Point
        /// The latest target position (the pointer), content coordinates.
        public fileprivate(set) var target: Point

        /// Where the moving item's centre is: the target less the grab offset.
        public var center: Point { target - grabOffset }
    }

    /// What a finished (or cancelled) movement did.
    public struct Outcome: Hashable, Sendable {
        public let id: String
        public let from: Int
        public let to: Int
        /// The reflow that took the live order to the final one (nil when nothing moved).
        public let reflow: GridReflow?
    }

    /// The committed order: the data source.
    public private(set) var items: [GridTile]
    /// The order on screen: `items` with the moving item at its current slot.
    public private(set) var liveItems: [GridTile]
    /// The slots' geometry; replace it when the viewport is resized.
    public var layout: GridLayout
    /// The movement in progress, if any.
    public private(set) var movement: Movement?

    public init(items: [GridTile], width: Double) {
        self.items = items
        liveItems = items
        layout = GridLayout(width: width, count: items.count)
    }

    /// Re-lays the slots out for a new viewport width. A moving item's grab offset
    /// scales with the tile, so the pointer holds the same point of the tile.
    public mutating func resize(width: Double) {
        let old = layout.tileSize
        layout = GridLayout(width: width, count: items.count)
        if var moving = movement, old > 0 {
            moving.grabOffset = moving.grabOffset * (layout.tileSize / old)
            movement = moving
        }
    }

    /// True when the item in slot `index` may move (`canMoveItemAt`): it exists and is not pinned.
    public func canMoveItem(at index: Int) -> Bool {
        liveItems.indices.contains(index) && liveItems[index].canMove
    }

    // MARK: The four steps

    /// Starts moving the item under `point`; false (and nothing starts) on empty
    /// space, on a pinned item, or while another movement runs.
    @discardableResult
    public mutating func beginMovement(at point: Point) -> Bool {
        guard let index = layout.index(at: point) else { return false }
        return beginMovement(forItemAt: index, grabbedAt: point)
    }

    /// Starts moving the item in slot `index`, held at `point` (its centre when nil).
    @discardableResult
    public mutating func beginMovement(forItemAt index: Int, grabbedAt point: Point? = nil) -> Bool {
        guard movement == nil, canMoveItem(at: index) else { return false }
        let center = layout.center(at: index)
        let grab = point.map { $0 - center } ?? .zero
        movement = Movement(id: liveItems[index].id, source: index, current: index,
                            grabOffset: grab.isFinite ? grab : .zero, target: center + grab)
        return true
    }

    /// Moves the item's target to `point` (the pointer). When its centre comes
    /// within half a tile of another movable slot's centre, clearly nearer
    /// than to its own slot's, the live order reflows so that it takes that
    /// slot; the reflow is returned. Pinned slots are skipped.
    @discardableResult
    public mutating func updateMovement(target point: Point) -> GridReflow? {
        guard var moving = movement, point.isFinite else { return nil }
        moving.target = point
        movement = moving
        guard let slot = targetSlot(for: moving), slot != moving.current else { return nil }
        let reflow = GridReflow(from: moving.current, to: slot, pinned: pinnedSlots(in: moving.current, slot))
        liveItems.moveAroundPinned(from: moving.current, to: slot)
        moving.current = slot
        movement = moving
        return reflow
    }

    /// Commits the movement: the data moves from its source to its current
    /// slot (remove at source, insert at target, around pinned items).
    @discardableResult
    public mutating func endMovement() -> Outcome? {
        guard let moving = movement else { return nil }
        items.moveAroundPinned(from: moving.source, to: moving.current)
        assert(items.map(\.id) == liveItems.map(\.id), "the live order is the committed one")
        liveItems = items
        movement = nil
        return Outcome(id: moving.id, from: moving.source, to: moving.current, reflow: nil)
    }

    /// Abandons the movement: every item goes back to where it was before `begin`.
    /// The returned reflow takes the live order back to the original one.
    @discardableResult
    public mutating func cancelMovement() -> Outcome? {
        guard let moving = movement else { return nil }
        let back = moving.current == moving.source ? nil
            : GridReflow(from: moving.current, to: moving.source, pinned: pinnedSlots(in: moving.current, moving.source))
        liveItems = items
        movement = nil
        return Outcome(id: moving.id, from: moving.current, to: moving.source, reflow: back)
    }

    /// Moves the item in slot `index` to slot `destination` in one go, through
    /// the same four steps (the keyboard's Shift+arrows). A pinned destination
    /// is passed over in the direction of travel. Returns the outcome, or nil
    /// when nothing could move.
    public mutating func moveItem(at index: Int, toward destination: Int) -> Outcome? {
        guard movement == nil, canMoveItem(at: index), destination != index else { return nil }
        let step = destination > index ? 1 : -1
        var slot = min(max(destination, 0), liveItems.count - 1)
        while liveItems.indices.contains(slot), liveItems[slot].pinned { slot += step }
        guard liveItems.indices.contains(slot), slot != index else { return nil }
        beginMovement(forItemAt: index)
        let reflow = updateMovement(target: layout.center(at: slot))
        guard let outcome = endMovement() else { return nil }
        return Outcome(id: outcome.id, from: outcome.from, to: outcome.to, reflow: reflow)
    }

    // MARK: Target choice

    /// The slot the moving item should hold now: its own, unless another
    /// movable slot captured it (its centre within half a tile, nearer than its own).
    func targetSlot(for moving: Movement) -> Int? {
        let center = moving.center
        guard let nearest = layout.nearestIndex(to: center), nearest != moving.current else { return moving.current }
        guard canMoveItem(at: nearest) else { return moving.current }
        let size = layout.tileSize
        let distance = layout.center(at: nearest).distance(to: center)
        let own = layout.center(at: moving.current).distance(to: center)
        guard distance < size * captureFraction, distance < own else { return moving.current }
        return nearest
    }

    /// The pinned slots between `a` and `b` (inclusive).
    private func pinnedSlots(in a: Int, _ b: Int) -> Set<Int> {
        Set((min(a, b)...max(a, b)).filter { liveItems[$0].pinned })
    }
}
