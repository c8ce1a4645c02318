/// The tuning panel (the `T` key): the current scene's and the engine's tunables, grouped, each
/// with a slider (value, unit, a mark at the default), and a curve preview of the selected
/// spring. Keyboard: Up/Down select, Left/Right adjust a step (Shift: ten), Backspace resets one,
/// the last row resets all. It floats over the right side of the window.
public struct TuningPanel: Sendable {
    public static let width: Double = 300
    static let rowHeight: Double = 34
    static let previewHeight: Double = 120

    /// The selected row (the last row is "reset all").
    public var selected = 0

    public init() {}

    /// The rows shown for `deck`: the current scene's tunables, then the engine's.
    static func rows(_ deck: Deck) -> [Tunable] {
        let own = (deck.current as? any TunableScene).map { type(of: $0).tunables.all } ?? []
        return own + EngineTunables.table.all
    }

    /// Handles a key while the panel is open; true when it used it.
    mutating func handle(_ key: Key, _ modifiers: Modifiers, deck: Deck, at time: Millis) -> Bool {
        let rows = Self.rows(deck)
        let count = rows.count + 1
        selected = min(max(selected, 0), count - 1)
        let current = selected < rows.count ? rows[selected] : nil
        switch key {
        case .up: selected = (selected + count - 1) % count
        case .down: selected = (selected + 1) % count
        case .left, .right:
            guard let t = current else { return true }
            let steps = (modifiers.contains(.shift) ? 10.0 : 1.0) * (key == .left ? -1 : 1)
            deck.tune(t.key, to: t.clamped(deck.tuning.value(t) + steps * t.step), at: time)
        case .backspace:
            guard let t = current else { return true }
            deck.tune(t.key, to: t.defaultValue, at: time)
        case .enter where current == nil:
            var next = deck.tuning
            for t in rows { next[t.key] = nil }
            deck.apply(next, at: time)
        default:
            return false
        }
        return true
    }

    func render(into list: inout DisplayList, deck: Deck, at time: Millis) {
        let rows = Self.rows(deck)
        let top = Deck.barHeight + 8
        let height = max(60, deck.size.height - top - 8)
        let panel = Rect(x: max(0, deck.size.width - Self.width - 8), y: top, width: min(Self.width, deck.size.width), height: height)
        list.append(.shadow(panel, cornerRadius: 12, blur: 14, offset: Point(x: 0, y: 4), color: Color.black.withAlpha(0.3)))
        list.append(.fillRect(panel, .solid(Theme.surface), cornerRadius: 12))  // opaque: the cards behind must not show through
        list.append(.text("Tuning: \(deck.current.title)", Rect(x: panel.minX + 12, y: panel.minY + 6, width: panel.width - 24, height: 20),
                          TextStyle(size: 13, weight: .bold, color: Theme.text)))
        let listTop = panel.minY + 30
        let previewTop = panel.maxY - Self.previewHeight - 8
        let visible = max(1, Int((previewTop - listTop) / Self.rowHeight))
        let count = rows.count + 1
        let chosen = min(max(selected, 0), count - 1)
        let first = min(max(0, chosen - visible / 2), max(0, count - visible))
        list.clipped(to: Rect(x: panel.minX, y: listTop, width: panel.width, height: previewTop - listTop)) { list in
            for i in first..<min(count, first + visible) {
                let y = listTop + Double(i - first) * Self.rowHeight
                let row = Rect(x: panel.minX + 6, y: y, width: panel.width - 12, height: Self.rowHeight - 2)
                if i == chosen { list.append(.fillRect(row, .solid(Theme.accent.withAlpha(0.14)), cornerRadius: 6)) }
                guard i < rows.count else {
                    list.append(.text("Reset all (Enter)", row.insetBy(dx: 8, dy: 8), TextStyle(size: 12, weight: .medium, color: Theme.accent)))
                    continue
                }
                let t = rows[i]
                let value = deck.tuning.value(t)
                list.append(.text(t.label, Rect(x: row.minX + 6, y: row.minY + 2, width: row.width * 0.6, height: 16),
                                  TextStyle(size: 11, weight: value == t.defaultValue ? .regular : .bold, color: Theme.text)))
                list.append(.text(t.format(value), Rect(x: row.minX + row.width * 0.55, y: row.minY + 2, width: row.width * 0.45 - 6, height: 16),
                                  TextStyle(size: 11, color: Theme.secondaryText, alignment: .trailing)))
                let track = Rect(x: row.minX + 6, y: row.minY + 22, width: row.width - 12, height: 4)
                list.append(.fillRect(track, .solid(Theme.separator), cornerRadius: 2))
                let span = t.range.upperBound - t.range.lowerBound
                func x(_ v: Double) -> Double { track.minX + track.width * (span > 0 ? (v - t.range.lowerBound) / span : 0) }
                list.append(.fillRect(Rect(x: track.minX, y: track.minY, width: max(0, x(value) - track.minX), height: 4),
                                      .solid(Theme.accent), cornerRadius: 2))
                list.append(.line(from: Point(x: x(t.defaultValue), y: track.minY - 3), to: Point(x: x(t.defaultValue), y: track.maxY + 3),
                                  Theme.secondaryText, width: 1))
                list.append(.fillCircle(center: Point(x: x(value), y: track.midY), radius: 5, .solid(Theme.accent)))
            }
        }
        if chosen < rows.count, let animation = rows[chosen].animation, deck.tunables[animation + ".response"] != nil {
            renderPreview(deck.tuning.spring(animation, in: deck.tunables), name: animation,
                          in: Rect(x: panel.minX + 12, y: previewTop, width: panel.width - 24, height: Self.previewHeight), into: &list)
        }
    }

    /// x(t) of a 100 px move from rest over its settle time, with the settle time and overshoot.
    private func renderPreview(_ spring: SpringDescription, name: String, in box: Rect, into list: inout DisplayList) {
        let settle = spring.settleTime(distance: 100, threshold: 0.5)
        let sim = SpringSimulation(spring: spring, start: 0, end: 1, velocity: 0)
        let peak = max(1, 1 + spring.overshootPercent / 100)
        let plot = Rect(x: box.minX, y: box.minY + 20, width: box.width, height: box.height - 24)
        list.append(.strokeRect(plot, Theme.separator, lineWidth: 1, cornerRadius: 4))
        let goal = plot.maxY - plot.height / peak
        list.append(.line(from: Point(x: plot.minX, y: goal), to: Point(x: plot.maxX, y: goal), Theme.separator, width: 1))
        let points = (0...60).map { i -> Point in
            let t = settle * Double(i) / 60
            return Point(x: plot.minX + plot.width * Double(i) / 60, y: plot.maxY - plot.height * sim.x(t) / peak)
        }
        list.append(.polyline(points, Theme.accent, width: 2))
        let text = "\(name): settles in \(TunableFormat.number(settle * 1000, digits: 0)) ms, overshoot \(TunableFormat.number(spring.overshootPercent, digits: 1)) %"
        list.append(.text(text, Rect(x: box.minX, y: box.minY, width: box.width, height: 18), TextStyle(size: 10.5, color: Theme.secondaryText)))
    }
}
