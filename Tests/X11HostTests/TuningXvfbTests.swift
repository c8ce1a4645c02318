import Foundation
import Testing
import TestSupport

/// The tuning lab in a real window: a preset file edited while the app runs is reloaded
/// (a `tune` event), a bad edit is reported and the last good values stay, and the reloaded
/// hold duration governs a real press-and-hold.
extension XvfbTests {
    static func writePreset(_ text: String, to path: String) throws {
        // Written beside and renamed into place, as editors save.
        let temporary = path + ".tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        _ = rename(temporary, path)
    }

    @Test func presetFileIsReloadedLive() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let preset = dir + "/lab.json"
        try Self.writePreset(#"{"name": "lab", "values": {"wallet.holdDuration": 1200}}"#, to: preset)
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json",
                                 arguments: ["--scene", "wallet", "--preset", preset])
        try app.waitFor("ready")
        let y = Self.walletStripY(2)
        // Under the 1200 ms hold, a 0.8 s hold-drag is a scroll, not a lift.
        try xvfb.pressHoldDrag(from: (240, y), to: (240, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        Thread.sleep(forTimeInterval: 0.8)
        #expect(!app.events.contains { $0["event"] as? String == "lift" }, "lifted under a 1200 ms hold")

        // The file is edited: the new value arrives as a tune event.
        try Self.writePreset(#"{"name": "lab", "values": {"wallet.holdDuration": 400}}"#, to: preset)
        let tune = try app.waitFor("tune") { $0["key"] as? String == "wallet.holdDuration" }
        #expect(tune["value"] as? Double == 400 || tune["value"] as? Int == 400)

        // A bad edit: reported with the file, key and problem; the 400 ms stays in force.
        try Self.writePreset(#"{"values": {"wallet.holdDuration": 99999}}"#, to: preset)
        #expect(app.errorOutput(contains: "preset \(preset): wallet.holdDuration: 99999 is outside 100...3000 ms"),
                "stderr: \(app.errorOutput)")

        // The same 0.8 s hold now lifts the card (400 ms < 0.8 s).
        Thread.sleep(forTimeInterval: 1.2)  // the scroll above has settled
        try xvfb.pressHoldDrag(from: (240, y), to: (240, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        try app.waitFor("lift")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}

extension XvfbTests {
    /// Real keys: T opens the panel on the wallet's hold duration, Shift+Right ten steps of
    /// 50 ms make it 1000 ms (a tune event), and a real 0.8 s hold no longer lifts; Backspace
    /// resets it to 500 ms and the same hold lifts.
    @Test func tuningPanelChangesTheHoldARealPressGets() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet", "--size", "760x800"])
        try app.waitFor("ready")
        try xvfb.xdotool("key", "t")
        try app.waitFor("tuning-panel") { $0["shown"] as? Bool == true }
        try xvfb.xdotool("key", "shift+Right")
        let tune = try app.waitFor("tune") { $0["key"] as? String == "wallet.holdDuration" }
        #expect((tune["value"] as? Double ?? Double(tune["value"] as? Int ?? 0)) == 1000)
        let y = Self.walletStripY(2)
        try xvfb.pressHoldDrag(from: (200, y), to: (200, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        Thread.sleep(forTimeInterval: 1.0)
        #expect(!app.events.contains { $0["event"] as? String == "lift" }, "lifted under a 1000 ms hold")
        try xvfb.xdotool("key", "BackSpace")
        try app.waitFor("tune") { $0["key"] as? String == "wallet.holdDuration" && ($0["value"] as? Int == 500 || $0["value"] as? Double == 500) }
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.pressHoldDrag(from: (200, y), to: (200, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        try app.waitFor("lift")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}
