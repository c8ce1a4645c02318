/// The mouse on the tuning panel: a press on a slider's track grabs its knob (a press beside the
/// knob jumps it there), dragging moves the value by whole steps from where it was, clamped to
/// the range; the wheel over a slider adds or takes a step per notch; the title drags the
/// floating panel; the action rows act on a click. A press that starts on the panel is the
/// panel's until its release: the scene never sees it.
extension TuningPanel {
    /// Smooth-scroll pixels that make one step of the wheel.
    static let pixelsPerWheelStep: Double = 20
    /// A press this close to the knob's centre (px) grabs it where it is, without a jump.
    static let knobGrabRadius: Double = 8

    /// Handles a pointer input; true when the panel used it (the scene must not see it).
    mutating func handlePointer(_ event: InputEvent, deck: Deck) -> Bool {
        let time = event.time
        switch event.kind {
        case .pointerDown(let p, let button):
            guard drag == nil, !deck.gestureArena.isActive else { return false }
            let layout = self.layout(deck)
            guard layout.frame.contains(p) else { return false }
            drag = .inert
            if button == .primary { press(at: p, layout: layout, deck: deck, at: time) }
            return true
        case .pointerMove(let p):
            guard let drag else { return false }
            follow(drag, to: p, deck: deck, at: time)
            return true
        case .pointerUp(let p, _):
            guard let drag else { return false }
            follow(drag, to: p, deck: deck, at: time)
            self.drag = nil
            return true
        case .pointerCancel:
            guard drag != nil else { return false }
            drag = nil
            return true
        case .wheel(let delta, let p, let modifiers):
            let layout = self.layout(deck)
            guard layout.frame.contains(p) else { return false }
            wheel(delta, at: p, modifiers: modifiers, layout: layout, deck: deck, at: time)
            return true
        case .hover(let p):
            return drag == nil && layout(deck).frame.contains(p)
        default:
            return false
        }
    }

    private mutating func press(at p: Point, layout: Layout, deck: Deck, at time: Millis) {
        if p.y < layout.listTop {
            if !layout.docked { drag = .move(from: p, offset: offset) }
            return
        }
        guard let index = layout.row(at: p), let rect = layout.row(index) else { return }
        let rows = Self.rows(deck)
        if case .heading = rows[index] { return }
        selected = index
        switch rows[index] {
        case .heading:
            break
        case .tunable(let t):
            let track = Layout.track(in: rect)
            // The lower half of the row is the slider; the label half only selects.
            guard p.y >= rect.minY + 14, track.width > 0 else { return }
            let value = deck.tuning.value(t)
            let span = t.range.upperBound - t.range.lowerBound
            let knobX = track.minX + track.width * (span > 0 ? (value - t.range.lowerBound) / span : 0)
            drag = .slider(key: t.key, fromX: knobX, value: value, perPixel: span / track.width)
            if abs(p.x - knobX) > Self.knobGrabRadius { follow(drag!, to: p, deck: deck, at: time) }
        case .resetAll:
            Self.resetAll(deck, at: time)
        case .copy:
            if let (format, _) = Layout.copyButtons(in: rect).first(where: { $0.1.contains(p) }) {
                copyFormat = format
                deck.request(.copyTuning(format))
            }
        case .save:
            deck.request(.saveTuningPreset)
        }
    }

    /// The pointer at `p` while `drag` holds the press.
    private mutating func follow(_ drag: Drag, to p: Point, deck: Deck, at time: Millis) {
        switch drag {
        case .slider(let key, let fromX, let value, let perPixel):
            guard let t = deck.tunables[key], t.step > 0 else { return }
            let steps = ((p.x - fromX) * perPixel / t.step).rounded()
            Self.set(t, to: value + steps * t.step, deck: deck, at: time)
        case .move(let from, let start):
            offset = Point(x: start.x + p.x - from.x, y: start.y + p.y - from.y)
        case .inert:
            break
        }
    }

    private mutating func wheel(_ delta: WheelDelta, at p: Point, modifiers: Modifiers, layout: Layout, deck: Deck,
                                at time: Millis) {
        // Up (negative dy) or right adds; down or left takes.
        let notches: Int
        switch delta {
        case .steps(let dx, let dy):
            let (sum, overflow) = dx.subtractingReportingOverflow(dy)
            notches = overflow ? 0 : min(max(sum, -1000), 1000)
        case .pixels(let dx, let dy):
            guard (dx - dy).isFinite, abs(dx - dy) < 1e6 else { return }
            wheelRemainder += dx - dy
            let whole = (wheelRemainder / Self.pixelsPerWheelStep).rounded(.towardZero)
            wheelRemainder -= whole * Self.pixelsPerWheelStep
            notches = Int(whole)
        }
        guard notches != 0 else { return }
        if let index = layout.row(at: p), case .tunable(let t) = Self.rows(deck)[index] {
            selected = index
            let steps = Double(notches) * (modifiers.contains(.shift) ? 10 : 1)
            Self.set(t, to: deck.tuning.value(t) + steps * t.step, deck: deck, at: time)
        } else {
            scroll = min(max(0, layout.first - notches), max(0, layout.count - layout.visible))
        }
    }
}
