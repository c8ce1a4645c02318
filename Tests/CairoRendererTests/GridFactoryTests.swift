import DeckApp
import Foundation
import InteractionEngine
import Testing

/// The grid's factory: the bundled data loads, broken data is reported naming the file.
@Suite struct GridFactoryTests {
    static func make(_ json: String, state: DeckState = DeckState()) throws(AssetError) -> any DeckScene {
        let dir = NSTemporaryDirectory() + "grid-factory-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/tiles.json", contents: Data(json.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var warnings: [String] = []
        return try GridFactory().make(assets: AssetStore(directory: dir), state: state, warnings: &warnings)
    }

    @Test func bundledTilesLoad() throws {
        var warnings: [String] = []
        let scene = try GridFactory().make(assets: AssetStore(directory: Goldens.assets), state: DeckState(), warnings: &warnings)
        let grid = try #require(scene as? GridScene)
        #expect(grid.reorder.items.count >= 48)
        #expect((2...3).contains(grid.reorder.items.filter(\.pinned).count))
        #expect(warnings.isEmpty && grid.name == "grid" && grid.title == "Grid")
    }

    @Test func savedOrderIsApplied() throws {
        let json = ##"{"tiles": [{"id": "a", "label": "A", "color": "#112233"}, {"id": "b", "label": "B", "color": "#445566"}]}"##
        let scene = try Self.make(json, state: DeckState(grid: DeckState.GridState(order: ["b", "zz", "a"])))
        #expect((scene as? GridScene)?.order == ["b", "a"])
    }

    @Test(arguments: [
        (##"{"tiles": [{"id": "a", "label": "A", "color": "#112233"}, {"id": "a", "label": "B", "color": "#445566"}]}"##,
         "duplicate id 'a'"),
        (##"{"tiles": [{"id": "a", "label": "A", "color": "blue"}]}"##, "tile 'a' has colour 'blue', expected #RRGGBB"),
        (##"{"tiles": []}"##, "no tiles"),
        (##"{"tiles": [{"id": "a", "color": "#112233"}]}"##, "missing key 'label'"),
        (##"[1, 2"##, "not valid JSON"),
    ])
    func brokenDataNamesTheFileAndTheProblem(json: String, problem: String) {
        do {
            _ = try Self.make(json)
            Issue.record("accepted broken data")
        } catch {
            #expect(error.description.contains("tiles.json: "), "\(error)")
            #expect(error.description.contains(problem), "\(error)")
        }
    }
}
