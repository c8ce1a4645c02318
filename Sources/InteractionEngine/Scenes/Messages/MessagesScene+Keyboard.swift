/// The list's keys (SPEC I3): arrows move the focus, Shift+arrows move the focused row.
extension MessagesScene {
    func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        if modifiers.contains(.shift) {
            // SPEC I3: Shift+arrows move the focused row (within its group); sideways does nothing.
            switch key {
            case .up: moveFocusedRow(by: -1, at: time)
            case .down: moveFocusedRow(by: 1, at: time)
            case .left, .right: break
            default: handleKey(key, modifiers.subtracting(.shift), at: time)
            }
            return
        }
        switch key {
        case .up: moveFocus(by: -1, at: time)
        case .down: moveFocus(by: 1, at: time)
        case .pageUp: moveFocus(by: -pageRows, at: time)
        case .pageDown: moveFocus(by: pageRows, at: time)
        case .home: focus(index: 0, at: time)
        case .end: focus(index: list.count - 1, at: time)
        case .right:
            guard let id = focusedID, let row = list[id] else { return moveFocus(by: 0, at: time) }
            if openRowID != id {
                openRow(id, at: time)
            } else {
                let next = min((focusedButton ?? -1) + 1, row.actions.count - 1)
                openedRow?.focusedButton = next
            }
        case .left:
            if let id = focusedID, id == openRowID, let b = focusedButton {
                openedRow?.focusedButton = b > 0 ? b - 1 : nil
            } else if let open = openRowID {
                closeRow(open, at: time)
            }
        case .enter, .space:
            if let id = focusedID, id == openRowID, let b = focusedButton, let row = list[id],
               row.actions.indices.contains(b) {
                perform(row.actions[b], on: id, at: time)
                if let index = list.index(of: id) { reveal(index: index, at: time) }
            } else if let open = openRowID {
                closeRow(open, at: time)
            } else if let id = focusedID {
                select(id)
            }
        case .delete, .backspace:
            if let id = focusedID { perform(.delete, on: id, at: time) }
        case .escape:
            if let open = openRowID { closeRow(open, at: time) }
        default:
            break
        }
    }

    /// Shift+Up / Shift+Down: the focused row trades places with its neighbour in its
    /// group (pinned rows stay above the others), slides there like a pin or unpin,
    /// is saved, and reports `reorder` as the other scenes do. Without a focus ring
    /// yet, the first press shows it.
    func moveFocusedRow(by delta: Int, at time: Millis) {
        guard let id = focusedID else { return moveFocus(by: 0, at: time) }
        let before = displayedPositions(at: time)
        guard let move = list.move(id, by: delta) else { return }
        if let open = openRowID { closeRow(open, at: time) }
        liftedID = id
        slideToNewSlots(from: before, at: time)
        stateRevision += 1
        emitted.append(.reorder(id: id, from: move.from, to: move.to))
        reveal(index: move.to, at: time)
    }

    /// Rows in one screenful, for Page Up / Page Down.
    var pageRows: Int { max(1, Int(layout.viewportHeight / MessagesLayout.rowHeight) - 1) }

    /// Moves the focus ring; with none yet, it appears on the first row in view.
    func moveFocus(by delta: Int, at time: Millis) {
        guard !list.isEmpty else { return }
        if let id = focusedID, let index = list.index(of: id) {
            focus(index: index + delta, at: time)
        } else {
            let top = scroll.projectedRestingOffset(at: time)
            focus(index: Int((max(0, top) / MessagesLayout.rowHeight).rounded(.up)), at: time)
        }
    }

    func focus(index: Int, at time: Millis) {
        guard !list.isEmpty else { return }
        let clamped = min(max(index, 0), list.count - 1)
        let id = list.rows[clamped].id
        if let open = openRowID, open != id { closeRow(open, at: time) }
        if focusedID != id { openedRow?.focusedButton = nil }
        focusedID = id
        reveal(index: clamped, at: time)
    }

    /// Scrolls just enough for row `index` to be fully in view.
    func reveal(index: Int, at time: Millis) {
        let resting = scroll.projectedRestingOffset(at: time)
        let top = layout.slotY(index)
        let bottom = top + MessagesLayout.rowHeight
        if top < resting {
            scroll.scroll(to: top, at: time, animated: true, spec: .spring(.snappy))
        } else if bottom > resting + layout.viewportHeight {
            scroll.scroll(to: bottom - layout.viewportHeight, at: time, animated: true, spec: .spring(.snappy))
        }
    }
}
