import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// `--slow` and `--compare` on the command line, and slow motion reaching the session
/// and its recordings (issue 16).
@Suite struct TimeControlOptionsTests {
    @Test func slowAndCompareParse() throws {
        #expect(try Options.parse(["--slow", "4"]).slow == 4)
        #expect(try Options.parse(["--compare", "default", "slow", "--replay", "t.jsonl"]).compare == ["default", "slow"])
        for bad in [["--slow", "0.5"], ["--slow", "101"], ["--compare", "default"],
                    ["--compare", "default", "slow"], ["--compare", "a", "b", "--replay", "t", "--frames", "d"]] {
            #expect(throws: UsageError.self, "\(bad)") { try Options.parse(bad) }
        }
    }

    @Test func slowReachesTheDeckAndTheRecordedHeader() throws {
        let dir = try temporaryFolder(prefix: "gesturedeck-slow")
        var options = try Options.parse(["--slow", "4", "--state", dir + "/state.json"])
        options.assetsPath = repositoryAssets
        let session = try Session(options: options)
        #expect(session.deck.animationClock.rate == 0.25)
        try session.startRecording(to: dir + "/t.jsonl")
        session.tick(at: 10)
        session.finish(at: 20, quit: nil)
        let trace = try Trace.read(path: dir + "/t.jsonl", knownScenes: Options.sceneNames)
        #expect(trace.header.slow == 0.25)
        // A replay of it starts at that rate without --slow.
        var replay = Options()
        replay.assetsPath = repositoryAssets
        replay.screenshot = dir + "/x.png"
        #expect(try Session(options: replay, trace: trace.header).deck.animationClock.rate == 0.25)
        #expect(try Session(options: replay).deck.animationClock.rate == 1)
    }
}
