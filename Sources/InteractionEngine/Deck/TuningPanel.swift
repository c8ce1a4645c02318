/// The tuning panel (the `T` key): the current scene's and the engine's tunables, each with a
/// slider (value, unit, a mark at the default), "reset all", "copy as..." code, "save preset",
/// a status line (saved to, copied, a preset file's problem) and a preview of the selected
/// animation's curve, x(t) and v(t), with a marker that follows the animation while it runs.
///
/// Keyboard: Up/Down select, Left/Right adjust a step (Shift: ten), Backspace resets one,
/// Enter acts on the action rows, Ctrl+S saves a preset, Ctrl+C copies as the chosen language.
/// Mouse (TuningPanel+Pointer.swift): drag a knob or wheel over a slider (by its step, clamped
/// to its range), click the rows; a press on the panel never reaches the scene.
///
/// Docked beside the scene in a window at least `dockThreshold` wide (the scene is laid out in
/// what is left, never narrower than `minimumSceneWidth`, and never covered); floating over the
/// window's right side otherwise, movable by its title.
public struct TuningPanel: Sendable {
    /// The floating panel's width, px.
    public static let width: Double = 300
    /// The docked column's width, px (the panel with its margins).
    public static let dockWidth: Double = 316
    /// The narrowest scene beside a docked panel, px: the default window width (`Options`, 480x800),
    /// the width every scene is designed at.
    public static let minimumSceneWidth: Double = 480
    /// The narrowest window that docks the panel, px: a `minimumSceneWidth` scene plus the column.
    public static var dockThreshold: Double { minimumSceneWidth + dockWidth }
    static let margin: Double = 8
    static let headerHeight: Double = 30
    static let rowHeight: Double = 34
    static let previewHeight: Double = 176
    static let statusHeight: Double = 46

    /// A line the panel shows above the preview: where a preset was saved, what was copied,
    /// or (in red) what is wrong with a preset file. It stays until the next one replaces it.
    public struct Status: Sendable, Hashable {
        public var text: String
        public var isError: Bool

        public init(_ text: String, isError: Bool = false) {
            self.text = text
            self.isError = isError
        }
    }

    /// One row of the list.
    enum Row {
        /// A group's name above its tunables ("Wallet: hold", "Motion"...): never selected.
        case heading(String)
        case tunable(Tunable)
        case resetAll
        case copy
        case save
    }

    /// What a press on the panel holds until its release.
    enum Drag: Sendable {
        /// A slider's knob: `value` at `fromX`, `perPixel` of the value per px along the track.
        case slider(key: String, fromX: Double, value: Double, perPixel: Double)
        /// The floating panel by its title.
        case move(from: Point, offset: Point)
        /// A press that grabbed nothing (it still never reaches the scene).
        case inert
    }

    /// The selected row.
    public var selected = 0
    /// The first row shown (the list scrolls to keep the selection in view).
    public var scroll = 0
    /// How far the floating panel was moved from its place by its title.
    public var offset = Point(x: 0, y: 0)
    /// The language "copy as..." uses (Left/Right on its row, or a click on one).
    public var copyFormat = TuningExportFormat.swiftui
    var drag: Drag?
    /// Smooth-scroll pixels not yet worth a step.
    var wheelRemainder = 0.0

    public init() {}

    /// The rows shown for `deck`: the current scene's tunables, the engine's, each group under
    /// its heading (the tables list a group's tunables together), then the actions.
    static func rows(_ deck: Deck) -> [Row] {
        let own = (deck.current as? any TunableScene).map { type(of: $0).tunables.all } ?? []
        var rows: [Row] = []
        for t in own + EngineTunables.table.all {
            if case .tunable(let last)? = rows.last, last.group == t.group {} else { rows.append(.heading(t.group)) }
            rows.append(.tunable(t))
        }
        return rows + [.resetAll, .copy, .save]
    }

    /// `i` if row `i` can be selected, else the next one that can in direction `step` (wrapping):
    /// a heading is skipped, so Up and Down move from tunable to tunable.
    static func selectable(_ rows: [Row], _ i: Int, step: Int = 1) -> Int {
        let n = rows.count
        var j = ((i % n) + n) % n
        for _ in 0..<n {
            if case .heading = rows[j] {} else { return j }
            j = (j + step + n) % n
        }
        return j
    }

    // MARK: Layout

    /// True when a window `width` wide docks the panel beside the scene.
    public static func docks(windowWidth width: Double) -> Bool { width >= dockThreshold }

    /// The width an open panel takes from the scene in a window of `size`: the column when docked, else 0.
    public static func dockedWidth(in size: Size) -> Double { docks(windowWidth: size.width) ? dockWidth : 0 }

    /// Where everything of the panel lies in a window.
    struct Layout {
        var frame: Rect
        var docked: Bool
        var listTop: Double
        var visible: Int
        var first: Int
        var count: Int
        var status: Rect?
        var preview: Rect

        /// Row `i`'s rectangle, when it is in view.
        func row(_ i: Int) -> Rect? {
            guard i >= first, i < min(count, first + visible) else { return nil }
            return Rect(x: frame.minX + 6, y: listTop + Double(i - first) * TuningPanel.rowHeight,
                        width: frame.width - 12, height: TuningPanel.rowHeight - 2)
        }

        /// The row under `p`, if any.
        func row(at p: Point) -> Int? {
            (first..<min(count, first + visible)).first { row($0)?.contains(p) == true }
        }

        /// A tunable row's slider track.
        static func track(in row: Rect) -> Rect {
            Rect(x: row.minX + 6, y: row.minY + 22, width: row.width - 12, height: 4)
        }

        /// The five "copy as" buttons of the copy row, in `TuningExportFormat` order.
        static func copyButtons(in row: Rect) -> [(TuningExportFormat, Rect)] {
            let left = row.minX + 52, width = (row.maxX - 4 - left) / Double(TuningExportFormat.allCases.count)
            return TuningExportFormat.allCases.enumerated().map { i, format in
                (format, Rect(x: left + Double(i) * width + 1, y: row.midY - 10, width: width - 2, height: 20))
            }
        }
    }

    /// The layout in a window of `size` with `rowCount` rows.
    static func layout(size: Size, offset: Point, rowCount: Int, scroll: Int, hasStatus: Bool) -> Layout {
        let docked = docks(windowWidth: size.width)
        let frame: Rect
        if docked {
            frame = Rect(x: size.width - dockWidth, y: Deck.barHeight, width: dockWidth, height: max(60, size.height - Deck.barHeight))
        } else {
            let top = Deck.barHeight + margin
            let width = min(Self.width, size.width)
            let height = max(60, size.height - top - margin)
            let home = max(0, size.width - width - margin)
            frame = Rect(x: min(max(0, home + offset.x), max(0, size.width - width)),
                         y: min(max(Deck.barHeight, top + offset.y), max(Deck.barHeight, size.height - headerHeight - 90)),
                         width: width, height: height)
        }
        let listTop = frame.minY + headerHeight
        let previewTop = frame.maxY - previewHeight - margin
        let status = hasStatus ? Rect(x: frame.minX + 8, y: previewTop - statusHeight - 4, width: frame.width - 16, height: statusHeight) : nil
        let listBottom = (status?.minY ?? previewTop) - 2
        let visible = max(1, Int((listBottom - listTop) / rowHeight))
        let first = min(max(0, scroll), max(0, rowCount - visible))
        return Layout(frame: frame, docked: docked, listTop: listTop, visible: visible, first: first, count: rowCount,
                      status: status, preview: Rect(x: frame.minX + 12, y: previewTop, width: frame.width - 24, height: previewHeight))
    }

    /// This panel's layout for `deck`.
    func layout(_ deck: Deck) -> Layout {
        Self.layout(size: deck.size, offset: offset, rowCount: Self.rows(deck).count, scroll: scroll,
                    hasStatus: deck.tuningStatus != nil)
    }

    /// The panel's rectangle in a window of `size` (for `deck`'s cursor and routing).
    public func frame(_ deck: Deck) -> Rect { layout(deck).frame }

    /// Where row `row`'s slider track lies in a window of `size` for a panel just opened (not
    /// moved, not scrolled, no status line), in window coordinates: what a test aims a real drag at.
    public static func startingTrack(row: Int, windowSize size: Size) -> Rect? {
        layout(size: size, offset: Point(x: 0, y: 0), rowCount: Int(Int32.max), scroll: 0, hasStatus: false)
            .row(row).map(Layout.track)
    }

    /// Scrolls the list so that the selected row is in view.
    mutating func reveal(_ layout: Layout) {
        if selected < layout.first { scroll = selected }
        if selected >= layout.first + layout.visible { scroll = selected - layout.visible + 1 }
        scroll = min(max(0, scroll), max(0, layout.count - layout.visible))
    }

    // MARK: Keyboard

    /// Handles a key while the panel is open; true when it used it.
    mutating func handle(_ key: Key, _ modifiers: Modifiers, deck: Deck, at time: Millis) -> Bool {
        let rows = Self.rows(deck)
        selected = Self.selectable(rows, min(max(selected, 0), rows.count - 1))
        let row = rows[selected]
        switch key {
        case .up, .down:
            let step = key == .up ? -1 : 1
            selected = Self.selectable(rows, selected + step, step: step)
            reveal(layout(deck))
        case .left, .right:
            let direction = key == .left ? -1 : 1
            switch row {
            case .tunable(let t):
                let steps = (modifiers.contains(.shift) ? 10.0 : 1.0) * Double(direction)
                Self.set(t, to: deck.tuning.value(t) + steps * t.step, deck: deck, at: time)
            case .copy:
                let all = TuningExportFormat.allCases
                copyFormat = all[(all.firstIndex(of: copyFormat)! + all.count + direction) % all.count]
            case .resetAll, .save, .heading:
                break
            }
        case .backspace:
            guard case .tunable(let t) = row else { return true }
            deck.tune(t.key, to: t.defaultValue, at: time)
        case .enter:
            switch row {
            case .tunable, .heading: return false
            case .resetAll: Self.resetAll(deck, at: time)
            case .copy: deck.request(.copyTuning(copyFormat))
            case .save: deck.request(.saveTuningPreset)
            }
        case .character(let c) where modifiers == .control && c.lowercased() == "s":
            deck.request(.saveTuningPreset)
        case .character(let c) where modifiers == .control && c.lowercased() == "c":
            deck.request(.copyTuning(copyFormat))
        default:
            return false
        }
        return true
    }

    /// Sets `t` to `value` brought into its range (the panel never offers a value outside it).
    static func set(_ t: Tunable, to value: Double, deck: Deck, at time: Millis) {
        // Steps of 0.05 or 0.0005 added up drift in the last bits: keep nine decimals.
        let v = t.clamped((value * 1e9).rounded() / 1e9)
        if v != deck.tuning.value(t) { deck.tune(t.key, to: v, at: time) }
    }

    /// Every tunable of the panel back to its default.
    static func resetAll(_ deck: Deck, at time: Millis) {
        var next = deck.tuning
        for case .tunable(let t) in rows(deck) { next[t.key] = nil }
        deck.apply(next, at: time)
    }
}
