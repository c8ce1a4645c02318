import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// Tuning is part of a trace: its header holds the tuning in force, every change is an entry,
/// and a replay reproduces the tuned session's final frame byte for byte.
@Suite struct TuningTraceTests {
    static func session(_ folder: ScratchFolder, trace: TraceHeader? = nil) throws -> Session {
        var options = Options()
        options.statePath = folder.path + "/state-\(UUID().uuidString).json"
        options.assetsPath = repositoryAssets
        options.scene = "wallet"
        options.width = 480
        options.height = 800
        options.sizeGiven = true
        return try Session(options: options, trace: trace)
    }

    @Test func replayOfATunedSessionReproducesTheFinalFrame() throws {
        let folder = try ScratchFolder()
        let tracePath = folder.path + "/tuned.jsonl"
        let live = try Self.session(folder)
        live.deck.apply(Tuning(["wallet.liftRise": 60]), at: 0)
        try live.startRecording(to: tracePath)
        var t: Millis = 1000
        func run(to end: Millis) { while t < end { t += 1000 / 60; live.tick(at: t) } }
        run(to: 1100)
        live.tune("wallet.holdDuration", to: 1000, at: t)  // a change made during the session
        live.handle(InputEvent(.pointerDown(Point(x: 240, y: 44 + 350), .primary), at: t))
        run(to: t + 700)
        // Released at 700 ms: under the tuned 1000 ms hold this is a tap, which expands the card.
        live.handle(InputEvent(.pointerUp(Point(x: 240, y: 44 + 350), .primary), at: t))
        run(to: t + 800)
        let names = live.deck.drainEvents().map(\.name)
        #expect(names.contains("expand") && !names.contains("lift"), "\(names)")
        let end = t
        let livePNG = folder.path + "/live.png"
        try Headless(session: live).screenshot(at: end, to: livePNG)
        live.flushOutput()

        let trace = try Trace.read(path: tracePath, knownScenes: Options.sceneNames)
        #expect(trace.header.tuning == ["wallet.liftRise": 60])
        #expect(trace.entries.compactMap(\.tuneChange) == [TraceTune(key: "wallet.holdDuration", value: 1000)])

        func replay(_ entries: [TraceEntry], to png: String) throws -> Data {
            let session = try Self.session(folder, trace: trace.header)
            session.deck.apply(Tuning(trace.header.tuning ?? [:]), at: 0)
            let headless = Headless(session: session)
            var slice = entries[...]
            headless.replay(&slice, through: end)
            try headless.screenshot(at: end, to: png)
            return try Data(contentsOf: URL(fileURLWithPath: png))
        }
        let liveBytes = try Data(contentsOf: URL(fileURLWithPath: livePNG))
        #expect(try replay(trace.entries, to: folder.path + "/replay.png") == liveBytes, "the replay differs from the live frame")
        // The recorded change matters: without it the press lifts at 500 ms and drops, no expansion.
        #expect(try replay(trace.entries.filter { $0.tuneChange == nil }, to: folder.path + "/untuned.png") != liveBytes)
    }

    /// A trace whose tuning is out of range, or whose tune entry names an unknown key, is refused
    /// with the line and the problem.
    @Test(arguments: [
        (#"{"format":"gesturedeck-trace","height":400,"scene":"wallet","state":{"version":1},"tuning":{"wallet.holdDuration":5},"version":1,"width":300}"#,
         "", "1: tuning wallet.holdDuration: 5 is outside 100...3000 ms"),
        (#"{"format":"gesturedeck-trace","height":400,"scene":"wallet","state":{"version":1},"version":1,"width":300}"#,
         #"{"t":10,"tune":{"key":"wallet.nope","value":1}}"#, "2: tune wallet.nope: unknown key"),
    ])
    func badTuningInATrace(header: String, entry: String, problem: String) throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/bad.jsonl"
        try Data((header + "\n" + entry + "\n").utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Trace.read(path: path, knownScenes: Options.sceneNames)
            Issue.record("accepted")
        } catch {
            #expect(error.description == path + ":" + problem)
        }
    }
}
