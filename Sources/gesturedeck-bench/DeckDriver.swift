import DeckApp
import InteractionEngine

/// Builds decks the way the app does: every scene from its factory, in tab order.
enum DeckBuilder {
    /// The catalog's factories (it lists every scene).
    static var factories: [any SceneFactory] { SceneCatalog.factories }

    /// The scene names the benchmark runs: every scene of the catalog, in tab order.
    static var sceneNames: [String] { SceneCatalog.names }

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
        for kind in inputs { deck.handle(InputEvent(kind, at: time - 4)) }
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
