/// What a press on the list may become, what each gesture does (tap, scroll, swipe a row open or shut), and the wheel.
extension MessagesScene {
    /// No holds in this scene; a press that stops a moving list only pans (it never selects
    /// or opens a row).
    public func pressPolicy(at point: Point, time: Millis) -> PressPolicy {
        PressPolicy(mayHold: false, panAxes: .both, catchesMotion: scroll.isAnimating(at: time))
    }

    // MARK: Pointer

    func handle(_ gesture: GestureEvent) {
        switch gesture {
        case .pressed(let point, let time):
            let caught = scroll.isAnimating(at: time)
            // It only stops the list: no select, no row opened (its policy's caught-motion rule).
            if caught { scroll.stop(at: time) }
            press = .down(rowID: row(at: point, time: time), action: button(at: point, time: time),
                          caughtScroll: caught)
        case .tap(let point, let time):
            tapped(at: point, time: time)
            press = .idle
        case .panBegan(_, _, let translation, let axis, let time):
            panBegan(translation: translation, axis: axis, at: time)
        case .panChanged(_, let translation, _, let time):
            panChanged(translation: translation, at: time)
        case .panEnded(_, let translation, let velocity, let time):
            panChanged(translation: translation, at: time)
            panEnded(velocity: velocity, at: time)
        case .cancelled(let time):
            panEnded(velocity: .zero, at: time, cancelled: true)
        case .released:
            press = .idle
        case .holdBegan, .holdMoved, .holdEnded:
            break  // holds are switched off in this scene
        }
    }

    /// S4: a tap on a button acts; with a row open any tap only closes it; else it selects.
    func tapped(at point: Point, time: Millis) {
        guard case .down(let rowID, let action, let caught) = press else { return }
        if let action, let open = openRowID {
            perform(action, on: open, at: time)
        } else if let open = openRowID {
            closeRow(open, at: time)
        } else if let rowID, !caught {
            select(rowID)
        }
    }

    /// S8: the first motion past the slop decides between the list and the row.
    func panBegan(translation: Point, axis: Axis, at time: Millis) {
        guard case .down(let rowID, _, let caught) = press else { return }
        if axis == .vertical {
            if let open = openRowID { closeRow(open, at: time) }  // S5
            scroll.beginDrag(at: time)
            press = .scrolling
            return panChanged(translation: translation, at: time)
        }
        guard let rowID, !caught else {
            press = .consumed
            return
        }
        let start = swipeOffset(of: rowID, at: time)
        if openRowID == rowID {
            closeRow(rowID, at: time)  // S4: dragging the open row closes it
            swipes[rowID] = AnimatedValue(start)
            press = .closing(rowID: rowID, start: start)
        } else if let open = openRowID {
            closeRow(open, at: time)  // S6: close the open row, leave this one shut
            press = .consumed
        } else {
            swipes[rowID] = AnimatedValue(start)
            press = .swiping(rowID: rowID, start: start)
        }
        panChanged(translation: translation, at: time)
    }

    func panChanged(translation: Point, at time: Millis) {
        switch press {
        case .scrolling:
            scroll.drag(translation: translation.y, at: time)
        case .swiping(let id, let start):
            let width = list[id]?.openWidth ?? 0
            swipes[id] = AnimatedValue(metrics.dragOffset(raw: start + translation.x, openWidth: width))
        case .closing(let id, let start):
            // Follows the pointer towards closed only; the row closes on release anyway.
            swipes[id] = AnimatedValue(min(0, max(start, start + translation.x)))
        case .idle, .down, .consumed:
            break
        }
    }

    /// Release (or cancel, with zero velocity): S3 decides a swiped row.
    func panEnded(velocity: Point, at time: Millis, cancelled: Bool = false) {
        switch press {
        case .scrolling:
            scroll.endDrag(velocity: velocity.y, at: time)
        case .swiping(let id, _):
            let width = list[id]?.openWidth ?? 0
            if !cancelled, metrics.opensOnRelease(offset: swipeOffset(of: id, at: time), velocity: velocity.x,
                                                  openWidth: width) {
                openRow(id, at: time, velocity: velocity.x)
            } else {
                closeRow(id, at: time, velocity: cancelled ? 0 : velocity.x)
            }
        case .closing(let id, _):
            closeRow(id, at: time, velocity: velocity.x)
        case .idle, .down, .consumed:
            break
        }
        press = .idle
    }

    func handleWheel(_ delta: WheelDelta, at time: Millis) {
        switch press {
        case .swiping, .closing: return
        default: break
        }
        switch delta {
        case .steps(_, let dy) where dy != 0:
            if let open = openRowID { closeRow(open, at: time) }  // S5
            scroll.wheel(steps: dy, at: time)
        case .pixels(_, let dy) where dy != 0 && dy.isFinite:
            if let open = openRowID { closeRow(open, at: time) }
            scroll.wheel(pixels: dy, at: time)
        default:
            break
        }
    }
}
