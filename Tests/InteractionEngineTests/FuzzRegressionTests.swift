import InteractionEngine
import Testing

/// Sequences the fuzzer found, shrunk and kept as plain tests (they fail until the scene is fixed).
@Suite struct FuzzRegressionTests {
    /// A deck of one scene from the real assets, in a 480x800 window.
    func deck(_ scene: String) throws -> Deck {
        Deck(scenes: [try FuzzScenes.make(scene, state: DeckState())], size: Size(width: 480, height: 800))
    }

    /// Ticks at 60 Hz from `from` to `to`.
    func run(_ deck: Deck, from: Millis, to: Millis) {
        var t = from
        while t <= to {
            deck.tick(at: t)
            t += 1000.0 / 60.0
        }
    }

    /// Grid, found with seed 0xfb55fe1e8a7795dd: a second primary press arrives while a tile
    /// is lifted (the release was lost, e.g. to a broken grab). The arena cancels the lift; the
    /// release that follows comes while the tile lands and `GridScene.handle` drops it, so the
    /// arena never hears it: it stays active (60 Hz frames forever) and its hold timer then
    /// lifts a tile with no button held.
    @Test func gridSecondPressDuringALiftLeavesNothingHeld() throws {
        let deck = try deck("grid")
        let grid = try #require(deck.current as? GridScene)
        deck.tick(at: 0)
        deck.handle(InputEvent(.pointerDown(Point(x: 400, y: 600), .primary), at: 10))
        run(deck, from: 16, to: 700)
        #expect(grid.movingID != nil, "the hold did not lift a tile")
        deck.handle(InputEvent(.pointerDown(Point(x: 200, y: 500), .primary), at: 710))
        deck.tick(at: 710)
        deck.handle(InputEvent(.pointerUp(Point(x: 200, y: 500), .primary), at: 730))
        let before = deck.drainEvents().map(\.name)
        run(deck, from: 730, to: 11_000)
        let after = deck.drainEvents().map(\.name)
        #expect(!deck.needsFrame(at: 11_000), "still drawing frames 10 s after the release")
        #expect(!deck.gestureArena.isActive, "the gesture arena is still active with no button held")
        #expect(grid.movingID == nil, "tile \(grid.movingID ?? "") is lifted with no button held")
        #expect(!after.contains("lift"), "events before the release \(before), after it \(after)")
    }

    /// Every scene, found with many seeds (e.g. messages 0xec7df9801e48a71): a press that starts
    /// on the scene bar sets `Deck.pressStartedInBar`, and only a `pointerUp` clears it. When
    /// that press ends with `pointerCancel` (a lost grab) instead, or the release is lost and the
    /// next press lands below the bar, the flag stays set: the scene gets the next press but
    /// not its moves or its release, so its gesture never ends (60 Hz frames for ever, a
    /// closed-hand cursor) until some later press.
    @Test(arguments: FuzzScenes.names)
    func aPressOnTheBarThatIsCancelledDoesNotSwallowTheNextGesture(scene: String) throws {
        let deck = try deck(scene)
        deck.tick(at: 0)
        deck.handle(InputEvent(.pointerDown(Point(x: 5, y: 20), .primary), at: 10))
        deck.handle(InputEvent(.pointerCancel, at: 20))
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 400), .primary), at: 100))
        deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 300)), at: 130))
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: 300), .primary), at: 160))
        run(deck, from: 160, to: 10_000)
        #expect(!deck.gestureArena.isActive, "\(scene): the release never reached the scene")
        #expect(!deck.needsFrame(at: 10_000), "\(scene): still drawing frames 10 s after the release")
    }

    /// The same with a lost release: a press on the bar, then a press below it, then its release.
    @Test(arguments: FuzzScenes.names)
    func aSecondPressBelowTheBarGetsItsRelease(scene: String) throws {
        let deck = try deck(scene)
        deck.tick(at: 0)
        deck.handle(InputEvent(.pointerDown(Point(x: 5, y: 20), .primary), at: 10))
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 400), .primary), at: 500))
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: 400), .primary), at: 560))
        run(deck, from: 560, to: 10_000)
        #expect(!deck.gestureArena.isActive, "\(scene): the release never reached the scene")
        #expect(!deck.needsFrame(at: 10_000), "\(scene): still drawing frames 10 s after the release")
    }
}
