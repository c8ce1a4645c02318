import InteractionEngine
import Testing

@Suite struct OverlayTests {
    private func gridDeck() -> (Deck, GridScene) {
        let grid = GridScene(tiles: gridTiles(24), saved: nil, size: Size(width: 480, height: 756))
        return (Deck(scenes: [grid], size: Size(width: 480, height: 800)), grid)
    }

    @Test func keyDCyclesTheOverlayAndItShowsTheGesture() {
        let (deck, _) = gridDeck()
        let plain = deck.render(at: 0).commands.count
        deck.handle(InputEvent(.key(.character("d"), []), at: 0))
        #expect(deck.overlay?.mode == .compact)
        let compact = deck.render(at: 0).texts.joined(separator: "\n")
        #expect(compact.contains("gesture") && compact.contains("velocity") && !compact.contains("budget 16.7"))
        deck.handle(InputEvent(.key(.character("d"), []), at: 1))
        #expect(deck.overlay?.mode == .full)
        let texts = deck.render(at: 1).texts.joined(separator: "\n")
        #expect(texts.contains("gesture") && texts.contains("velocity") && texts.contains("budget 16.7"))
        #expect(deck.render(at: 1).commands.count > plain)
        deck.handle(InputEvent(.key(.character("d"), []), at: 2))
        #expect(deck.overlay == nil)
    }

    @Test func theOverlayShowsTheVelocityEstimateAndItsConfidence() {
        let (deck, _) = gridDeck()
        deck.overlay = DeckOverlay()
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 600), .primary), at: 0))
        #expect(deck.render(at: 0).texts.contains { $0.contains("estimate none") })
        for i in 1...6 {  // a steady drag: a parabola fits it exactly
            deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 600 - Double(i) * 16)), at: Double(i) * 8))
        }
        let texts = deck.render(at: 48).texts.joined(separator: "\n")
        #expect(texts.contains("estimate confidence 1.0  7 samples / 48 ms"), "\(texts)")
        #expect(texts.contains("|v| 2000"))
    }

    @Test func liftedTileShowsItsSlotFramesAndTrail() {
        let (deck, _) = gridDeck()
        deck.overlay = DeckOverlay()
        deck.handle(InputEvent(.pointerDown(Point(x: 67, y: 111), .primary), at: 0))
        deck.tick(at: 600)
        deck.handle(InputEvent(.pointerMove(Point(x: 120, y: 150)), at: 620))
        deck.handle(InputEvent(.pointerMove(Point(x: 182, y: 226)), at: 660))
        deck.tick(at: 660)
        let list = deck.render(at: 660)
        #expect(list.texts.contains { $0.contains("lifted") && $0.contains("slot 0 →") })
        let outlines = list.commands.filter { if case .strokeRect = $0 { true } else { false } }
        #expect(outlines.count >= 12, "tile frames are outlined")
        let trails = list.commands.filter { if case .polyline(let points, _, _) = $0 { points.count >= 3 } else { false } }
        #expect(trails.count == 1, "the pointer trail is drawn")
        // A projected slot is marked with a circle.
        #expect(list.commands.contains { if case .strokeCircle = $0 { true } else { false } })
    }

    @Test func frameTimesAreGraphedAgainstTheBudget() {
        var overlay = DeckOverlay()
        for ms in [4.0, 8, 20] { overlay.recordFrameTime(ms) }
        let (deck, _) = gridDeck()
        deck.overlay = overlay
        let list = deck.render(at: 0)
        #expect(list.texts.contains { $0.contains("frame 20.0 ms") })
        let red = Color(rgb: 0xFF453A)
        #expect(list.commands.contains { if case .fillRect(_, .solid(red), _) = $0 { true } else { false } })
    }
}
