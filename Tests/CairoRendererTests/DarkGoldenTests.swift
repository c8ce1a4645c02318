import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// The dark appearance of every scene, the bar and the overlay (look at them after
/// `RECORD_GOLDENS=1`). The light goldens stay as they were: the light palette is the one
/// they were drawn with.
@Suite struct DarkGoldenTests {
    private func dark(_ scene: String) throws -> Deck {
        let deck = try Goldens.deck(scene: scene)
        deck.appearance = .dark
        return deck
    }

    @Test func walletRestAndExpanded() throws {
        let deck = try dark("wallet")
        try Goldens.check(deck, at: 0, name: "dark-wallet-rest")
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 150 + Deck.barHeight), .primary), at: 10))
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: 150 + Deck.barHeight), .primary), at: 70))
        #expect(deck.drainEvents().map(\.name) == ["expand"])
        for i in 1...90 { deck.tick(at: 70 + Double(i) * 1000 / 60) }
        try Goldens.check(deck, at: 1700, name: "dark-wallet-expanded")
    }

    /// A tile lifted mid-drag over the reflowed grid, with the focus ring on another.
    @Test func gridMidDrag() throws {
        let deck = try dark("grid")
        let grid = try #require(deck.current as? GridScene)
        let start = grid.layout.center(at: 1)
        deck.handle(InputEvent(.pointerDown(start, .primary), at: 0).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        deck.tick(at: 520)
        let end = grid.layout.center(at: 10) + Point(x: 26, y: 18)
        for step in 1...12 {
            let t = 520 + Double(step) * 1000 / 60
            deck.handle(InputEvent(.pointerMove(start + (end - start) * (Double(step) / 12)), at: t).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
            deck.tick(at: t)
        }
        try Goldens.check(deck, at: 1400, name: "dark-grid-mid-drag")
    }

    /// Pinned, read and unread rows, one swiped open on its action buttons.
    @Test func messagesRowOpen() throws {
        let deck = try dark("messages")
        try Goldens.check(deck, at: 0, name: "dark-messages-rest")
        let scene = try #require(deck.current as? MessagesScene)
        scene.perform(.pin, on: "c04", at: 0)
        deck.tick(at: 1000)
        let start = Point(x: 400, y: 2 * 72 + 36)
        deck.handle(InputEvent(.pointerDown(start, .primary), at: 1000).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        for step in 1...10 {
            let t = 1000 + Double(step) * 16
            deck.handle(InputEvent(.pointerMove(start + Point(x: -16 * Double(step), y: 0)), at: t).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
            deck.tick(at: t)
        }
        deck.handle(InputEvent(.pointerUp(start + Point(x: -160, y: 0), .primary), at: 1250).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        try Goldens.check(deck, at: 1600, name: "dark-messages-row-open")
    }

    @Test func carouselRest() throws {
        try Goldens.check(try dark("carousel"), at: 0, name: "dark-carousel-rest")
    }

    /// The interaction overlay over a scene in the dark.
    @Test func overlay() throws {
        let deck = try dark("wallet")
        deck.handle(InputEvent(.key(.character("d"), []), at: 0))
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 300), .primary), at: 10))
        for i in 1...6 {
            deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 300 - Double(i) * 20)), at: 10 + Double(i) * 16))
        }
        try Goldens.check(deck, at: 120, name: "dark-overlay")
    }

    /// The same deck drawn light and dark differs in its surfaces but keeps its card colours.
    @Test func darkIsDesignedNotInverted() throws {
        let light = try Goldens.deck(scene: "wallet")
        let dark = try dark("wallet")
        let renderer = CairoRenderer()
        let l = renderer.image(of: light.render(at: 0), width: 480, height: 800)
        let d = renderer.image(of: dark.render(at: 0), width: 480, height: 800)
        // The background (bottom-right, below the stack) is black, not the light grey inverted.
        #expect(d.pixel(x: 470, y: 790) & 0xFFFFFF == 0x000000)
        #expect(l.pixel(x: 470, y: 790) & 0xFFFFFF == 0xF2F2F7)
        // The first card's face (its colours are the card's own) is the same in both.
        #expect(l.pixel(x: 240, y: 100) == d.pixel(x: 240, y: 100))
    }
}
