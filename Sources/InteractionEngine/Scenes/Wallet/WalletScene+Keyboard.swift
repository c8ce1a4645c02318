/// I3 on the wallet: arrows move a focus ring, Shift+arrows move the focused
/// card (the same commit as a drop), Enter expands or collapses, Escape collapses.
extension WalletScene {
    /// Keys the deck did not take for itself (never while a press is down).
    func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        switch key {
        case .up, .down:
            guard case .stack = mode else { return }
            let step = key == .up ? -1 : 1
            if modifiers.contains(.shift) {
                moveFocusedCard(by: step, at: time)
            } else {
                moveFocus(by: step, at: time)
            }
        case .enter, .space:
            if expandedID != nil {
                collapse(at: time)
            } else if let id = focusedID {
                expand(id, at: time)
            }
        case .escape:
            if expandedID != nil { collapse(at: time) }
        default:
            break
        }
    }

    /// Moves the focus ring to the previous or next card (the top visible one
    /// first) and scrolls it into view.
    func moveFocus(by step: Int, at time: Millis) {
        guard !cards.isEmpty else { return }
        let target: Int
        if let id = focusedID, let slot = slotByID[id] {
            target = min(max(slot + step, 0), cards.count - 1)
        } else {
            target = layout.stuckIndex(offset: scroll.projectedRestingOffset(at: time))
        }
        focusedID = cards[target].id
        scrollIntoView(slot: target, at: time)
    }

    /// Shift+arrow: moves the focused card one slot, committed and saved like a drop.
    func moveFocusedCard(by step: Int, at time: Millis) {
        guard let id = focusedID, let from = slotByID[id] else { return moveFocus(by: step, at: time) }
        let to = from + step
        guard cards.indices.contains(to) else { return }
        let offset = scroll.offset(at: time)
        let neighbour = cards[to].id
        let movingFrame = presentedFrame(id: id, slot: from, offset: offset, at: time)
        let neighbourFrame = presentedFrame(id: neighbour, slot: to, offset: offset, at: time)
        swapSlots(from, to)
        absorb(id, from: movingFrame, to: layout.stackFrame(index: to, offset: offset), at: time,
               spec: metrics.slotAnimation)
        absorb(neighbour, from: neighbourFrame, to: layout.stackFrame(index: from, offset: offset), at: time,
               spec: metrics.slotAnimation)
        raisedID = id
        commitMove(id: id, from: from, to: to)
        scrollIntoView(slot: to, at: time)
    }

    /// Scrolls so that card `slot`'s face is in view (its top strip at least).
    func scrollIntoView(slot: Int, at time: Millis) {
        let current = scroll.projectedRestingOffset(at: time)
        let top = Double(slot) * WalletMetrics.cardSpacing
        let bottom = top + WalletMetrics.cardHeight
        let room = layout.viewport.height - layout.stageTop - WalletMetrics.margin
        var target = current
        if top < current {
            target = top
        } else if bottom > current + room {
            target = bottom - room
        }
        if scroll.clamped(target) != scroll.clamped(current) || current != scroll.offset(at: time) {
            scroll.scroll(to: target, at: time, animated: true)
        }
    }
}
