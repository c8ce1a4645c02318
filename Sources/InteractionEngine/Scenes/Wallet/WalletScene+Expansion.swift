/// Tap to expand, collapse, and dragging the expanded card away (W8-W10).
extension WalletScene {
    /// Opens card `id` over a footer of the cards that were showing (W8).
    func expand(_ id: String, at time: Millis) {
        guard case .stack = mode, let slot = slotByID[id] else { return }
        let offset = scroll.offset(at: time)
        let shown = layout.visibleRange(offset: offset).filter { $0 != slot }.map { cards[$0].id }
        let before = layout.visibleRange(offset: offset).filter { $0 < slot }.count
        let inset = WalletLayout.footerInset(position: before, step: metrics.footerInsetStep)
        transition(at: time, spec: metrics.expandAnimation) { scene in
            // Scrolling is off while expanded: the stack rests where it was (in bounds).
            scene.scroll.scroll(to: offset, at: time, animated: false)
            scene.mode = .expanded(WalletExpansion(id: id, footer: shown, shrinkInset: inset))
        }
        emitted.append(.expand(id: id))
    }

    /// Closes the expanded card back into the stack (W9).
    func collapse(at time: Millis) {
        guard case .expanded(let e) = mode else { return }
        transition(at: time, spec: metrics.expandAnimation) { $0.mode = .stack }
        emitted.append(.collapse(id: e.id))
    }

    /// Places the dragged expanded card `distance` px below its place (W10).
    func setExpandedDrag(distance: Double) {
        guard case .expanded(var e) = mode else { return }
        // Upwards it resists like a scroll edge; downwards it follows 1:1.
        e.dragDistance = distance >= 0 ? distance
            : -RubberBand.offset(-distance, dimension: layout.viewport.height)
        mode = .expanded(e)
    }

    /// Slides the expanded card off the bottom (0.25 s), then collapses (W10).
    func dismissExpanded(at time: Millis) {
        guard case .expanded(var e) = mode, e.dismissAt == nil, let slot = slotByID[e.id] else { return }
        let offset = scroll.offset(at: time)
        let from = presentedFrame(id: e.id, slot: slot, offset: offset, at: time)
        e.dragDistance = nil
        e.dismissAt = time + metrics.liftAnimation.duration
        mode = .expanded(e)
        absorb(e.id, from: from, to: targetFrame(id: e.id, slot: slot, offset: offset, mode: mode), at: time,
               spec: metrics.liftAnimation)
        emitted.append(.collapse(id: e.id))
    }

    /// Returns a dragged expanded card to its place, carrying the release velocity.
    func springBackExpanded(velocity: Double, at time: Millis) {
        guard case .expanded(var e) = mode, let slot = slotByID[e.id] else { return }
        let offset = scroll.offset(at: time)
        let from = presentedFrame(id: e.id, slot: slot, offset: offset, at: time)
        e.dragDistance = nil
        mode = .expanded(e)
        absorb(e.id, from: from, to: layout.expandedFrame, at: time, spec: metrics.expandAnimation,
               velocity: Rect(x: 0, y: velocity, width: 0, height: 0))
    }
}

/// One card opened over the footer of the others (W8).
struct WalletExpansion: Sendable {
    let id: String
    /// The other cards that showed when it opened, in order: footer positions 0, 1, 2, 3, 3...
    let footer: [String]
    /// How far the expanded card narrows when dragged all the way down: the
    /// inset of the footer position it came from (the seed's `currentCellShrinkMarginLeft`).
    let shrinkInset: Double
    private let positions: [String: Int]
    /// How far the card is dragged down (W10), while it is.
    var dragDistance: Double?
    /// When the slide-off ends and the stack comes back, once dismissed.
    var dismissAt: Millis?

    init(id: String, footer: [String], shrinkInset: Double) {
        self.id = id
        self.footer = footer
        self.shrinkInset = shrinkInset
        var positions: [String: Int] = [:]
        for (i, other) in footer.enumerated() { positions[other] = i }
        self.positions = positions
    }

    /// Card `id`'s footer position (3 for the cards past the fourth, and those not in the footer).
    func footerPosition(of id: String) -> Int {
        min(positions[id] ?? WalletMetrics.footerLastPosition, WalletMetrics.footerLastPosition)
    }
}
