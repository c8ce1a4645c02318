import InteractionEngine
import Testing

/// A scene that records what the deck hands it.
private final class ProbeScene: DeckScene {
    let name: String
    var title: String { name.capitalized }
    var inputs: [SceneInput] = []
    /// Where the deck asked what a press may become.
    var policyQuestions: [Point] = []
    var size = Size.zero
    var stateRevision = 0
    var reduceMotion = false
    var queued: [SceneEvent] = []

    init(_ name: String) { self.name = name }
    func resize(to size: Size, at time: Millis) { self.size = size }
    func update(_ input: SceneInput) -> [SceneEvent] {
        inputs.append(input)
        defer { queued.removeAll() }
        return queued
    }
    func pressPolicy(at point: Point, time: Millis) -> PressPolicy {
        policyQuestions.append(point)
        return .anything
    }
    func tick(at time: Millis) -> [SceneEvent] {
        defer { queued.removeAll() }
        return queued
    }
    func needsFrame(at time: Millis) -> Bool { false }
    func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        list.append(.text(name, Rect(x: 0, y: 0, width: 100, height: 20), TextStyle(size: 12)))
        return list
    }
    func save(into state: inout DeckState) { state.carousel = .init(selected: name) }
}

@Suite struct DeckTests {
    private func makeDeck() -> (Deck, [ProbeScene]) {
        let scenes = ["wallet", "grid", "messages", "carousel"].map(ProbeScene.init)
        return (Deck(scenes: scenes, size: Size(width: 480, height: 800)), scenes)
    }

    @Test func scenesGetTheViewportBelowTheBar() {
        let (_, scenes) = makeDeck()
        #expect(scenes[0].size == Size(width: 480, height: 800 - Deck.barHeight))
    }

    @Test func pointerInputArrivesInSceneCoordinates() {
        let (deck, scenes) = makeDeck()
        deck.handle(InputEvent(.pointerDown(Point(x: 10, y: 144), .primary), at: 1))
        #expect(scenes[0].policyQuestions == [Point(x: 10, y: 100)], "asked once, in scene coordinates")
        #expect(scenes[0].inputs.last == .gesture(.pressed(at: Point(x: 10, y: 100), time: 1)))
    }

    @Test func digitKeysTabAndClicksSwitchScenes() {
        let (deck, _) = makeDeck()
        deck.handle(InputEvent(.key(.character("3"), []), at: 1))
        #expect(deck.current.name == "messages")
        deck.handle(InputEvent(.key(.tab, []), at: 2))
        #expect(deck.current.name == "carousel")
        deck.handle(InputEvent(.key(.tab, []), at: 3))
        #expect(deck.current.name == "wallet")
        deck.handle(InputEvent(.key(.tab, .shift), at: 4))
        #expect(deck.current.name == "carousel")
        // The second of four tabs across 480 px spans x = 120..<240.
        deck.handle(InputEvent(.pointerDown(Point(x: 130, y: 20), .primary), at: 5))
        deck.handle(InputEvent(.pointerUp(Point(x: 130, y: 20), .primary), at: 6))
        #expect(deck.current.name == "grid")
        let events = deck.drainEvents().filter { $0.name == "scene" }.compactMap { $0.string("scene") }
        #expect(events == ["messages", "carousel", "wallet", "carousel", "grid"])
    }

    @Test func switchingCancelsTheOldScenesPress() {
        let (deck, scenes) = makeDeck()
        deck.handle(InputEvent(.pointerDown(Point(x: 10, y: 300), .primary), at: 1))
        deck.handle(InputEvent(.key(.character("2"), []), at: 2))
        #expect(scenes[0].inputs.last == .gesture(.cancelled(time: 2)))
        #expect(!deck.gestureArena.isActive)
    }

    @Test func quitScreenshotAndOverlayKeys() {
        let (deck, scenes) = makeDeck()
        deck.handle(InputEvent(.key(.character("q"), []), at: 1))
        deck.handle(InputEvent(.key(.character("q"), .control), at: 2))
        deck.handle(InputEvent(.key(.function(12), []), at: 3))
        #expect(deck.drainCommands() == [.quit, .quit, .screenshot])
        deck.handle(InputEvent(.key(.character("d"), []), at: 4))
        #expect(deck.overlay != nil)
        // Keys the deck does not own reach the scene.
        deck.handle(InputEvent(.key(.down, .shift), at: 5))
        #expect(scenes[0].inputs.last == .key(.down, .shift, time: 5))
    }

    @Test func sceneEventsAreTaggedWithTheirScene() {
        let (deck, scenes) = makeDeck()
        scenes[0].queued = [.lift(id: "c1", index: 2)]
        deck.tick(at: 1)
        let events = deck.drainEvents()
        #expect(events == [DeckEvent("lift", ["id": .string("c1"), "index": .int(2), "scene": .string("wallet")])])
    }

    @Test func resizeReachesEveryScene() {
        let (deck, scenes) = makeDeck()
        deck.handle(InputEvent(.resize(Size(width: 1280, height: 800)), at: 1))
        #expect(scenes.allSatisfy { $0.size == Size(width: 1280, height: 800 - Deck.barHeight) })
    }

    @Test func noticeExpiresAndSetsADeadline() {
        let (deck, _) = makeDeck()
        deck.showNotice("state.json: damaged")
        deck.tick(at: 100)
        #expect(deck.render(at: 100).texts.contains { $0.contains("state.json: damaged") })
        #expect(deck.nextDeadline() == 100 + Deck.noticeDuration)
        deck.tick(at: 100 + Deck.noticeDuration)
        #expect(!deck.render(at: 100 + Deck.noticeDuration).texts.contains { $0.contains("damaged") })
        #expect(deck.nextDeadline() == nil)
    }

    @Test func stateCarriesWindowSizeAndScene() {
        let (deck, _) = makeDeck()
        deck.handle(InputEvent(.key(.character("4"), []), at: 1))
        #expect(deck.state().window == .init(width: 480, height: 800, scene: "carousel"))
    }
}

@Suite struct DeckRoutingTests {
    @Test func movesAndReleasesReachTheSceneUnlessThePressBeganInTheBar() {
        let scenes = ["wallet", "grid"].map(ProbeSceneForRouting.init)
        let deck = Deck(scenes: scenes, size: Size(width: 480, height: 800))
        deck.handle(InputEvent(.pointerDown(Point(x: 100, y: 300), .primary), at: 1))
        deck.handle(InputEvent(.pointerMove(Point(x: 100, y: 340)), at: 2))
        deck.handle(InputEvent(.pointerUp(Point(x: 100, y: 340), .primary), at: 3))
        #expect(scenes[0].kinds == ["pressed", "panBegan", "panEnded"])
        // A press on the bar keeps its drag and release away from the scene.
        deck.handle(InputEvent(.pointerDown(Point(x: 10, y: 10), .primary), at: 4))
        deck.handle(InputEvent(.pointerMove(Point(x: 10, y: 300)), at: 5))
        deck.handle(InputEvent(.pointerUp(Point(x: 10, y: 300), .primary), at: 6))
        #expect(scenes[0].kinds.count == 3)
        // And the next press in the scene goes through again.
        deck.handle(InputEvent(.pointerDown(Point(x: 10, y: 300), .primary), at: 7))
        #expect(scenes[0].kinds.count == 4)
    }
}

private final class ProbeSceneForRouting: DeckScene {
    let name: String
    var title: String { name }
    /// The gestures that reached the scene, by name (cancels left out).
    var kinds: [String] = []
    var stateRevision = 0
    var reduceMotion = false
    init(_ name: String) { self.name = name }
    func resize(to size: Size, at time: Millis) {}
    func update(_ input: SceneInput) -> [SceneEvent] {
        record(input)
        return []
    }
    private func record(_ input: SceneInput) {
        guard case .gesture(let g) = input else { return }
        switch g {
        case .pressed: kinds.append("pressed")
        case .panBegan: kinds.append("panBegan")
        case .panChanged: kinds.append("panChanged")
        case .panEnded: kinds.append("panEnded")
        case .tap: kinds.append("tap")
        case .released: kinds.append("released")
        case .cancelled, .holdBegan, .holdMoved, .holdEnded: break
        }
    }
    func tick(at time: Millis) -> [SceneEvent] { [] }
    func needsFrame(at time: Millis) -> Bool { false }
    func render(at time: Millis) -> DisplayList { DisplayList() }
    func save(into state: inout DeckState) {}
}
