import CairoRenderer
import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// `--compare A B --replay` in the window (issue 16, item 3): one transport drives both
    /// halves; with identical presets they are identical pixel for pixel on screen, with
    /// `default` against `slow` they differ mid-flick.
    @Test func windowedComparisonShowsBothHalvesInLockstep() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let trace = dir + "/t.jsonl"
        try """
        {"format":"gesturedeck-trace","height":400,"scene":"wallet","state":{"version":1},"version":1,"width":300}
        {"input":{"pointerDown":{"_0":{"x":150,"y":380},"_1":"primary"}},"t":100}
        {"input":{"pointerMove":{"_0":{"x":150,"y":340}}},"t":116}
        {"input":{"pointerMove":{"_0":{"x":150,"y":300}}},"t":132}
        {"input":{"pointerMove":{"_0":{"x":150,"y":260}}},"t":148}
        {"input":{"pointerUp":{"_0":{"x":150,"y":260},"_1":"primary"}},"t":148}
        {"t":6000,"tick":true}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let (w, label, gap, strip) = (300, 28, 2, 26)
        var halves: [Int] = []
        for presets in [["default", "default"], ["default", "slow"]] {
            let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json",
                                     arguments: ["--compare"] + presets + ["--replay", trace])
            try app.waitFor("ready")
            try xvfb.xdotool("mousemove", "150", "200")
            // Scrub the timeline to 0.3 s of its 7 s (paused there), mid-flick.
            let x = Int((300.0 / 7000 * Double(2 * w + gap)).rounded())
            try xvfb.xdotool("mousemove", "\(x)", "\(label + 400 - 8)")
            try xvfb.xdotool("click", "1")
            let scrub = try app.waitFor("transport") { $0["action"] as? String == "scrub" }
            let t = try #require(scrub["t"] as? Double)
            #expect(abs(t - 300) < 15, "scrubbed to \(t)")
            Thread.sleep(forTimeInterval: 0.4)
            let shot = try xvfb.capture(to: dir + "/\(presets[1]).png", width: 2 * w + gap, height: label + 400)
            var differing = 0
            for y in 0..<(label + 400 - strip) {
                for x in 0..<w where shot.pixel(x: x, y: y) != shot.pixel(x: w + gap + x, y: y) { differing += 1 }
            }
            halves.append(differing)
            try xvfb.xdotool("key", "q")
            #expect(try app.waitForExit() == 0)
        }
        #expect(halves[0] == 0, "identical presets: \(halves[0]) pixels differ between the halves")
        #expect(halves[1] > 1000, "default and slow look alike mid-flick (\(halves[1]) pixels differ)")
    }
}
