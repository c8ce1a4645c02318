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

    /// Routes one input (scene coordinates) to `scene`.
    public mutating func route(_ event: InputEvent, to scene: any DeckScene) {
        switch event.kind {
        case .pointerDown(let point, .primary) where point.isFinite:
            if arena.isActive { cancel(at: event.time, scene: scene) }
            arena.retune(scene.gestureSettings)  // no press in flight: in force at once
            let policy = scene.pressPolicy(at: point, time: event.time)
            deliver(arena.handle(event, policy: policy), to: scene)
        case .pointerDown, .pointerCancel:
            cancel(at: event.time, scene: scene)
        case .key(.escape, _) where arena.isActive:
            cancel(at: event.time, scene: scene)
        case .key(let key, let modifiers):
            // A key never interrupts a press (only Escape, above, ends it).
            if !arena.isActive { scene.update(.key(key, modifiers, time: event.time)) }
        case .pointerMove, .pointerUp:
            deliver(arena.handle(event), to: scene)
        case .wheel(let delta, let point, let modifiers):
            scene.update(.wheel(delta, at: point, modifiers, time: event.time, duringPress: arena.isActive))
        case .resize(let size):
            scene.update(.resize(size, time: event.time))
        case .hover, .pointerLeft:
            break  // nothing reacts to hover, so nothing jumps under a resting pointer
        }
    }

    /// Advances the press to `time` (a due hold fires).
    public mutating func tick(at time: Millis, scene: any DeckScene) {
        deliver(arena.tick(at: time), to: scene)
    }

    /// Ends the press in flight, if any, as a cancel.
    public mutating func cancel(at time: Millis, scene: any DeckScene) {
        deliver(arena.handle(InputEvent(.pointerCancel, at: time)), to: scene)
    }

    private func deliver(_ events: [GestureEvent], to scene: any DeckScene) {
        for event in events { scene.update(.gesture(event)) }
    }
}
