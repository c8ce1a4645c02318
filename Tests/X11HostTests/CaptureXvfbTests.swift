import CX11
import CairoRenderer
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

extension Xvfb {
    /// Runs a tool against this server and returns its standard output (bytes); throws on failure or after 20 s.
    func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Xvfb.which(tool))
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let file = NSTemporaryDirectory() + "gesturedeck-out-" + UUID().uuidString
        FileManager.default.createFile(atPath: file, contents: nil)
        defer { unlink(file) }
        p.standardOutput = FileHandle(forWritingAtPath: file)
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) did not finish")
        }
        guard p.terminationStatus == 0 else {
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) exited \(p.terminationStatus)")
        }
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// The window's title (WM_NAME), or nil when there is no GestureDeck window.
    func deckTitle() throws -> String? {
        let ids = String(decoding: try output("xdotool", ["search", "--name", "^GestureDeck"]), as: UTF8.self)
        guard let id = ids.split(separator: "\n").first else { return nil }
        return String(decoding: try output("xdotool", ["getwindowname", String(id)]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the screen shows at the window's place (ImageMagick's import of the root window).
    func capture(to path: String, width: Int = 480, height: Int = 800) throws -> ImageSurface {
        try run(Xvfb.which("import"), ["-display", display, "-window", "root", "-crop", "\(width)x\(height)+0+0", "+repage", path])
        return try ImageSurface.load(png: path)
    }
}

/// Pixels of `a` and `b` that differ (any channel by more than 8) in rows `rows`.
func differingPixels(_ a: ImageSurface, _ b: ImageSurface, rows: Range<Int>) -> Int {
    var count = 0
    for y in rows {
        for x in 0..<min(a.width, b.width) {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            for shift in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > 8 {
                count += 1
                break
            }
        }
    }
    return count
}

extension XvfbTests {
    /// F12 lands in the Pictures folder of xdg-user-dirs, the notice shows in the window only,
    /// and the clipboard offers the same PNG (and its path as text); the title names the scene.
    @Test func screenshotLandsInPicturesWithANoticeAndOnTheClipboard() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let home = dir + "/home", config = dir + "/config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Shots\"\n".utf8).write(to: URL(fileURLWithPath: config + "/user-dirs.dirs"))
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"],
                                 environment: ["HOME": home, "XDG_CONFIG_HOME": config, "GESTUREDECK_SCREENSHOT_DIR": ""])
        try app.waitFor("ready")
        #expect(try xvfb.deckTitle() == "GestureDeck: Wallet")
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "F12")
        let event = try app.waitFor("screenshot")
        let path = try #require(event["path"] as? String)
        #expect(path.hasPrefix(home + "/Shots/GestureDeck/gesturedeck-wallet-") && path.hasSuffix(".png"), "\(path)")
        #expect(event["clipboard"] as? Bool == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/Shots/GestureDeck").count == 1,
                "a temporary file was left beside the screenshot")
        let saved = try ImageSurface.load(png: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        // The notice is drawn at the bottom of the window, and only there; the saved picture has none.
        Thread.sleep(forTimeInterval: 0.3)
        let screen = try xvfb.capture(to: dir + "/screen.png")
        let toastTop = 800 - Int(CaptureChromeMetrics.bottom + CaptureChromeMetrics.height)
        #expect(differingPixels(screen, saved, rows: 0..<(toastTop - 10)) == 0, "the window and the screenshot differ above the notice")
        #expect(differingPixels(screen, saved, rows: toastTop..<(800 - Int(CaptureChromeMetrics.bottom))) > 2000,
                "no notice in the window")

        // The clipboard: TARGETS lists image/png; its bytes are the file's; the text is the path.
        let targets = String(decoding: try xvfb.output("xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(targets.contains("image/png") && targets.contains("text/plain") && targets.contains("TARGETS"), "\(targets)")
        let pasted = try xvfb.output("xclip", ["-selection", "clipboard", "-t", "image/png", "-o"])
        #expect(pasted == bytes, "the clipboard's PNG (\(pasted.count) bytes) is not the file (\(bytes.count) bytes)")
        let text = try xvfb.output("xclip", ["-selection", "clipboard", "-t", "text/plain", "-o"])
        #expect(String(decoding: text, as: UTF8.self) == path)

        // The title follows the scene.
        try xvfb.xdotool("key", "2")
        try app.waitFor("scene")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try xvfb.deckTitle() == "GestureDeck: Grid")
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
    }

    /// A full disk (a file size limit here) fails the write: the notice names the errno text,
    /// and no truncated PNG is left under any name.
    @Test func screenshotOnAFullDiskLeavesNoFileAndSaysWhy() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let shots = dir + "/shots"
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"],
                                 environment: ["GESTUREDECK_SCREENSHOT_DIR": shots],
                                 // 32 KiB: the state file fits, a 480x800 PNG (about 110 KiB) does not.
                                 limitFileSize: 32 * 1024)
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "F12")
        #expect(app.errorOutput(contains: "(File too large)", within: 10) && app.errorOutput.contains(shots + "/gesturedeck-wallet-"),
                "\(app.errorOutput)")
        #expect(!app.errorOutput.contains("error while writing to output stream"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shots).isEmpty, "a partial screenshot was left")
        #expect(!app.events.contains { $0["event"] as? String == "screenshot" })
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
    }

    /// F9, a real drag, F9: the trace and the video land in --capture-dir, the `video` event
    /// arrives, and the window switched scenes while the video was being encoded.
    @Test func recordingInTheWindowBecomesAVideoInTheBackground() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let caps = dir + "/caps"
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json",
                                 arguments: ["--scene", "wallet", "--capture-dir", caps, "--show-taps"])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "F9")
        try app.waitFor("recording") { $0["state"] as? String == "started" }
        Thread.sleep(forTimeInterval: 0.2)
        let recordingScreen = try xvfb.capture(to: dir + "/recording.png")
        let dotX = 480 - Int(CaptureChrome.Metrics.dotInset), dotY = Int(CaptureChrome.Metrics.dotInset)
        #expect(isRed(recordingScreen.pixel(x: dotX, y: dotY)), "no red dot while recording")
        try xvfb.pressHoldDrag(from: (240, 300), to: (240, 460), hold: 0.7)
        try app.waitFor("drop")
        Thread.sleep(forTimeInterval: 0.3)
        try xvfb.xdotool("key", "F9")
        let stopped = try app.waitFor("recording") { $0["state"] as? String == "stopped" }
        // At once, while the encoder works: the window must answer.
        try xvfb.xdotool("key", "2")
        try app.waitFor("scene") { $0["scene"] as? String == "grid" }
        let video = try app.waitFor("video", timeout: 120)
        let names = app.events.map { $0["event"] as? String ?? "?" }
        let sceneIndex = try #require(names.firstIndex(of: "scene")), videoIndex = try #require(names.firstIndex(of: "video"))
        #expect(sceneIndex < videoIndex, "the window did not answer while encoding: \(names)")
        #expect(names[sceneIndex...].contains("video-progress"), "the encoding had finished before the key: \(names)")

        let tracePath = try #require(stopped["trace"] as? String), videoPath = try #require(stopped["video"] as? String)
        #expect(video["path"] as? String == videoPath && video["trace"] as? String == tracePath)
        #expect(tracePath.hasPrefix(caps + "/gesturedeck-wallet-") && videoPath.hasSuffix(".mp4"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: caps))
                == [(tracePath as NSString).lastPathComponent, (videoPath as NSString).lastPathComponent])
        // The video runs from the first F9 to the second: their times are in the trace.
        let f9 = try String(contentsOfFile: tracePath, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""function":{"_0":9}"#) }
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["t"] as? Double }
        #expect(f9.count == 2)
        let decoded = try DecodedVideo(path: videoPath)
        let expected = Int(((f9.last ?? 0) - (f9.first ?? 0)) * 30 / 1000) + 1
        #expect(abs(decoded.frames.count - expected) <= 1, "\(decoded.frames.count) frames for \(expected) expected")
        #expect(video["frames"] as? Int == decoded.frames.count)
        #expect(decoded.width == 480 && decoded.height == 800)
        // The red dot is not in the video; the drag is (the frames change).
        let first = decoded.frames[0]
        let dot = (dotY * 480 + dotX) * 3
        #expect(!(first[dot] > 200 && first[dot + 1] < 100 && first[dot + 2] < 100), "the red dot was recorded")
        #expect(decoded.frames.contains { $0 != first }, "the video is a still picture")

        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
    }

    /// Closing the window while recording saves the recording and finishes its video first.
    @Test func quittingWhileRecordingStillMakesTheVideo() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "grid", "--capture-dir", dir])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "F9")
        try app.waitFor("recording")
        for _ in 0..<3 { try xvfb.xdotool("click", "5") }
        try xvfb.xdotool("key", "q")
        let video = try app.waitFor("video", timeout: 120)
        try app.waitFor("quit")
        #expect(try app.waitForExit(timeout: 30) == 0)
        #expect(FileManager.default.fileExists(atPath: try #require(video["path"] as? String)))
    }
}

private func isRed(_ pixel: UInt32) -> Bool {
    let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
    return r > 200 && g < 100 && b < 100
}

/// The toast's place, from the chrome's metrics.
private enum CaptureChromeMetrics {
    static let bottom = CaptureChrome.Metrics.pillBottom
    static let height = CaptureChrome.Metrics.toastHeight
}

/// The clipboard in-process against a real server: small data in one piece, large data by INCR.
@Suite struct ClipboardTests {
    @Test(arguments: [300_000, 1000]) func xclipReadsWhatIsOffered(size: Int) throws {
        let xvfb = try Xvfb(width: 320, height: 240)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        // As in the app: an X error is reported, not fatal (a requestor may vanish mid-transfer).
        XSetErrorHandler { _, _ in 0 }
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 10, 10, 0, 0, 0)
        // A 16 KiB chunk limit forces INCR for the large offer.
        let clipboard = Clipboard(display: display, window: window, chunkLimit: 16 * 1024)
        var generator = SystemRandomNumberGenerator()
        let data = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(clipboard.offer(png: data, path: "/tmp/a picture.png", time: Time(CurrentTime)))

        /// Runs xclip while this thread answers the selection requests.
        func paste(_ target: String) throws -> Data {
            let file = NSTemporaryDirectory() + "gesturedeck-clip-" + UUID().uuidString
            FileManager.default.createFile(atPath: file, contents: nil)
            defer { unlink(file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: try Xvfb.which("xclip"))
            p.arguments = ["-selection", "clipboard", "-t", target, "-o"]
            p.environment = ["DISPLAY": xvfb.display]
            p.standardOutput = FileHandle(forWritingAtPath: file)
            try p.run()
            let deadline = Date().addingTimeInterval(20)
            while p.isRunning && Date() < deadline {
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    _ = clipboard.handle(&event)
                }
                Thread.sleep(forTimeInterval: 0.001)
            }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            #expect(p.terminationStatus == 0)
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
        #expect(try paste("image/png") == Data(data))
        #expect(String(decoding: try paste("UTF8_STRING"), as: UTF8.self) == "/tmp/a picture.png")
        let targets = String(decoding: try paste("TARGETS"), as: UTF8.self).split(separator: "\n")
        #expect(targets.contains("image/png") && targets.contains("text/plain") && targets.contains("TIMESTAMP"))
        // Another client copies something (xclip, in the foreground): the offer ends. (A second
        // window of the same connection would not do: the server tells only another client's owner.)
        let copier = Process()
        copier.executableURL = URL(fileURLWithPath: try Xvfb.which("xclip"))
        copier.arguments = ["-selection", "clipboard", "-i", "-quiet"]
        copier.environment = ["DISPLAY": xvfb.display]
        let input = Pipe()
        copier.standardInput = input
        copier.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try copier.run()
        defer { if copier.isRunning { kill(copier.processIdentifier, SIGKILL) } }
        input.fileHandleForWriting.write(Data("something else".utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while clipboard.isOwner && Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                _ = clipboard.handle(&event)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(!clipboard.isOwner)
    }
}
