import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The state file is replaced atomically (issue 10, item 3), in-process checks. The
/// SIGKILL and two-instance runs of the real binary are in `Tests/X11HostTests/FaultKillTests.swift`.
@Suite struct DurabilityTests {
    /// A state whose file is large enough (~60 KB) that a torn write would show.
    static func bigState(_ tag: String) -> DeckState {
        DeckState(wallet: .init(order: (0..<2500).map { "\(tag)-card-\($0)" }))
    }

    /// One thread saves two different states in turn, others read the file as fast as they can:
    /// every read decodes to one of the two, never to a mix or a partial file.
    @Test func readersOnlyEverSeeAWholeFile() async throws {
        let scratch = try ScratchFolder()
        let store = StateStore(path: scratch.path + "/state.json")
        let a = Self.bigState("a"), b = Self.bigState("b")
        try store.save(a)
        let saves = 120
        let results = await withTaskGroup(of: (reads: Int, torn: [String]).self) { group in
            group.addTask {
                for i in 0..<saves { try? store.save(i % 2 == 0 ? b : a) }
                return (0, [])
            }
            for _ in 0..<2 {
                group.addTask {
                    var reads = 0
                    var torn: [String] = []
                    let end = Date().addingTimeInterval(10)
                    while Date() < end && reads < 1500 {
                        reads += 1
                        guard let data = FileManager.default.contents(atPath: store.path) else {
                            torn.append("missing")
                            continue
                        }
                        guard let state = try? JSONDecoder().decode(DeckState.self, from: data) else {
                            torn.append("undecodable (\(data.count) bytes)")
                            continue
                        }
                        if state != a && state != b { torn.append("a mix") }
                    }
                    return (reads, torn)
                }
            }
            var all: [(Int, [String])] = []
            for await result in group { all.append(result) }
            return all
        }
        let reads = results.map(\.0).reduce(0, +)
        let torn = results.flatMap(\.1)
        #expect(torn.isEmpty, "\(torn.count) of \(reads) reads were not whole: \(torn.prefix(3))")
        #expect(reads > 100)
        #expect(store.load().state == (saves % 2 == 0 ? a : b))
    }

    /// A temporary file left by a killed save does not disturb the next load and save.
    @Test func staleTemporaryFilesAreHarmless() throws {
        let scratch = try ScratchFolder()
        let store = StateStore(path: scratch.path + "/state.json")
        try store.save(DeckState(wallet: .init(order: ["a", "b"])))
        try Data(#"{"version":1,"wallet":{"ord"#.utf8).write(to: URL(fileURLWithPath: store.path + ".tmp-99999"))
        try Data(#"{"version":1,"wallet":{"ord"#.utf8).write(to: URL(fileURLWithPath: store.path + ".tmp-\(getpid())"))
        let loaded = store.load()
        #expect(loaded.warning == nil && loaded.state.wallet?.order == ["a", "b"])
        try store.save(DeckState(wallet: .init(order: ["b", "a"])))
        #expect(store.load().state.wallet?.order == ["b", "a"])
    }

    /// A save that cannot complete fails with a message and leaves the old file as it was.
    /// (The temporary file's name is mkstemp's, so it cannot be blocked by name any more:
    /// here the new state is over the size the store accepts.)
    @Test func aFailedSaveKeepsTheOldFile() throws {
        let scratch = try ScratchFolder()
        let store = StateStore(path: scratch.path + "/state.json", maximumSize: 64)
        try store.save(DeckState(wallet: .init(order: ["old"])))
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect { try store.save(DeckState(wallet: .init(order: ["new", "and", "longer", "than", "the", "limit"]))) } throws: { error in
            "\(error)".contains(store.path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    /// The app starts from defaults with a damaged state file and says so on screen, and its
    /// first save writes a fresh file beside the kept damaged one.
    @Test func sessionWithADamagedStateShowsANoticeAndSavesAFreshFile() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let damaged = Data(#"{"version":1,"wallet":{"order":["x""#.utf8)
        try damaged.write(to: URL(fileURLWithPath: path))
        var options = Options()
        options.statePath = path
        options.assetsPath = repositoryAssets
        options.scene = "wallet"
        let session = try Session(options: options)
        let texts = session.deck.render(at: 0).texts
        #expect(texts.contains { $0.contains(path) && $0.contains("starting from defaults") }, "no notice on screen: \(texts)")
        let defaults = try JSONDecoder().decode(WalletCardFile.self, from: Data(contentsOf: URL(fileURLWithPath: repositoryAssets + "/cards.json")))
        #expect(session.deck.state().wallet?.order == defaults.cards.map(\.id))
        session.save()
        #expect(StateStore(path: path).load().warning == nil)
        let aside = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("state.json.bad-") }
        #expect(aside.count == 1)
        if let name = aside.first {
            #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + name)) == damaged)
        }
    }
}
