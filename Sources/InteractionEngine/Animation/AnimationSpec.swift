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
