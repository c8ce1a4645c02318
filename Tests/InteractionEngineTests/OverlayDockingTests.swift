import Testing
@testable import InteractionEngine

/// Issue 22, item 8: the overlay's text box docks away from what it explains.
@Suite struct OverlayDockingTests {
    static let boxColor = Color.black.withAlpha(0.74)

    /// The overlay's text box in the deck's latest frame.
    static func box(_ deck: Deck, at time: Millis) -> Rect? {
        for command in deck.render(at: time).commands {
            if case .fillRect(let rect, .solid(let color), _) = command, color == boxColor { return rect }
        }
        return nil
    }

    static func walletDeck(_ size: Size) -> Deck {
        let wallet = WalletScene(cards: WalletDriver.cards(14), size: Size(width: size.width, height: size.height - Deck.barHeight))
        let deck = Deck(scenes: [wallet], size: size)
        deck.overlay = DeckOverlay()
        return deck
    }

    /// At rest the box stays off the first card's title strip (where it used to sit).
    @Test func theBoxLeavesTheFirstCardsTitleAlone() throws {
        let deck = Self.walletDeck(Size(width: 480, height: 800))
        let box = try #require(Self.box(deck, at: 0))
        let firstTitle = Rect(x: 16, y: Deck.barHeight + 16, width: 448, height: 100)
        #expect(!box.intersects(firstTitle), "\(box)")
    }

    /// The pointer coming near the box sends it to the farthest corner, and the box
    /// never stays under the pointer.
    @Test func theBoxMovesAwayFromThePointer() throws {
        let deck = Self.walletDeck(Size(width: 480, height: 800))
        let start = try #require(Self.box(deck, at: 0))
        let inside = start.center
        deck.handle(InputEvent(.hover(inside), at: 10))
        let moved = try #require(Self.box(deck, at: 10))
        #expect(!moved.insetBy(dx: -DeckOverlay.pointerClearance, dy: -DeckOverlay.pointerClearance).contains(inside))
        #expect(moved.minX < 20 && moved.minY < Deck.barHeight + 20, "to the top-left corner: \(moved)")
        // Straddling the clearance: a pointer just outside it leaves the box where it is.
        let near = Point(x: moved.maxX + DeckOverlay.pointerClearance + 1, y: moved.midY)
        deck.handle(InputEvent(.hover(near), at: 20))
        #expect(Self.box(deck, at: 20) == moved)
        let touching = Point(x: moved.maxX + DeckOverlay.pointerClearance - 1, y: moved.midY)
        deck.handle(InputEvent(.hover(touching), at: 30))
        #expect(Self.box(deck, at: 30) != moved)
    }

    /// A wide window: the box sits beside the centred stack, over no card.
    @Test func aWideWindowPutsTheBoxBesideTheScene() throws {
        let deck = Self.walletDeck(Size(width: 1280, height: 800))
        let box = try #require(Self.box(deck, at: 0))
        let wallet = try #require(deck.current as? WalletScene)
        for card in wallet.drawnCards(at: 0) {
            #expect(!box.intersects(card.frame.offsetBy(dx: 0, dy: Deck.barHeight)), "covers \(card.id)")
        }
        #expect(box.minY == Deck.barHeight + DeckOverlay.dockMargin, "at the top, beside the stack")
    }

    /// Compact shows no frame outlines and no graph; full shows both.
    @Test func compactIsSmallerThanFull() throws {
        let deck = Self.walletDeck(Size(width: 480, height: 800))
        deck.overlay = DeckOverlay(mode: .compact)
        let compact = try #require(Self.box(deck, at: 0))
        let outlines = deck.render(at: 0).commands.filter { if case .strokeRect = $0 { true } else { false } }.count
        deck.overlay = DeckOverlay(mode: .full)
        let full = try #require(Self.box(deck, at: 0))
        let fullOutlines = deck.render(at: 0).commands.filter { if case .strokeRect = $0 { true } else { false } }.count
        #expect(compact.height < full.height)
        #expect(fullOutlines > outlines, "full outlines the layout frames")
    }
}
