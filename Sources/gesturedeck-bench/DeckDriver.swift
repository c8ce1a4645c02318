import DeckApp
import InteractionEngine

/// Builds decks the way the app does: every scene from its factory, in tab order.
enum DeckBuilder {
    /// The catalog's factories, plus those of the four scenes it does not list yet.
    static var factories: [any SceneFactory] {
        var list: [any SceneFactory] = SceneCatalog.factories
        let known: [any SceneFactory] = [WalletFactory(), GridFactory(), MessagesFactory(), CarouselFactory()]
        for factory in known where !list.contains(where: { $0.name == factory.name }) { list.append(factory) }
        return list
    }

    /// The scene names the benchmark runs, in the SPEC's order, limited to those that exist.
    static var sceneNames: [String] {
        let names = factories.map(\.name)
        return Options.sceneNames.filter(names.contains) + names.filter { !Options.sceneNames.contains($0) }
    }

    /// A deck whose `scene` comes from the folder `scaled` and every other scene
    /// from `real`, showing `scene`, with a window of `size`.
    static func deck(scene: String, from scaled: String, others real: String, size: Size) throws -> Deck {
        try deck(folders: [scene: scaled], others: real, showing: scene, size: size)
    }

    /// A deck whose scenes come from `folders` (by scene name), the rest from `real`.
    static func deck(folders: [String: String], others real: String, showing scene: String, size: Size) throws -> Deck {
        var warnings: [String] = []
        var scenes: [any DeckScene] = []
        for factory in factories {
            let assets = AssetStore(directory: folders[factory.name] ?? real)
            do {
                scenes.append(try factory.make(assets: assets, state: DeckState(), warnings: &warnings))
            } catch {
                throw BenchError("\(factory.name): \(error)")
            }
        }
        let deck = Deck(scenes: scenes, initial: scene, size: size)
        guard deck.current.name == scene else { throw BenchError("no scene named \(scene)") }
        return deck
    }
}

/// Delivers pointer input to a deck, working around a deck that drops drags.
///
/// Checked once with a recording scene: when `Deck.handle` does not pass a
/// `pointerMove` that follows a press in the scene area on to the scene, moves
/// go straight to the current scene (in scene coordinates, as the deck would
/// map them) and the report says so.
enum InputRoute {
    /// True when `Deck.handle` forwards drags to the scene.
    static let deckForwardsMoves: Bool = {
        let probe = RecordingScene()
        let deck = Deck(scenes: [probe], size: Size(width: 400, height: 400))
        deck.handle(InputEvent(.pointerDown(Point(x: 100, y: 200), .primary), at: 0))
        deck.handle(InputEvent(.pointerMove(Point(x: 100, y: 240)), at: 10))
        deck.handle(InputEvent(.pointerUp(Point(x: 100, y: 240), .primary), at: 20))
        return probe.moves > 0
    }()

    /// Hands `event` (window coordinates) to the deck, or a move straight to its scene.
    static func deliver(_ event: InputEvent, to deck: Deck) {
        if !deckForwardsMoves, case .pointerMove = event.kind {
            // Scenes take gestures from the deck's arena now, never raw moves: nothing to bypass.
            deck.handle(event)
            return
        }
        deck.handle(event)
    }

    /// A scene that only counts the drags it receives.
    private final class RecordingScene: DeckScene {
        var moves = 0
        let name = "probe"
        let title = "Probe"
        var reduceMotion = false
        let stateRevision = 0
        func resize(to size: Size, at time: Millis) {}
        func update(_ input: SceneInput) -> [SceneEvent] {
            switch input {
            case .gesture(.panBegan), .gesture(.panChanged): moves += 1
            default: break
            }
            return []
        }
        func tick(at time: Millis) -> [SceneEvent] { [] }
        func needsFrame(at time: Millis) -> Bool { false }
        func render(at time: Millis) -> DisplayList { DisplayList() }
        func save(into state: inout DeckState) {}
    }
}

/// Plays a script into a deck as the host does: inputs, tick, render, drain.
///
/// Frames are 16.67 ms apart on the deck's timeline; an input arrives 4 ms
/// before the frame that handles it.
final class DeckDriver {
    let deck: Deck
    private(set) var time: Millis
    /// Frames in which the scene's pan or hold recognizer had won the press.
    private(set) var recognizedFrames = 0

    init(deck: Deck, startingAt time: Millis = 1000) {
        self.deck = deck
        self.time = time
    }

    /// Delivers one frame's inputs and advances time; true while a gesture is in flight.
    @discardableResult
    func step(_ inputs: [InputEvent.Kind]) -> Bool {
        time += frameBudget
        for kind in inputs { InputRoute.deliver(InputEvent(kind, at: time - 4), to: deck) }
        deck.tick(at: time)
        _ = deck.needsFrame(at: time)
        _ = deck.drainEvents()
        _ = deck.drainCommands()
        let arena = deck.gestureArena
        if arena.winner != nil && arena.winner != .tap { recognizedFrames += 1 }
        return arena.isActive
    }

    /// The frame's display list at the current time.
    func render() -> DisplayList {
        deck.render(at: time)
    }
}
