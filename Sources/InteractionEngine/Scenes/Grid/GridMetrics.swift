/// The grid's live tuning values (seed 001: UIView animateWithDuration 0.25, scale 1.05).
/// Defaults are `GridScene`'s static constants; `GridTunables.table` declares each one.
public struct GridMetrics: Sendable, Hashable {
    public var holdDuration: Millis = 500
    public var holdAllowableMovement: Double = 10
    public var liftScale: Double = GridScene.liftScale
    public var pressFeedbackScale: Double = GridScene.pressFeedbackScale
    /// SPEC G3's capture fraction; the reflow hysteresis is the band between two capture circles.
    public var captureFraction: Double = GridReorder.captureFraction
    public var autoScrollZone: Double = 80
    public var autoScrollMaxSpeed: Double = EdgeAutoScroll.defaultMaximumSpeed
    public var liftAnimation: AnimationSpec = GridScene.liftAnimation
    public var dropAnimation: AnimationSpec = GridScene.dropAnimation
    public var reflowAnimation: AnimationSpec = GridScene.reflowAnimation

    public init() {}

    public init(_ tuning: Tuning) {
        let t = GridTunables.table
        holdDuration = tuning.value(GridTunables.holdDuration, in: t)
        holdAllowableMovement = tuning.value(GridTunables.holdAllowableMovement, in: t)
        liftScale = tuning.value(GridTunables.liftScale, in: t)
        pressFeedbackScale = tuning.value(GridTunables.pressFeedbackScale, in: t)
        captureFraction = tuning.value(GridTunables.captureFraction, in: t)
        autoScrollZone = tuning.value(GridTunables.autoScrollZone, in: t)
        autoScrollMaxSpeed = tuning.value(GridTunables.autoScrollMaxSpeed, in: t)
        liftAnimation = tuning.animation(GridTunables.lift, in: t, default: GridScene.liftAnimation)
        dropAnimation = tuning.animation(GridTunables.drop, in: t, default: GridScene.dropAnimation)
        reflowAnimation = tuning.animation(GridTunables.reflow, in: t, default: GridScene.reflowAnimation)
    }

    /// Auto-scroll at both edges.
    public var autoScroll: EdgeAutoScroll {
        EdgeAutoScroll(leadingZone: autoScrollZone, trailingZone: autoScrollZone, maximumSpeed: autoScrollMaxSpeed)
    }

    /// How long input is ignored after a release (ms): the drop animation's length.
    public var dropDuration: Millis { dropAnimation.duration }
}

/// The grid's declared tunables (SPEC G1-G4).
public enum GridTunables {
    public static let holdDuration = "grid.holdDuration"
    public static let holdAllowableMovement = "grid.holdAllowableMovement"
    public static let liftScale = "grid.liftScale"
    public static let pressFeedbackScale = "grid.pressFeedbackScale"
    public static let captureFraction = "grid.captureFraction"
    public static let autoScrollZone = "grid.autoScrollZone"
    public static let autoScrollMaxSpeed = "grid.autoScrollMaxSpeed"
    public static let lift = "grid.lift"
    public static let drop = "grid.drop"
    public static let reflow = "grid.reflowSpring"

    public static let table: TunableTable = {
        var list = [
            Tunable(key: holdDuration, label: "Hold duration", group: "Grid: hold", spec: "G1", unit: .ms,
                    default: 500, Provenance(.uikit, "minimumPressDuration 0.5 s"), range: 100...3000, step: 50),
            Tunable(key: holdAllowableMovement, label: "Hold movement", group: "Grid: hold", spec: "G1", unit: .px,
                    default: 10, Provenance(.uikit, "allowableMovement 10 pt"), range: 0...40, step: 1),
            Tunable(key: pressFeedbackScale, label: "Press shrink", group: "Grid: hold", spec: "G1", unit: .ratio,
                    default: GridScene.pressFeedbackScale, Provenance(.gesturedeck, "as the wallet"),
                    range: 0.8...0.999, step: 0.01),
            Tunable(key: liftScale, label: "Lift scale", group: "Grid: reorder", spec: "G2", unit: .ratio,
                    default: GridScene.liftScale, Provenance(.seed, "CGAffineTransformMakeScale(1.05, 1.05)"),
                    range: 1.01...1.5, step: 0.01),
            Tunable(key: captureFraction, label: "Reflow capture", group: "Grid: reorder", spec: "G3", unit: .ratio,
                    default: GridReorder.captureFraction, Provenance(.seed, "space <= width / 2"),
                    range: 0.2...0.5, step: 0.01),
            Tunable(key: autoScrollZone, label: "Auto-scroll zone", group: "Grid: reorder", spec: "G3", unit: .px,
                    default: 80, Provenance(.gesturedeck, "most of a row"), range: 0...300, step: 5),
            Tunable(key: autoScrollMaxSpeed, label: "Auto-scroll speed", group: "Grid: reorder", spec: "G3",
                    unit: .pxPerSecond, default: EdgeAutoScroll.defaultMaximumSpeed,
                    Provenance(.seed, "10 px per frame"), range: 50...4000, step: 10),
        ]
        list += Tunable.animation(lift, label: "Lift", spec: "G2", default: GridScene.liftAnimation,
                                  Provenance(.seed, "animateWithDuration 0.25"))
        list += Tunable.animation(drop, label: "Drop", spec: "G4", default: GridScene.dropAnimation,
                                  Provenance(.seed, "animateWithDuration 0.25"))
        list += Tunable.animation(reflow, label: "Reflow", spec: "G3", default: GridScene.reflowAnimation,
                                  Provenance(.gesturedeck, "SpringDescription.smooth"))
        return TunableTable(list)
    }()
}
