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

/// The user's motion settings, handed to scenes as a plain value.
public struct MotionPreferences: Sendable, Hashable {
    /// When true, animations jump to their end and only essential motion remains.
    public var reduceMotion: Bool

    public init(reduceMotion: Bool = false) {
        self.reduceMotion = reduceMotion
    }

    public static let `default` = MotionPreferences()
}
