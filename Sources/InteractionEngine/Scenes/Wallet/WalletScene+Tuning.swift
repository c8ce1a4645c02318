extension WalletScene: TunableScene {
    public static var tunables: TunableTable { WalletTunables.table }

    /// Takes the wallet's and the engine's values from `tuning`. A card in flight keeps
    /// animating on the spec it started with; the next move uses the new one. A press in
    /// flight keeps its hold and slop boundaries until it ends.
    public func apply(_ tuning: Tuning, at time: Millis) {
        metrics = WalletMetrics(tuning)
        layout.metrics = metrics
        gestureSettings = EngineTunables.gestureSettings(tuning, holdDuration: metrics.holdDuration,
                                                         holdAllowableMovement: metrics.holdAllowableMovement)
        EngineTunables.apply(tuning, to: &scroll)
    }
}
