/// When the window's refresh rate is read again (issue 21 item 8 review B4), a pure decision:
/// after a batch of events in which the window was mapped or configured, its area in root
/// coordinates is compared with the one the rate was read for (parent-relative coordinates
/// under a reparenting window manager say nothing); a screen change reads it again whatever
/// the area. The first check after mapping so catches the window manager's placement.
struct OutputWatch: Equatable {
    /// The window's area the rate was last read for (root coordinates).
    private(set) var readFor: OutputRefresh.Area?
    /// An event since the last check asks for one.
    private(set) var pending = false
    private var screenChange = false

    /// The window was mapped, moved or resized.
    mutating func windowChanged() { pending = true }

    /// The screen's outputs or modes changed (RRScreenChangeNotify).
    mutating func screenChanged() {
        pending = true
        screenChange = true
    }

    /// At the end of a batch with the window's root `area`: true when the rate must be read again.
    mutating func check(area: OutputRefresh.Area) -> Bool {
        defer {
            pending = false
            screenChange = false
        }
        return screenChange || area != readFor
    }

    /// The rate was read for `area`.
    mutating func read(for area: OutputRefresh.Area) { readFor = area }
}
