import Testing
@testable import InteractionEngine

/// Issue 22, tried by hand: the grid's edge cases, with synthetic time at 60 Hz.
@Suite struct GridTriedByHandTests {
    final class Driver {
        let scene: GridScene
        /// The press router a deck would own: scenes take gestures, not pointer input.
        var router = PressRouter()
        /// What the scene returned since the last look.
        var inbox: [SceneEvent] = []
        func takeInbox() -> [DeckEvent] {
            defer { inbox.removeAll() }
            return inbox.map(\.deckEvent)
        }
        var time: Millis = 0
        var events: [DeckEvent] = []
        init(_ count: Int = 48, size: Size = gridViewport) { scene = GridScene(tiles: gridTiles(count), size: size) }
        func send(_ kind: InputEvent.Kind) {
            inbox += router.route(InputEvent(kind, at: time), to: scene)
            events += takeInbox()
        }
        func wait(_ ms: Millis, each: (() -> Void)? = nil) {
            let end = time + ms
            while time < end {
                time = min(end, time + 1000.0 / 60)
                inbox += router.tick(at: time, scene: scene)
                inbox += scene.tick(at: time)
                events += takeInbox()
                each?()
            }
        }
        var offset: Double { scene.scrollOffset(at: time) }
        func slot(_ i: Int) -> Point { scene.layout.center(at: i) - Point(x: 0, y: offset) }
        func placement(_ id: String) -> LaidOutItem? { scene.visiblePlacements(at: time).first { $0.id == id } }
        func moved(to p: Point) { send(.pointerMove(p)) }
        /// Presses slot `i` (at `grab` from its centre) and holds until it lifts and has grown.
        func lift(_ i: Int, grab: Point = .zero) -> String {
            let id = scene.reorder.liveItems[i].id
            send(.pointerDown(slot(i) + grab, .primary))
            wait(800)
            #expect(scene.movingID == id)
            return id
        }
    }

    // MARK: Item 2

    @Test func aTileCarriedBelowTheWindowStaysHalfInsideAndLands() {
        let d = Driver(200)
        let id = d.lift(1)
        for step in 1...10 { d.wait(1000.0 / 60); d.moved(to: d.slot(1) + Point(x: 0, y: Double(step) * 300)) }
        let pointer = Point(x: 100, y: 3000)
        d.moved(to: pointer)
        d.wait(100)
        let frame = d.placement(id)?.frame ?? .zero
        #expect(frame.midY <= gridViewport.height + 1e-9 && frame.midY >= gridViewport.height - 1, "\(frame)")
        let before = d.offset
        d.wait(100)
        #expect(abs((d.offset - before) / 0.1 - EdgeAutoScroll.defaultMaximumSpeed) < 1, "full speed")
        d.send(.pointerUp(pointer, .primary))
        d.wait(1000)
        let index = d.scene.reorder.items.firstIndex { $0.id == id } ?? -1
        #expect(index > 1)
        #expect(d.placement(id)?.frame == d.scene.layout.frame(at: index).offsetBy(dx: 0, dy: -d.offset), "in its slot")
    }

    // MARK: Item 3

    /// After a resize the held tile has the new column width and the pointer holds the
    /// same point of it.
    @Test func theHeldTileFollowsANewColumnWidth() {
        let d = Driver()
        let grab = Point(x: -30, y: -20)
        let id = d.lift(5, grab: grab)
        let pointer = d.slot(5) + grab
        func relative() -> Point {
            let f = d.placement(id)?.frame ?? .zero
            return Point(x: (pointer.x - f.minX) / f.width, y: (pointer.y - f.minY) / f.height)
        }
        let before = relative()
        d.send(.resize(Size(width: 360, height: 756)))
        let tile = d.placement(id)?.frame ?? .zero
        #expect(abs(tile.width - d.scene.layout.tileSize * GridScene.liftScale) < 1e-9, "new width \(tile.width)")
        let after = relative()
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9, "\(before) → \(after)")
    }

    // MARK: Item 6

    @Test func cancelAfterALongAutoScrollScrollsHomeIntoView() {
        let d = Driver(200)
        let id = d.lift(1)
        d.moved(to: Point(x: 100, y: gridViewport.height + 50))
        d.wait(3000)
        #expect(d.offset > 1500)
        let order = d.scene.reorder.items.map(\.id)
        d.send(.key(.escape, []))
        #expect(d.events.contains { $0.name == "cancel" })
        let screen = Rect(origin: .zero, size: gridViewport)
        var frames: [Rect] = []
        d.wait(1000) { frames.append(d.placement(id)?.frame ?? .zero) }
        #expect(frames.allSatisfy { $0.intersects(screen) }, "on screen all the way home")
        #expect(d.scene.reorder.items.map(\.id) == order)
        let home = d.scene.layout.frame(at: 1).offsetBy(dx: 0, dy: -d.offset)
        #expect(home.minY >= 0 && home.maxY <= gridViewport.height, "home slot visible at \(d.offset)")
        #expect(d.placement(id)?.frame == home)
    }

    // MARK: Item 9: press feedback

    @Test func thePressBuildsIntoTheLiftAndAPanCancelsItCleanly() {
        let d = Driver()
        let id = d.scene.reorder.liveItems[5].id
        let rest = d.placement(id)?.frame ?? .zero
        d.send(.pointerDown(d.slot(5), .primary))
        d.wait(250)
        let quarter = d.placement(id)?.frame ?? .zero
        #expect(quarter.width < rest.width && quarter.width > rest.width * GridScene.pressFeedbackScale)
        #expect(quarter.center == rest.center)
        d.wait(500 - 250 - 1000.0 / 60)
        let before = d.placement(id)?.frame ?? .zero
        #expect(d.scene.movingID == nil)
        d.wait(1000.0 / 60)
        #expect(d.scene.movingID == id)
        let lifted = d.placement(id)?.frame ?? .zero
        #expect(abs(lifted.width - rest.width * GridScene.pressFeedbackScale) < 1e-6, "the lift starts from the press")
        #expect(abs(lifted.width - before.width) < 1)
        d.wait(400)
        #expect(abs((d.placement(id)?.frame.width ?? 0) - rest.width * GridScene.liftScale) < 1e-9)

        let e = Driver()
        e.send(.pointerDown(e.slot(5), .primary))
        e.wait(400)
        let pressed = e.placement(id)?.frame ?? .zero
        e.moved(to: e.slot(5) + Point(x: 0, y: 30))
        let panned = e.placement(id)?.frame ?? .zero
        #expect(abs(panned.width - pressed.width) < 0.1, "no jump when the pan takes over")
        e.send(.pointerUp(e.slot(5) + Point(x: 0, y: 30), .primary))
        e.wait(1000)
        #expect(e.placement(id)?.frame.width == rest.width)
    }

    // MARK: Item 9: the reflow boundary and its hysteresis

    /// Straddles the SPEC's half-tile capture distance forward and back, and the band.
    @Test func theGridReflowsAtHalfATileBothWays() {
        var r = GridReorder(items: gridTiles(12), width: 480)
        let c = r.layout
        let capture = GridReorder.captureDistance(tileSize: c.tileSize)
        #expect(capture == 51.5, "half of a 103 px tile")
        let delta = 0.5
        let a = c.center(at: 0), b = c.center(at: 1)
        let began = r.beginMovement(at: a)
        #expect(began)
        #expect(r.updateMovement(target: b - Point(x: capture + delta, y: 0)) == nil)
        #expect(r.updateMovement(target: b - Point(x: capture - delta, y: 0))?.to == 1)
        // Back: slot 0 takes it again only once its centre is within half a tile of slot 0.
        #expect(r.updateMovement(target: a + Point(x: capture + delta, y: 0)) == nil)
        #expect(r.movement?.current == 1)
        #expect(r.updateMovement(target: a + Point(x: capture - delta, y: 0))?.to == 0)
        // The band between the two boundaries is the spacing.
        #expect(GridReorder.hysteresisBand(c) == GridLayout.spacing)
    }
}
