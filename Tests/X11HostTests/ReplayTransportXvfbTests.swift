import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// The transport with real keys and a real drag (issue 16, item 2): pause, step, scrub by
    /// dragging the timeline, take over; live input is ignored until the take-over and then
    /// continues from the replayed state (the card the trace's tap expanded collapses on Escape).
    @Test func replayTransportPausesStepsScrubsAndTakesOver() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let trace = dir + "/t.jsonl"
        // A tap at 1.4 s expands a card; a tick at 8 s makes the timeline 9 s long.
        try """
        {"format":"gesturedeck-trace","height":600,"scene":"wallet","state":{"version":1},"version":1,"width":360}
        {"input":{"pointerDown":{"_0":{"x":180,"y":300},"_1":"primary"}},"t":1400}
        {"input":{"pointerUp":{"_0":{"x":180,"y":300},"_1":"primary"}},"t":1460}
        {"t":8000,"tick":true}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--replay", trace])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "180", "200")
        func transport(_ action: String, count: Int = 1) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let found = app.events.filter { $0["event"] as? String == "transport" && $0["action"] as? String == action }
                if found.count >= count { return found[count - 1] }
                Thread.sleep(forTimeInterval: 0.02)
            }
            throw HarnessError("no \(count) transport '\(action)' events; got \(app.events)")
        }
        try xvfb.xdotool("key", "space")
        let paused = try transport("pause")
        #expect(paused["paused"] as? Bool == true)
        let t0 = try #require(paused["t"] as? Double)
        #expect(t0 > 0 && t0 < 8000)
        let frame = 1000.0 / 60
        try xvfb.xdotool("key", "period", "period", "period")
        let forward = try #require(try transport("step-forward", count: 3)["t"] as? Double)
        #expect(abs(forward - (t0 + 3 * frame)) < 0.01, "\(forward) vs \(t0) + 3 frames")
        try xvfb.xdotool("key", "comma")
        let back = try #require(try transport("step-back")["t"] as? Double)
        #expect(abs(back - (t0 + 2 * frame)) < 0.01)
        // Paused, the window sleeps (no frames, no timers on the trace's clock).
        Thread.sleep(forTimeInterval: 0.3)
        let cpu = try app.cpuSeconds()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try app.cpuSeconds() - cpu < 0.15, "a paused replay keeps drawing")
        // Live input during the replay changes nothing: Escape, a scene key, a click on a card.
        try xvfb.xdotool("key", "Escape", "2")
        try xvfb.xdotool("click", "1")

        // Drag the timeline (the bottom 26 px) from 1.5 s to 3 s of its 9 s.
        try xvfb.xdotool("mousemove", "60", "590")
        try xvfb.xdotool("mousedown", "1")
        for x in stride(from: 70, through: 120, by: 10) { try xvfb.xdotool("mousemove", "\(x)", "590") }
        try xvfb.xdotool("mouseup", "1")
        Thread.sleep(forTimeInterval: 0.3)
        let scrubs = app.events.filter { $0["event"] as? String == "transport" && $0["action"] as? String == "scrub" }
        let last = try #require(scrubs.last?["t"] as? Double)
        #expect(scrubs.count >= 2 && abs(last - 3000) < 30, "scrubbed to \(last)")
        #expect(scrubs.last?["paused"] as? Bool == true)

        try xvfb.xdotool("mousemove", "180", "200")
        try xvfb.xdotool("key", "Return")
        let taken = try #require(try transport("take-over")["t"] as? Double)
        #expect(taken == last)
        let before = app.events.count
        #expect(!app.events.contains { ["collapse", "scene"].contains($0["event"] as? String) },
                "live input reached the deck during the replay")
        // Live from the replayed state: the card the trace expanded collapses, keys switch scenes.
        try xvfb.xdotool("key", "Escape")
        try app.waitFor("collapse")
        try xvfb.xdotool("key", "2")
        try app.waitFor("scene", where: { $0["scene"] as? String == "grid" })
        #expect(app.events.count > before)
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
    }
}
