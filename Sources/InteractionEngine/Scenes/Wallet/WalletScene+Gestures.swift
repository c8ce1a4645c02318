/// Pointer gestures and the wheel: what each arena outcome does in each mode.
extension WalletScene {
    /// What a press may become: in the stack, a hold only on a card and a vertical pan
    /// anywhere, only a pan when it stops a moving stack; while expanded, only a vertical
    /// drag of the expanded card (the footer takes taps).
    public func pressPolicy(at p: Point, time: Millis) -> PressPolicy {
        switch mode {
        case .stack:
            return PressPolicy(mayHold: card(at: p, time: time) != nil, panAxes: .vertical,
                               catchesMotion: catchesScroll(at: time))
        case .expanded(let e):
            let onCard = e.dismissAt == nil && card(at: p, time: time) == e.id
            return PressPolicy(mayHold: false, panAxes: onCard ? .vertical : nil)
        }
    }

    /// A press now stops a moving stack, as a finger does (not while it springs back from an edge).
    func catchesScroll(at time: Millis) -> Bool {
        scroll.isAnimating(at: time) && scroll.overscroll(at: time) == 0
    }

    /// Routes one arena outcome to its handler.
    func process(_ event: GestureEvent) {
        let feedback = holdFeedbackSnapshot(at: event.time)
        defer { endHoldFeedbackIfDone(feedback, at: event.time) }
        switch event {
        case .pressed(let p, let t):
            pressed(at: p, time: t)
        case .tap(let p, let t):
            tapped(at: p, time: t)
        case .holdBegan(let p, let t):
            beginLift(at: p, time: t)
        case .holdMoved(let p, _, let t):
            moveLift(to: p, time: t)
        case .holdEnded(_, _, let t):
            dropLift(at: t)
        case .panBegan(_, _, let translation, _, let t):
            panBegan(translation: translation.y, time: t)
        case .panChanged(_, let translation, let velocity, let t):
            panChanged(translation: translation.y, velocity: velocity.y, time: t)
        case .panEnded(_, let translation, let velocity, let t):
            panEnded(translation: translation.y, velocity: velocity.y, time: t)
        case .cancelled(let t):
            cancelled(at: t)
        case .released:
            interaction = .idle
        }
    }

    /// A press went down (its policy already asked): catch a moving stack, start the hold feedback.
    func pressed(at p: Point, time: Millis) {
        switch mode {
        case .stack:
            let hit = card(at: p, time: time)
            let caught = catchesScroll(at: time)
            // A press stops a moving stack; it never lifts or expands (the policy's caught-motion rule).
            if caught { scroll.stop(at: time) }
            interaction = .pressing(cardID: hit, caughtScroll: caught, holdSince: hit != nil && !caught ? time : nil)
        case .expanded(let e):
            let onCard = e.dismissAt == nil && card(at: p, time: time) == e.id
            interaction = .pressing(cardID: onCard ? e.id : nil, caughtScroll: false, holdSince: nil)
        }
    }

    /// A tap expands the card under it, or collapses an expanded one (W8, W9).
    func tapped(at p: Point, time: Millis) {
        defer { interaction = .idle }
        if case .pressing(_, true, _) = interaction { return }
        switch mode {
        case .stack:
            if let id = card(at: p, time: time) { expand(id, at: time) }
        case .expanded(let e):
            // A tap on the expanded card or on the footer closes it (W9).
            if e.dismissAt == nil { collapse(at: time) }
        }
    }

    /// The topmost card under `p` (not the lifted one).
    func card(at p: Point, time: Millis) -> String? {
        drawnCards(at: time).last { !$0.isLifted && $0.frame.contains(p) }?.id
    }

    /// A drag began: the stack scrolls (W1-W3), or the expanded card follows (W10).
    func panBegan(translation: Double, time: Millis) {
        switch mode {
        case .stack:
            scroll.beginDrag(at: time)
            scroll.drag(translation: translation, at: time)
            interaction = .scrolling
        case .expanded(let e):
            guard case .pressing(e.id?, _, _) = interaction, e.dismissAt == nil else {
                interaction = .ignoring
                return
            }
            interaction = .draggingExpanded
            setExpandedDrag(distance: translation)
        }
    }

    /// The drag moved: scroll, or move the expanded card (closing at once on a hard fling).
    func panChanged(translation: Double, velocity: Double, time: Millis) {
        switch interaction {
        case .scrolling:
            scroll.drag(translation: translation, at: time)
        case .draggingExpanded:
            if velocity > metrics.closeFlingVelocity {
                // A hard downward fling closes at once (W10).
                dismissExpanded(at: time)
                interaction = .ignoring
                return
            }
            setExpandedDrag(distance: translation)
        default:
            break
        }
    }

    /// The drag ended: the stack flings or springs back; the expanded card closes or springs back.
    func panEnded(translation: Double, velocity: Double, time: Millis) {
        defer { interaction = .idle }
        switch interaction {
        case .scrolling:
            scroll.drag(translation: translation, at: time)
            scroll.endDrag(velocity: velocity, at: time)
        case .draggingExpanded:
            setExpandedDrag(distance: translation)
            let distance = translation
            if distance > layout.expandedFrame.height * metrics.dismissFraction || velocity > metrics.closeFlingVelocity {
                dismissExpanded(at: time)
            } else {
                springBackExpanded(velocity: velocity, at: time)
            }
        default:
            break
        }
    }

    /// Escape, a right click or a lost grab: undo whatever the press was doing.
    func cancelled(at time: Millis) {
        switch interaction {
        case .lifting:
            cancelLift(at: time)
        case .scrolling:
            scroll.endDrag(velocity: 0, at: time)
        case .draggingExpanded:
            springBackExpanded(velocity: 0, at: time)
        default:
            break
        }
        interaction = .idle
    }

    /// Wheel notches and touchpad pixels scroll the stack (never while expanded; never
    /// while pressed, which `update` sees to).
    func wheel(_ delta: WheelDelta, at time: Millis) {
        guard case .stack = mode else { return }
        switch delta {
        case .steps(_, let dy): scroll.wheel(steps: dy, at: time)
        case .pixels(_, let dy): scroll.wheel(pixels: dy, at: time)
        }
    }
}
