import InteractionEngine

/// Builds the reorderable grid from `tiles.json` and the saved grid order.
public struct GridFactory: SceneFactory {
    /// The grid's data file inside the assets folder.
    public static let file = "tiles.json"

    public var name: String { GridScene.name }

    public init() {}

    public func make(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError) -> any DeckScene {
        let data = try assets.decode(Self.file, as: GridTileFile.self)
        let tiles: [GridTile]
        do {
            tiles = try data.validatedTiles()
        } catch {
            throw AssetError("\(assets.path(Self.file)): \(error.description)")
        }
        return GridScene(tiles: tiles, saved: state.grid)
    }
}
