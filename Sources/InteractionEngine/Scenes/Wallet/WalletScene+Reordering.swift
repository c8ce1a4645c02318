/// Press-and-hold reordering (W4-W7): lift, swap, auto-scroll, drop, cancel.
extension WalletScene {
    /// The hold fired on a card: it becomes the lifted layer and rises 30 px (W4).
    func beginLift(at p: Point, time: Millis) {
        guard case .stack = mode, let id = card(at: p, time: time), let slot = slotByID[id] else {
            interaction = .ignoring
            return
        }
        if scroll.isAnimating(at: time) || scroll.overscroll(at: time) != 0 {
            let x = scroll.offset(at: time)
            transition(at: time, spec: metrics.slotAnimation) { scene in
                scene.scroll.scroll(to: scene.scroll.clamped(x), at: time, animated: false)
            }
        }
        let offset = scroll.offset(at: time)
        // The hold feedback's scale-down completes into the lift: the card grows back as it rises.
        let pressedScale = holdFeedback?.id == id ? holdFeedbackScale(at: time) : 1
        interaction = .ignoring  // the press stops building a hold: its card is measured at full size
        let frame = presentedFrame(id: id, slot: slot, offset: offset, at: time)
        displacements.remove(id)
        if raisedID == id { raisedID = nil }
        focusedID = focusedID == nil ? nil : id
        interaction = .lifting(WalletLift(id: id, index: slot, frame: frame, pointerY: p.y, at: time,
                                          reduceMotion: reduceMotion, viewportHeight: layout.viewport.height,
                                          pressedScale: pressedScale, metrics: metrics))
        emitted.append(.lift(id: id, index: slot))
    }

    /// The held pointer moved: follow it, engage auto-scroll, trade places (W5, W6).
    func moveLift(to p: Point, time: Millis) {
        guard case .lifting(var lift) = interaction else { return }
        lift.pointerMoved(to: p.y, at: time, layout: layout, edges: edges)
        interaction = .lifting(lift)
        applySwaps(at: time)
    }

    /// Trades places with neighbours until the lifted card sits in the slot its
    /// position asks for (W5). Neighbours slide from where they are; the
    /// lifted card's layer is untouched.
    func applySwaps(at time: Millis) {
        guard case .lifting(var lift) = interaction else { return }
        let offset = scroll.offset(at: time)
        var steps = 0
        while let next = lift.nextSlot(at: time, offset: offset, layout: layout), steps < cards.count {
            let neighbour = cards[next].id
            let old = presentedFrame(id: neighbour, slot: next, offset: offset, at: time)
            swapSlots(lift.slot, next)
            absorb(neighbour, from: old, to: layout.stackFrame(index: lift.slot, offset: offset), at: time,
                   spec: metrics.slotAnimation)
            lift.slot = next
            steps += 1
        }
        interaction = .lifting(lift)
    }

    /// Released: commit the order (one `reorder`), then `drop` (W7).
    func dropLift(at time: Millis) {
        guard case .lifting(let lift) = interaction else { return }
        interaction = .idle
        let offset = scroll.offset(at: time)
        // The card settles into its slot over 0.25 s (W7), above the others until it lands.
        absorb(lift.id, from: lift.frame(at: time), to: layout.stackFrame(index: lift.slot, offset: offset),
               at: time, spec: metrics.liftAnimation)
        raisedID = lift.id
        if lift.slot != lift.fromIndex { commitMove(id: lift.id, from: lift.fromIndex, to: lift.slot) }
        emitted.append(.drop(id: lift.id, index: lift.slot))
    }

    /// Puts the lifted card back where it started; the order is as before the lift.
    func cancelLift(at time: Millis) {
        guard case .lifting(let lift) = interaction else { return }
        interaction = .idle
        let offset = scroll.offset(at: time)
        let from = lift.slot, to = lift.fromIndex
        let range = min(from, to)...max(from, to)
        // Only the cards that show need to slide; the others just change slot.
        let visible = layout.visibleRange(offset: offset)
        let shown = range.clamped(to: max(0, visible.lowerBound - 2)...max(0, visible.upperBound))
        var before: [String: Rect] = [:]
        for slot in shown where slot < cards.count && cards[slot].id != lift.id {
            before[cards[slot].id] = presentedFrame(id: cards[slot].id, slot: slot, offset: offset, at: time)
        }
        let card = cards.remove(at: from)
        cards.insert(card, at: to)
        rebuildSlots(range)
        for (id, old) in before {
            guard let slot = slotByID[id] else { continue }
            absorb(id, from: old, to: layout.stackFrame(index: slot, offset: offset), at: time,
                   spec: metrics.slotAnimation)
        }
        // SPEC G4: after a long auto-scroll the home slot may be far off screen: scroll back
        // until it shows, and fly the card home on the scroll's own spring (a straight path).
        let home = homeRevealOffset(slot: to, offset: offset)
        let spec = home == offset ? metrics.liftAnimation : metrics.cancelReturnAnimation
        if home != offset { scroll.scroll(to: home, at: time, animated: true, spec: metrics.cancelReturnAnimation) }
        absorb(lift.id, from: lift.frame(at: time), to: layout.stackFrame(index: to, offset: offset),
               at: time, spec: spec, velocity: .zero)
        raisedID = lift.id
        emitted.append(.cancel(id: lift.id))
    }

    /// Exchanges two cards in the order, keeping the id index in step.
    func swapSlots(_ a: Int, _ b: Int) {
        cards.swapAt(a, b)
        slotByID[cards[a].id] = a
        slotByID[cards[b].id] = b
    }

    /// Records a committed move: one `reorder` event and a state revision.
    func commitMove(id: String, from: Int, to: Int) {
        stateRevision += 1
        emitted.append(.reorder(id: id, from: from, to: to))
    }
}
