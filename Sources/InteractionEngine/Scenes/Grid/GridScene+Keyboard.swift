/// The grid's keys (SPEC I3): arrows move the focus, Shift+arrows move the focused tile.
extension GridScene {
    func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        let count = reorder.items.count
        guard count > 0 else { return }
        let columns = layout.columns
        let step: Int? = switch key {
        case .left: -1
        case .right: 1
        case .up: -columns
        case .down: columns
        default: nil
        }
        if let step {
            let from = focus ?? firstVisibleIndex(at: time)
            let to = from + step
            // Left/right stay within the list; up/down stay within the column.
            guard focus != nil, (0..<count).contains(to) else {
                focus = from
                focusVisible = true
                reveal(from, at: time)
                return
            }
            if modifiers.contains(.shift) {
                moveFocused(from, to: to, at: time)
            } else {
                focus = to
                focusVisible = true
                reveal(to, at: time)
            }
            return
        }
        switch key {
        case .enter, .space:
            if let focus, focus < count {
                focusVisible = true
                emitted.append(.select(id: reorder.liveItems[focus].id))
            }
        case .escape:
            focusVisible = false
        case .home:
            scroll.scroll(to: scroll.minOffset, at: time, animated: true)
        case .end:
            scroll.scroll(to: scroll.maxOffset, at: time, animated: true)
        case .pageUp, .pageDown:
            let page = size.height * 0.9 * (key == .pageUp ? -1 : 1)
            scroll.scroll(to: scroll.projectedRestingOffset(at: time) + page, at: time, animated: true)
        default:
            break
        }
    }

    /// Shift+arrows: the focused tile moves one slot (or row) through the four steps.
    func moveFocused(_ index: Int, to destination: Int, at time: Millis) {
        focusVisible = true
        guard reorder.canMoveItem(at: index) else {
            refuse(reorder.liveItems[index].id, at: time)
            return
        }
        guard let outcome = reorder.moveItem(at: index, toward: destination) else { return }
        if let reflow = outcome.reflow { animate(reflow, at: time) }
        focus = outcome.to
        stateRevision += 1
        emitted.append(.reorder(id: outcome.id, from: outcome.from, to: outcome.to))
        reveal(outcome.to, at: time)
    }

    func firstVisibleIndex(at time: Millis) -> Int {
        let visible = layout.indices(intersectingTop: scroll.offset(at: time) + GridLayout.margin,
                                     height: size.height - 2 * GridLayout.margin)
        return visible.first ?? 0
    }

    /// Scrolls just enough for slot `index` to be fully visible.
    func reveal(_ index: Int, at time: Millis) {
        let offset = scroll.projectedRestingOffset(at: time)
        let target = revealOffset(index, from: offset)
        if target != offset { scroll.scroll(to: target, at: time, animated: true) }
    }

    /// The offset nearest `offset` that shows slot `index` whole, with its margin.
    func revealOffset(_ index: Int, from offset: Double) -> Double {
        let frame = layout.frame(at: index)
        let margin = GridLayout.margin
        var target = offset
        if frame.minY - margin < offset {
            target = frame.minY - margin
        } else if frame.maxY + margin > offset + size.height {
            target = frame.maxY + margin - size.height
        }
        return scroll.clamped(target)
    }
}
