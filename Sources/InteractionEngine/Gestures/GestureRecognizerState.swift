/// The life cycle of one recognizer during one press (UIKit's
/// `UIGestureRecognizer.State`, spelled out).
///
/// A discrete gesture (tap) goes `idle -> possible -> ended` or `-> failed`.
/// A continuous one (hold, pan) goes `idle -> possible -> began -> changed* ->
/// ended`, or `possible -> failed`, or to `cancelled` from any active state.
/// `ended`, `failed` and `cancelled` hold until the next press or `reset()`.
public enum GestureRecognizerState: String, Sendable, Hashable, Codable {
    /// No press is being watched.
    case idle
    /// A press is down and the gesture may still happen.
    case possible
    /// The continuous gesture was recognized just now.
    case began
    /// The continuous gesture moved since it began.
    case changed
    /// The gesture was recognized and is over.
    case ended
    /// The press cannot be this gesture.
    case failed
    /// The press was taken away before the gesture finished.
    case cancelled

    /// True while a continuous gesture is in progress (`began` or `changed`).
    public var isInProgress: Bool { self == .began || self == .changed }

    /// True when this press is over for this recognizer.
    public var isFinished: Bool { self == .ended || self == .failed || self == .cancelled }

    /// Rules the gesture out (another one won the press): only a pending gesture fails.
    public mutating func fail() {
        if self == .possible { self = .failed }
    }

    /// The press was taken away: a pending or running gesture is cancelled.
    public mutating func cancel() {
        if self == .possible || isInProgress { self = .cancelled }
    }
}
