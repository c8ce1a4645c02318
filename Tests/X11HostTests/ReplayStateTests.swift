import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// A replay in the window runs on a throw-away store: the user's state file (the default
    /// XDG path, no --state given) is byte-identical before and after, although the trace
    /// starts from another state and switches scenes.
    @Test func windowedReplayLeavesTheStateFileAlone() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let xdg = dir + "/xdg"
        let statePath = xdg + "/gesturedeck/state.json"
        let environment = ["XDG_STATE_HOME": xdg]
        // A live session without --state writes the default file (so the path is the right one).
        let live = try AppProcess(xvfb: xvfb, statePath: statePath, arguments: ["--scene", "grid"],
                                  environment: environment, passState: false)
        try live.waitFor("ready")
        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "3")
        try live.waitFor("scene", where: { $0["scene"] as? String == "messages" })
        try xvfb.xdotool("key", "q")
        #expect(try live.waitForExit() == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: statePath))
        #expect(String(decoding: before, as: UTF8.self).contains("\"messages\""))

        let trace = dir + "/t.jsonl"
        try """
        {"format":"gesturedeck-trace","height":500,"scene":"wallet","state":{"version":1},"version":1,"width":360}
        {"input":{"key":{"_0":{"character":{"_0":"2"}},"_1":0}},"t":100}
        {"input":{"wheel":{"_0":{"steps":{"dx":0,"dy":2}},"at":{"x":150,"y":200},"_2":0}},"t":200}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let replay = try AppProcess(xvfb: xvfb, statePath: statePath, arguments: ["--replay", trace],
                                    environment: environment, passState: false)
        try replay.waitFor("scene", where: { $0["scene"] as? String == "grid" })
        Thread.sleep(forTimeInterval: 0.8)  // past the resize-save delay and the wheel's motion
        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "q")
        #expect(try replay.waitForExit() == 0)
        let after = try Data(contentsOf: URL(fileURLWithPath: statePath))
        #expect(after == before, "the windowed replay rewrote \(statePath)")
    }
}
