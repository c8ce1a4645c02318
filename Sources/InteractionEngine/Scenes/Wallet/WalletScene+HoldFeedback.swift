/// The pressed card's response while the hold builds (issue 22, item 9), as
/// `WalletScene.holdFeedback` reads it from the press.
struct WalletHoldFeedback: Sendable, Equatable {
    /// The pressed card.
    let id: String
    /// When the press went down.
    let start: Millis
}

extension WalletScene {
    /// The pressed card's scale at `time` (1 when none is pressed).
    func holdFeedbackScale(at time: Millis) -> Double {
        guard let feedback = holdFeedback else { return 1 }
        return metrics.holdFeedback(elapsed: time - feedback.start,
                                          holdDuration: gestureSettings.holdDuration)
    }

    /// True while the pressed card's scale still changes (from the press until the hold
    /// deadline, where the lift takes over): the window draws those frames.
    func holdFeedbackAnimates(at time: Millis) -> Bool {
        guard let feedback = holdFeedback, metrics.holdFeedbackScale != 1 else { return false }
        let elapsed = time - feedback.start
        return elapsed >= 0 && elapsed < gestureSettings.holdDuration
    }

    /// `frame` shrunk about its centre by the hold feedback at `time`.
    func holdFeedbackFrame(_ frame: Rect, at time: Millis) -> Rect {
        let s = holdFeedbackScale(at: time)
        guard s != 1 else { return frame }
        let w = frame.width * s, h = frame.height * s
        return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
    }

    /// The pressed card and where it is drawn, before an arena outcome is handled.
    func holdFeedbackSnapshot(at time: Millis) -> (id: String, frame: Rect)? {
        guard let id = holdFeedback?.id, let slot = slotByID[id] else { return nil }
        return (id, presentedFrame(id: id, slot: slot, offset: scroll.offset(at: time), at: time))
    }

    /// After an outcome: once the press is no longer building a hold on the card (it
    /// became a pan, a tap, a cancel), the feedback ends, and the card springs back
    /// from where it was drawn unless the outcome already animates it (a tap's expand)
    /// or lifted it.
    func endHoldFeedbackIfDone(_ before: (id: String, frame: Rect)?, at time: Millis) {
        guard let before else { return }
        if case .pressing(before.id?, false, _) = interaction { return }
        guard liftedID != before.id, !displacements.contains(before.id), let slot = slotByID[before.id] else { return }
        let now = presentedFrame(id: before.id, slot: slot, offset: scroll.offset(at: time), at: time)
        absorb(before.id, from: before.frame, to: now, at: time, spec: metrics.slotAnimation)
    }

    /// The offset that shows slot `slot` whole (the nearest to `offset`), for a cancel.
    func homeRevealOffset(slot: Int, offset: Double) -> Double {
        let top = Double(slot) * WalletMetrics.cardSpacing
        let room = scroll.viewportLength
        var target = offset
        if top < offset {
            target = top
        } else if top + WalletMetrics.cardHeight > offset + room {
            target = top + WalletMetrics.cardHeight - room
        }
        return scroll.clamped(target)
    }
}
