extension Deck {
    /// Every tunable the deck's scenes read: the engine's, then each tunable scene's.
    public var tunables: TunableTable {
        var list = EngineTunables.table.all
        var seen = Set(list.map(\.key))
        for case let scene as any TunableScene in scenes {
            for t in type(of: scene).tunables.all where seen.insert(t.key).inserted { list.append(t) }
        }
        return TunableTable(list)
    }

    /// Applies `newTuning` to every scene from `time` on, even in the middle of a gesture or an
    /// animation, and emits one `tune` event (key, value) per value that changed. Keys no scene
    /// declares are kept (a preset for another build) and change nothing.
    public func apply(_ newTuning: Tuning, at time: Millis) {
        let table = tunables
        let changes = tuning.changes(to: newTuning, in: table)
        tuning = newTuning
        for case let scene as any TunableScene in scenes { scene.apply(newTuning, at: time) }
        for (tunable, value) in changes {
            emit(DeckEvent("tune", ["key": .string(tunable.key), "value": .double(value)]))
        }
    }

    /// Sets one value (the panel, a live-reloaded preset line).
    public func tune(_ key: String, to value: Double, at time: Millis) {
        var next = tuning
        next[key] = value
        apply(next, at: time)
    }
}
