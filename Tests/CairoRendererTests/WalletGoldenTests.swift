import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// The Wallet scene rendered headless from the repository's cards, driven
/// with synthetic input. Only the scene's viewport (480x756) is compared, so
/// the images do not change with the tab bar or the other scenes.
@Suite struct WalletGoldenTests {
    /// Ticks to `time` and compares the scene alone, on the deck's background.
    static func check(_ deck: Deck, at time: Millis, name: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        deck.tick(at: time)
        var list = DisplayList()
        list.append(.clear(Theme.background))
        list.append(contentsOf: deck.current.render(at: time))
        let size = deck.sceneSize
        let image = CairoRenderer().image(of: list, width: Int(size.width), height: Int(size.height))
        try Goldens.compare(image, name: name, sourceLocation: sourceLocation)
    }

    /// Pointer input in scene coordinates, moved below the bar and through the deck
    /// (whose arena decides the press).
    static func send(_ deck: Deck, _ kind: InputEvent.Kind, at time: Millis) {
        deck.handle(InputEvent(kind, at: time).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        deck.tick(at: time)
    }

    /// The stack at rest: eight cards showing, the last one whole.
    @Test func rest() throws {
        let deck = try Goldens.deck(scene: "wallet")
        try Self.check(deck, at: 0, name: "wallet-rest")
    }

    /// Mid-drag: the third card held up, moved down past the fourth, which is
    /// still sliding up into the freed slot.
    @Test func lifted() throws {
        let deck = try Goldens.deck(scene: "wallet")
        var t: Millis = 0
        let x = 240.0, y = 250.0
        Self.send(deck, .pointerDown(Point(x: x, y: y), .primary), at: t)
        for _ in 0..<36 {
            t += 1000.0 / 60
            deck.tick(at: t)
        }
        #expect(deck.drainEvents().map(\.name) == ["lift"])
        for step in 1...10 {
            t += 20
            Self.send(deck, .pointerMove(Point(x: x, y: y + Double(step) * 11.5)), at: t)
        }
        t += 80
        try Self.check(deck, at: t, name: "wallet-lifted")
    }

    /// The second card expanded over the footer of the others, details showing.
    @Test func expanded() throws {
        let deck = try Goldens.deck(scene: "wallet")
        Self.send(deck, .pointerDown(Point(x: 240, y: 150), .primary), at: 0)
        Self.send(deck, .pointerUp(Point(x: 240, y: 150), .primary), at: 60)
        #expect(deck.drainEvents().map(\.name) == ["expand"])
        for i in 1...90 { deck.tick(at: 60 + Double(i) * 1000 / 60) }
        #expect(!deck.needsFrame(at: 1600))
        try Self.check(deck, at: 1600, name: "wallet-expanded")
    }
}
