/// The messages scene's live tuning values (SPEC S2-S3). Defaults are `SwipeTuning`'s and
/// `MessagesScene`'s static constants; `MessagesTunables.table` declares each one.
public struct MessagesMetrics: Sendable, Hashable {
    /// S3: released at or past this fraction of the buttons' width, the row snaps open (seed: half).
    public var snapFraction: Double = 0.5
    public var flickVelocity: Double = SwipeTuning.flickVelocity
    /// The rubber band's limit past the full width (S2's elastic resistance), px.
    public var elasticLimit: Double = SwipeTuning.elasticLimit
    public var openAnimation: AnimationSpec = SwipeTuning.openSpec
    public var closeAnimation: AnimationSpec = SwipeTuning.closeSpec
    public var moveAnimation: AnimationSpec = MessagesScene.moveSpec
    public var ghostFadeAnimation: AnimationSpec = MessagesScene.ghostFadeSpec

    public init() {}

    public init(_ tuning: Tuning) {
        let t = MessagesTunables.table
        snapFraction = tuning.value(MessagesTunables.snapFraction, in: t)
        flickVelocity = tuning.value(MessagesTunables.flickVelocity, in: t)
        elasticLimit = tuning.value(MessagesTunables.elasticLimit, in: t)
        openAnimation = tuning.animation(MessagesTunables.open, in: t, default: SwipeTuning.openSpec)
        closeAnimation = tuning.animation(MessagesTunables.close, in: t, default: SwipeTuning.closeSpec)
        moveAnimation = tuning.animation(MessagesTunables.move, in: t, default: MessagesScene.moveSpec)
        ghostFadeAnimation = tuning.animation(MessagesTunables.ghostFade, in: t, default: MessagesScene.ghostFadeSpec)
    }

    /// `SwipeTuning.dragOffset` with this elastic limit.
    public func dragOffset(raw: Double, openWidth: Double) -> Double {
        guard raw.isFinite else { return 0 }
        if raw > 0 { return 0 }
        if raw >= -openWidth { return raw }
        return -openWidth - RubberBand.offset(-openWidth - raw, dimension: elasticLimit)
    }

    /// `SwipeTuning.opensOnRelease` with this flick velocity and snap fraction.
    public func opensOnRelease(offset: Double, velocity: Double, openWidth: Double) -> Bool {
        if velocity.isFinite, abs(velocity) > flickVelocity { return velocity < 0 }
        return -offset >= openWidth * snapFraction
    }

    /// The release velocity carried into `spec` from `from` to `to`: for a spring, at most what
    /// it absorbs without overshooting a critically damped end (ω·distance); none for a timing curve.
    public func carriedVelocity(_ velocity: Double, from: Double, to: Double, spec: AnimationSpec) -> Double {
        guard velocity.isFinite, case .spring(let spring) = spec else { return 0 }
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let limit = omega * abs(to - from)
        return to >= from ? min(velocity, limit) : max(velocity, -limit)
    }
}

/// The messages scene's declared tunables.
public enum MessagesTunables {
    public static let snapFraction = "messages.snapFraction"
    public static let flickVelocity = "messages.flickVelocity"
    public static let elasticLimit = "messages.elasticLimit"
    public static let open = "messages.openSpring"
    public static let close = "messages.closeSpring"
    public static let move = "messages.moveSpring"
    public static let ghostFade = "messages.deleteFade"

    public static let table: TunableTable = {
        var list = [
            Tunable(key: snapFraction, label: "Snap fraction", group: "Messages: swipe", spec: "S3", unit: .ratio,
                    default: 0.5, Provenance(.seed, "half the buttons' width"), range: 0.1...0.9, step: 0.05),
            Tunable(key: flickVelocity, label: "Flick velocity", group: "Messages: swipe", spec: "S3",
                    unit: .pxPerSecond, default: SwipeTuning.flickVelocity,
                    Provenance(.gesturedeck, "a quick flick decides by direction"), range: 50...3000, step: 10),
            Tunable(key: elasticLimit, label: "Elastic resistance", group: "Messages: swipe", spec: "S2", unit: .px,
                    default: SwipeTuning.elasticLimit, Provenance(.gesturedeck, "rubber band limit past the buttons"),
                    range: 1...300, step: 5),
        ]
        list += Tunable.animation(open, label: "Open", spec: "S3", default: SwipeTuning.openSpec,
                                  Provenance(.gesturedeck, "critically damped 450 (seed: 0.1 s)"))
        list += Tunable.animation(close, label: "Close", spec: "S3", default: SwipeTuning.closeSpec,
                                  Provenance(.gesturedeck, "critically damped 450 (seed: 0.3 s)"))
        list += Tunable.animation(move, label: "Rows slide", spec: "S7", default: MessagesScene.moveSpec,
                                  Provenance(.gesturedeck, "SpringDescription.smooth"))
        list += Tunable.animation(ghostFade, label: "Delete fade", spec: "S7", default: MessagesScene.ghostFadeSpec,
                                  Provenance(.gesturedeck, "ease-out 0.3 s"))
        return TunableTable(list)
    }()
}
