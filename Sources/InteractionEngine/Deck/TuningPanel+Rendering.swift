/// Drawing the tuning panel: the title, the rows (sliders, reset all, copy as, save preset),
/// the status line and the curve preview (TuningPanel+Curve.swift).
extension TuningPanel {
    func render(into list: inout DisplayList, deck: Deck, at time: Millis) {
        let rows = Self.rows(deck)
        let layout = self.layout(deck)
        let panel = layout.frame
        if layout.docked {
            list.append(.fillRect(panel, .solid(Theme.surface), cornerRadius: 0))
            list.append(.line(from: Point(x: panel.minX + 0.5, y: panel.minY), to: Point(x: panel.minX + 0.5, y: panel.maxY),
                              Theme.separator, width: 1))
        } else {
            list.append(.shadow(panel, cornerRadius: 12, blur: 14, offset: Point(x: 0, y: 4), color: Color.black.withAlpha(0.3)))
            list.append(.fillRect(panel, .solid(Theme.surface), cornerRadius: 12))  // opaque: the cards behind must not show through
        }
        list.append(.text("Tuning: \(deck.current.title)", Rect(x: panel.minX + 12, y: panel.minY + 6, width: panel.width - 24, height: 20),
                          TextStyle(size: 13, weight: .bold, color: Theme.text)))
        let chosen = Self.selectable(rows, min(max(selected, 0), rows.count - 1))
        let listArea = Rect(x: panel.minX, y: layout.listTop, width: panel.width,
                            height: Double(layout.visible) * Self.rowHeight)
        list.clipped(to: listArea) { list in
            for i in layout.first..<min(rows.count, layout.first + layout.visible) {
                guard let row = layout.row(i) else { continue }
                if i == chosen { list.append(.fillRect(row, .solid(Theme.accent.withAlpha(0.14)), cornerRadius: 6)) }
                switch rows[i] {
                case .heading(let group):
                    list.append(.text(group.uppercased(), Rect(x: row.minX + 6, y: row.maxY - 16, width: row.width - 12, height: 14),
                                      TextStyle(size: 10, weight: .bold, color: Theme.secondaryText)))
                case .tunable(let t): renderSlider(t, in: row, deck: deck, into: &list)
                case .resetAll:
                    list.append(.text("Reset all (Enter)", row.insetBy(dx: 8, dy: 8), TextStyle(size: 12, weight: .medium, color: Theme.accent)))
                case .copy:
                    renderCopyRow(in: row, selected: i == chosen, into: &list)
                case .save:
                    list.append(.text("Save preset (Enter, Ctrl+S)", row.insetBy(dx: 8, dy: 8),
                                      TextStyle(size: 12, weight: .medium, color: Theme.accent)))
                }
            }
        }
        if let box = layout.status, let status = deck.tuningStatus { renderStatus(status, in: box, into: &list) }
        if case .tunable(let t) = rows[chosen], let animation = t.animation,
           let preview = Self.preview(of: animation, deck: deck) {
            renderPreview(preview, in: layout.preview, deck: deck, at: time, into: &list)
        }
    }

    private func renderSlider(_ t: Tunable, in row: Rect, deck: Deck, into list: inout DisplayList) {
        let value = deck.tuning.value(t)
        list.append(.text(t.label, Rect(x: row.minX + 6, y: row.minY + 2, width: row.width * 0.6, height: 16),
                          TextStyle(size: 11, weight: value == t.defaultValue ? .regular : .bold, color: Theme.text)))
        list.append(.text(t.format(value), Rect(x: row.minX + row.width * 0.55, y: row.minY + 2, width: row.width * 0.45 - 6, height: 16),
                          TextStyle(size: 11, color: Theme.secondaryText, alignment: .trailing)))
        let track = Layout.track(in: row)
        list.append(.fillRect(track, .solid(Theme.separator), cornerRadius: 2))
        let span = t.range.upperBound - t.range.lowerBound
        func x(_ v: Double) -> Double { track.minX + track.width * (span > 0 ? (v - t.range.lowerBound) / span : 0) }
        list.append(.fillRect(Rect(x: track.minX, y: track.minY, width: max(0, x(value) - track.minX), height: 4),
                              .solid(Theme.accent), cornerRadius: 2))
        list.append(.line(from: Point(x: x(t.defaultValue), y: track.minY - 3), to: Point(x: x(t.defaultValue), y: track.maxY + 3),
                          Theme.secondaryText, width: 1))
        list.append(.fillCircle(center: Point(x: x(value), y: track.midY), radius: 5, .solid(Theme.accent)))
    }

    private func renderCopyRow(in row: Rect, selected: Bool, into list: inout DisplayList) {
        list.append(.text("Copy as", Rect(x: row.minX + 6, y: row.midY - 8, width: 48, height: 16),
                          TextStyle(size: 11, weight: .medium, color: Theme.text)))
        for (format, button) in Layout.copyButtons(in: row) {
            let chosen = format == copyFormat
            list.append(.fillRect(button, .solid(chosen ? Theme.accent : Theme.accent.withAlpha(0.12)), cornerRadius: 5))
            list.append(.text(format.title, button.insetBy(dx: 0, dy: 3.5),
                              TextStyle(size: 9, weight: chosen ? .bold : .regular, color: chosen ? Color.white : Theme.accent,
                                        alignment: .center)))
        }
    }

    private func renderStatus(_ status: Status, in box: Rect, into list: inout DisplayList) {
        let tint = status.isError ? Color(rgb: 0xD70015) : Color(rgb: 0x248A3D)
        list.append(.fillRect(box, .solid(tint.withAlpha(0.12)), cornerRadius: 6))
        list.append(.text((status.isError ? "⚠ " : "") + status.text, box.insetBy(dx: 8, dy: 2),
                          TextStyle(size: 10, color: tint, maxLines: 3)))
    }
}
