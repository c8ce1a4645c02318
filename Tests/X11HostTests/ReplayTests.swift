import CairoRenderer
import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// A real session recorded under Xvfb replays headless to the same frame every time,
    /// and to the arrangement the live session saved.
    @Test func recordedSessionReplaysDeterministically() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let trace = dir + "/session.jsonl"
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/live.json",
                                 arguments: ["--scene", "wallet", "--record", trace])
        try app.waitFor("ready")
        // Press and hold the third card's visible strip, drag it down past its neighbour, release.
        try xvfb.pressHoldDrag(from: (240, 44 + 250), to: (240, 44 + 400), hold: 0.8, steps: 15)
        try app.waitFor("drop")
        // Then scroll with the wheel.
        for _ in 0..<2 { try xvfb.xdotool("click", "5") }
        Thread.sleep(forTimeInterval: 0.6)
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        let live = try app.savedState()

        var frames: [Data] = []
        for run in 0..<2 {
            let png = dir + "/replay-\(run).png"
            let r = try runGestureDeck(["--replay", trace, "--screenshot", png, "--state", dir + "/replayed-\(run).json"])
            #expect(r.status == 0, "replay failed: \(r.err)")
            frames.append(try Data(contentsOf: URL(fileURLWithPath: png)))
        }
        #expect(frames[0] == frames[1], "two replays of one trace gave different frames")

        let replayed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/replayed-0.json")))
            as? [String: Any]
        let liveOrder = (live["wallet"] as? [String: Any])?["order"] as? [String]
        let replayedOrder = (replayed?["wallet"] as? [String: Any])?["order"] as? [String]
        #expect(liveOrder != nil && liveOrder == replayedOrder)
        // The drag really reordered something: the live order is not the sample order.
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/cards.json")
        let sample = try String(contentsOf: repo, encoding: .utf8)
        let sampleIDs = (liveOrder ?? []).sorted { sample.range(of: "\"\($0)\"")!.lowerBound < sample.range(of: "\"\($1)\"")!.lowerBound }
        #expect(liveOrder != sampleIDs, "the hold-drag did not reorder the cards")
    }

    /// --frames writes a numbered sequence from a trace.
    @Test func replayWritesAFrameSequence() throws {
        let dir = try temporaryFolder()
        let trace = dir + "/t.jsonl"
        try """
        {"format":"gesturedeck-trace","height":400,"scene":"wallet","state":{"version":1},"version":1,"width":300}
        {"input":{"wheel":{"_0":{"steps":{"dx":0,"dy":2}},"at":{"x":150,"y":200},"_2":0}},"t":100}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try runGestureDeck(["--replay", trace, "--frames", dir + "/frames", "--fps", "10", "--events"])
        #expect(r.status == 0, "\(r.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(files.count == 12)  // 0 ms ... 1100 ms at 10 fps (trace 100 ms + 1 s tail)
        #expect(files.first == "frame-00000.png")
        let first = try ImageSurface.load(png: dir + "/frames/" + files[0])
        let last = try ImageSurface.load(png: dir + "/frames/" + files[files.count - 1])
        #expect(first.width == 300 && first.height == 400)
        #expect(last.differingFraction(from: first) > 0.01, "the wheel scroll does not show in the frames")
    }
}

@Suite struct TraceErrorTests {
    private func replay(_ content: String) throws -> (status: Int32, err: String) {
        let dir = try temporaryFolder()
        try content.write(toFile: dir + "/bad.jsonl", atomically: true, encoding: .utf8)
        let r = try runGestureDeck(["--replay", dir + "/bad.jsonl", "--screenshot", dir + "/x.png"])
        return (r.status, r.err)
    }

    static let header = #"{"format":"gesturedeck-trace","height":800,"scene":"wallet","state":{"version":1},"version":1,"width":480}"#

    @Test func malformedLineIsNamed() throws {
        let r = try replay(TraceErrorTests.header + "\n{\"t\": 5, \"tick\": true}\n{\"t\": oops}\n")
        #expect(r.status != 0)
        #expect(r.err.contains("bad.jsonl:3: malformed entry"), "\(r.err)")
    }

    @Test func unknownVersionAndSceneAndBackwardsTime() throws {
        let v2 = try replay(TraceErrorTests.header.replacingOccurrences(of: "\"version\":1,\"width\"", with: "\"version\":7,\"width\""))
        #expect(v2.status != 0 && v2.err.contains(":1: unknown trace version 7"), "\(v2.err)")
        let scene = try replay(TraceErrorTests.header.replacingOccurrences(of: "wallet", with: "dungeon"))
        #expect(scene.status != 0 && scene.err.contains(":1: no scene named 'dungeon'"), "\(scene.err)")
        let back = try replay(TraceErrorTests.header + "\n{\"t\": 50, \"tick\": true}\n{\"t\": 10, \"tick\": true}\n")
        #expect(back.status != 0 && back.err.contains(":3: time 10.0 goes backwards"), "\(back.err)")
        let empty = try replay("")
        #expect(empty.status != 0 && empty.err.contains(":1: empty trace"), "\(empty.err)")
    }
}
