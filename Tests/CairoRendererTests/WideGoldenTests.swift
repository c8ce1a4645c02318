import Foundation
import InteractionEngine
import Testing

/// Every scene at 1280x800 (issue 22, item 7; look at them after `RECORD_GOLDENS=1`):
/// the wallet's cards capped at 450 px and centred with their footer, message rows at
/// a 672 px reading width and centred, the grid with as many columns as fit, the
/// carousel as it is. The 480x800 goldens are unchanged by this.
@Suite struct WideGoldenTests {
    static let wide = Size(width: 1280, height: 800)

    @Test func walletRest() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Self.wide)
        try Goldens.check(deck, at: 0, name: "wallet-rest-1280")
    }

    /// The second card expanded: the expanded card and its footer in the same centred column.
    @Test func walletExpanded() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Self.wide)
        let p = Point(x: 640, y: 150)
        deck.handle(InputEvent(.pointerDown(p, .primary), at: 0).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        deck.handle(InputEvent(.pointerUp(p, .primary), at: 60).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        for i in 1...90 { deck.tick(at: 60 + Double(i) * 1000 / 60) }
        #expect(!deck.needsFrame(at: 1600))
        try Goldens.check(deck, at: 1600, name: "wallet-expanded-1280")
    }

    @Test func gridRest() throws {
        let deck = try Goldens.deck(scene: "grid", size: Self.wide)
        try Goldens.check(deck, at: 0, name: "grid-rest-1280")
    }

    @Test func messagesRest() throws {
        let deck = try Goldens.deck(scene: "messages", size: Self.wide)
        try Goldens.check(deck, at: 0, name: "messages-rest-1280")
    }

    /// The second row swiped open inside the centred column (the content clipped to it).
    @Test func messagesRowOpen() throws {
        let deck = try Goldens.deck(scene: "messages", size: Self.wide)
        let scene = try #require(deck.current as? MessagesScene)
        scene.openRow("c02", at: 0)
        deck.tick(at: 1000)
        #expect(!deck.needsFrame(at: 1000))
        try Goldens.check(deck, at: 1000, name: "messages-row-open-1280")
    }

    @Test func carouselRest() throws {
        let deck = try Goldens.deck(scene: "carousel", size: Self.wide,
                                    state: DeckState(carousel: DeckState.CarouselState(selected: "summit")))
        try Goldens.check(deck, at: 0, name: "carousel-rest-1280")
    }
}
