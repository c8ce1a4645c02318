extension MessagesScene: TunableScene {
    public static var tunables: TunableTable { MessagesTunables.table }

    /// Takes the scene's and the engine's values from `tuning`; a row in flight finishes its snap.
    public func apply(_ tuning: Tuning, at time: Millis) {
        metrics = MessagesMetrics(tuning)
        gestureSettings = EngineTunables.gestureSettings(tuning)
        EngineTunables.apply(tuning, to: &scroll)
    }
}
