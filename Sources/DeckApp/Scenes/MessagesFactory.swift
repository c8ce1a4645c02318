import InteractionEngine

/// Builds the Messages scene from `assets/messages.json` and the saved rows.
public struct MessagesFactory: SceneFactory {
    /// The sample data file, inside the assets folder.
    public static let file = "messages.json"

    public init() {}

    public var name: String { MessagesScene.name }

    public func make(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError)
        -> any DeckScene {
        let document = try assets.decode(Self.file, as: MessagesDocument.self)
        let path = assets.path(Self.file)
        try requireUniqueIDs(document.conversations.map(\.id), in: path)
        do {
            try document.validate()
        } catch {
            throw AssetError("\(path): \(error.description)")
        }
        return MessagesScene(conversations: document.conversations, saved: state.messages)
    }
}
