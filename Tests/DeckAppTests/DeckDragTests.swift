import DeckApp
import InteractionEngine
import Testing
import TestSupport

/// A drag handed to `Deck.handle` moves every real scene: the bench once routed pointer moves
/// around the deck (`InputRoute`) for a deck that dropped them; this is why it no longer does.
@Suite struct DeckDragTests {
    static let size = Size(width: 480, height: 800)

    /// The deck the app builds from the sample assets, showing `scene`.
    static func deck(showing scene: String) throws -> Deck {
        var warnings: [String] = []
        let scenes = try SceneCatalog.makeScenes(assets: AssetStore(directory: repositoryAssets), state: DeckState(), warnings: &warnings)
        return Deck(scenes: scenes, initial: scene, size: size)
    }

    /// The display list after a press in the scene, then `moves` 20 px steps (up; left on the
    /// carousel's strip of pictures, near the bottom) and a wait.
    static func picture(_ scene: String, moves: Int) throws -> String {
        let deck = try deck(showing: scene)
        let driver = SceneDriver(deliver: { deck.handle($0) }, tick: { deck.tick(at: $0) }, needsFrame: { deck.needsFrame(at: $0) })
        let carousel = scene == "carousel"
        let start = Point(x: size.width / 2, y: size.height * (carousel ? 0.84 : 0.6))
        let step = carousel ? Point(x: -20, y: 0) : Point(x: 0, y: -20)
        driver.send(.pointerDown(start, .primary))
        for i in 0..<moves {
            driver.advance(16)
            driver.send(.pointerMove(start + step * Double(i + 1)))
        }
        driver.advance(200 - 16 * Double(moves))
        return String(describing: deck.render(at: driver.time).commands)
    }

    @Test(arguments: Options.sceneNames)
    func aDragThroughTheDeckMovesTheScene(scene: String) throws {
        #expect(try Self.picture(scene, moves: 10) != Self.picture(scene, moves: 0), "\(scene) did not follow the drag")
        #expect(try Self.picture(scene, moves: 0) == Self.picture(scene, moves: 0), "\(scene) is not deterministic")
    }
}
