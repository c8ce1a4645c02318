import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The replay transport (issue 16, item 2) without a window: the deck it leaves is the
/// deck the trace played straight to that time gives.
@Suite struct ReplayTransportTests {
    /// A flick up the wallet, a tap that expands a card, with recorded frame ticks.
    static func trace() throws -> (Trace, String) {
        let dir = try temporaryFolder(prefix: "gesturedeck-transport")
        var lines = [#"{"format":"gesturedeck-trace","height":600,"scene":"wallet","state":{"version":1},"version":1,"width":360}"#]
        var t = 100.0, y = 560.0
        lines.append(#"{"input":{"pointerDown":{"_0":{"x":180,"y":\#(y)},"_1":"primary"}},"t":\#(t)}"#)
        for _ in 0..<6 {
            t += 16; y -= 35
            lines.append(#"{"input":{"pointerMove":{"_0":{"x":180,"y":\#(y)}}},"t":\#(t)}"#)
            lines.append(#"{"t":\#(t),"tick":true}"#)
        }
        lines.append(#"{"input":{"pointerUp":{"_0":{"x":180,"y":\#(y)},"_1":"primary"}},"t":\#(t)}"#)
        for k in 1...40 { lines.append(#"{"t":\#(t + Double(k) * 16.7),"tick":true}"#) }
        lines.append(#"{"input":{"pointerDown":{"_0":{"x":180,"y":300},"_1":"primary"}},"t":1400}"#)
        lines.append(#"{"input":{"pointerUp":{"_0":{"x":180,"y":300},"_1":"primary"}},"t":1460}"#)
        let path = dir + "/flick.jsonl"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (try Trace.read(path: path, knownScenes: Options.sceneNames), dir)
    }

    static func session(_ trace: Trace, dir: String) throws -> Session {
        var options = Options()
        options.assetsPath = repositoryAssets
        options.replay = dir + "/flick.jsonl"
        options.screenshot = dir + "/unused.png"
        return try Session(options: options, trace: trace.header)
    }

    static func png(_ headless: Headless, at time: Millis, _ path: String) throws -> Data {
        try headless.frame(at: time).writePNG(to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func steppingForwardAndBackGivesTheFramePlayingStraightThereGives() throws {
        let (trace, dir) = try Self.trace()
        let stepped = try Self.session(trace, dir: dir)
        let transport = ReplayTransport(trace: trace, session: stepped, host: 0) { stepped.restartDeck(from: trace.header) }
        transport.advance(host: 180)           // playing, mid-flick
        transport.togglePause(host: 180)
        #expect(transport.isPaused && transport.position == 180)
        for _ in 0..<30 { transport.step(frames: 1, host: 200) }
        for _ in 0..<12 { transport.step(frames: -1, host: 200) }
        let time = transport.position
        #expect(abs(time - (180 + 18 * ReplayTransport.frameStep)) < 1e-9)

        let direct = try Self.session(trace, dir: dir)
        var entries = trace.entries[...]
        Headless(session: direct).replay(&entries, through: time)
        let a = try Self.png(Headless(session: stepped), at: time, dir + "/stepped.png")
        let b = try Self.png(Headless(session: direct), at: time, dir + "/direct.png")
        #expect(a == b, "stepped and direct frames differ at \(time) ms")
        // And the frame moved: it is not the first one, nor the one 30 frames on.
        let start = try Self.png(Headless(session: try Self.session(trace, dir: dir)), at: 0, dir + "/start.png")
        #expect(a != start)

        // Past the tap: the expanded card is there after a scrub, as it is played straight.
        transport.scrub(x: 1500 / transport.end * 360, width: 360, host: 300)
        let scrubbed = transport.position
        let straight = try Self.session(trace, dir: dir)
        var all = trace.entries[...]
        Headless(session: straight).replay(&all, through: scrubbed)
        #expect(stepped.deck.state() == straight.deck.state())
        #expect(try Self.png(Headless(session: stepped), at: scrubbed, dir + "/s1.png")
                == Self.png(Headless(session: straight), at: scrubbed, dir + "/s2.png"))
        #expect(stepped.deck.render(at: scrubbed).texts != (try Self.session(trace, dir: dir)).deck.render(at: scrubbed).texts,
                "the tap at 1.4 s expanded a card")
    }

    @Test func theEndPausesOrLoops() throws {
        let (trace, dir) = try Self.trace()
        let session = try Self.session(trace, dir: dir)
        let transport = ReplayTransport(trace: trace, session: session, host: 0) { session.restartDeck(from: trace.header) }
        transport.advance(host: transport.end + 5)
        #expect(transport.isPaused && transport.position == transport.end)
        transport.togglePause(host: 10_000)  // at the end, Space starts again
        #expect(!transport.isPaused && transport.position == 0)
        transport.toggleLoop()
        transport.advance(host: 10_000 + transport.end + 1)
        #expect(!transport.isPaused && transport.position == 0 && transport.loops)
    }
}
