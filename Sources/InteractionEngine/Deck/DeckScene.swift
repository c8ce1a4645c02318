/// One interactive screen of the deck: a state machine fed with input and time.
///
/// A scene works in its own coordinates: (0, 0) is the top-left of its
/// viewport, whose size arrives through `resize(to:at:)`. It never sees raw
/// pointer input: the deck's `PressRouter` (one `GestureArena`) asks it once
/// per press what the press may become (`pressPolicy(at:time:)`), then hands
/// it what the press became as `SceneInput.gesture`; keys, the wheel and
/// resizes arrive through the same `update(_:)`. The host calls `tick(at:)`
/// once per frame, then `render(at:)`. Between frames it asks
/// `needsFrame(at:)` and `nextDeadline()` to decide how long it may sleep. A
/// scene never reads a clock: the same inputs at the same times give the same
/// display lists.
public protocol DeckScene: AnyObject {
    /// The name used on the command line and in events (`wallet`, `grid`...): each
    /// scene spells it once, as its `static let name`, which the catalog reads too.
    var name: String { get }
    /// The label shown in the scene bar.
    var title: String { get }

    /// The viewport changed size: lay out again.
    func resize(to size: Size, at time: Millis)
    /// What a press going down at `point` may become (hold, pan and along which
    /// axes, whether it only stops moving content); asked once, at the pointer-down.
    func pressPolicy(at point: Point, time: Millis) -> PressPolicy
    /// The gesture boundaries this scene's presses are classified by (its tuned hold
    /// duration...); the deck's arena takes them at each pointer-down.
    var gestureSettings: GestureSettings { get }
    /// One input, in scene coordinates; returns what it made happen, oldest first.
    @discardableResult
    func update(_ input: SceneInput) -> [SceneEvent]
    /// Advances animations and timers to `time`; returns what that made happen.
    @discardableResult
    func tick(at time: Millis) -> [SceneEvent]
    /// True while something moves, a gesture is in flight or auto-scroll runs:
    /// the host then draws the next frame at the display rate.
    func needsFrame(at time: Millis) -> Bool
    /// The next moment one of the scene's own timers fires, or nil (a default is
    /// provided; the hold deadline belongs to the deck's arena).
    func nextDeadline() -> Millis?
    /// Draws the scene as it is at `time`.
    func render(at time: Millis) -> DisplayList

    /// Grows by one each time something worth saving changes.
    var stateRevision: Int { get }
    /// Writes this scene's section of the state file.
    func save(into state: inout DeckState)

    /// Makes every animation finish at once while keeping behaviour the same.
    var reduceMotion: Bool { get set }
    /// The pointer shape at `point` at `time` (a default is provided).
    func cursor(at point: Point, time: Millis) -> CursorShape
    /// Layout frames, fling projection and status for the overlay (a default is provided).
    func overlayHints(at time: Millis) -> OverlayHints
}

/// A scene that records what it makes happen while it handles one input or one
/// frame: the deck-facing `update(_:)` and `tick(at:)` are written here once, around
/// the scene's own `receive(_:)` and `advance(to:)`, which append to `emitted`.
protocol EventRecordingScene: DeckScene {
    /// What the scene did since its last `update` or `tick` returned, oldest first.
    var emitted: [SceneEvent] { get set }
    /// Handles one input (the scene's logic; events go to `emitted`).
    func receive(_ input: SceneInput)
    /// Advances animations and timers to `time` (events go to `emitted`).
    func advance(to time: Millis)
}

extension EventRecordingScene {
    @discardableResult
    public func update(_ input: SceneInput) -> [SceneEvent] {
        receive(input)
        return takeEmitted()
    }

    @discardableResult
    public func tick(at time: Millis) -> [SceneEvent] {
        advance(to: time)
        return takeEmitted()
    }

    /// What happened since the last `update` or `tick` (or a direct call), oldest first.
    func takeEmitted() -> [SceneEvent] {
        defer { emitted.removeAll() }
        return emitted
    }
}

/// The pointer shape a scene asks for.
public enum CursorShape: String, Sendable, Hashable {
    /// The default arrow.
    case arrow
    /// Over something that can be dragged.
    case openHand = "open-hand"
    /// While dragging or holding a lifted item.
    case closedHand = "closed-hand"
}

extension DeckScene {
    /// The cursor for a pointer resting at `point` (scene coordinates): an open hand, since
    /// every scene scrolls by dragging (the deck shows a closed hand while a press is down).
    /// Scenes with areas that cannot be dragged override this.
    public func cursor(at point: Point, time: Millis) -> CursorShape { .openHand }

    /// Any press may become anything, unless the scene says otherwise.
    public func pressPolicy(at point: Point, time: Millis) -> PressPolicy { .anything }

    /// The standard boundaries, unless the scene is tuned.
    public var gestureSettings: GestureSettings { .standard }

    /// No timers of its own, unless the scene has some.
    public func nextDeadline() -> Millis? { nil }
}

/// What a scene can show in the interaction overlay beyond the gesture itself.
public struct OverlayHints: Sendable, Equatable {
    /// The laid-out frames of the visible items (scene coordinates), outlined by the overlay.
    public var frames: [Rect]
    /// Where the current fling or scroll will come to rest, in scene coordinates.
    public var restingPoint: Point?
    /// A short line about the scene's own state (`lifted c3 → slot 5`).
    public var status: String?

    public init(frames: [Rect] = [], restingPoint: Point? = nil, status: String? = nil) {
        self.frames = frames
        self.restingPoint = restingPoint
        self.status = status
    }
}

extension DeckScene {
    /// No hints unless the scene provides them.
    public func overlayHints(at time: Millis) -> OverlayHints { OverlayHints() }
}
