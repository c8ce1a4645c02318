import Foundation
import Testing
import TestSupport

/// The wallet in a real window: press-and-hold reorder with the mouse, the
/// keyboard path, and the saved order coming back after a restart.
extension XvfbTests {
    /// Window y of a point in card `index`'s visible strip at rest (44 px bar,
    /// 16 px top margin, cards 100 px apart).
    static func walletStripY(_ index: Int) -> Int { 44 + 16 + index * 100 + 40 }

    /// Hold the third card, drag it 130 px down, release: it trades places with
    /// the fourth, the move is reported and saved, and a restart shows it there.
    @Test func walletHoldDragReorderIsSavedAndRestored() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let state = dir + "/state.json"
        var app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        let y = Self.walletStripY(2)
        try xvfb.pressHoldDrag(from: (240, y), to: (240, y + 130), hold: 0.8, steps: 13, stepDelay: 0.03)
        let lift = try app.waitFor("lift")
        let id = try #require(lift["id"] as? String)
        #expect(lift["scene"] as? String == "wallet" && lift["index"] as? Int == 2)
        let reorder = try app.waitFor("reorder")
        #expect(reorder["id"] as? String == id && reorder["from"] as? Int == 2 && reorder["to"] as? Int == 3)
        try app.waitFor("drop")
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let order = (try app.savedState()["wallet"] as? [String: Any])?["order"] as? [String]
        #expect(order?.firstIndex(of: id) == 3)

        // Restarted, the card is fourth: a click on the fourth strip expands it.
        app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "\(Self.walletStripY(3))")
        try xvfb.xdotool("click", "1")
        try app.waitFor("expand") { $0["id"] as? String == id }
        try xvfb.xdotool("key", "Escape")
        try app.waitFor("collapse") { $0["id"] as? String == id }
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    /// Down, Down focuses the second card; Shift+Down moves it; Enter expands it.
    @Test func walletKeyboardReorderAndExpand() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        // Without a window manager the keyboard follows the pointer.
        try xvfb.xdotool("mousemove", "240", "300")
        try xvfb.xdotool("key", "Down", "Down", "shift+Down")
        let reorder = try app.waitFor("reorder")
        #expect(reorder["from"] as? Int == 1 && reorder["to"] as? Int == 2)
        try xvfb.xdotool("key", "Return")
        try app.waitFor("expand") { $0["id"] as? String == reorder["id"] as? String }
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let order = (try app.savedState()["wallet"] as? [String: Any])?["order"] as? [String]
        #expect(order?[2] == reorder["id"] as? String)
    }
}
