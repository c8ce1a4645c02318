/// The engine's shared tunables: gesture boundaries per pointer kind, the velocity estimator,
/// inertial scrolling and edge resistance. Every scene reads them.
public enum EngineTunables {
    public static let mouseSlop = "gesture.mouseSlop"
    public static let touchSlop = "gesture.touchSlop"
    public static let minimumFlingVelocity = "gesture.minimumFlingVelocity"
    public static let maximumFlingVelocity = "gesture.maximumFlingVelocity"
    public static let velocityHorizon = "gesture.velocityHorizon"
    public static let decelerationRate = "scroll.decelerationRate"
    public static let rubberBand = "scroll.rubberBand"
    public static let bounce = "scroll.bounce"

    public static let table: TunableTable = {
        let d = GestureSettings.standard
        var list: [Tunable] = [
            Tunable(key: mouseSlop, label: "Mouse slop", group: "Gestures", spec: "I1", unit: .px,
                    default: d.mouseSlop, Provenance(.gesturedeck, "a mouse is precise (Flutter 2 px, GTK 8 px)"),
                    range: 0...30, step: 1),
            Tunable(key: touchSlop, label: "Touch slop", group: "Gestures", spec: "I1", unit: .px,
                    default: d.touchSlop, Provenance(.uikit, "allowableMovement 10 pt"), range: 0...30, step: 1),
            Tunable(key: minimumFlingVelocity, label: "Min fling velocity", group: "Gestures", spec: "engine",
                    unit: .pxPerSecond, default: d.minimumFlingVelocity, Provenance(.flutter, "kMinFlingVelocity"),
                    range: 0...2000, step: 10),
            Tunable(key: maximumFlingVelocity, label: "Max fling velocity", group: "Gestures", spec: "engine",
                    unit: .pxPerSecond, default: d.maximumFlingVelocity, Provenance(.flutter, "kMaxFlingVelocity"),
                    range: 500...20000, step: 100),
            Tunable(key: velocityHorizon, label: "Velocity horizon", group: "Gestures", spec: "engine", unit: .ms,
                    default: d.velocityHorizon, Provenance(.flutter, "VelocityTracker horizon"), range: 20...400, step: 10),
            Tunable(key: decelerationRate, label: "Deceleration rate", group: "Scrolling", spec: "engine", unit: .ratio,
                    default: DecaySimulation.normalRate, Provenance(.uikit, "UIScrollView.DecelerationRate.normal"),
                    range: DecaySimulation.adjustableRates, step: 0.0005, animation: "scroll.decay"),
            Tunable(key: rubberBand, label: "Rubber band", group: "Scrolling", spec: "engine", unit: .ratio,
                    default: RubberBand.defaultCoefficient, Provenance(.uikit, "rubber band c 0.55"),
                    range: 0.05...2, step: 0.05),
        ]
        list += Tunable.spring(bounce, label: "Edge bounce", spec: "engine", default: ScrollAxis.bounceSpring,
                                  Provenance(.gesturedeck, "critically damped, stiffness 300"))
        return TunableTable(list)
    }()

    /// The gesture settings `tuning` asks for, with a scene's own hold duration and allowable movement.
    public static func gestureSettings(_ tuning: Tuning, holdDuration: Millis = GestureSettings.standard.holdDuration,
                                       holdAllowableMovement: Double = GestureSettings.standard.holdAllowableMovement)
        -> GestureSettings {
        var s = GestureSettings(holdDuration: holdDuration, holdAllowableMovement: holdAllowableMovement,
                                mouseSlop: tuning.value(mouseSlop, in: table), touchSlop: tuning.value(touchSlop, in: table),
                                minimumFlingVelocity: tuning.value(minimumFlingVelocity, in: table),
                                maximumFlingVelocity: tuning.value(maximumFlingVelocity, in: table))
        s.velocityHorizon = tuning.value(velocityHorizon, in: table)
        return s
    }

    /// Sets the engine's scrolling values of `tuning` on `axis`.
    public static func apply(_ tuning: Tuning, to axis: inout ScrollAxis) {
        axis.decelerationRate = tuning.value(decelerationRate, in: table)
        axis.rubberBandCoefficient = tuning.value(rubberBand, in: table)
        axis.bounceSpring = tuning.spring(bounce, in: table, default: ScrollAxis.bounceSpring)
    }
}
