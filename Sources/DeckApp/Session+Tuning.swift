import InteractionEngine

/// One tuning change in a trace: `{"t": 1200, "tune": {"key": "wallet.holdDuration", "value": 800}}`.
public struct TraceTune: Codable, Equatable, Sendable {
    public var key: String
    public var value: Double

    public init(key: String, value: Double) {
        self.key = key
        self.value = value
    }
}

extension TraceEntry {
    /// A tuning change at `time`.
    public static func tune(_ key: String, _ value: Double, at time: Millis) -> TraceEntry {
        .tune(TraceTune(key: key, value: value), at: time)
    }
}

extension Session {
    /// Feeds one recorded trace entry: an input, a tuning change or a frame tick. Every replay
    /// (headless, the window's transport, both sides of a comparison) goes through here.
    public func feed(_ entry: TraceEntry) {
        switch entry {
        case .input(let event): handle(event)
        case .tune(let change, let time): tune(change.key, to: change.value, at: time)
        case .frame(let time): tick(at: time)
        }
    }

    /// Starts from `tuning` (the trace's recorded one, else `--preset`'s) without printing
    /// or recording it as a change; a deck rebuilt for a replay restarts from it too.
    public func start(with tuning: Tuning?) {
        startingTuning = tuning
        guard let tuning else { return }
        deck.apply(tuning, at: 0)
        _ = deck.drainEvents()
    }

    /// Sets one tunable from `time` on, recorded in the trace and the journal (so a replay makes
    /// the same change at the same moment); prints `tune` with `--events`.
    public func tune(_ key: String, to value: Double, at time: Millis) {
        var next = deck.tuning
        next[key] = value
        apply(next, at: time)
    }

    /// Replaces the whole tuning (a preset loaded or reloaded), recording each value that changes.
    public func apply(_ tuning: Tuning, at time: Millis) {
        let table = deck.tunables
        for (tunable, value) in deck.tuning.changes(to: tuning, in: table) {
            recorder?.record(.tune(tunable.key, value, at: time))
            journal?.append(.tune(tunable.key, value, at: time))
        }
        deck.apply(tuning, at: time)
        for event in deck.drainEvents() { emit(event) }
    }
}
