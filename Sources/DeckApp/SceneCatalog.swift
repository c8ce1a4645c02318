import InteractionEngine

/// Builds one scene from the assets and the saved state.
public protocol SceneFactory: Sendable {
    /// The scene's command-line name.
    var name: String { get }
    /// Makes the scene; `warnings` collects problems that were worked around.
    func make(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError) -> any DeckScene
}

/// Every scene of the deck, in tab order. Adding a scene is adding its folder and one line here.
public enum SceneCatalog {
    public static let factories: [any SceneFactory] = [
        WalletFactory(),
        GridFactory(),
        MessagesFactory(),
        CarouselFactory(),
    ]

    /// The scenes' command-line names in tab order, each read from its scene's `static let name`.
    public static var names: [String] { factories.map(\.name) }

    /// Builds all scenes; a scene whose data is broken stops the program with the asset error.
    public static func makeScenes(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError)
        -> [any DeckScene] {
        var scenes: [any DeckScene] = []
        for factory in factories {
            scenes.append(try factory.make(assets: assets, state: state, warnings: &warnings))
        }
        guard !scenes.isEmpty else { throw AssetError("no scenes are built into this program") }
        return scenes
    }
}
