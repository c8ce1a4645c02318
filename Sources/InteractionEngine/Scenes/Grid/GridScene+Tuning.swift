extension GridScene: TunableScene {
    public static var tunables: TunableTable { GridTunables.table }

    /// Takes the grid's and the engine's values from `tuning`; tiles in flight keep their
    /// current animation, the next move uses the new one.
    public func apply(_ tuning: Tuning, at time: Millis) {
        metrics = GridMetrics(tuning)
        reorder.captureFraction = metrics.captureFraction
        gestureSettings = EngineTunables.gestureSettings(tuning, holdDuration: metrics.holdDuration,
                                                         holdAllowableMovement: metrics.holdAllowableMovement)
        EngineTunables.apply(tuning, to: &scroll)
    }
}
