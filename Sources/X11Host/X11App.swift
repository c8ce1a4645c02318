import CCairo
import CX11
import CairoRenderer
import DeckApp
import Foundation
import Glibc
import InteractionEngine

/// What the X I/O error handler (a C callback, which cannot capture context) runs before
/// exiting: the session's final save. Returns whether the state was saved.
nonisolated(unsafe) private var connectionLost: (() -> Bool)?

/// The desktop host: runs a session in an X11 window until the user quits.
///
/// The loop follows suckless st: poll() on the X connection with a timeout
/// equal to the next deadline (the next frame while anything moves, else the
/// scene's timer, else forever), drain every queued event, coalesce motion,
/// tick the engine, draw once, flush. With nothing moving it blocks in poll().
public final class X11App {
    /// The interval without RANDR timings (the window paces from `DisplayPacing`).
    public static let frameInterval: Millis = OutputRefresh.interval(hz: nil)
    /// The window the X error handler (a C callback, which cannot capture) treats as ours.
    nonisolated(unsafe) private static var ownWindow: CX11.Window = 0

    let session: Session
    private let window: X11Window
    private let renderer = CairoRenderer()
    private var frame: ImageSurface
    /// Damage-tracked shared-memory frames; nil on the direct path (`GESTUREDECK_RENDERER=direct`).
    private var compositor: FrameCompositor?
    private var translator = InputTranslator()
    var needsDraw = true
    /// The display list of the last frame drawn (a settle repaint draws it again).
    private var lastList: DisplayList?
    private var wasAnimating = false
    /// Refresh rate, vblank phase and the pacing decision (DisplayPacing.swift).
    private var pacing: DisplayPacing!
    private var mapped = false
    private var announcedReady = false
    private var running = true
    /// Engine time is milliseconds since the window opened: recorded traces start near 0.
    private let origin = monotonicMillis()
    /// The latest time the engine was given, by an input or a tick.
    var engineTime: Millis = 0
    private var pendingReplay: ArraySlice<TraceEntry>
    /// A `--replay` in the window: its transport (nil once taken over, see ReplayControls.swift).
    var transport: ReplayTransport?
    /// Deck time minus host time: 0, except after a take-over (live input continues from the trace time).
    var liveOffset: Millis = 0
    /// The press on the timeline being dragged.
    var scrubbing = false
    /// The window's size in layout pixels, which a re-simulated deck is given.
    var windowLogicalSize: Size?
    /// `--compare A B`: both decks side by side (A's is `session`), driven by one transport.
    let comparison: Comparison?
    /// Device pixels per layout pixel (follows the desktop's settings unless given).
    private var scale: Double
    private let desktop: DesktopSettingsWatcher
    private var pointer: Point?
    private var cursor = CursorShape.arrow
    /// F12 screenshots, F9 recordings and the clipboard.
    private var capture: CaptureController!
    /// The title shown, "GestureDeck: Wallet" (it follows the scene).
    private var title = ""
    /// Frames drawn since start (the idle test reads it through `--events`).
    public private(set) var framesDrawn = 0
    /// SIGTERM, SIGINT and SIGHUP, watched by the poll() loop.
    private let signals: SignalPipe?
    /// The signal that ended the loop, if one did.
    private var endedBy: String?
    /// Live reload of the `--preset` file (PresetReloader.swift).
    private let presets: PresetReloader?
    /// Files and folders dropped on the window (DragAndDrop.swift).
    let dragAndDrop: DragAndDrop

    /// Opens the window; throws when there is no X server. A `replay` trace's
    /// inputs are fed at their recorded times, alongside live input.
    public init(session: Session, replay: Trace? = nil, comparison: Comparison? = nil) throws(HostError) {
        self.session = session
        self.comparison = comparison
        presets = PresetReloader.forOptions(session.options)
        pendingReplay = []
        let size = comparison?.size ?? session.deck.size
        window = try X11Window(width: Int(clamping: size.width), height: Int(clamping: size.height),
                               background: WindowBackground.rgb(Theme.background))
        dragAndDrop = DragAndDrop(display: window.display, window: window.window)
        desktop = DesktopSettingsWatcher(display: window.display, screen: XDefaultScreen(window.display))
        scale = DisplayScale.resolve(option: session.options.scale, environment: ProcessInfo.processInfo.environment,
                                     desktop: desktop.settings.scale, resourceDPI: desktop.resourceDPI)
        renderer.scale = scale
        renderer.pictureCacheBytes = session.options.pictureCacheMiB << 20
        renderer.startBackgroundDecoding()  // frames never wait for a picture; the wake pipe says when one lands
        // The first window fits the work area (the requested size stays for headless output).
        let device = (width: min(Int(clamping: (size.width * scale).rounded()), window.workArea.width),
                      height: min(Int(clamping: (size.height * scale).rounded()), window.workArea.height))
        if let problem = DeviceSize.problem(width: Double(device.width), height: Double(device.height), scale: 1) {
            throw HostError(problem)
        }
        if scale != 1 || device != (window.width, window.height) { window.requestSize(width: device.width, height: device.height) }
        frame = ImageSurface(width: device.width, height: device.height)
        let fitted = Size(width: Double(device.width) / scale, height: Double(device.height) / scale)
        if fitted != size && comparison == nil { session.handle(InputEvent(.resize(fitted), at: 0)) }
        signals = SignalPipe()
        pacing = DisplayPacing(display: window.display, window: window.window, origin: origin,
                               environment: ProcessInfo.processInfo.environment)
        if RendererPath.from(environment: ProcessInfo.processInfo.environment) == .compositor {
            compositor = FrameCompositor(display: window.display, window: window.window, width: frame.width, height: frame.height,
                                         owner: window)
            renderer.occlusionCulling = compositor != nil
            renderer.retainedLayers = compositor != nil
            // A frame never rasterises a layer (RasterWorker.swift): a worker does, where the machine
            // has a core for it, else the loop between frames (`spendSlack`).
            if compositor != nil {
                renderer.layerRasterising = LayerWorkerOption.from(environment: ProcessInfo.processInfo.environment)
                    .rasterising(isWorthwhile: CairoRenderer.workerIsWorthwhile)
            }
        }
        capture = CaptureController(session: session, window: window, scale: scale)
        updateTitle()
        translator.keyboard = XkbKeyboard(display: window.display)
        XSetIOErrorHandler { _ in
            // Save what can be saved (the press cancelled), and say truthfully whether it was.
            let saved = connectionLost?() ?? false
            let message = "gesturedeck: lost the connection to the X server; "
                + (saved ? "the state was saved\n" : "the state could not be saved (see above)\n")
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
        X11App.ownWindow = window.window
        XSetErrorHandler { display, error in
            guard let error else { return 0 }
            // Another client destroyed our window: requests already on their way to it fail
            // with BadWindow or BadDrawable before the DestroyNotify arrives. Expected, not news.
            if error.pointee.resourceid == X11App.ownWindow,
               error.pointee.error_code == UInt8(BadWindow) || error.pointee.error_code == UInt8(BadDrawable) {
                return 0
            }
            let message = "gesturedeck: X error \(error.pointee.error_code) on request \(error.pointee.request_code)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 0
        }
        setWindowIcon()
        if let options = ScreenFontOptions.of(window.cairoSurface, resources: desktop.resources) {
            renderer.useFontOptions(options)
            cairo_font_options_destroy(options)
        }
        applyDesktopSettings(initial: true)
        if let replay { startTransport(replay) }
    }

    /// Scale, cursor theme and size, reduce motion from the desktop (live).
    private func applyDesktopSettings(initial: Bool = false) {
        let settings = desktop.settings
        let newScale = DisplayScale.resolve(option: session.options.scale, environment: ProcessInfo.processInfo.environment,
                                            desktop: settings.scale, resourceDPI: desktop.resourceDPI)
        if newScale != scale {
            let size = session.deck.size
            scale = newScale
            renderer.scale = newScale
            window.requestSize(width: Int(size.width * newScale), height: Int(size.height * newScale))
        }
        window.setCursorTheme(name: settings.cursorTheme, size: settings.cursorSize)
        updateCursor(reload: true)
        session.deck.reduceMotion = session.options.reduceMotion || settings.reduceMotion
        session.deck.appearance = session.options.theme.appearance(desktopPrefersDark: settings.prefersDark)
        window.setBackground(rgb: WindowBackground.rgb(Palette.of(session.deck.appearance).background))
        needsDraw = true
        var fields: [String: DeckEvent.Value] = ["scale": .double(scale), "reduceMotion": .bool(session.deck.reduceMotion),
                                                 "dark": .bool(settings.prefersDark),
                                                 "appearance": .string(session.deck.appearance.rawValue)]
        if let theme = settings.cursorTheme { fields["cursorTheme"] = .string(theme) }
        if let size = settings.cursorSize { fields["cursorSize"] = .int(size) }
        if !initial || settings != DesktopSettings() { session.emit(DeckEvent("desktop-settings", fields)) }
    }

    /// `_NET_WM_ICON` from the assets' icons; a missing or broken one is a warning.
    private func setWindowIcon() {
        guard let assets = try? AssetStore.locate(explicit: session.options.assetsPath) else { return }
        let paths = X11App.iconSizes.map { assets.path("icons/gesturedeck-\($0).png") }
        for path in window.protocols.setIcon(pngs: paths) { Session.warn("\(path): window icon missing or unreadable") }
    }

    /// Runs until quit; returns the exit status.
    public func run() -> Int32 {
        connectionLost = { [unowned self] in self.session.finish(at: self.engineTime, quit: nil) }
        var fds = [pollfd(fd: window.connectionFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: renderer.pictureWakeFD ?? -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: presets?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
        while running {
            if let signo = signals?.drain().first {
                endedBy = SignalPipe.name(signo)
                break
            }
            if renderer.takePictureWakeups() { needsDraw = true }
            if presets?.reload(into: session, at: engineTime) == true { needsDraw = true }
            drainEvents()
            guard running else { break }
            pacing.updateOutput()
            let now = clock()
            feedReplay(now: now)
            if let transport {
                transport.advance(host: now)
                engineTime = transport.position
                if !transport.isPaused { needsDraw = true }
            } else {
                engineTime = max(engineTime, now + liveOffset)
            }
            session.tick(at: engineTime)
            // A paused replay stands still even mid-animation: no frames until something changes.
            let moving = (transport?.isPaused != true && session.deck.needsFrame(at: engineTime)) || renderer.picturesNeedFrame
            let animating = moving || renderer.layersNeedSettle
            if needsDraw || animating || wasAnimating, case .draw(let early) = pacing.decide(now: now, input: needsDraw) {
                // Only the compositor's settle repaint is wanted: the last frame made exact, not a new
                // one (a look that changes with time without asking for frames, the wallet's press
                // feedback, would otherwise be drawn anew each time and never settle).
                draw(at: now, early: early, settleOnly: !needsDraw && !moving && !wasAnimating)
                wasAnimating = moving  // a settle repaint asks for no fresh frame after it
            }
            handle(session.flush())
            if capture.poll() { needsDraw = true }
            updateTitle()
            guard running else { break }
            for i in fds.indices { fds[i].revents = 0 }
            var wait = capture.limit(timeout(now: clock()))
            if spendSlack(wait: wait) { wait = capture.limit(timeout(now: clock())) }
            // Idle: load one font later frames need (FontWarmup.swift), then look at the connection again.
            if wait < 0, announcedReady, renderer.warmNext(session.deck.fontsToWarm) != nil { wait = 0 }
            _ = poll(&fds, nfds_t(fds.count), wait)
        }
        connectionLost = nil
        if let compositor {
            // The frames still on screen complete before the log is written (the loop ends before reading them).
            compositor.presenter.settle()
            pacing.presenterEvents(compositor.presenter)
        }
        pacing.finish(blockedWaits: compositor?.presenter.blockedWaits)
        capture.finish(at: engineTime)
        if let summary = PictureWarnings.summary(renderer.imageFailures) { Session.warn(summary) }
        var fields: [String: DeckEvent.Value] = ["frames": .int(framesDrawn)]
        if let endedBy { fields["signal"] = .string(endedBy) }
        session.finish(at: engineTime, quit: DeckEvent("quit", fields))
        return 0
    }

    func clock() -> Millis { monotonicMillis() - origin }

    /// Time kept free before the next frame is due when rasterising in the slack (ms): input and
    /// the frame's own start (a 1280x800 frame drew in 1-5 ms, compare bench).
    public static let slackMargin = 2.0
    /// The longest raster started in the slack while frames are due (ms, estimated): input that
    /// comes meanwhile waits for it, within the 8 ms latency target (issue 21) with the frame's
    /// own 1-5 ms. Longer ones (a 3840x2160 card), and those asked after them, wait for the
    /// window to be idle.
    public static let slackLongestRaster = 4.0

    /// Rasterises what frames asked for (`LayerRasterising.slack`: layers, picture cells, tile
    /// sprites) in the time until the next frame is due, `wait` ms (all of them when idle, -1), less `slackMargin`, none longer
    /// than `slackLongestRaster` unless idle, stopping when input arrives; true when it drew any
    /// (the caller asks the clock again). Called with nothing asked too: the renderer counts the
    /// slack it was given (a frame after none rasterises the strips and sprites it lacks itself).
    private func spendSlack(wait: Int32) -> Bool {
        guard wait != 0 else { return false }
        let budget = wait < 0 ? Double.infinity : Double(wait) - X11App.slackMargin
        guard budget > 0 else { return false }
        let display = window.display
        return renderer.rasteriseInSlack(within: budget, longest: X11App.slackLongestRaster, clock: { monotonicMillis() },
                                         interrupt: { XPending(display) > 0 }) > 0
    }

    /// How long poll() may sleep: -1 (forever) when nothing moves and no timer is set.
    private func timeout(now: Millis) -> Int32 {
        if XPending(window.display) > 0 { return 0 }
        let replayPaused = transport?.isPaused == true
        if needsDraw || wasAnimating || (!replayPaused && session.deck.needsFrame(at: engineTime)) || renderer.picturesNeedFrame
            || renderer.layersNeedSettle || transport?.isPaused == false {
            return pacing.timeout(now: now, input: needsDraw)
        }
        // A replay's deck runs on the trace's time, which the transport moves: its timers wait for it.
        let deadlines = transport != nil ? [] : [session.deck.nextDeadline(), pendingReplay.first?.t].compactMap { $0 }
        if let deadline = deadlines.min() {
            return Int32(max(0, min(Double(Int32.max), (deadline - now - liveOffset).rounded(.up))))
        }
        return -1
    }

    /// Delivers the replayed inputs that are due.
    private func feedReplay(now: Millis) {
        while let entry = pendingReplay.first, entry.t <= now, let event = entry.event {
            pendingReplay.removeFirst()
            deliver(event)
        }
    }

    private func drainEvents() {
        var pendingMotion: InputEvent?
        while XPending(window.display) > 0 {
            var event = XEvent()
            XNextEvent(window.display, &event)
            if let drop = dragAndDrop.handle(&event) { receive(drop); continue }
            if capture.handle(&event) { continue }
            if let compositor, compositor.handle(&event) {
                pacing.presenterEvents(compositor.presenter)
                continue
            }
            if pacing.handle(&event) { continue }
            let now = clock()
            switch desktop.follow(&event) {
            case .notMine: break
            case .unchanged: continue
            case .changed: applyDesktopSettings(); continue
            }
            switch event.type {
            case Expose:
                compositor?.invalidate()
                needsDraw = true
            case MapNotify:
                mapped = true
                needsDraw = true
                pacing.windowMapped()
            case UnmapNotify:
                // Hidden mid-drag: the press can no longer end normally.
                deliver(InputEvent(.pointerCancel, at: now))
            case ConfigureNotify:
                let e = event.xconfigure
                pacing.windowConfigured(width: e.width, height: e.height)
                if window.resize(width: Int(e.width), height: Int(e.height)) {
                    frame = ImageSurface(width: Int(e.width), height: Int(e.height))
                    compositor?.resize(width: Int(e.width), height: Int(e.height))
                    let logical = Size(width: Double(e.width) / scale, height: Double(e.height) / scale)
                    deliver(InputEvent(.resize(logical), at: now))
                }
            case ClientMessage:
                if window.isDeleteRequest(event.xclient) { running = false }
                if window.protocols.handle(event.xclient) == .syncRequest { needsDraw = true }
            case DestroyNotify:
                // Another client destroyed the window: nothing left to show; save and end.
                if window.isDestroyNotify(event.xdestroywindow) {
                    running = false
                    return
                }
            default:
                let translated: InputEvent?
                if event.type == GenericEvent, let xinput = window.xinput {
                    translated = xinput.translate(&event.xcookie, clock: &translator.clock, now: now)
                } else {
                    translated = translator.translate(&event, now: now)
                }
                guard let deviceInput = translated else { continue }
                let input = scale == 1 ? deviceInput : deviceInput.mapped { $0 * (1 / self.scale) }
                if case .pointerMove = input.kind {
                    pacing.noteInput(serverTime: translator.clock.lastServerTime)
                    pendingMotion = input  // coalesce: only the newest motion of a burst matters
                    continue
                }
                if case .hover = input.kind {
                    pendingMotion = input
                    continue
                }
                if let motion = pendingMotion {
                    deliver(motion)
                    pendingMotion = nil
                }
                deliver(input)
            }
        }
        if let motion = pendingMotion { deliver(motion) }
    }

    private func deliver(_ event: InputEvent) {
        // The engine's timeline never runs backwards: an event stamped before the frame
        // already ticked (the server stamps whole milliseconds, in the past) counts as
        // arriving at that frame. Recorded traces are then in order too.
        if transport != nil, routeToTransport(event) { return }
        var input = event
        input.time = max(input.time + liveOffset, engineTime)
        engineTime = input.time
        session.handle(input)
        switch input.kind {
        case .pointerLeft: pointer = nil
        default: if let p = input.location { pointer = p }
        }
        updateCursor()
        if case .hover = input.kind { return }
        needsDraw = true
        pacing.inputDelivered(at: clock())
    }

    /// Open hand over draggable things, closed hand while dragging, the arrow elsewhere.
    private func updateCursor(reload: Bool = false) {
        let shape = session.deck.cursor(at: pointer, time: engineTime)
        guard shape != cursor || reload else { return }
        cursor = shape
        switch shape {
        case .arrow: window.setCursor(names: [], fallback: 0)
        case .openHand: window.setCursor(names: CursorNames.openHand, fallback: CursorNames.openHandCore)
        case .closedHand: window.setCursor(names: CursorNames.closedHand, fallback: CursorNames.closedHandCore)
        }
        if reload { return }
        session.emit(DeckEvent("cursor", ["shape": .string(shape.rawValue)]))
    }

    private func draw(at time: Millis, early: Bool = false, settleOnly: Bool = false) {
        let started = monotonicMillis()
        window.protocols.frameWillDraw()
        var list: DisplayList
        if settleOnly, let last = lastList {
            list = last
        } else {
            list = comparison?.render(at: engineTime) ?? session.deck.render(at: engineTime)
            transport?.render(into: &list, size: comparison?.size ?? session.deck.size)
        }
        lastList = list
        if compositor?.present(list, renderer: renderer) != true {
            let cr = cairo_create(frame.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
            window.present(frame.handle)
        }
        window.protocols.frameDidDraw()
        session.deck.overlay?.recordFrameTime(monotonicMillis() - started)
        framesDrawn += 1
        pacing.frameDrawn(at: time, early: early, presenter: compositor?.presenter)
        updateCursor()
        needsDraw = false
        if mapped && !announcedReady {
            announcedReady = true
            window.protocols.startupComplete()
            let size = session.deck.size
            session.emit(DeckEvent("ready", ["scene": .string(session.deck.current.name),
                                             "width": .int(Int(size.width)), "height": .int(Int(size.height)),
                                             "present": .string(compositor?.presenter.transport.rawValue ?? "direct")]))
        }
    }

    /// The current frame without the capture indicators (what F12 saves).
    private func cleanFrame() -> ImageSurface {
        let image = ImageSurface(width: frame.width, height: frame.height)
        let cr = cairo_create(image.handle)!
        renderer.draw(session.deck.render(at: engineTime, chrome: false), on: cr)
        cairo_destroy(cr)
        return image
    }

    /// Names the scene in the window title, so alt-tab and desktop screenshots say what it shows.
    private func updateTitle() {
        let wanted = "GestureDeck: \(session.deck.current.title)"
        guard wanted != title else { return }
        title = wanted
        window.setTitle(wanted)
    }

    private func handle(_ commands: [DeckCommand]) {
        for command in commands {
            switch command {
            case .quit:
                running = false
            case .toggleRecording:
                capture.toggleRecording(at: engineTime)
                needsDraw = true
            case .screenshot:
                capture.saveScreenshot(cleanFrame())
                needsDraw = true
            case .copyTuning(let format):
                capture.copyTuning(format)
                needsDraw = true
            case .saveTuningPreset:
                session.saveTuningPreset()
                needsDraw = true
            }
        }
    }
}
