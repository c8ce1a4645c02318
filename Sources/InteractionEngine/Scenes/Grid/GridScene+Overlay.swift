extension GridScene {
    /// The overlay's view of the grid: tile frames, the slot a held tile will land in, the reflow state.
    public func overlayHints(at time: Millis) -> OverlayHints {
        let offset = scrollOffset(at: time)
        var hints = OverlayHints(frames: visiblePlacements(at: time).map(\.frame))
        if let id = movingID, let movement = reorder.movement {
            hints.restingPoint = layout.frame(at: movement.current).center - Point(x: 0, y: offset)
            hints.status = "lifted \(id): slot \(movement.source) → \(movement.current)"
        } else {
            hints.status = "offset \(Int(clamping: offset.rounded()))  columns \(layout.columns)"
        }
        return hints
    }
}
