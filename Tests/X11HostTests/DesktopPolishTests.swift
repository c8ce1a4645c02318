import CairoRenderer
import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// The window comes back at the size and on the scene it was left at.
    @Test func windowSizeAndSceneAreRemembered() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let first = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json")
        try first.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "3")
        try first.waitFor("scene") { $0["scene"] as? String == "messages" }
        try xvfb.xdotool("search", "--name", "^GestureDeck(: .*)?$", "windowsize", "700", "600")
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.xdotool("key", "q")
        try first.waitFor("quit")
        _ = try first.waitForExit()
        let window = try #require(try first.savedState()["window"] as? [String: Any])
        #expect(window["width"] as? Int == 700 && window["height"] as? Int == 600 && window["scene"] as? String == "messages")

        let second = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json")
        let ready = try second.waitFor("ready")
        #expect(ready["width"] as? Int == 700 && ready["height"] as? Int == 600)
        #expect(ready["scene"] as? String == "messages")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "q")
        _ = try second.waitForExit()
    }

    /// Open hand over the scene, closed hand while holding, the arrow over the scene bar.
    @Test func cursorFollowsWhatCanBeDragged() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "grid"])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "67", "111")
        try app.waitFor("cursor") { $0["shape"] as? String == "open-hand" }
        try xvfb.xdotool("mousedown", "1")
        try app.waitFor("cursor") { $0["shape"] as? String == "closed-hand" }
        Thread.sleep(forTimeInterval: 0.7)
        try xvfb.xdotool("mouseup", "1")
        try xvfb.xdotool("mousemove", "240", "20")
        try app.waitFor("cursor") { $0["shape"] as? String == "arrow" }
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }

    /// At scale 2 the layout stays 480x800 while the window and its screenshots have twice the pixels.
    @Test func hiDPIWindowDrawsAtTwiceThePixels() throws {
        let xvfb = try Xvfb(width: 1600, height: 1800)
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "messages"],
                                 environment: ["GESTUREDECK_SCALE": "2", "GESTUREDECK_SCREENSHOT_DIR": dir])
        let ready = try app.waitFor("ready")
        #expect(ready["width"] as? Int == 480 && ready["height"] as? Int == 800)
        try xvfb.xdotool("mousemove", "480", "800")
        Thread.sleep(forTimeInterval: 0.3)
        try xvfb.xdotool("key", "F12")
        let shot = try app.waitFor("screenshot")
        let image = try ImageSurface.load(png: try #require(shot["path"] as? String))
        #expect(image.width == 960 && image.height == 1600)
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }
}

@Suite struct ScaleAndMotionTests {
    /// A 2x headless screenshot has twice the pixels and real detail in them: it is drawn at
    /// device resolution, not the 1x picture blown up (whose 2x2 blocks would all be uniform).
    @Test func screenshotsAtScaleTwoAreCrisp() throws {
        let dir = try temporaryFolder()
        for scale in ["1", "2"] {
            let r = try runGestureDeck(["--scene", "messages", "--scale", scale, "--state", dir + "/s.json",
                                        "--screenshot", dir + "/x\(scale).png"])
            #expect(r.status == 0, "\(r.err)")
        }
        let one = try ImageSurface.load(png: dir + "/x1.png")
        let two = try ImageSurface.load(png: dir + "/x2.png")
        #expect(one.width == 480 && one.height == 800)
        #expect(two.width == 960 && two.height == 1600)
        var detailed = 0, blocks = 0
        for by in stride(from: 0, to: 1600, by: 8) {
            for bx in stride(from: 0, to: 960, by: 2) {
                blocks += 1
                let a = two.pixel(x: bx, y: by), b = two.pixel(x: bx + 1, y: by)
                let c = two.pixel(x: bx, y: by + 1), d = two.pixel(x: bx + 1, y: by + 1)
                if a != b || a != c || a != d { detailed += 1 }
            }
        }
        #expect(Double(detailed) / Double(blocks) > 0.02, "only \(detailed) of \(blocks) 2x2 blocks carry detail")
    }

    /// With --reduce-motion a click's result is on screen at once; without it, it animates.
    @Test func reduceMotionMakesEveryAnimationInstant() throws {
        let dir = try temporaryFolder()
        let trace = dir + "/tap.jsonl"
        // A click on the second card of the wallet (it expands), then 600 ms later a final tick.
        try """
        {"format":"gesturedeck-trace","height":800,"scene":"wallet","state":{"version":1},"version":1,"width":480}
        {"input":{"pointerDown":{"_0":{"x":240,"y":200},"_1":"primary"}},"t":100}
        {"input":{"pointerUp":{"_0":{"x":240,"y":200},"_1":"primary"}},"t":160}
        """.write(toFile: trace, atomically: true, encoding: .utf8)
        func shot(_ name: String, at ms: Int, reduce: Bool) throws -> ImageSurface {
            let r = try runGestureDeck(["--replay", trace, "--at", "\(ms)", "--screenshot", dir + "/\(name).png"]
                                       + (reduce ? ["--reduce-motion"] : []))
            #expect(r.status == 0, "\(r.err)")
            return try ImageSurface.load(png: dir + "/\(name).png")
        }
        let settled = try shot("settled", at: 2000, reduce: false)
        let early = try shot("early", at: 200, reduce: false)
        let reducedEarly = try shot("reduced-early", at: 161, reduce: true)
        #expect(early.differingFraction(from: settled) > 0.05, "without reduce-motion the expand should still be moving")
        #expect(reducedEarly.differingFraction(from: settled) < 0.001, "with reduce-motion the expand is complete at once")
    }
}
