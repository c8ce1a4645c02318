extension CarouselScene {
    /// The overlay's view of the strip: zoomed cells, and the item the current motion will rest on.
    public func overlayHints(at time: Millis) -> OverlayHints {
        let origin = strip.frame.origin
        let cells = strip.visibleItems(at: time)
        var hints = OverlayHints(frames: cells.map { $0.frame.offsetBy(dx: origin.x, dy: origin.y) })
        let centred = strip.centredIndex(at: time).map(String.init) ?? "-"
        if let target = strip.targetIndex(at: time) {
            if cells.contains(where: { $0.index == target }) {
                hints.restingPoint = strip.layout.cell(of: target, atOffset: strip.offset(at: time)).center + origin
            }
            hints.status = "centred \(centred)  resting on \(target)  offset \(Int(clamping: strip.offset(at: time).rounded()))"
        }
        return hints
    }
}
