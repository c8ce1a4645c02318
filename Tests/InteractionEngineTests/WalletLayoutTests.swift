import Testing
@testable import InteractionEngine

/// W1-W3: the stack's geometry, its scrolling, and its cost.
@Suite struct WalletLayoutTests {
    // MARK: W1

    @Test(arguments: [(1, 200.0), (2, 300.0), (14, 1500.0), (10_000, 1_000_100.0)])
    func contentHeightIsNMinusOneTimes100Plus200(count: Int, height: Double) {
        #expect(WalletLayout.contentHeight(count: count) == height)
        #expect(WalletLayout.contentHeight(count: 0) == 0)
    }

    @Test func restingCardsAre200TallWithTops100Apart() {
        let d = WalletDriver()
        let drawn = d.drawn
        #expect(drawn.map(\.id) == (0..<8).map { "c\($0)" }, "later cards above earlier ones, only the visible ones")
        for (i, card) in drawn.enumerated() {
            #expect(card.frame == Rect(x: 16, y: 16 + Double(i) * 100, width: 448, height: 200))
        }
        #expect(!d.scene.needsFrame(at: d.time), "idle at rest")
    }

    // MARK: W2 / W3 formula table

    @Test(arguments: [
        // index, offset, content top
        (0, 0.0, 0.0), (3, 0.0, 300.0),
        // W2: stuck at the top while scrolled
        (0, 250.0, 250.0), (1, 250.0, 250.0), (2, 250.0, 250.0), (3, 250.0, 300.0), (5, 250.0, 500.0),
        (4, 400.0, 400.0), (5, 400.0, 500.0),
        // W3: pulled down by p = 40: index*100 - p + p*index*0.25
        (0, -40.0, -40.0), (1, -40.0, 70.0), (2, -40.0, 180.0), (4, -40.0, 400.0),
        (3, -100.0, 275.0),
    ])
    func stackTopFollowsTheSeedFormulas(index: Int, offset: Double, top: Double) {
        #expect(WalletLayout.stackTop(index: index, offset: offset) == top)
    }

    @Test(arguments: [(0.0, 0, 8), (250.0, 2, 10), (200.0, 2, 10), (776.0, 7, 14), (-40.0, 0, 7)])
    func visibleRangeStartsAtTheStuckCard(offset: Double, first: Int, end: Int) {
        let layout = WalletLayout(viewport: WalletDriver.size, count: 14)
        #expect(layout.visibleRange(offset: offset) == first..<end)
    }

    @Test func onlyOneCardIsKeptStuckAtTheTop() {
        let d = WalletDriver()
        d.wheel(.pixels(dx: 0, dy: 250))
        #expect(d.offset == 250)
        let drawn = d.drawn
        #expect(drawn.first?.id == "c2", "c0 and c1 lie fully under c2 and are not drawn")
        #expect(drawn.first?.frame.minY == 16)
        #expect(drawn.dropFirst().first?.frame.minY == 66.0, "c3 at its own top, 16 + 300 - 250")
        #expect(!drawn.contains { $0.id == "c0" || $0.id == "c1" })
    }

    // MARK: Scrolling

    @Test func wheelNotchesScrollAndStopAtTheEnd() {
        let d = WalletDriver()
        d.wheel(.steps(dx: 0, dy: 3))
        d.settle()
        #expect(d.offset == 180)
        d.wheel(.steps(dx: 0, dy: 100))
        d.settle()
        #expect(d.offset == 1500 + 16 - 740, "max offset: content + bottom margin - stage height")
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func draggingTheStackScrollsWithInertia() {
        let d = WalletDriver()
        d.press(240, 600)
        d.drag(from: Point(x: 240, y: 600), to: Point(x: 240, y: 300), duration: 150)
        let atRelease = d.offset
        #expect(atRelease > 250, "the content follows the pointer")
        d.release(240, 300)
        d.advance(200)
        #expect(d.offset > atRelease + 50, "a fling keeps going")
        d.settle()
        #expect(d.offset <= 776)
        #expect(d.names().isEmpty, "scrolling emits nothing")
    }

    @Test func draggingPastTheBottomRubberBandsAndComesBack() {
        let d = WalletDriver()
        d.wheel(.pixels(dx: 0, dy: 776))
        d.press(240, 600)
        d.drag(from: Point(x: 240, y: 600), to: Point(x: 240, y: 300), duration: 600, steps: 30)
        d.advance(100)
        let banded = d.offset - 776
        #expect(banded > 0 && banded < 290, "resisting: less than the 290 px pulled past the slop")
        d.release(240, 300)
        d.settle()
        #expect(d.offset == 776)
    }

    @Test func pullingDownFansTheCardsAndSpringsBack() {
        let d = WalletDriver()
        d.press(240, 300)
        d.drag(from: Point(x: 240, y: 300), to: Point(x: 240, y: 500), duration: 400, steps: 20)
        let offset = d.offset
        #expect(offset < 0)
        let p = -offset
        for card in d.drawn {
            let i = Double(d.scene.index(of: card.id) ?? -1)
            // Screen top = stage + content top - offset = 16 + i*100 + p*i*0.25.
            #expect(abs(card.frame.minY - (16 + i * 100 + p * i * 0.25)) < 1e-9)
        }
        // Released while still pulling down: the velocity carries into the spring.
        d.move(240, 520)
        d.release(240, 520)
        let released = d.offset
        d.advance(1000.0 / 60)
        #expect(d.offset < released, "still moving down just after release (velocity carried)")
        d.settle()
        #expect(d.offset == 0)
        #expect(d.drawn.first?.frame.minY == 16 && d.drawn[1].frame.minY == 116)
    }

    // MARK: Cost

    @Test func tenThousandCardsLayOutOnlyWhatShows() {
        let d = WalletDriver(count: 10_000)
        d.wheel(.pixels(dx: 0, dy: 500_050))
        #expect(d.offset == 500_050)
        let layout = d.scene.layout
        #expect(layout.visibleRange(offset: d.offset).count <= 9)
        let drawn = d.drawn
        #expect(drawn.count <= 9)
        #expect(drawn.first?.id == "c5000")
        let small = WalletDriver(count: 14)
        small.wheel(.pixels(dx: 0, dy: 50))
        let many = d.scene.render(at: d.time).commands.count
        let few = small.scene.render(at: small.time).commands.count
        #expect(many <= few + 20, "drawing 10,000 cards costs what drawing 14 does (\(many) vs \(few) commands)")
    }

    @Test func resizingLaysOutAgain() {
        let d = WalletDriver()
        d.wheel(.pixels(dx: 0, dy: 776))
        d.send(.resize(Size(width: 800, height: 1000)))
        #expect(d.offset == 1516 - 984, "the offset is clamped to the taller viewport")
        #expect(d.drawn.last?.frame.width == WalletMetrics.maxCardWidth, "800 - 2 * 16, capped at 450")
        #expect(d.drawn.last?.frame.minX == (800 - WalletMetrics.maxCardWidth) / 2, "the stack is centred")
    }
}
