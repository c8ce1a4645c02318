import CX11
import CXrandr
import Foundation
import InteractionEngine

/// When the window draws its next frame: the pacing decision, a pure function of time.
///
/// Frames land on refresh slots one `interval` apart: on the display's vblank grid once its
/// phase is known (Present's MSC notifications), else on a grid anchored at the frame that
/// started a burst. An input that arrives more than `earlyInputAge` after the last frame,
/// in a refresh period that has no frame yet, is drawn at once (an "early" frame; without a
/// known phase it re-anchors the grid); any other input waits for the next slot. Streaming
/// input (a drag's motion every few ms) is so drawn once per refresh, on the slots, and the
/// first input after a pause without waiting for one.
///
/// With the display's phase, a slot's frame is begun `lead` before its vblank (the host's
/// estimate of a frame's drawing to sent: `DrawLead`), so it is shown at the vblank rather than
/// a frame's cost after it. Input received within `inputWindow` before a slot is drawn at once,
/// for that slot (the newest motion, not one that waited for the slot); without such input the
/// frame is begun at the slot.
public struct FramePacer: Sendable, Equatable {
    /// The display's refresh interval, ms.
    public var interval: Millis
    /// A time a refresh began (a vblank) on the frame clock; nil until Present says.
    public var vblank: Millis?
    /// Without `vblank`: the frame the grid is anchored at.
    private var anchor: Millis?
    /// When the last frame was drawn.
    public private(set) var lastFrame: Millis = -.infinity
    /// The slot the last frame was drawn for (drawn in its input window, at it or after it);
    /// nil for an early frame or one drawn before its window.
    private var taken: Millis?
    /// How long before its vblank a slot's frame is begun, ms (with the display's phase only;
    /// 0 begins it at the vblank). At most `maxLead` intervals are used.
    public var lead: Millis = 0
    /// A slot may be taken this much before its time: poll() sleeps in whole milliseconds, ms.
    public static let slack: Millis = 1
    /// Without the display's phase, a frame this many intervals after the last one starts a
    /// new grid (a pause); a frame a few ms late keeps the grid, so late frames do not drift
    /// the slots later (issue 21 item 8 review B1: re-anchoring at every frame more than
    /// `interval + slack` late made the fling run 17.75 ms apart at 60 Hz), intervals.
    public static let pauseIntervals: Double = 2
    /// The next slot is the first one at least this much after the last frame: a frame drawn
    /// late in its period keeps the next vblank, one drawn just before a vblank does not take
    /// it too (issue 21 item 8, commit 9d21dce), intervals.
    public static let slotLead: Double = 0.25
    /// An input this long after the last frame, in a refresh period without a frame, is drawn
    /// at once instead of waiting for the slot (issue 21 item 8, commit e7c796c), intervals.
    public static let earlyInputAge: Double = 0.5
    /// Input received this long before a slot is drawn at once, for that slot: a pointer that
    /// reports at 125 Hz (8 ms, the USB HID full-speed default, the slowest common rate) has a
    /// motion in every window, so the frame shows the motion just received instead of one up
    /// to a report old (issue 21 item 8: the motion's age at p99 was 6.2-6.4 ms), intervals.
    public static let inputWindow: Double = 0.5
    /// The most of `lead` used: a frame that takes longer than half an interval to be shown
    /// cannot be helped by beginning it earlier still (issue 21 item 8), intervals.
    public static let maxLead: Double = 0.5

    public enum Decision: Equatable, Sendable {
        /// Draw now; `early` when an input took the frame ahead of its slot.
        case draw(early: Bool)
        /// Nothing to draw before this time.
        case wait(until: Millis)
    }

    public init(interval: Millis, vblank: Millis? = nil) {
        self.interval = interval
        self.vblank = vblank
    }

    /// The lead in use, ms: `lead` within 0...`maxLead` intervals.
    public var usedLead: Millis { min(max(0, lead), FramePacer.maxLead * interval) }

    /// The grid the frames are begun on: the vblanks less the lead, else the anchor's.
    private var phase: Millis? { vblank.map { $0 - usedLead } ?? anchor }

    /// The next refresh slot after the last frame (when its frame is begun at the latest): the
    /// first grid point at least `slotLead` after it and after the slot it was drawn for, a full
    /// interval after it without a grid.
    public var nextSlot: Millis {
        guard lastFrame.isFinite else { return -.infinity }
        guard let phase else { return lastFrame + interval }
        let earliest = max(lastFrame + FramePacer.slotLead * interval, (taken ?? -.infinity) + interval / 2)
        let k = ((earliest - phase) / interval).rounded(.up)
        return phase + k * interval
    }

    /// Where the refresh period holding `time` began (nil without a grid).
    private func periodStart(_ time: Millis) -> Millis? {
        phase.map { $0 + ((time - $0) / interval).rounded(.down) * interval }
    }

    /// What to do at `now` for a frame that is wanted; `input` when new input (or a change
    /// the user caused) is waiting to be shown, rather than an animation's next step;
    /// `received`, when the newest of that input arrived (nil: not known, or not input).
    public func decide(now: Millis, input: Bool, received: Millis? = nil) -> Decision {
        let slot = nextSlot
        if now >= slot - FramePacer.slack { return .draw(early: false) }
        if input, let received, received <= now, received >= slot - FramePacer.inputWindow * interval {
            return .draw(early: false)
        }
        // The slot before this one had its frame: input waits for this one's window (streaming input).
        let previousTaken = taken.map { $0 >= slot - interval - FramePacer.slack } ?? false
        if input, !previousTaken, now - lastFrame > FramePacer.earlyInputAge * interval,
           (periodStart(now) ?? .infinity) > lastFrame + FramePacer.slack {
            return .draw(early: true)
        }
        return .wait(until: slot - FramePacer.slack)
    }

    /// The output's interval read again: the vblank phase is kept when it is unchanged (the same
    /// output, or one at its rate until its phase comes), else learnt again.
    public mutating func refresh(interval: Millis) {
        guard interval != self.interval else { return }
        self.interval = interval
        vblank = nil
    }

    public mutating func frameDrawn(at time: Millis, early: Bool) {
        let slot = nextSlot
        taken = !early && time >= slot - FramePacer.inputWindow * interval ? slot : nil
        // A frame after a pause, or an early one, anchors the grid (when the display's is not known).
        if early || anchor == nil || time - lastFrame > FramePacer.pauseIntervals * interval { anchor = time }
        lastFrame = time
    }
}

/// The window's frame pacing: the refresh rate from RANDR (read again after a batch of events
/// in which the screen changed or the window moved or changed size: `OutputWatch`), the vblank phase from Present, the pacing decision, and, when
/// `GESTUREDECK_FRAME_LOG` names a file, a log of every frame for the bench.
final class DisplayPacing {
    private let display: OpaquePointer
    private let window: CX11.Window
    /// CLOCK_MONOTONIC ms at the host's time 0 (UST is CLOCK_MONOTONIC µs).
    private let origin: Millis
    private(set) var pacer: FramePacer
    /// The RANDR rate in use, nil when the fallback applies.
    private(set) var hz: Double?
    private let screenChangeType: Int32?
    private var watch = OutputWatch()
    /// The window's size from its latest ConfigureNotify.
    private var windowSize: (width: Int, height: Int)
    private var log: FrameLog?
    /// Server time (ms) of the newest pointer motion not shown yet.
    private var pendingInput: UInt?
    /// When (host ms) the newest input not shown yet was delivered: drawn at once in its slot's input window.
    private var inputReceived: Millis?
    /// The lead from the frames' drawing to their requests sent (the host's own cost: a frame's
    /// completion is tied to the vblank it was shown at, so timing to it would time the lead itself),
    /// or to their completion where the server shows a frame once it copies it (`LeadSamples`).
    private var drawLead = DrawLead()
    private var leadSamples = LeadSamples()
    /// The newest vblank Present reported (host ms, MSC).
    private var lastVblank: (time: Millis, msc: UInt64)?
    /// Frames drawn since the vblank phase was last asked for.
    private var framesSincePhase = Int.max

    init(display: OpaquePointer, window: CX11.Window, origin: Millis, environment: [String: String]) {
        self.display = display
        self.window = window
        self.origin = origin
        let area = OutputRefresh.windowArea(display: display, window: window)
        hz = OutputRefresh.query(display: display, area: area)
        watch.read(for: area)
        windowSize = (area.width, area.height)
        pacer = FramePacer(interval: OutputRefresh.interval(hz: hz))
        screenChangeType = OutputRefresh.selectChanges(display: display, window: window)
        if let path = environment["GESTUREDECK_FRAME_LOG"], !path.isEmpty { log = FrameLog(path: path) }
    }

    var interval: Millis { pacer.interval }

    /// RRScreenChangeNotify: the rate is read again after this batch of events. True when `event` was one.
    func handle(_ event: inout XEvent) -> Bool {
        guard let screenChangeType, event.type == screenChangeType else { return false }
        _ = XRRUpdateConfiguration(&event)
        watch.screenChanged()
        return true
    }

    /// A ConfigureNotify (its size; its coordinates are the parent's under a reparenting window
    /// manager, so the root ones are asked for after the batch).
    func windowConfigured(width: Int32, height: Int32) {
        windowSize = (Int(width), Int(height))
        watch.windowChanged()
    }

    /// A MapNotify: the window manager has placed the window.
    func windowMapped() { watch.windowChanged() }

    /// After a batch of events (not inside event handling): when the window changed, its root
    /// area is asked for (one round trip) and the rate read again if it moved, changed size or the screen changed.
    func updateOutput() {
        guard watch.pending else { return }
        let origin = OutputRefresh.rootOrigin(display: display, window: window)
        let area = OutputRefresh.Area(x: origin.x, y: origin.y, width: windowSize.width, height: windowSize.height)
        guard watch.check(area: area) else { return }
        hz = OutputRefresh.query(display: display, area: area)
        watch.read(for: area)
        pacer.refresh(interval: OutputRefresh.interval(hz: hz))
        framesSincePhase = .max  // another output has its own phase: asked for at the next frame
    }

    func decide(now: Millis, input: Bool) -> FramePacer.Decision {
        pacer.decide(now: now, input: input, received: input ? inputReceived : nil)
    }

    /// poll()'s timeout in ms for a wanted frame.
    func timeout(now: Millis, input: Bool) -> Int32 {
        switch decide(now: now, input: input) {
        case .draw: return 0
        case .wait(let until): return Int32(max(0, min(Double(Int32.max), (until - now).rounded(.up))))
        }
    }

    /// A pointer motion stamped `serverTime` (ms) was delivered to the engine.
    func noteInput(serverTime: UInt) { pendingInput = serverTime }

    /// An input (a motion, a press, a key...) was delivered to the engine at `time` (host ms).
    func inputDelivered(at time: Millis) { inputReceived = time }

    /// A frame was drawn at `time` (host clock) and sent; the log takes the `presenter`'s Present
    /// serial and pixels sent for it (nil on the direct path).
    func frameDrawn(at time: Millis, early: Bool, presenter: FramePresenter?) {
        pacer.frameDrawn(at: time, early: early)
        inputReceived = nil
        let sent = monotonicMillis()
        if let presenter, presenter.transport == .present {
            if let serial = presenter.lastSerial {
                leadSamples.sent(serial: serial, drawn: time, sent: sent - origin)
            } else {
                drawLead.add(sent - origin - time)  // nothing changed: no completion will come
            }
        }
        framesSincePhase = framesSincePhase == .max ? .max : framesSincePhase + 1
        if let presenter, presenter.transport == .present, framesSincePhase >= DisplayPacing.phaseEveryFrames {
            presenter.requestVblank()
            framesSincePhase = 0
        }
        log?.frame(drawn: time + origin, sent: sent, input: pendingInput, early: early,
                   serial: presenter?.lastSerial, pixels: presenter?.lastPresentedPixels, interval: pacer.interval)
        pendingInput = nil
    }

    /// How often the vblank phase is asked for again while frames are drawn (drift), frames.
    static let phaseEveryFrames = 120

    /// After the presenter handled an event: a new vblank phase, and completed frames for the log.
    func presenterEvents(_ presenter: FramePresenter) {
        for complete in presenter.takeCompletions() {
            let ust = Double(complete.ust) / 1000
            guard DisplayPacing.isLocalClock(ust: ust, now: monotonicMillis()) else { continue }
            // The lead moves the grid: it changes with the phase (every `phaseEveryFrames` frames), not between two frames.
            if complete.isVblank {
                pacer.vblank = ust - origin
                pacer.lead = drawLead.lead
                lastVblank = (ust - origin, complete.msc)
            } else if let sample = leadSamples.completed(serial: complete.serial, shown: ust - origin, msc: complete.msc,
                                                         vblank: lastVblank, interval: pacer.interval) {
                drawLead.add(sample)
            }
            log?.completed(serial: complete.serial, at: ust, msc: complete.msc, vblank: complete.isVblank)
        }
    }

    /// A UST further than this from CLOCK_MONOTONIC is not on the host's clock (issue 21
    /// item 8, commit e7c796c: far above a frame's age, far below any other clock's offset), ms.
    static let ustClockLimit: Millis = 1000

    /// UST is CLOCK_MONOTONIC on a local server; another clock is not a phase to use.
    static func isLocalClock(ust: Millis, now: Millis) -> Bool { abs(ust - now) < ustClockLimit }

    /// Writes the log (at exit); `blockedWaits`: the frames that waited for a buffer (the presenter's count).
    func finish(blockedWaits: Int? = nil) {
        if let blockedWaits { log?.lines.append("waits \(blockedWaits)") }
        log?.write()
    }
}

/// `GESTUREDECK_FRAME_LOG`: one line per frame, written at exit (the bench's `--only pacing`
/// reads it): `frame <drawn ms> <sent ms> <input server ms or -1> <early 0/1> <serial or -1> <interval ms>
/// <pixels sent, 0 for a frame that changed nothing, -1 on the direct path>`
/// and, with Present, `presented <serial> <UST ms> <MSC>` and `vblank <UST ms> <MSC>`; times are CLOCK_MONOTONIC ms;
/// on the compositor path a last line `waits <frames that waited for the server to free their buffer>`.
private final class FrameLog {
    let path: String
    var lines: [String] = []
    static let maximumLines = 200_000

    init(path: String) { self.path = path }

    func frame(drawn: Millis, sent: Millis, input: UInt?, early: Bool, serial: UInt32?, pixels: Int?, interval: Millis) {
        guard lines.count < FrameLog.maximumLines else { return }
        let i = input.map { String($0 & 0xFFFF_FFFF) } ?? "-1"
        let s = serial.map { String($0) } ?? "-1"
        lines.append("frame \(format(drawn)) \(format(sent)) \(i) \(early ? 1 : 0) \(s) \(format(interval)) \(pixels ?? -1)")
    }

    func completed(serial: UInt32, at ust: Millis, msc: UInt64, vblank: Bool) {
        guard lines.count < FrameLog.maximumLines else { return }
        lines.append(vblank ? "vblank \(format(ust)) \(msc)" : "presented \(serial) \(format(ust)) \(msc)")
    }

    private func format(_ t: Millis) -> String { String(format: "%.3f", t) }

    func write() {
        let text = lines.joined(separator: "\n") + "\n"
        if !FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) {
            FileHandle.standardError.write(Data("gesturedeck: GESTUREDECK_FRAME_LOG=\(path): cannot write the frame log\n".utf8))
        }
    }
}
