import Foundation
import InteractionEngine
import Testing

/// Golden images of the carousel (look at them after `RECORD_GOLDENS=1`).
@Suite struct CarouselGoldenTests {
    /// At rest on a selected item: the item large with its badge, name and
    /// position; in the strip, zoomed, opaque and ringed, its neighbours at half alpha.
    @Test func rest() throws {
        let deck = try Goldens.deck(scene: "carousel", state: DeckState(carousel: DeckState.CarouselState(selected: "summit")))
        try Goldens.check(deck, at: 0, name: "carousel-rest")
    }

    /// Halfway through a two-item move: two items zoomed in the strip, the
    /// large view cross-fading and sliding between them.
    @Test func midScroll() throws {
        let deck = try Goldens.deck(scene: "carousel", state: DeckState(carousel: DeckState.CarouselState(selected: "cherries")))
        deck.handle(InputEvent(.key(.right, []), at: 10))
        deck.handle(InputEvent(.key(.right, []), at: 20))
        try Goldens.check(deck, at: 150, name: "carousel-mid-scroll")
    }
}
