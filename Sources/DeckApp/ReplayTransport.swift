import Foundation
import InteractionEngine

/// The replay transport of the window (issue 16, item 2): play, pause, step, scrub,
/// loop and take over a recorded trace.
///
/// The deck's time during a replay is the trace's time (`position`), not the host's:
/// playing advances it with the host clock, pausing freezes it. Every position the
/// transport *stops* at (a pause, a step, a scrub, a restart) is reached by building
/// the deck afresh from the trace's header and playing the trace straight to that time,
/// feeding its inputs and recorded frame ticks exactly as the headless renderer does.
/// The engine is deterministic, so a frame is the same however it was reached: stepping
/// forward, back, or playing to it directly (`--replay --screenshot --at`). Re-simulating
/// is engine work only (no drawing); a minute-long trace takes milliseconds.
///
/// Live pointer input never reaches the deck while the transport runs (the host routes it
/// here: the timeline). `takeOver` ends the replay where it stands; the host then feeds
/// live input from that very state, its clock shifted to continue from `position`.
public final class ReplayTransport {
    /// One step of `.` and `,`: a 60 Hz frame.
    public static let frameStep: Millis = 1000.0 / 60.0
    /// How long the transport plays on after the trace's last entry (settling motion), in ms
    /// (the same tail as `--frames`).
    public static let tail: Millis = 1000

    public let trace: Trace
    private let session: Session
    private let others: [Session]
    /// Rebuilds the session's deck at the trace's start (the host adds its window size).
    private let rebuild: () -> Void
    /// The trace time the deck stands at.
    public private(set) var position: Millis = 0
    public private(set) var isPaused = false
    /// `L`: at the end, start again.
    public private(set) var loops = false
    /// The next trace entry to feed.
    private var next = 0
    /// While playing: host time `host` showed trace time `position`.
    private var anchor: (host: Millis, position: Millis)

    /// The end of the timeline: the last entry plus the tail.
    public var end: Millis { trace.duration + ReplayTransport.tail }

    /// `others`: more sessions fed in lockstep (an A/B comparison); only `session` prints events.
    public init(trace: Trace, session: Session, others: [Session] = [], host: Millis, rebuild: @escaping () -> Void) {
        self.trace = trace
        self.session = session
        self.others = others
        self.rebuild = rebuild
        anchor = (host, 0)
    }

    /// Plays on to the host time `host` (nothing while paused); at the end it loops or pauses.
    public func advance(host: Millis) {
        guard !isPaused else { return }
        let target = anchor.position + max(0, host - anchor.host)
        if target >= end {
            if loops {
                seek(to: 0, host: host, pause: false)
                emit("loop")
            } else {
                play(to: end)
                isPaused = true
                emit("end")
            }
            return
        }
        play(to: target)
    }

    /// Feeds the entries up to and including `time`, then ticks there (never backwards).
    private func play(to time: Millis) {
        let entries = trace.entries
        while next < entries.count, entries[next].t <= time {
            let entry = entries[next]
            next += 1
            for s in [session] + others { s.feed(entry) }
        }
        position = max(position, time)
        for s in [session] + others { s.tick(at: position) }
        for s in others { _ = s.deck.drainEvents() }
    }

    /// Moves to trace time `time` (clamped to the timeline) by re-simulating from the start.
    public func seek(to time: Millis, host: Millis, pause: Bool? = nil) {
        let target = min(max(0, time.isFinite ? time : 0), end)
        rebuild()
        next = 0
        position = 0
        play(to: target)
        _ = session.deck.drainEvents()  // what the re-simulation re-did was told when it first happened
        if let pause { isPaused = pause }
        anchor = (host, position)
    }

    /// Space: pauses (the frame re-simulated to where it stands) or plays on.
    public func togglePause(host: Millis) {
        if isPaused {
            if position >= end { seek(to: 0, host: host) }
            isPaused = false
            anchor = (host, position)
        } else {
            seek(to: position, host: host, pause: true)
        }
        emit(isPaused ? "pause" : "play")
    }

    /// `.` and `,`: `frames` frames forward or back; the transport stays paused there.
    public func step(frames: Int, host: Millis) {
        seek(to: position + Double(frames) * ReplayTransport.frameStep, host: host, pause: true)
        emit(frames >= 0 ? "step-forward" : "step-back")
    }

    /// Home: back to the start, playing unless paused.
    public func restart(host: Millis) {
        seek(to: 0, host: host)
        emit("restart")
    }

    /// `L`: loop at the end or not.
    public func toggleLoop() {
        loops.toggle()
        emit("loop-mode")
    }

    /// Dragging the timeline: to the time under `x` of a timeline `width` wide, paused.
    public func scrub(x: Double, width: Double, host: Millis) {
        guard width > 0 else { return }
        seek(to: min(max(0, x / width), 1) * end, host: host, pause: true)
        emit("scrub")
    }

    /// Enter: the replay ends here; returns the trace time live input continues from.
    public func takeOver() -> Millis {
        emit("take-over")
        return position
    }

    private func emit(_ action: String) {
        session.emit(DeckEvent("transport", ["action": .string(action), "t": .double((position * 1000).rounded() / 1000),
                                             "paused": .bool(isPaused), "loop": .bool(loops)]))
    }

    // MARK: The timeline

    enum Metrics {
        /// The strip at the bottom of the window that takes the timeline's clicks, in px (seed).
        static let height: Double = 26
        static let trackHeight: Double = 4
        static let knobRadius: Double = 6
        static let textSize: Double = 11
    }

    /// True when a press at `point` (window coordinates) starts a scrub.
    public func timelineContains(_ point: Point, size: Size) -> Bool {
        point.y >= size.height - Metrics.height
    }

    /// The timeline and the trace time, drawn over the bottom of the window.
    public func render(into list: inout DisplayList, size: Size) {
        let strip = Rect(x: 0, y: size.height - Metrics.height, width: size.width, height: Metrics.height)
        list.append(.fillRect(strip, .solid(Color.black.withAlpha(0.55)), cornerRadius: 0))
        let track = Rect(x: 0, y: strip.maxY - Metrics.trackHeight, width: size.width, height: Metrics.trackHeight)
        list.append(.fillRect(track, .solid(Color.white.withAlpha(0.3)), cornerRadius: 0))
        let fraction = end > 0 ? min(1, position / end) : 0
        list.append(.fillRect(Rect(x: 0, y: track.minY, width: size.width * fraction, height: track.height),
                              .solid(Theme.accent), cornerRadius: 0))
        list.append(.fillCircle(center: Point(x: size.width * fraction, y: track.midY), radius: Metrics.knobRadius,
                                .solid(.white)))
        let state = isPaused ? "paused" : "playing"
        let text = String(format: "%.3f s / %.3f s  %@%@", position / 1000, end / 1000, state, loops ? "  loop" : "")
        list.append(.text(text, Rect(x: 8, y: strip.minY, width: size.width - 16, height: strip.height - Metrics.trackHeight),
                          TextStyle(size: Metrics.textSize, color: .white)))
    }
}

extension Session {
    /// A fresh deck at the trace's start (its state, scene and size), with this session's
    /// settings (motion, theme, overlay, show taps, slow motion): the transport's re-simulation.
    public func restartDeck(from header: TraceHeader) {
        var warnings: [String] = []
        guard let scenes = try? SceneCatalog.makeScenes(assets: assets, state: header.state, warnings: &warnings) else { return }
        let fresh = Deck(scenes: scenes, initial: header.scene,
                         size: Size(width: Double(header.width), height: Double(header.height)))
        fresh.reduceMotion = deck.reduceMotion
        fresh.appearance = deck.appearance
        if deck.overlay != nil { fresh.overlay = DeckOverlay() }
        if deck.touches != nil { fresh.touches = TouchIndicator() }
        fresh.chrome = deck.chrome
        if let rate = options.slow.map({ 1 / $0 }) ?? header.slow { fresh.setSlowMotion(rate, at: 0) }
        _ = fresh.drainEvents()
        deck = fresh
        start(with: startingTuning)
    }
}
