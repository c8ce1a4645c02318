/// The whole window: a bar of scene tabs on top of the current scene.
///
/// The deck routes input (global keys, tab clicks, everything else to the
/// current scene in scene coordinates), forwards time, composes the display
/// list and collects events. Like the scenes it is pure: the host turns its
/// `DeckCommand`s into I/O.
public final class Deck {
    /// Height of the scene bar at the top of the window.
    public static let barHeight: Double = 44
    /// How long a notice stays on screen.
    public static let noticeDuration: Millis = 6000
    /// The largest window side the deck lays out, in px (the hosts' `--size` and trace limit).
    public static let maximumSide: Double = 16384
    /// How long the window size must stay unchanged before it counts as a change to save, in ms
    /// (an interactive resize sends a ConfigureNotify per motion; only its end is saved).
    public static let resizeSaveDelay: Millis = 500

    public let scenes: [any DeckScene]
    public private(set) var currentIndex: Int
    public private(set) var size: Size
    public var current: any DeckScene { scenes[currentIndex] }

    private var pending: [DeckEvent] = []
    /// The press in flight, decided and ended in one place (one `GestureArena`).
    private var press = PressRouter()
    private var commands: [DeckCommand] = []
    private var notice: (text: String, shownAt: Millis?)?
    private var pressStartedInBar = false
    /// Counts scene switches and finished resizes: window state worth saving.
    private var windowRevision = 0
    /// When the last resize arrived, until it has been counted (after `resizeSaveDelay`).
    private var resizedAt: Millis?

    /// Draws the interaction overlay over the scene when set (the `D` key).
    public var overlay: DeckOverlay?
    /// Draws the finger dot under the pressed pointer when set (`--show-taps`, the `K` key).
    public var touches: TouchIndicator?
    /// The recording dot, encoding progress and "Saved to" toast: drawn in the window only.
    public var chrome = CaptureChrome()
    /// Light or dark: the palette every scene, the bar and the overlay are drawn with.
    public var appearance: Appearance = .light
    /// Slow motion: host time to animation time (`S`, `--slow`); bound around every call into a scene.
    public private(set) var animationClock = AnimationClock()
    /// The tuning in force (see `Deck+Tuning.swift`).
    public internal(set) var tuning = Tuning()
    /// The tuning panel, when shown (the `T` key; TuningPanel.swift).
    public var tuningPanel: TuningPanel?
    /// The panel's status line: a saved preset's path, a preset file's problem (Deck+Tuning.swift).
    public internal(set) var tuningStatus: TuningPanel.Status?
    /// The animations started while the panel is open (its curve preview's marker follows them).
    let animationLog = AnimationLog()

    public init(scenes: [any DeckScene], initial: String? = nil, size: Size, at time: Millis = 0) {
        precondition(!scenes.isEmpty, "a deck needs at least one scene")
        self.scenes = scenes
        self.currentIndex = scenes.firstIndex { $0.name == initial } ?? 0
        self.size = size
        for scene in scenes { scene.resize(to: sceneSize, at: time) }
    }

    /// The arena of the press in flight (or the last one), for the overlay.
    public var gestureArena: GestureArena { press.arena }

    /// The viewport each scene gets.
    public var sceneSize: Size {
        Size(width: max(1, size.width - tuningPanelColumn), height: max(1, size.height - Deck.barHeight))
    }

    public var reduceMotion: Bool = false {
        didSet { for scene in scenes { scene.reduceMotion = reduceMotion } }
    }

    /// Shows a warning at the bottom of the window (a damaged file, a skipped image).
    public func showNotice(_ text: String) {
        notice = (text, nil)
    }

    /// Switches to the scene named `name`; false when there is none.
    @discardableResult
    public func switchTo(_ name: String, at time: Millis) -> Bool {
        guard let index = scenes.firstIndex(where: { $0.name == name }) else { return false }
        select(index, at: time)
        return true
    }

    private func select(_ index: Int, at time: Millis) {
        guard index != currentIndex else { return }
        report(press.cancel(at: time, scene: current))  // switching scenes cancels the press
        currentIndex = index
        windowRevision += 1
        pending.append(DeckEvent("scene", ["scene": .string(current.name)]))
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        withAnimationClock { route(event) }
    }

    /// Runs `body` with this deck's slow-motion clock as the one animations read.
    public func withAnimationClock<T>(_ body: () -> T) -> T {
        AnimationClock.$current.withValue(animationClock) {
            AnimationLog.$current.withValue(tuningPanel == nil ? nil : animationLog, operation: body)
        }
    }

    /// From `time` on, animations run at `rate` (1, 0.5, 0.25, 0.1...; see `AnimationClock`).
    public func setSlowMotion(_ rate: Double, at time: Millis) {
        let before = animationClock.rate
        animationClock.setRate(rate, at: time)
        if animationClock.rate != before {
            pending.append(DeckEvent("slow-motion", ["rate": .double(animationClock.rate)]))
        }
    }

    private func route(_ event: InputEvent) {
        overlay?.record(event, deck: self)
        touches?.record(event)
        if tuningPanel != nil, handleTuningPanelPointer(event) { return }
        switch event.kind {
        case .resize(let requested):
            // Non-finite or extreme sizes (a hostile trace) are clamped, never laid out.
            func side(_ v: Double, _ old: Double) -> Double { v.isFinite ? min(max(v, 1), Deck.maximumSide) : old }
            let newSize = Size(width: side(requested.width, size.width), height: side(requested.height, size.height))
            if newSize != size { resizedAt = event.time }
            size = newSize
            for scene in scenes { scene.resize(to: sceneSize, at: event.time) }
        case .key(let key, let modifiers):
            if handleTuningPanelKey(key, modifiers, at: event.time) {
                break
            } else if !handleGlobalKey(key, modifiers, at: event.time) {
                report(press.route(event, to: current))
            }
        case .pointerDown(let p, let button) where p.y < Deck.barHeight && !press.isPressed:
            pressStartedInBar = true
            if button == .primary, let index = tabIndex(at: p) { select(index, at: event.time) }
        case .pointerMove where pressStartedInBar:
            break
        case .pointerUp where pressStartedInBar, .pointerCancel where pressStartedInBar:
            pressStartedInBar = false
        case .pointerDown:
            // A press below the bar starts a new gesture: any bar press it follows is over
            // (its release was lost).
            pressStartedInBar = false
            report(press.route(toScene(event), to: current))
        default:
            report(press.route(toScene(event), to: current))
        }
    }

    private func handleGlobalKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) -> Bool {
        switch key {
        case .character(let c) where modifiers.subtracting(.shift).isEmpty:
            if let digit = Int(c), (1...scenes.count).contains(digit) {
                select(digit - 1, at: time)
                return true
            }
            switch c.lowercased() {
            case "q":
                commands.append(.quit)
                return true
            case "d":
                overlay = DeckOverlay.cycled(overlay)  // off → compact → full → off
                pending.append(DeckEvent("overlay", ["shown": .bool(overlay != nil)]))
                return true
            case "s":
                setSlowMotion(SlowMotion.next(after: animationClock.rate), at: time)
                return true
            case "t":
                toggleTuningPanel(at: time)
                return true
            case "k":
                touches = touches == nil ? TouchIndicator() : nil
                pending.append(DeckEvent("show-taps", ["on": .bool(touches != nil)]))
                return true
            default:
                return false
            }
        case .character(let c) where modifiers == .control && c.lowercased() == "q":
            commands.append(.quit)
            return true
        case .tab:
            let step = modifiers.contains(.shift) ? scenes.count - 1 : 1
            select((currentIndex + step) % scenes.count, at: time)
            return true
        case .function(12):
            commands.append(.screenshot)
            return true
        case .function(9):
            commands.append(.toggleRecording)
            return true
        default:
            return false
        }
    }

    /// The event moved into scene coordinates (below the bar).
    private func toScene(_ event: InputEvent) -> InputEvent {
        event.mapped { Point(x: $0.x, y: $0.y - Deck.barHeight) }
    }

    private func tabIndex(at p: Point) -> Int? {
        let width = size.width / Double(scenes.count)
        guard width > 0 else { return nil }
        let index = Int(clamping: (p.x / width).rounded(.down), to: -1...scenes.count, nonFinite: -1)
        return scenes.indices.contains(index) ? index : nil
    }

    /// The pointer shape for a pointer at `point` in window coordinates (nil: outside the window) at `time`.
    public func cursor(at point: Point?, time: Millis) -> CursorShape {
        if press.isPressed { return .closedHand }
        guard let point, point.y >= Deck.barHeight, tuningPanel?.frame(self).contains(point) != true else { return .arrow }
        return withAnimationClock { current.cursor(at: point - Point(x: 0, y: Deck.barHeight), time: time) }
    }

    // MARK: Time

    public func tick(at time: Millis) {
        withAnimationClock {
            report(press.tick(at: time, scene: current))
            report(current.tick(at: time))
        }
        if let resized = resizedAt, time - resized >= Deck.resizeSaveDelay {
            resizedAt = nil
            windowRevision += 1
        }
        if var shown = notice {
            if shown.shownAt == nil { shown.shownAt = time; notice = shown }
            if let start = shown.shownAt, time - start >= Deck.noticeDuration { notice = nil }
        }
        chrome.tick(at: time)
    }

    /// True when the host must draw the next frame at the display rate.
    public func needsFrame(at time: Millis) -> Bool {
        withAnimationClock { current.needsFrame(at: time) } || (overlay?.needsFrame(at: time) ?? false)
            || (touches?.needsFrame(at: time) ?? false) || chrome.needsFrame(at: time)
    }

    /// The next timer: the scene's deadline or the notice's expiry.
    public func nextDeadline() -> Millis? {
        let noticeEnd = notice?.shownAt.map { $0 + Deck.noticeDuration }
        let resizeSettles = resizedAt.map { $0 + Deck.resizeSaveDelay }
        return [press.nextDeadline(), current.nextDeadline(), noticeEnd, chrome.nextDeadline(), resizeSettles]
            .compactMap { $0 }.min()
    }

    // MARK: Output

    /// The frame at `time`; `chrome: false` leaves out the capture indicators (screenshots).
    public func render(at time: Millis, chrome withChrome: Bool = true) -> DisplayList {
        Palette.$current.withValue(Palette.of(appearance)) { withAnimationClock { composeFrame(at: time, chrome: withChrome) } }
    }

    private func composeFrame(at time: Millis, chrome withChrome: Bool) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Theme.background))
        list.transformed(by: Transform(translation: Point(x: 0, y: Deck.barHeight))) { list in
            list.clipped(to: Rect(origin: .zero, size: sceneSize)) { list in
                list.append(contentsOf: current.render(at: time))
            }
        }
        renderBar(into: &list)
        SlowMotion.render(rate: animationClock.rate, into: &list, size: Size(width: sceneSize.width, height: size.height), top: Deck.barHeight)
        if let notice { renderNotice(notice.text, into: &list) }
        overlay?.render(into: &list, deck: self, at: time)
        tuningPanel?.render(into: &list, deck: self, at: time)
        touches?.render(into: &list, at: time)
        if withChrome { chrome.render(into: &list, size: size, at: time) }
        return list
    }

    private func renderBar(into list: inout DisplayList) {
        let bar = Rect(x: 0, y: 0, width: size.width, height: Deck.barHeight)
        list.append(.fillRect(bar, .solid(Theme.barBackground), cornerRadius: 0))
        list.append(.line(from: Point(x: 0, y: bar.maxY - 0.5), to: Point(x: bar.maxX, y: bar.maxY - 0.5),
                          Theme.separator, width: 1))
        let width = size.width / Double(scenes.count)
        for (i, scene) in scenes.enumerated() {
            let cell = Rect(x: Double(i) * width, y: 0, width: width, height: Deck.barHeight)
            let selected = i == currentIndex
            if selected {
                let pill = cell.insetBy(dx: 6, dy: 7)
                list.append(.fillRect(pill, .solid(Theme.accent.withAlpha(0.14)), cornerRadius: pill.height / 2))
            }
            let style = TextStyle(size: 13, weight: selected ? .bold : .regular,
                                  color: selected ? Theme.accent : Theme.secondaryText, alignment: .center)
            list.append(.text("\(i + 1)  \(scene.title)", cell.insetBy(dx: 4, dy: 0), style))
        }
    }

    private func renderNotice(_ text: String, into list: inout DisplayList) {
        // One line per warning (a start can give several), two lines of text each; the
        // box grows up to half the window.
        let lines = text.split(separator: "\n").count
        let height = min(max(52, Double(lines) * 36 + 16), max(52, size.height / 2))
        let box = Rect(x: 12, y: size.height - 12 - height, width: max(0, sceneSize.width - 24), height: height)  // beside a docked panel
        list.append(.shadow(box, cornerRadius: 10, blur: 12, offset: Point(x: 0, y: 3), color: Color.black.withAlpha(0.3)))
        list.append(.fillRect(box, .solid(Color(rgb: 0x3A2A12)), cornerRadius: 10))
        list.append(.text(text.split(separator: "\n").map { "⚠ " + $0 }.joined(separator: "\n"), box.insetBy(dx: 14, dy: 4),
                          TextStyle(size: 12, color: Color(rgb: 0xFFE2A8), maxLines: max(2, lines * 2))))
    }

    /// Events since the last call, each scene event tagged with its scene.
    public func drainEvents() -> [DeckEvent] {
        defer { pending.removeAll() }
        return pending
    }

    /// Requests for the host since the last call.
    public func drainCommands() -> [DeckCommand] {
        defer { commands.removeAll() }
        return commands
    }

    /// Sum of the scenes' revisions: changes whenever something must be saved.
    public var stateRevision: Int { scenes.reduce(windowRevision) { $0 + $1.stateRevision } }

    /// Ends any press in flight (a drag, a lift, a swipe) as a cancel, so what is saved next
    /// is only what was committed. The one rule for every scene before a final save.
    public func cancelPress(at time: Millis) {
        withAnimationClock { report(press.cancel(at: time, scene: current)) }
        pressStartedInBar = false
    }

    /// The state file's content as it stands.
    public func state() -> DeckState {
        var state = DeckState()
        withAnimationClock { for scene in scenes { scene.save(into: &state) } }
        state.window = DeckState.WindowState(width: Int(clamping: size.width), height: Int(clamping: size.height), scene: current.name)
        return state
    }

    /// Queues a deck-level event (a `tune` from `Deck+Tuning.swift`).
    func emit(_ event: DeckEvent) { pending.append(event) }

    /// Asks the host for something (the tuning panel's copy and save).
    func request(_ command: DeckCommand) { commands.append(command) }

    /// Queues what the current scene did, each event tagged with the scene.
    private func report(_ events: [SceneEvent]) {
        for event in events {
            var tagged = event.deckEvent
            tagged.fields["scene"] = .string(current.name)
            pending.append(tagged)
        }
    }
}
