/// How a value should move to a new target.
public enum AnimationSpec: Sendable, Hashable {
    /// A spring: the current velocity carries into the motion.
    case spring(SpringDescription)
    /// A fixed-duration move (in seconds) along a timing curve.
    case timing(duration: Double, curve: CubicBezier)
    /// No animation: jump to the target.
    case instant

    /// An ease-in-out move lasting `seconds`.
    public static func easeInOut(_ seconds: Double) -> AnimationSpec {
        .timing(duration: seconds, curve: .easeInOut)
    }

    /// An ease-out move lasting `seconds`.
    public static func easeOut(_ seconds: Double) -> AnimationSpec {
        .timing(duration: seconds, curve: .easeOut)
    }
}

extension AnimationSpec {
    /// How long the animation takes, on the engine's clock (ms): `nominalDuration` (a timing
    /// curve's duration, a spring's settle time for a 100 px move), converted once here so a
    /// scene's deadline ("the dropped tile has landed", "the card is back in the stack") never
    /// writes the duration again in another unit.
    public var duration: Millis { nominalDuration * 1000 }
}
