/// One interactive screen of the deck: a state machine fed with input and time.
///
/// A scene works in its own coordinates: (0, 0) is the top-left of its
/// viewport, whose size arrives through `resize(to:at:)`. The host calls
/// `handle(_:)` for each input, `tick(at:)` once per frame, then `render(at:)`.
/// Between frames it asks `needsFrame(at:)` and `nextDeadline()` to decide how
/// long it may sleep. A scene never reads a clock: the same inputs at the same
/// times give the same display lists.
public protocol DeckScene: AnyObject {
    /// The name used on the command line and in events (`wallet`, `grid`...).
    var name: String { get }
    /// The label shown in the scene bar.
    var title: String { get }

    /// The viewport changed size: lay out again.
    func resize(to size: Size, at time: Millis)
    /// One input, in scene coordinates.
    func handle(_ event: InputEvent)
    /// Advances animations and timers to `time`.
    func tick(at time: Millis)
    /// True while something moves, a gesture is in flight or auto-scroll runs:
    /// the host then draws the next frame at the display rate.
    func needsFrame(at time: Millis) -> Bool
    /// The next moment a timer fires (a long-press deadline), or nil.
    func nextDeadline() -> Millis?
    /// Draws the scene as it is at `time`.
    func render(at time: Millis) -> DisplayList
    /// Events that happened since the last call, oldest first.
    func drainEvents() -> [DeckEvent]

    /// Grows by one each time something worth saving changes.
    var stateRevision: Int { get }
    /// Writes this scene's section of the state file.
    func save(into state: inout DeckState)

    /// Makes every animation finish at once while keeping behaviour the same.
    var reduceMotion: Bool { get set }
    /// What the interaction overlay shows about the current gesture.
    var gestureArena: GestureArena { get }
}
