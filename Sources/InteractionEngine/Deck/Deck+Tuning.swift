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

    /// `T`: opens or closes the tuning panel. A panel that docks takes its column from the
    /// scene, which is laid out again in what is left (and given the whole width back on close).
    public func toggleTuningPanel(at time: Millis) {
        tuningPanel = tuningPanel == nil ? TuningPanel() : nil
        animationLog.clear()
        emit(DeckEvent("tuning-panel", ["shown": .bool(tuningPanel != nil),
                                        "docked": .bool(tuningPanel != nil && TuningPanel.docks(windowWidth: size.width))]))
        layOutScenes(at: time)
    }

    /// Shows `status` in the tuning panel (now, or when it is next opened) until another replaces it.
    public func showTuningStatus(_ text: String, isError: Bool = false) {
        tuningStatus = TuningPanel.Status(text, isError: isError)
    }

    /// A key for the open panel; true when it used it. (The panel is taken out while it works,
    /// so that what it calls on the deck may read the deck freely.)
    func handleTuningPanelKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) -> Bool {
        guard var panel = tuningPanel else { return false }
        let used = panel.handle(key, modifiers, deck: self, at: time)
        if tuningPanel != nil { tuningPanel = panel }
        return used
    }

    /// A pointer input for the open panel; true when the panel used it (the scene must not see it).
    func handleTuningPanelPointer(_ event: InputEvent) -> Bool {
        guard var panel = tuningPanel else { return false }
        let used = panel.handlePointer(event, deck: self)
        if tuningPanel != nil { tuningPanel = panel }
        return used
    }

    /// The width the open panel takes from the scene (its docked column; 0 when floating or closed).
    var tuningPanelColumn: Double { tuningPanel == nil ? 0 : TuningPanel.dockedWidth(in: size) }
}

extension Deck {
    /// Every scene laid out again in `sceneSize` (the panel docked or undocked).
    func layOutScenes(at time: Millis) {
        for scene in scenes { scene.resize(to: sceneSize, at: time) }
    }
}
