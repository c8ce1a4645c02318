import Foundation
import InteractionEngine

/// The four scenes, built from the repository's real sample data the way the
/// app's factories build them (`Sources/DeckApp/Scenes/*Factory.swift`).
///
/// This test target depends on the engine only, so it cannot call
/// `SceneCatalog`; it decodes the same files with the same engine models and
/// validations and calls the same initialisers.
enum FuzzScenes {
    static let names = ["wallet", "grid", "messages", "carousel"]

    /// `<repo>/assets`, found from this file's path.
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../assets").standardized.path

    struct DataError: Error, CustomStringConvertible {
        let description: String
    }

    private static func decode<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let path = assets + "/" + name
        do {
            return try JSONDecoder().decode(T.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw DataError(description: "\(path): \(error)")
        }
    }

    /// The scene `name` with the saved `state` applied.
    static func make(_ name: String, state: DeckState) throws -> any DeckScene {
        switch name {
        case "wallet":
            let file = try decode(WalletCardFile.fileName, as: WalletCardFile.self)
            if let problem = file.firstProblem { throw DataError(description: problem) }
            return WalletScene(cards: file.cards, saved: state.wallet)
        case "grid":
            return GridScene(tiles: try decode("tiles.json", as: GridTileFile.self).validatedTiles(), saved: state.grid)
        case "messages":
            let document = try decode("messages.json", as: MessagesDocument.self)
            if let problem = document.problems().first { throw DataError(description: problem) }
            return MessagesScene(conversations: document.conversations, saved: state.messages)
        case "carousel":
            let records = try decode("carousel/titles.json", as: [CarouselTitleRecord].self)
            let items = records.map {
                CarouselItem(id: $0.id, title: $0.title, imagePath: assets + "/carousel/" + $0.file)
            }
            return CarouselScene(items: items, state: state.carousel)
        default:
            throw DataError(description: "no scene named \(name)")
        }
    }

    /// The ids of the scene's items in its data file.
    static func ids(_ name: String) throws -> [String] {
        switch name {
        case "wallet": try decode(WalletCardFile.fileName, as: WalletCardFile.self).cards.map(\.id)
        case "grid": try decode("tiles.json", as: GridTileFile.self).tiles.map(\.id)
        case "messages": try decode("messages.json", as: MessagesDocument.self).conversations.map(\.id)
        case "carousel": try decode("carousel/titles.json", as: [CarouselTitleRecord].self).map(\.id)
        default: []
        }
    }

    /// A saved state for a deck of `name` ("deck": every scene's section).
    static func randomState(for name: String, rng: inout SplitMix64) -> DeckState {
        var state = DeckState()
        for scene in FuzzRunner.sceneNames(name) {
            let section = randomState(scene, ids: (try? ids(scene)) ?? [], rng: &rng)
            state.wallet = section.wallet ?? state.wallet
            state.grid = section.grid ?? state.grid
            state.messages = section.messages ?? state.messages
            state.carousel = section.carousel ?? state.carousel
        }
        return state
    }

    /// A saved state as a user's file might hold it: the default, or a shuffled
    /// subset of the ids with unknown and repeated ids mixed in.
    static func randomState(_ name: String, ids: [String], rng: inout SplitMix64) -> DeckState {
        var state = DeckState()
        guard rng.chance(0.5) else { return state }
        var order = ids.filter { _ in rng.chance(0.85) }
        rng.shuffle(&order)
        for _ in 0..<rng.int(0...3) {
            let junk = rng.chance(0.5) ? "unknown-\(rng.int(0...99))" : (ids.isEmpty ? "" : rng.pick(ids))
            order.insert(junk, at: rng.int(0...order.count))
        }
        switch name {
        case "wallet": state.wallet = .init(order: order)
        case "grid": state.grid = .init(order: order)
        case "messages":
            state.messages = .init(rows: order.map { .init(id: $0, read: rng.chance(0.5), pinned: rng.chance(0.15)) })
        case "carousel":
            state.carousel = .init(selected: rng.chance(0.2) ? "unknown" : (ids.isEmpty ? nil : rng.pick(ids)))
        default: break
        }
        return state
    }
}
