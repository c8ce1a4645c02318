import Foundation
import Testing
import TestSupport

/// The message list in a real window: a mouse swipe opens a row, its Delete
/// button deletes it, the deletion is saved and survives a restart, and the
/// keyboard path (Down, Delete) works on the restored list.
extension XvfbTests {
    /// Window y of the middle of message row `index` at rest (44 px bar, 72 px rows).
    static func messagesRowY(_ index: Int) -> Int { 44 + index * 72 + 36 }

    @Test func messagesSwipeOpenDeleteIsSavedAndRestored() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let state = dir + "/state.json"
        var app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "messages"])
        try app.waitFor("ready")
        let y = Self.messagesRowY(1)
        // Swipe the second row 160 px left and pause before releasing: the distance decides (S3).
        try xvfb.pressHoldDrag(from: (400, y), to: (240, y), hold: 0, steps: 10, stepDelay: 0.02)
        let open = try app.waitFor("open-row")
        let id = try #require(open["id"] as? String)
        #expect(open["scene"] as? String == "messages")
        Thread.sleep(forTimeInterval: 0.3)
        // Delete is the rightmost button (74 px wide).
        try xvfb.xdotool("mousemove", "443", "\(y)")
        try xvfb.xdotool("click", "1")
        try app.waitFor("action") { $0["name"] as? String == "delete" && $0["id"] as? String == id }
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let rows = ((try app.savedState()["messages"] as? [String: Any])?["rows"] as? [[String: Any]]) ?? []
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(ids.count >= 31 && !ids.contains(id))

        // Restarted: the row is still gone; Down, Down, Delete deletes what is now the second row.
        app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "messages"])
        try app.waitFor("ready")
        try xvfb.xdotool("key", "Down", "Down", "Delete")
        try app.waitFor("action") { $0["name"] as? String == "delete" && $0["id"] as? String == ids[1] }
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}
