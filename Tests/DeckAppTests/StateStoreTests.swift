import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

@Suite struct StateStoreTests {
    func folder() throws -> String {
        let path = try temporaryFolder(prefix: "gesturedeck-state")
        return path
    }

    @Test func missingFileGivesDefaultsWithoutWarning() throws {
        let store = StateStore(path: try folder() + "/none/state.json")
        let loaded = store.load()
        #expect(loaded.state == DeckState())
        #expect(loaded.warning == nil)
    }

    @Test func saveThenLoadRoundTrips() throws {
        let store = StateStore(path: try folder() + "/deep/er/state.json")
        let state = DeckState(wallet: .init(order: ["b", "a"]), grid: .init(order: ["t2", "t1"]),
                              messages: .init(rows: [.init(id: "m1", read: true, pinned: true)]),
                              carousel: .init(selected: "moon"))
        try store.save(state)
        #expect(store.load().state == state)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        for key in ["\"version\"", "\"wallet\"", "\"order\"", "\"messages\"", "\"rows\"", "\"carousel\"", "\"selected\""] {
            #expect(text.contains(key))
        }
        // No temporary file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (store.path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["state.json"])
    }

    @Test(arguments: ["", "{", "[1,2]", "{\"version\": \"one\"}", "{\"version\": 99}", "\u{FF}\u{FE}garbage",
                      "{\"version\":1,\"wallet\":{\"order\":5}}"])
    func damagedFileIsKeptAsideAndNeverOverwritten(content: String) throws {
        let dir = try folder()
        let store = StateStore(path: dir + "/state.json")
        try Data(content.utf8).write(to: URL(fileURLWithPath: store.path))
        let loaded = store.load(now: Date(timeIntervalSince1970: 0))
        #expect(loaded.state == DeckState())
        let warning = try #require(loaded.warning)
        #expect(warning.contains(store.path) && warning.contains("kept as"))
        let aside = dir + "/state.json.bad-19700101-000000"
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(content.utf8))
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func defaultPathFollowsXDG() {
        #expect(StateStore.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"]) == "/x/state/gesturedeck/state.json")
        #expect(StateStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/gesturedeck/state.json")
        #expect(StateStore.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/gesturedeck/state.json")
    }

    @Test func unwritableFolderReportsAnError() throws {
        let store = StateStore(path: "/proc/gesturedeck/state.json")
        #expect(throws: (any Error).self) { try store.save(DeckState()) }
    }
}

@Suite struct EventPrinterTests {
    @Test func eventsAreOneLineOfSortedJSON() throws {
        let line = EventPrinter().line(for: DeckEvent("reorder", ["scene": .string("wallet"), "id": .string("c/1"),
                                                                    "from": .int(2), "to": .int(3)]))
        #expect(line == #"{"event":"reorder","from":2,"id":"c/1","scene":"wallet","to":3}"#)
        #expect(!line.contains("\n"))
    }
}
