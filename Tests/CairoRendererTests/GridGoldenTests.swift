import Foundation
import InteractionEngine
import Testing

/// Golden images of the grid (look at them after `RECORD_GOLDENS=1`).
@Suite struct GridGoldenTests {
    /// At rest: four columns of rounded colour tiles, three of them pinned (badge top right).
    @Test func rest() throws {
        let deck = try Goldens.deck(scene: "grid")
        try Goldens.check(deck, at: 0, name: "grid-rest")
    }

    /// Mid-drag: Teal lifted (scaled 1.05, deep shadow) off centre over slot 6; the
    /// tiles between have reflowed around the pinned Slate, and the empty slot it
    /// will land in is tinted.
    @Test func midDrag() throws {
        let deck = try Goldens.deck(scene: "grid")
        let grid = try #require(deck.current as? GridScene)
        // Input in scene coordinates, through the deck (its arena decides the press).
        let start = grid.layout.center(at: 1)
        deck.handle(InputEvent(.pointerDown(start, .primary), at: 0).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        deck.tick(at: 520)
        let end = grid.layout.center(at: 10) + Point(x: 26, y: 18)
        for step in 1...12 {
            let t = 520 + Double(step) * 1000 / 60
            deck.handle(InputEvent(.pointerMove(start + (end - start) * (Double(step) / 12)), at: t).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
            deck.tick(at: t)
        }
        #expect(grid.reorder.movement?.current == 10)
        try Goldens.check(deck, at: 1400, name: "grid-mid-drag")
    }
}
