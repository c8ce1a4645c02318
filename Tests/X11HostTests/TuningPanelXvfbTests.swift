import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The tuning panel with real input: a mouse drag on a slider changes what a real hold does,
/// "copy as" puts the code on the X CLIPBOARD (read back with xclip), Ctrl+S saves a preset.
extension XvfbTests {
    static let panelWindow = Size(width: 760, height: 800)

    /// The hold duration's knob (the wallet panel's first tunable, under its group's heading) at
    /// `value` ms, in window pixels.
    static func holdKnob(at value: Double) throws -> (x: Int, y: Int, pxPerStep: Double) {
        let track = try #require(TuningPanel.startingTrack(row: 1, windowSize: panelWindow))
        let t = try #require(TunableTable.everything[WalletTunables.holdDuration])
        let span = t.range.upperBound - t.range.lowerBound
        let x = track.minX + track.width * (value - t.range.lowerBound) / span
        return (Int(x.rounded()), Int(track.midY.rounded()), t.step * track.width / span)
    }

    /// T, then a real drag of the hold duration's knob ten steps right (500 → 1000 ms, one `tune`
    /// event per step): a 0.8 s hold no longer lifts a card, a 1.3 s one does.
    @Test func draggingTheHoldSliderChangesWhatARealHoldDoes() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json",
                                 arguments: ["--scene", "wallet", "--size", "760x800"])
        try app.waitFor("ready")
        try xvfb.xdotool("key", "t")
        try app.waitFor("tuning-panel") { $0["shown"] as? Bool == true && $0["docked"] as? Bool == false }
        let knob = try Self.holdKnob(at: 500)
        let dx = Int((10 * knob.pxPerStep).rounded())
        try xvfb.xdotool("mousemove", "\(knob.x)", "\(knob.y)")
        try xvfb.xdotool("mousedown", "1")
        for i in 1...8 {
            try xvfb.xdotool("mousemove", "\(knob.x + dx * i / 8)", "\(knob.y)")
            Thread.sleep(forTimeInterval: 0.03)
        }
        try xvfb.xdotool("mouseup", "1")
        try app.waitFor("tune") { $0["key"] as? String == WalletTunables.holdDuration && Self.number($0["value"]) == 1000 }
        let tunes = app.events.filter { $0["event"] as? String == "tune" }.compactMap { Self.number($0["value"]) }
        #expect(tunes.allSatisfy { $0.truncatingRemainder(dividingBy: 50) == 0 && $0 > 500 && $0 <= 1000 }, "\(tunes)")
        #expect(!app.events.contains { ["lift", "scroll"].contains($0["event"] as? String) }, "the wallet saw the drag")

        let y = Self.walletStripY(2)
        try xvfb.pressHoldDrag(from: (200, y), to: (200, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        Thread.sleep(forTimeInterval: 1.0)
        #expect(!app.events.contains { $0["event"] as? String == "lift" }, "lifted under a 1000 ms hold")
        try xvfb.pressHoldDrag(from: (200, y), to: (200, y + 130), hold: 1.3, steps: 13, stepDelay: 0.03)
        try app.waitFor("lift")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    static func number(_ value: Any?) -> Double? {
        (value as? Double) ?? (value as? Int).map(Double.init)
    }

    /// `gesturedeck ARGUMENTS` (no window): its standard output.
    static func programOutput(_ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try AppProcess.binary())
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Under `--preset ios`: T, Up twice to "Copy as", Right to UIKit, Enter: the CLIPBOARD holds
    /// exactly what `--export-tuning uikit --preset ios` prints (and offers no picture); Ctrl+C
    /// after Right to Flutter replaces it with the Flutter code.
    @Test func copyAsPutsTheTuningCodeOnTheClipboard() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json",
                                 arguments: ["--scene", "wallet", "--size", "760x800", "--preset", "ios"])
        try app.waitFor("ready")
        for key in ["t", "Up", "Up", "Right", "Return"] { try xvfb.xdotool("key", key) }
        let copied = try app.waitFor("tuning-copied")
        #expect(copied["format"] as? String == "uikit" && copied["clipboard"] as? Bool == true)
        let expected = try Self.programOutput(["--export-tuning", "uikit", "--preset", "ios"])
        #expect(expected.contains("UISpringTimingParameters(mass:"))
        let pasted = String(decoding: try xvfb.output("xclip", ["-selection", "clipboard", "-o"]), as: UTF8.self)
        #expect(pasted == expected)
        let targets = String(decoding: try xvfb.output("xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"]), as: UTF8.self)
        #expect(targets.contains("UTF8_STRING") && !targets.contains("image/png"), "targets: \(targets)")

        for key in ["Right", "ctrl+c"] { try xvfb.xdotool("key", key) }
        try app.waitFor("tuning-copied") { $0["format"] as? String == "flutter" }
        let flutter = String(decoding: try xvfb.output("xclip", ["-selection", "clipboard", "-o"]), as: UTF8.self)
        #expect(flutter == (try Self.programOutput(["--export-tuning", "flutter", "--preset", "ios"])))
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    /// Ctrl+S in the panel twice, after a real drag: two new files in `$XDG_CONFIG_HOME/gesturedeck/presets`
    /// (`tuning.json`, then `tuning-2.json`, the first never overwritten), each holding the dragged
    /// value, and a preset that was there before is left as it was.
    @Test func ctrlSSavesANewPresetEveryTime() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let folder = dir + "/config/gesturedeck/presets"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mine = #"{"name": "tuning", "values": {"wallet.holdDuration": 700}}"# + "\n"
        try Data(mine.utf8).write(to: URL(fileURLWithPath: folder + "/tuning.json"))
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet", "--size", "760x800"],
                                 environment: ["XDG_CONFIG_HOME": dir + "/config"])
        try app.waitFor("ready")
        try xvfb.xdotool("key", "t")
        try app.waitFor("tuning-panel")
        try xvfb.xdotool("key", "shift+Right")
        try app.waitFor("tune")
        try xvfb.xdotool("key", "ctrl+s")
        let first = try app.waitFor("preset-saved")
        try xvfb.xdotool("key", "ctrl+s")
        let second = try app.waitFor("preset-saved") { $0["path"] as? String != first["path"] as? String }
        #expect(first["path"] as? String == folder + "/tuning-2.json")
        #expect(second["path"] as? String == folder + "/tuning-3.json")
        #expect(try String(contentsOfFile: folder + "/tuning.json", encoding: .utf8) == mine)
        for path in [folder + "/tuning-2.json", folder + "/tuning-3.json"] {
            let saved = try String(contentsOfFile: path, encoding: .utf8)
            #expect(saved.contains("\"wallet.holdDuration\": 1000"), "\(path): \(saved)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}
