/// One input to a scene, in scene coordinates: what the deck's `PressRouter` made of
/// the pointer (a gesture), or a key, a wheel or a new viewport size.
public enum SceneInput: Hashable, Sendable {
    /// What the deck's gesture arena reported about the press.
    case gesture(GestureEvent)
    /// A key (never while a press is down: then Escape cancels the press and other keys wait).
    case key(Key, Modifiers, time: Millis)
    /// Wheel notches or touchpad pixels at a point; `duringPress` when a press is down.
    case wheel(WheelDelta, at: Point, Modifiers, time: Millis, duringPress: Bool)
    /// The viewport changed size.
    case resize(Size, time: Millis)

    /// When the input happened.
    public var time: Millis {
        switch self {
        case .gesture(let g): g.time
        case .key(_, _, let t), .wheel(_, _, _, let t, _), .resize(_, let t): t
        }
    }
}
