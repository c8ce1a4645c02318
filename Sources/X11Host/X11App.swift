import CCairo
import CX11
import CairoRenderer
import DeckApp
import Foundation
import Glibc
import InteractionEngine

/// The desktop host: runs a session in an X11 window until the user quits.
///
/// The loop follows suckless st: poll() on the X connection with a timeout
/// equal to the next deadline (the next frame while anything moves, else the
/// scene's timer, else forever), drain every queued event, coalesce motion,
/// tick the engine, draw once, flush. With nothing moving it blocks in poll().
public final class X11App {
    /// 60 Hz.
    public static let frameInterval: Millis = 1000.0 / 60.0

    private let session: Session
    private let window: X11Window
    private let renderer = CairoRenderer()
    private var frame: ImageSurface
    /// Damage-tracked shared-memory frames; nil on the direct path (`GESTUREDECK_RENDERER=direct`).
    private var compositor: FrameCompositor?
    private var translator = InputTranslator()
    private var needsDraw = true
    private var wasAnimating = false
    private var lastFrameTime: Millis = -.infinity
    private var mapped = false
    private var announcedReady = false
    private var running = true
    /// Engine time is milliseconds since the window opened: recorded traces start near 0.
    private let origin = monotonicMillis()
    /// The latest time the engine was given, by an input or a tick.
    private var engineTime: Millis = 0
    private var pendingReplay: ArraySlice<TraceEntry>
    /// Device pixels per layout pixel.
    private let scale: Double
    private var pointer: Point?
    private var cursor = CursorShape.arrow
    /// F12 screenshots, F9 recordings and the clipboard.
    private var capture: CaptureController!
    /// The title shown, "GestureDeck: Wallet" (it follows the scene).
    private var title = ""
    /// Frames drawn since start (the idle test reads it through `--events`).
    public private(set) var framesDrawn = 0

    /// Opens the window; throws when there is no X server. A `replay` trace's
    /// inputs are fed at their recorded times, alongside live input.
    public init(session: Session, replay: Trace? = nil) throws(HostError) {
        self.session = session
        pendingReplay = (replay?.entries ?? []).filter { $0.input != nil }[...]
        let size = session.deck.size
        window = try X11Window(width: Int(size.width), height: Int(size.height))
        scale = DisplayScale.resolve(option: session.options.scale, environment: ProcessInfo.processInfo.environment,
                                     resourceDPI: window.resourceDPI())
        renderer.scale = scale
        if scale != 1 { window.requestSize(width: Int(size.width * scale), height: Int(size.height * scale)) }
        frame = ImageSurface(width: Int(size.width * scale), height: Int(size.height * scale))
        if RendererPath.from(environment: ProcessInfo.processInfo.environment) == .compositor {
            compositor = FrameCompositor(display: window.display, window: window.window, width: frame.width, height: frame.height,
                                         owner: window)
            renderer.occlusionCulling = compositor != nil
        }
        capture = CaptureController(session: session, window: window, scale: scale)
        updateTitle()
        XSetIOErrorHandler { _ in
            let message = "gesturedeck: lost the connection to the X server; the state was saved at the last change\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
        XSetErrorHandler { display, error in
            guard let error else { return 0 }
            let message = "gesturedeck: X error \(error.pointee.error_code) on request \(error.pointee.request_code)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 0
        }
    }

    /// Runs until quit; returns the exit status.
    public func run() -> Int32 {
        var fds = pollfd(fd: window.connectionFD, events: Int16(POLLIN), revents: 0)
        while running {
            drainEvents()
            let now = clock()
            feedReplay(now: now)
            engineTime = max(engineTime, now)
            session.tick(at: engineTime)
            let animating = session.deck.needsFrame(at: now)
            if (needsDraw || animating || wasAnimating) && now - lastFrameTime >= X11App.frameInterval - 1 {
                draw(at: now)
                wasAnimating = animating
            }
            handle(session.flush())
            if capture.poll() { needsDraw = true }
            updateTitle()
            guard running else { break }
            fds.revents = 0
            _ = poll(&fds, 1, capture.limit(timeout(now: clock())))
        }
        capture.finish(at: engineTime)
        session.save()
        session.emit(DeckEvent("quit", ["frames": .int(framesDrawn)]))
        return 0
    }

    private func clock() -> Millis { monotonicMillis() - origin }

    /// How long poll() may sleep: -1 (forever) when nothing moves and no timer is set.
    private func timeout(now: Millis) -> Int32 {
        if XPending(window.display) > 0 { return 0 }
        if needsDraw || wasAnimating || session.deck.needsFrame(at: now) {
            return Int32(max(0, (lastFrameTime + X11App.frameInterval - now).rounded(.up)))
        }
        let deadlines = [session.deck.nextDeadline(), pendingReplay.first?.t].compactMap { $0 }
        if let deadline = deadlines.min() {
            return Int32(max(0, min(Double(Int32.max), (deadline - now).rounded(.up))))
        }
        return -1
    }

    /// Delivers the replayed inputs that are due.
    private func feedReplay(now: Millis) {
        while let entry = pendingReplay.first, entry.t <= now, let kind = entry.input {
            pendingReplay.removeFirst()
            deliver(InputEvent(kind, at: entry.t))
        }
    }

    private func drainEvents() {
        var pendingMotion: InputEvent?
        while XPending(window.display) > 0 {
            var event = XEvent()
            XNextEvent(window.display, &event)
            if capture.handle(&event) { continue }
            if compositor?.handle(&event) == true { continue }
            let now = clock()
            switch event.type {
            case Expose:
                compositor?.invalidate()
                needsDraw = true
            case MapNotify:
                mapped = true
                needsDraw = true
            case UnmapNotify:
                // Hidden mid-drag: the press can no longer end normally.
                deliver(InputEvent(.pointerCancel, at: now))
            case ConfigureNotify:
                let e = event.xconfigure
                if window.resize(width: Int(e.width), height: Int(e.height)) {
                    frame = ImageSurface(width: Int(e.width), height: Int(e.height))
                    compositor?.resize(width: Int(e.width), height: Int(e.height))
                    let logical = Size(width: Double(e.width) / scale, height: Double(e.height) / scale)
                    deliver(InputEvent(.resize(logical), at: now))
                }
            case ClientMessage:
                if window.isDeleteRequest(event.xclient) { running = false }
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
        var input = event
        input.time = max(input.time, engineTime)
        engineTime = input.time
        session.handle(input)
        switch input.kind {
        case .pointerLeft: pointer = nil
        default: if let p = input.location { pointer = p }
        }
        updateCursor()
        if case .hover = input.kind { return }
        needsDraw = true
    }

    /// Open hand over draggable things, closed hand while dragging, the arrow elsewhere.
    private func updateCursor() {
        let shape = session.deck.cursor(at: pointer)
        guard shape != cursor else { return }
        cursor = shape
        switch shape {
        case .arrow: window.setCursor(named: nil, fallback: 0)
        case .openHand: window.setCursor(named: "grab", fallback: 60)  // XC_hand2
        case .closedHand: window.setCursor(named: "grabbing", fallback: 52)  // XC_fleur
        }
        session.emit(DeckEvent("cursor", ["shape": .string(shape.rawValue)]))
    }

    private func draw(at time: Millis) {
        let started = monotonicMillis()
        let list = session.deck.render(at: time)
        if compositor?.present(list, renderer: renderer) != true {
            let cr = cairo_create(frame.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
            window.present(frame.handle)
        }
        session.deck.overlay?.recordFrameTime(monotonicMillis() - started)
        framesDrawn += 1
        lastFrameTime = time
        updateCursor()
        needsDraw = false
        if mapped && !announcedReady {
            announcedReady = true
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
            }
        }
    }
}
