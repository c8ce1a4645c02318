/// The one place a press is decided and ended: one `GestureArena` fed with
/// pointer input in scene coordinates, the scene asked once per press what it
/// may become (`pressPolicy(at:time:)`), and what the arena reports handed to
/// the scene as `SceneInput.gesture`.
///
/// The `Deck` owns one for the window; anything that drives a scene alone (a
/// test, the bench) uses its own. Every way a press is taken away ends here as
/// one `cancelled`: Escape, another button, `pointerCancel` (a lost grab, an
/// unmapped window), a second press, and `cancel(at:scene:)` (switching scenes,
/// a final save).
public struct PressRouter: Sendable {
    public private(set) var arena = GestureArena()

    public init() {}

    /// True while a press is down.
    public var isPressed: Bool { arena.isActive }

    /// The hold deadline of the press in flight, if it may still become a hold.
    public func nextDeadline() -> Millis? { arena.nextDeadline() }

    /// Routes one input (scene coordinates) to `scene`; returns what the scene did.
    @discardableResult
    public mutating func route(_ event: InputEvent, to scene: any DeckScene) -> [SceneEvent] {
        switch event.kind {
        case .pointerDown(let point, .primary) where point.isFinite:
            var out = arena.isActive ? cancel(at: event.time, scene: scene) : []
            arena.retune(scene.gestureSettings)  // no press in flight: in force at once
            let policy = scene.pressPolicy(at: point, time: event.time)
            out += deliver(arena.handle(event, policy: policy), to: scene)
            return out
        case .pointerDown, .pointerCancel:
            return cancel(at: event.time, scene: scene)
        case .key(.escape, _) where arena.isActive:
            return cancel(at: event.time, scene: scene)
        case .key(let key, let modifiers):
            // A key never interrupts a press (only Escape, above, ends it).
            return arena.isActive ? [] : scene.update(.key(key, modifiers, time: event.time))
        case .pointerMove, .pointerUp:
            return deliver(arena.handle(event), to: scene)
        case .wheel(let delta, let point, let modifiers):
            return scene.update(.wheel(delta, at: point, modifiers, time: event.time, duringPress: arena.isActive))
        case .resize(let size):
            return scene.update(.resize(size, time: event.time))
        case .hover, .pointerLeft:
            return []  // nothing reacts to hover, so nothing jumps under a resting pointer
        }
    }

    /// Advances the press to `time` (a due hold fires); returns what the scene did.
    @discardableResult
    public mutating func tick(at time: Millis, scene: any DeckScene) -> [SceneEvent] {
        deliver(arena.tick(at: time), to: scene)
    }

    /// Ends the press in flight, if any, as a cancel; returns what the scene did.
    @discardableResult
    public mutating func cancel(at time: Millis, scene: any DeckScene) -> [SceneEvent] {
        deliver(arena.handle(InputEvent(.pointerCancel, at: time)), to: scene)
    }

    private func deliver(_ events: [GestureEvent], to scene: any DeckScene) -> [SceneEvent] {
        events.flatMap { scene.update(.gesture($0)) }
    }
}
