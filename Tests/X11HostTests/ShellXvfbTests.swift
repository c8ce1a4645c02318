import CairoRenderer
import Foundation
import Testing
import TestSupport

/// Runs the built binary without a window system and returns (status, stdout, stderr).
func runGestureDeck(_ arguments: [String], environment: [String: String] = [:], removeDisplay: Bool = true) throws
    -> (status: Int32, out: String, err: String) {
    var env = ProcessInfo.processInfo.environment
    if removeDisplay { env["DISPLAY"] = nil }
    env.merge(environment) { $1 }
    let r = try runProcess(try AppProcess.binary(), arguments, environment: env)
    return (r.status, String(decoding: r.out, as: UTF8.self), r.err)
}

@Suite struct CommandLineTests {
    @Test func withoutDisplayItSaysSoAndFails() throws {
        let dir = try temporaryFolder()
        let r = try runGestureDeck(["--state", dir + "/s.json"])
        #expect(r.status != 0)
        #expect(r.err.contains("DISPLAY"))
        #expect(r.err.split(separator: "\n").count == 1)
    }

    @Test func unknownOptionIsAUsageErrorWithStatus2() throws {
        let r = try runGestureDeck(["--frobnicate"])
        #expect(r.status == 2)
        #expect(r.err.contains("unknown option '--frobnicate'"))
    }

    @Test func helpAndVersion() throws {
        let help = try runGestureDeck(["--help"])
        #expect(help.status == 0 && help.out.contains("--screenshot"))
        let version = try runGestureDeck(["--version"])
        #expect(version.status == 0 && version.out.hasPrefix("gesturedeck "))
    }

    @Test func headlessScreenshotNeedsNoXServer() throws {
        let dir = try temporaryFolder()
        let png = dir + "/shot.png"
        let r = try runGestureDeck(["--screenshot", png, "--size", "320x600", "--state", dir + "/s.json", "--events"])
        #expect(r.status == 0, "stderr: \(r.err)")
        let image = try ImageSurface.load(png: png)
        #expect(image.width == 320 && image.height == 600)
        #expect(r.out.contains(#""event":"screenshot""#))
    }

    @Test func brokenAssetsNameTheFile() throws {
        let dir = try temporaryFolder()
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: dir + "/cards.json"))
        let r = try runGestureDeck(["--assets", dir, "--screenshot", dir + "/x.png", "--state", dir + "/s.json"])
        #expect(r.status != 0)
        #expect(r.err.contains(dir + "/cards.json"))
    }

    @Test func damagedStateIsReportedKeptAndTheAppStillStarts() throws {
        let dir = try temporaryFolder()
        try Data("{\"version\": 1, \"wallet\": [".utf8).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let r = try runGestureDeck(["--state", dir + "/s.json", "--screenshot", dir + "/x.png"])
        #expect(r.status == 0)
        #expect(r.err.contains("kept as"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.contains { $0.hasPrefix("s.json.bad-") })
    }
}

extension XvfbTests {
    /// The whole shell with real input: ready, wheel, drag, F12, close through the window manager protocol.
    @Test func windowScrollsScreenshotsAndSavesOnClose() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"],
                                 environment: ["GESTUREDECK_SCREENSHOT_DIR": dir])
        let ready = try app.waitFor("ready")
        #expect(ready["width"] as? Int == 480 && ready["height"] as? Int == 800)

        // Without a window manager the keyboard follows the pointer: put it over the window.
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "F12")
        let first = try app.waitFor("screenshot")
        // Three wheel notches down, then a drag upwards on the background: the stack must move.
        try xvfb.xdotool("mousemove", "240", "500")
        for _ in 0..<3 { try xvfb.xdotool("click", "5") }
        try xvfb.pressHoldDrag(from: (240, 600), to: (240, 450), hold: 0, steps: 8, stepDelay: 0.02)
        Thread.sleep(forTimeInterval: 1.5)
        try xvfb.xdotool("key", "F12")
        let second = try app.waitFor("screenshot") { ($0["path"] as? String) != (first["path"] as? String) }

        let before = try ImageSurface.load(png: try #require(first["path"] as? String))
        let after = try ImageSurface.load(png: try #require(second["path"] as? String))
        #expect(before.width == 480 && before.height == 800)
        #expect(after.differingFraction(from: before) > 0.05, "scrolling changed nothing on screen")

        try xvfb.closeWindow()
        let quit = try app.waitFor("quit")
        #expect(quit["frames"] as? Int ?? 0 > 0)
        #expect(try app.waitForExit() == 0)
        let state = try app.savedState()
        #expect(state["version"] as? Int == 1)
        #expect(((state["wallet"] as? [String: Any])?["order"] as? [String])?.isEmpty == false)
    }

    /// Idle means blocked in poll(): no frames and almost no CPU over 10 s without input.
    @Test func idleWindowDrawsNothingAndUsesNoCPU() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json")
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "500")
        Thread.sleep(forTimeInterval: 1)  // let the first frames and any settle animation finish
        let cpuBefore = try app.cpuSeconds()
        Thread.sleep(forTimeInterval: 10)
        let cpu = try app.cpuSeconds() - cpuBefore
        try xvfb.xdotool("key", "q")
        let quit = try app.waitFor("quit")
        #expect(cpu < 0.05, "idle CPU \(cpu) s over 10 s")
        // Frames drawn: the first frame (and the ready one) only; none while idle.
        #expect(quit["frames"] as? Int ?? 99 <= 3, "frames drawn: \(quit["frames"] ?? "?")")
        #expect(try app.waitForExit() == 0)
    }

    /// What the X server shows (captured with ImageMagick's import) is the headless render of the same state.
    @Test func realWindowMatchesTheHeadlessRender() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "grid"])
        try app.waitFor("ready")
        Thread.sleep(forTimeInterval: 0.3)
        try xvfb.run(Xvfb.which("import"), ["-display", xvfb.display, "-window", "root", "-crop", "480x800+0+0",
                                            "+repage", dir + "/window.png"])
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        let r = try runGestureDeck(["--scene", "grid", "--state", dir + "/state.json", "--screenshot", dir + "/headless.png"])
        #expect(r.status == 0, "\(r.err)")
        let window = try ImageSurface.load(png: dir + "/window.png")
        let headless = try ImageSurface.load(png: dir + "/headless.png")
        #expect(window.width == 480 && window.height == 800)
        let difference = headless.differingFraction(from: window)
        #expect(difference < 0.001, "\(difference * 100)% of pixels differ between the window and the headless render")
    }
}

@Suite struct PicturesOptionTests {
    /// --pictures shows a user's folder of PNGs in the carousel; bad files are skipped with a warning.
    @Test func userFolderOfPicturesIsShownAndBadFilesSkipped() throws {
        let dir = try temporaryFolder()
        let pictures = dir + "/pics"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/carousel").standardized.path
        let sample = try FileManager.default.contentsOfDirectory(atPath: repo).filter { $0.hasSuffix(".png") }.sorted()
        for name in sample.prefix(3) {
            try FileManager.default.copyItem(atPath: repo + "/" + name, toPath: pictures + "/holiday-" + name)
        }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: pictures + "/notes.png"))
        let r = try runGestureDeck(["--scene", "carousel", "--pictures", pictures, "--state", dir + "/s.json",
                                    "--screenshot", dir + "/shot.png"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("notes.png"), "the bad file was not reported: \(r.err)")
        let missing = try runGestureDeck(["--pictures", dir + "/nope", "--screenshot", dir + "/x.png", "--state", dir + "/s.json"])
        #expect(missing.status != 0 && missing.err.contains("--pictures"))
    }
}
