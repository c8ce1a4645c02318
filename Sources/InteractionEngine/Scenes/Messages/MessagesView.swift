/// How one row looks at one moment: what the painter needs besides the data.
struct RowAppearance {
    /// The row's slot on screen (scene coordinates).
    var frame: Rect
    /// How far the content is slid left (≤ 0).
    var swipeOffset: Double
    var selected = false
    var pressed = false
    var focused = false
    /// The button the pointer is down on, if any.
    var pressedAction: SwipeAction?
    /// The button the keyboard focus is on, if any.
    var focusedAction: SwipeAction?
}

/// Draws a conversation row: the buttons behind, then the sliding content
/// (avatar, name, time, preview, badge, separator) on top.
struct MessageRowPainter {
    private typealias L = MessagesLayout

    func paint(_ row: MessageRow, _ look: RowAppearance, into list: inout DisplayList) {
        let revealed = -look.swipeOffset
        if revealed > 0.5 { paintButtons(row, look, revealed: revealed, into: &list) }
        let content = look.frame.offsetBy(dx: look.swipeOffset, dy: 0)
        paintBackground(row, look, content, into: &list)
        paintAvatar(row.conversation, content, into: &list)
        paintTexts(row, content, into: &list)
        list.append(.line(from: Point(x: content.minX + L.textInset, y: content.maxY - 0.5),
                          to: Point(x: content.maxX, y: content.maxY - 0.5), Theme.separator, width: 1))
        if look.focused {
            list.append(.strokeRect(content.insetBy(dx: 3, dy: 3), Theme.focusRing, lineWidth: 2, cornerRadius: 8))
        }
    }

    private func paintButtons(_ row: MessageRow, _ look: RowAppearance, revealed: Double,
                              into list: inout DisplayList) {
        let actions = row.actions
        let frames = L.buttonFrames(count: actions.count, in: look.frame, revealed: revealed)
        for (action, frame) in zip(actions, frames) {
            let fill = action == look.pressedAction ? action.color.mixed(with: .black, 0.18) : action.color
            list.append(.fillRect(frame, .solid(fill), cornerRadius: 0))
            let title = Rect(x: frame.minX + 2, y: frame.midY - 17, width: frame.width - 4, height: 22)
            let subtitle = Rect(x: frame.minX + 2, y: frame.midY + 4, width: frame.width - 4, height: 14)
            list.append(.text(action.title, title, TextStyle(size: 15, weight: .medium, color: .white,
                                                              alignment: .center)))
            list.append(.text(action.subtitle, subtitle, TextStyle(size: 10, color: Color.white.withAlpha(0.85),
                                                                    alignment: .center)))
            if action == look.focusedAction {
                list.append(.strokeRect(frame.insetBy(dx: 4, dy: 6), .white, lineWidth: 2, cornerRadius: 6))
            }
        }
    }

    private func paintBackground(_ row: MessageRow, _ look: RowAppearance, _ content: Rect,
                                 into list: inout DisplayList) {
        let base = row.pinned ? MessagesStyle.pinnedBackground : MessagesStyle.rowBackground
        let fill = look.selected ? MessagesStyle.selectedBackground : base
        list.append(.fillRect(content, .solid(fill), cornerRadius: 0))
        if look.pressed { list.append(.fillRect(content, .solid(MessagesStyle.pressedShade), cornerRadius: 0)) }
    }

    private func paintAvatar(_ c: MessageConversation, _ content: Rect, into list: inout DisplayList) {
        let r = L.avatarRadius
        let center = Point(x: content.minX + L.avatarInset + r, y: content.midY)
        let color = c.avatarPaintColor
        list.append(.fillCircle(center: center, radius: r,
                                .diagonalGradient(from: color.mixed(with: .white, 0.22), to: color)))
        let box = Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        // White letters, except on light colours (yellow) where they would fade out.
        let ink = color.luminance > 0.65 ? Theme.inkOnLight.withAlpha(0.78) : Color.white
        list.append(.text(c.initial, box, TextStyle(size: 20, weight: .bold, color: ink, alignment: .center)))
    }

    private func paintTexts(_ row: MessageRow, _ content: Rect, into list: inout DisplayList) {
        let c = row.conversation
        let left = content.minX + L.textInset
        let right = content.maxX - L.trailingInset
        let time = Rect(x: right - L.timeWidth, y: content.minY + 12, width: L.timeWidth, height: 22)
        let name = Rect(x: left, y: time.minY, width: max(0, time.minX - 8 - left), height: 22)
        list.append(.text(c.name, name, TextStyle(size: 16, weight: .bold, color: Theme.text)))
        list.append(.text(c.time, time, TextStyle(size: 12, color: Theme.secondaryText, alignment: .trailing)))

        var previewRight = right
        if !row.read {
            let badge = badgeFrame(count: c.unread, right: right, midY: content.minY + 49)
            previewRight = badge.minX - 8
            if c.unread > 0 {
                list.append(.fillRect(badge, .solid(MessagesStyle.badge), cornerRadius: badge.height / 2))
                list.append(.text(Self.badgeText(c.unread), badge,
                                  TextStyle(size: 12, weight: .bold, color: .white, alignment: .center)))
            } else {
                list.append(.fillCircle(center: badge.center, radius: 5, .solid(MessagesStyle.badge)))
            }
        }
        let preview = Rect(x: left, y: content.minY + 39, width: max(0, previewRight - left), height: 20)
        list.append(.text(c.preview, preview, TextStyle(size: 14, color: Theme.secondaryText)))
    }

    /// "99+" past 99, as QQ shows it.
    static func badgeText(_ count: Int) -> String { count > 99 ? "99+" : String(count) }

    /// The red pill: at least a circle, wider for more digits.
    private func badgeFrame(count: Int, right: Double, midY: Double) -> Rect {
        let h = L.badgeHeight
        let width = count > 0 ? max(h, 12 + 7.5 * Double(Self.badgeText(count).count)) : 10
        return Rect(x: right - width, y: midY - h / 2, width: width, height: h)
    }
}

/// The list's drawing: the fading ghosts of deleted rows, the rows (the lifted one last, with its
/// shadow), and the empty-list message.
extension MessagesScene {
    public func render(at time: Millis) -> DisplayList {
        let rows = renderRows(at: time)
        guard layout.rowWidth < layout.width else { return rows }
        // A wide window: the centred column clips what slides out of it (a swiped row).
        var out = DisplayList()
        out.clipped(to: Rect(x: layout.rowX, y: 0, width: layout.rowWidth, height: layout.viewportHeight)) {
            $0.append(contentsOf: rows)
        }
        return out
    }

    private func renderRows(at time: Millis) -> DisplayList {
        var out = DisplayList()
        let offset = scroll.offset(at: time)
        let viewport = Rect(x: 0, y: 0, width: layout.width, height: layout.viewportHeight)
        for ghost in ghosts {
            let alpha = ghost.fade.value(at: time)
            let frame = layout.rowFrame(y: ghost.contentY - offset)
            guard alpha > 0.01, frame.intersects(viewport) else { continue }
            out.withOpacity(alpha) { list in
                painter.paint(ghost.row, RowAppearance(frame: frame, swipeOffset: ghost.swipeOffset), into: &list)
            }
        }
        // The scroll container (issue 21 item 7): the resting rows in content coordinates under
        // one translation by the scroll offset, so a fling changes one transform and a compositor
        // moves the rows as a few strips. A swiped (or springing back) row and the lifted one are
        // drawn over it in the viewport's coordinates, as the grid keeps its lifted tile apart.
        let placed = placedRows(at: time)
        let apart = placed.filter { $0.isLifted || swipeOffset(of: $0.id, at: time) != 0 }
        out.scrollContainer(offset: Point(x: 0, y: offset)) { content in
            for row in placed where !row.isLifted && swipeOffset(of: row.id, at: time) == 0 {
                var look = appearance(of: row, at: time)
                look.frame = contentFrame(of: row.id, index: row.index, at: time)
                painter.paint(list.rows[row.index], look, into: &content)
            }
        }
        for placed in apart {
            if placed.isLifted {
                out.append(.shadow(placed.frame, cornerRadius: 0, blur: 12, offset: Point(x: 0, y: 3),
                                   color: Theme.shadow.withAlpha(0.18)))
            }
            painter.paint(list.rows[placed.index], appearance(of: placed, at: time), into: &out)
        }
        if list.isEmpty && ghosts.isEmpty {
            out.append(.text("No conversations", viewport.insetBy(dx: 20, dy: 0),
                             TextStyle(size: 15, color: Theme.secondaryText, alignment: .center)))
        }
        return out
    }

    private func appearance(of placed: LaidOutItem, at time: Millis) -> RowAppearance {
        let id = placed.id
        var look = RowAppearance(frame: placed.frame, swipeOffset: swipeOffset(of: id, at: time))
        look.selected = id == selectedID
        look.focused = id == focusedID
        if case .down(let rowID, let action, let caught) = press, rowID == id {
            if let action, id == openRowID {
                look.pressedAction = action
            } else {
                look.pressed = openRowID == nil && !caught
            }
        }
        let actions = list.rows[placed.index].actions
        if id == focusedID, id == openRowID, let b = focusedButton, actions.indices.contains(b) {
            look.focusedAction = actions[b]
        }
        return look
    }
}
