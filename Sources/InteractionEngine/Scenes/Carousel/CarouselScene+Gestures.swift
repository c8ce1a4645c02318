/// What a press on the carousel may become, and what each gesture does to the strip.
extension CarouselScene {
    /// No holds; only the strip scrolls, and a press that catches it in motion only stops it
    /// (no select). A click that only centres the selection is not caught: a second click lands
    /// on a moving strip without stopping it (so it cannot stop between two items).
    public func pressPolicy(at p: Point, time: Millis) -> PressPolicy {
        let onStrip = geometry.strip.contains(p)
        return PressPolicy(mayHold: false, panAxes: onStrip ? .both : nil,
                           catchesMotion: onStrip && catchesStrip(at: time))
    }

    /// The strip moves on its own (not centring the selection a click asked for).
    func catchesStrip(at time: Millis) -> Bool {
        strip.isAnimating(at: time) && interaction != .centringSelection
    }

    // MARK: Pointer

    func handle(_ gesture: GestureEvent) {
        switch gesture {
        case .pressed(let p, let time):
            // Only the strip scrolls; a press that catches it in motion stops it there
            // (and, by its policy, never selects).
            if geometry.strip.contains(p) && catchesStrip(at: time) {
                interaction = .caughtMotion
                strip.beginDrag(at: time)
            } else if interaction != .centringSelection || !strip.isAnimating(at: time) {
                interaction = .free
            }
        case .panBegan(_, _, let translation, _, let time):
            interaction = .free
            if !strip.isDragging { strip.beginDrag(at: time) }
            strip.drag(translation: translation.x, at: time)
        case .panChanged(_, let translation, _, let time):
            strip.drag(translation: translation.x, at: time)
        case .panEnded(_, _, let velocity, let time):
            strip.endDrag(velocity: velocity.x, at: time)
        case .tap(let p, let time):
            if let last = lastClick, time - last.time <= Self.doubleClickInterval,
               p.distance(to: last.point) <= Self.doubleClickDistance {
                // The second click of a double click: the item the first one selected.
                if strip.isDragging { strip.endDrag(velocity: 0, at: time) }
                select(last.index, at: time)
                lastClick = (p, time, last.index)
            } else if interaction == .caughtMotion {
                // A tap that stopped the strip only settles it, as on iOS.
                strip.endDrag(velocity: 0, at: time)
            } else if let index = strip.itemIndex(at: p, time: time) {
                select(index, at: time)
                lastClick = (p, time, index)
            } else if geometry.preview.contains(p), let index = strip.targetIndex(at: time) {
                select(index, at: time)
                lastClick = (p, time, index)
            }
            if interaction == .caughtMotion { interaction = .free }
        case .released(_, let time), .cancelled(let time):
            if strip.isDragging { strip.endDrag(velocity: 0, at: time) }
            if interaction == .caughtMotion { interaction = .free }
        case .holdBegan, .holdMoved, .holdEnded:
            break
        }
    }
}
