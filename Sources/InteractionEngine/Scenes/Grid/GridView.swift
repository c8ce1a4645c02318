extension GridScene {
    /// Draws the visible tiles, the empty slot the held tile will land in, the
    /// focus ring, and the held (or landing) tile above everything (G2).
    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        let placements = visiblePlacements(at: time)
        let offset = scrollOffset(at: time)
        // The scroll container (issue 21 item 7): everything but the lifted tile, in content
        // coordinates under the scroll offset, so a fling changes one transform and a
        // compositor can move the content as a few large tiles.
        list.transformed(by: Transform(translation: Point(x: 0, y: -offset))) { list in
            if let moving = placements.last, moving.lifted, let tile = tile(at: moving.index, id: moving.id) {
                GridTileStyle.drawPlaceholder(for: tile, in: layout.frame(at: moving.index), into: &list)
            }
            // The focused tile goes above its neighbours, so a Shift+arrow move glides over them.
            let focused = focusVisible ? focus.flatMap { f in placements.first { $0.index == f && !$0.lifted } } : nil
            for placement in placements where !placement.lifted && placement != focused {
                guard let tile = tile(at: placement.index, id: placement.id) else { continue }
                GridTileStyle.draw(tile, in: placement.frame.offsetBy(dx: 0, dy: offset), lift: 0, into: &list)
            }
            if let focused, let tile = tile(at: focused.index, id: focused.id) {
                let frame = focused.frame.offsetBy(dx: 0, dy: offset)
                GridTileStyle.draw(tile, in: frame, lift: 0, into: &list)
                GridTileStyle.drawFocusRing(around: frame, into: &list)
            }
        }
        if let moving = placements.last, moving.lifted, let tile = tile(at: moving.index, id: moving.id) {
            let lift = (moving.scale - 1) / (metrics.liftScale - 1)
            GridTileStyle.draw(tile, in: moving.frame, lift: lift, into: &list)
        }
        return list
    }

    /// The tile `id`, which the live order keeps in slot `index`.
    private func tile(at index: Int, id: String) -> GridTile? {
        let items = reorder.liveItems
        guard items.indices.contains(index), items[index].id == id else { return nil }
        return items[index]
    }
}
