import CCairo
import CX11
import CairoRenderer
import Foundation
import Glibc
import InteractionEngine
import X11Host

/// How the X server's clock relates to CLOCK_MONOTONIC, measured with property-change round trips.
///
/// Xvfb stamps events with GetTimeInMillis(), CLOCK_MONOTONIC in ms (32 bits).
/// Each probe appends zero bytes to a property of a hidden window between two
/// clock readings; the PropertyNotify carries the server's time of the change,
/// which must fall between them.
struct ServerClockCheck {
    var samples = 0
    /// Server time minus the midpoint of the two local readings, ms.
    var minOffset = 0.0
    var maxOffset = 0.0
    var medianOffset = 0.0
    /// Longest round trip, ms.
    var maxRoundTrip = 0.0
    /// Every server time fell within the round trip (±1 ms of truncation).
    var matchesMonotonic = false

    var json: [String: Any] {
        ["samples": samples, "minOffsetMs": rounded(minOffset), "maxOffsetMs": rounded(maxOffset),
         "medianOffsetMs": rounded(medianOffset), "maxRoundTripMs": rounded(maxRoundTrip),
         "serverTimeIsClockMonotonic": matchesMonotonic]
    }

    /// Milliseconds of CLOCK_MONOTONIC (the server's clock when `matchesMonotonic`).
    static func monotonicMs() -> Double { Double(monotonicNanos()) / 1e6 }

    /// `later - serverTime` in ms, on the server's 32-bit wrapping millisecond clock.
    static func elapsed(since serverTime: UInt, until later: Double) -> Double {
        let wrap = 4_294_967_296.0
        var d = later.truncatingRemainder(dividingBy: wrap) - Double(serverTime & 0xFFFF_FFFF)
        if d < -wrap / 2 { d += wrap }
        if d > wrap / 2 { d -= wrap }
        return d
    }

    static func measure(display: OpaquePointer, samples: Int = 40) -> ServerClockCheck {
        let root = XDefaultRootWindow(display)
        let probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, probe) }
        XSelectInput(display, probe, Int(PropertyChangeMask))
        let atom = XInternAtom(display, "GESTUREDECK_BENCH_CLOCK", 0)
        var offsets: [Double] = []
        var check = ServerClockCheck()
        var inside = true
        var byte: UInt8 = 0
        for _ in 0..<samples {
            let before = monotonicMs()
            XChangeProperty(display, probe, atom, XA_STRING, 8, PropModeAppend, &byte, 0)
            XSync(display, 0)
            let after = monotonicMs()
            var event = XEvent()
            guard XCheckTypedWindowEvent(display, probe, PropertyNotify, &event) != 0 else { continue }
            let server = event.xproperty.time
            let sinceBefore = elapsed(since: server, until: before)  // ≤ 0 when the server stamped after `before`
            let sinceAfter = elapsed(since: server, until: after)    // ≥ 0 when it stamped before `after`
            if sinceBefore > 1 || sinceAfter < -1 { inside = false }
            offsets.append(-elapsed(since: server, until: (before + after) / 2))
            check.maxRoundTrip = max(check.maxRoundTrip, after - before)
            usleep(2000)
        }
        check.samples = offsets.count
        check.minOffset = offsets.min() ?? 0
        check.maxOffset = offsets.max() ?? 0
        check.medianOffset = median(offsets)
        check.matchesMonotonic = inside && !offsets.isEmpty
        return check
    }
}

/// Input latency: from a motion event's server timestamp to the end of the frame that shows it.
///
/// A frame shows the newest motion delivered before it (older ones of the same
/// burst are coalesced away and never shown): `latency` has one sample per
/// frame that moved. `allEvents` also counts the superseded events, each up to
/// the frame that followed it, for comparison.
struct LatencyResult {
    let scene: String
    var latency = Distribution([])
    var allEvents = Distribution([])
    /// Motion events received.
    var motionEvents = 0
    var framesDrawn = 0
    /// Draw + present + XSync of those frames, ms.
    var frameCost = Distribution([])

    var json: [String: Any] {
        ["scene": scene, "latencyMs": latency.json, "allEventsLatencyMs": allEvents.json, "motionEvents": motionEvents, "framesDrawn": framesDrawn,
         "frameCostMs": frameCost.json]
    }
}

/// X11App's loop, rebuilt with a stopwatch: poll() on the connection, drain and
/// coalesce motion, tick, draw when the app's `FramePacer` says (input read inside a slot's input window at once) (the output's rate from
/// RANDR, 60 Hz without timings; no Present phase: the grid is anchored at the frames), present, XSync.
enum LatencyBench {
    static func run(scene: String, size: Size, seconds: Double, items: Int, assets: SyntheticAssets,
                    server: XServer, window: X11Window, clockOffset: Double) throws -> LatencyResult {
        var result = LatencyResult(scene: scene)
        let display = window.display
        let deck = try DeckBuilder.deck(scene: scene, from: try assets.folder(items: items), others: assets.source,
                                        size: size)
        let renderer = CairoRenderer()
        let frame = ImageSurface(width: Int(size.width), height: Int(size.height))
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        let hasXI = XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0
        RenderBench.discardEvents(window)

        let origin = monotonicMillis()
        func clock() -> Millis { monotonicMillis() - origin }
        var serverClock = ServerClock()
        var pacer = FramePacer(interval: OutputRefresh.interval(hz: OutputRefresh.query(display: display, window: window.window)))
        var needsDraw = true, wasAnimating = false
        var received: Millis?  // when the newest input not drawn yet was read (the pacer's input window)
        var buttonDown = false
        var shownSince: [UInt] = []  // server times of motion delivered since the last frame
        var latencies: [Double] = [], allLatencies: [Double] = [], costs: [Double] = []

        // Start the drag once the loop is ready to read it.
        let vertical = scene != "carousel"
        let start = vertical ? Point(x: size.width / 2, y: 200) : Scripts.carouselStripPoint(size)
        let mover = try server.xdotool(XServer.dragCommands(
            start: (Int(start.x), Int(start.y)), steps: Int(seconds * 1000 / 5), stepMillis: 5,
            amplitude: vertical ? 400 : 500, vertical: vertical))
        var tail: Millis?

        var fds = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        while true {
            // Drain, coalescing motion into its newest event.
            var pendingMotion: InputEvent?
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                let now = clock()
                guard let (input, serverTime) = translate(&event, display: display, opcode: hasXI ? opcode : -1,
                                                          buttonDown: &buttonDown, clock: &serverClock, now: now)
                else { continue }
                if case .pointerMove = input.kind {
                    pendingMotion = input
                    shownSince.append(serverTime)
                    result.motionEvents += 1
                    continue
                }
                if let motion = pendingMotion { deck.handle(motion); pendingMotion = nil }
                deck.handle(input)
                needsDraw = true
                received = now
            }
            if let motion = pendingMotion {
                deck.handle(motion)
                needsDraw = true
                received = clock()
            }
            let now = clock()
            deck.tick(at: now)
            let animating = deck.needsFrame(at: now)
            if needsDraw || animating || wasAnimating, case .draw(let early) = pacer.decide(now: now, input: needsDraw, received: received) {
                let begin = monotonicNanos()
                let list = deck.render(at: now)
                RenderBench.draw(list, with: renderer, on: frame)
                RenderBench.present(frame, to: window)
                let end = ServerClockCheck.monotonicMs() + clockOffset
                costs.append(Double(monotonicNanos() - begin) / 1e6)
                for t in shownSince { allLatencies.append(ServerClockCheck.elapsed(since: t, until: end)) }
                if let newest = shownSince.last { latencies.append(ServerClockCheck.elapsed(since: newest, until: end)) }
                shownSince.removeAll()
                result.framesDrawn += 1
                pacer.frameDrawn(at: now, early: early)
                received = nil
                needsDraw = false
                wasAnimating = animating
            }
            _ = deck.drainEvents()
            _ = deck.drainCommands()

            if !mover.isRunning {
                if tail == nil { tail = clock() }
                if let t = tail, clock() - t > 300 { break }
            }
            var timeout: Int32 = 50  // capped, so the end of the drag is noticed
            if XPending(display) > 0 {
                timeout = 0
            } else if needsDraw || wasAnimating || deck.needsFrame(at: clock()) {
                let now = clock()
                if case .wait(let until) = pacer.decide(now: now, input: needsDraw, received: received) {
                    timeout = Int32(max(0, min(50, (until - now).rounded(.up))))
                } else {
                    timeout = 0
                }
            }
            fds.revents = 0
            _ = poll(&fds, 1, timeout)
        }
        result.latency = Distribution(latencies)
        result.allEvents = Distribution(allLatencies)
        result.frameCost = Distribution(costs)
        return result
    }

    private enum PointerAction { case press, release, motion }

    /// A pointer event as the engine takes it, with its server timestamp (XI2 or core).
    private static func translate(_ event: inout XEvent, display: OpaquePointer, opcode: Int32,
                                  buttonDown: inout Bool, clock: inout ServerClock, now: Millis)
        -> (InputEvent, UInt)? {
        func make(_ action: PointerAction, x: Double, y: Double, button: Int32, time: UInt) -> (InputEvent, UInt)? {
            let p = Point(x: x, y: y)
            let t = clock.map(time, now: now)
            switch action {
            case .press where button == 1:
                buttonDown = true
                return (InputEvent(.pointerDown(p, .primary), at: t), time)
            case .release where button == 1:
                buttonDown = false
                return (InputEvent(.pointerUp(p, .primary), at: t), time)
            case .motion where buttonDown:
                return (InputEvent(.pointerMove(p), at: t), time)
            default:
                return nil
            }
        }
        if event.type == GenericEvent {
            guard event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return nil }
            defer { XFreeEventData(display, &event.xcookie) }
            let action: PointerAction
            switch event.xcookie.evtype {
            case XI_ButtonPress: action = .press
            case XI_ButtonRelease: action = .release
            case XI_Motion: action = .motion
            default: return nil
            }
            let e = event.xcookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return make(action, x: e.event_x, y: e.event_y, button: e.detail, time: e.time)
        }
        switch event.type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            return make(event.type == ButtonPress ? .press : .release, x: Double(e.x), y: Double(e.y),
                        button: Int32(e.button), time: e.time)
        case MotionNotify:
            let e = event.xmotion
            return make(.motion, x: Double(e.x), y: Double(e.y), button: 0, time: e.time)
        default:
            return nil
        }
    }
}
