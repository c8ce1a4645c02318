/// What a press became: the winner of the `GestureArena` (a press that ends as none
/// of them, or is cancelled, has no winner).
public enum Gesture: String, Sendable, Hashable, Codable {
    /// A short, still press released before the hold deadline.
    case tap
    /// A press that stayed put until the hold deadline.
    case hold
    /// A press that crossed the slop of its pointer kind before the hold deadline.
    case pan
}
