/// What a press on the grid may become (G1, G4), and what each gesture does: lift, reflow, auto-scroll, drop.
extension GridScene {
    /// G1: a hold only on a tile; a press that stops a moving grid only pans; a press
    /// while a dropped tile lands does nothing at all (G4).
    public func pressPolicy(at p: Point, time: Millis) -> PressPolicy {
        if case .settling(let landing) = state, time < landing.until { return .ignored }
        return PressPolicy(mayHold: layout.index(at: content(p, at: time)) != nil, panAxes: .both,
                           catchesMotion: scroll.isAnimating(at: time))
    }

    // MARK: Gestures

    func process(_ event: GestureEvent) {
        switch event {
        case .pressed, .holdBegan, .holdMoved, .holdEnded: break
        default: endPressFeedback(at: event.time)
        }
        switch event {
        case .pressed(let p, let time):
            focusVisible = false
            if case .lifted = state { break }  // one press at a time: never drop a held tile
            var press = Press(stoppedScroll: scroll.isAnimating(at: time))
            // A press that stops a moving grid never lifts or selects (its policy's caught-motion rule).
            if press.stoppedScroll { scroll.stop(at: time) }
            // G1: holding on empty space does nothing (a drag there still scrolls).
            if !press.stoppedScroll, let index = layout.index(at: content(p, at: time)),
               reorder.canMoveItem(at: index) {
                press.feedback = (reorder.liveItems[index].id, time)
            }
            state = .pressed(press)
        case .tap(let p, let time):
            let stoppedScroll = if case .pressed(let press) = state { press.stoppedScroll } else { false }
            if case .pressed = state { state = .idle }
            guard !stoppedScroll, let index = layout.index(at: content(p, at: time)) else { break }
            focus = index
            emitted.append(.select(id: reorder.liveItems[index].id))
        case .holdBegan(let p, let time):
            beginLift(at: p, time: time)
        case .holdMoved(let p, _, let time):
            guard case .lifted(var held) = state else { break }
            held.pointer = p
            state = .lifted(held)
            updateMovement(at: time)
        case .holdEnded(let p, _, let time):
            if case .lifted(var held) = state {
                held.pointer = p
                state = .lifted(held)
                drop(at: time)
            }
        case .panBegan(_, _, let translation, _, let time):
            // The arena's translation already starts where the pointer crossed the slop.
            if case .lifted = state { break }
            state = .panning
            scroll.beginDrag(at: time)
            scroll.drag(translation: translation.y, at: time)
        case .panChanged(_, let translation, _, let time):
            scroll.drag(translation: translation.y, at: time)
        case .panEnded(_, _, let velocity, let time):
            scroll.endDrag(velocity: velocity.y, at: time)
            if case .lifted = state { break }
            state = .idle
        case .cancelled(let time):
            switch state {
            case .lifted:
                cancel(at: time)
            case .panning:
                scroll.endDrag(velocity: 0, at: time)
                state = .idle
            case .pressed:
                state = .idle
            case .idle, .settling:
                break
            }
        case .released:
            if case .pressed = state { state = .idle }
        }
    }

    /// G2: the hold began: begin the movement, or shake a pinned tile that refuses.
    func beginLift(at point: Point, time: Millis) {
        let at = content(point, at: time)
        guard reorder.beginMovement(at: at), let movement = reorder.movement else {
            if let index = layout.index(at: at) { refuse(reorder.liveItems[index].id, at: time) }
            return
        }
        // The press feedback completes into the lift: the tile grows from where it got to.
        var scale = AnimatedValue(pressFeedbackScale(at: time))
        scale.animate(to: metrics.liftScale, at: time, spec: metrics.liftAnimation, reduceMotion: reduceMotion)
        state = .lifted(Lift(id: movement.id, pointer: point, scale: scale, lastAutoScroll: time))
        focus = movement.source
        emitted.append(.lift(id: movement.id, index: movement.source))
    }

    /// G3: the pointer (or the content under it) moved: update the target and animate any reflow.
    func updateMovement(at time: Millis) {
        guard case .lifted(let held) = state, let movement = reorder.movement else { return }
        if let reflow = reorder.updateMovement(target: heldCenter(held, movement, at: time) + movement.grabOffset) {
            animate(reflow, at: time)
        }
    }

    /// G4: release: commit, land the tile in its slot, report and save.
    func drop(at time: Millis) {
        updateMovement(at: time)
        let start = movingPlacement(at: time)
        guard case .lifted(let held) = state, let outcome = reorder.endMovement() else { return }
        land(held, from: start, in: outcome.to, at: time)
        if outcome.from != outcome.to {
            stateRevision += 1
            emitted.append(.reorder(id: outcome.id, from: outcome.from, to: outcome.to))
        }
        focus = outcome.to
        emitted.append(.drop(id: outcome.id, index: outcome.to))
    }

    /// G4: Escape, right click or a lost grab: everything returns to where it was.
    func cancel(at time: Millis) {
        let start = movingPlacement(at: time)
        guard case .lifted(let held) = state, let outcome = reorder.cancelMovement() else { return }
        if let back = outcome.reflow { animate(back, at: time) }
        land(held, from: start, in: outcome.to, at: time)
        // SPEC G4: after a long auto-scroll the home slot may be off screen: scroll back on
        // the landing's own curve, so the tile flies home in a straight line on screen.
        let home = revealOffset(outcome.to, from: scroll.offset(at: time))
        if home != scroll.offset(at: time) { scroll.scroll(to: home, at: time, animated: true, spec: metrics.dropAnimation) }
        focus = outcome.to
        emitted.append(.cancel(id: outcome.id))
    }

    /// Starts the landing animation of the held tile into `slot`.
    func land(_ held: Lift, from start: LaidOutItem?, in slot: Int, at time: Millis) {
        var center = AnimatedPoint(start?.frame.center ?? layout.center(at: slot))
        center.animate(to: layout.center(at: slot), at: time, spec: metrics.dropAnimation, reduceMotion: reduceMotion)
        var scale = AnimatedValue(held.scale.value(at: time))
        scale.animate(to: 1, at: time, spec: metrics.dropAnimation, reduceMotion: reduceMotion)
        state = .settling(Landing(id: held.id, center: center, scale: scale, slot: slot,
                                  until: reduceMotion ? time : time + metrics.dropDuration))
        finishLandingIfDone(at: time)
    }

    func finishLandingIfDone(at time: Millis) {
        guard case .settling(let landing) = state, time >= landing.until else { return }
        state = .idle
    }

    /// G5: a pinned tile refuses to lift: it shakes its head briefly.
    func refuse(_ id: String, at time: Millis) {
        var offset = AnimatedValue(0)
        offset.animate(to: 0, at: time, spec: .spring(Self.refusalSpring), reduceMotion: reduceMotion,
                       initialVelocity: Self.refusalVelocity)
        refusal = (id, offset)
    }

    /// Sends the tiles a reflow moved to their new slots; only those whose old
    /// or new slot is on screen (the others simply are where they belong).
    func animate(_ reflow: GridReflow, at time: Millis) {
        let offset = scroll.offset(at: time)
        let visible = layout.indices(intersectingTop: offset, height: size.height, extraRows: 1)
        let lo = max(reflow.range.lowerBound, visible.lowerBound)
        let hi = min(reflow.range.upperBound, visible.upperBound - 1)
        guard lo <= hi else { return }
        let moving = reorder.movement?.id
        var sent = Set<String>()
        func send(_ newIndex: Int, from oldIndex: Int) {
            let tile = reorder.liveItems[newIndex]
            guard tile.id != moving, !tile.pinned, sent.insert(tile.id).inserted else { return }
            let current = displacements.frame(of: tile.id, layoutFrame: layout.frame(at: oldIndex), at: time)
            displacements.record(tile.id, from: current, to: layout.frame(at: newIndex), at: time,
                                 spec: metrics.reflowAnimation, reduceMotion: reduceMotion)
        }
        for index in lo...hi {
            send(index, from: reflow.oldIndex(ofItemAt: index))
            send(reflow.newIndex(ofItemAt: index), from: index)
        }
    }

    // MARK: Auto-scroll

    /// While a tile is held near the top or bottom edge, scroll by the
    /// shared curve for the time elapsed, and keep reflowing.
    func autoScroll(at time: Millis) {
        guard case .lifted(var held) = state else { return }
        let elapsed = AnimationClock.current.seconds(from: held.lastAutoScroll, to: time)  // slowed by slow motion
        held.lastAutoScroll = max(held.lastAutoScroll, time)
        state = .lifted(held)
        let current = scroll.offset(at: time)
        let next = metrics.autoScroll.advance(offset: current, pointer: held.pointer.y, viewportLength: size.height,
                                           seconds: elapsed, minOffset: scroll.minOffset, maxOffset: scroll.maxOffset)
        guard next != current else { return }
        scroll.scroll(to: next, at: time, animated: false)
        updateMovement(at: time)
    }
}
