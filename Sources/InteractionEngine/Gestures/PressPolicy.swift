/// What a press may become, decided by the scene once, when the pointer goes down
/// (`DeckScene.pressPolicy(at:time:)`), instead of switches flipped mid-press.
public struct PressPolicy: Sendable, Hashable {
    /// Whether the press may become a hold (false on empty space, over an open card...).
    public var mayHold: Bool
    /// The directions a pan may start in; nil when the press may not pan at all.
    public var panAxes: PanRecognizer.AllowedAxes?
    /// The press stops moving content (a fling, a settling strip): it may still pan,
    /// but never taps or holds, so it never lifts, opens or selects anything (as on iOS).
    public var catchesMotion: Bool

    public init(mayHold: Bool = true, panAxes: PanRecognizer.AllowedAxes? = .both, catchesMotion: Bool = false) {
        self.mayHold = mayHold
        self.panAxes = panAxes
        self.catchesMotion = catchesMotion
    }

    /// Anything goes: tap, hold, or a pan in any direction.
    public static let anything = PressPolicy()
    /// A press that does nothing at all (input is ignored while something lands): it
    /// can neither pan, hold nor tap, so it ends as `released`.
    public static let ignored = PressPolicy(mayHold: false, panAxes: nil, catchesMotion: true)
}
