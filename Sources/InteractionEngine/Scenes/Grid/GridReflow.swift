/// One step of a live reflow: the moving item went from slot `from` to slot
/// `to`, and every movable item between them shifted by one movable slot
/// towards `from`. Pinned slots in between keep their items.
///
/// It maps slots before the step to slots after it (and back), so a scene can
/// animate exactly the items that moved, and only the visible ones.
public struct GridReflow: Hashable, Sendable {
    public let from: Int
    public let to: Int
    /// Which slots hold pinned items; the same before and after (pinned items never move).
    private let pinned: Set<Int>

    init(from: Int, to: Int, pinned: Set<Int>) {
        self.from = from
        self.to = to
        self.pinned = pinned
    }

    /// Every slot whose item may have changed.
    public var range: ClosedRange<Int> { min(from, to)...max(from, to) }

    /// The slot, before the step, of the item now in `index`.
    public func oldIndex(ofItemAt index: Int) -> Int {
        guard range.contains(index), !pinned.contains(index) else { return index }
        if index == to { return from }
        // Moving forward the others shifted back, so each came from the next movable slot.
        return from < to ? nextMovable(after: index) : previousMovable(before: index)
    }

    /// The slot, after the step, of the item that was in `index`.
    public func newIndex(ofItemAt index: Int) -> Int {
        guard range.contains(index), !pinned.contains(index) else { return index }
        if index == from { return to }
        return from < to ? previousMovable(before: index) : nextMovable(after: index)
    }

    private func nextMovable(after index: Int) -> Int {
        var i = index + 1
        while pinned.contains(i) { i += 1 }
        return i
    }

    private func previousMovable(before index: Int) -> Int {
        var i = index - 1
        while pinned.contains(i) { i -= 1 }
        return i
    }
}

extension Array where Element == GridTile {
    /// Moves the item at `source` to `destination` among the movable items
    /// only: remove at source, insert at destination, as the seed's
    /// `moveItemAtIndexPath` does, except that pinned items keep their slots
    /// and the others flow around them. Both slots must hold movable items.
    mutating func moveAroundPinned(from source: Int, to destination: Int) {
        guard source != destination, indices.contains(source), indices.contains(destination) else { return }
        let step = source < destination ? 1 : -1
        let moving = self[source]
        var hole = source
        var i = source + step
        while true {
            if !self[i].pinned {
                self[hole] = self[i]
                hole = i
            }
            if i == destination { break }
            i += step
        }
        self[hole] = moving
    }
}
