import InteractionEngine

/// Builds the Wallet scene from `assets/cards.json` and the saved card order.
public struct WalletFactory: SceneFactory {
    public var name: String { WalletScene.name }

    public init() {}

    public func make(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError)
        -> any DeckScene {
        let file = WalletCardFile.fileName
        let data = try assets.decode(file, as: WalletCardFile.self)
        try requireUniqueIDs(data.cards.map(\.id), in: assets.path(file))
        do {
            try data.validate()
        } catch {
            throw AssetError("\(assets.path(file)): \(error.description)")
        }
        return WalletScene(cards: data.cards, saved: state.wallet)
    }
}
