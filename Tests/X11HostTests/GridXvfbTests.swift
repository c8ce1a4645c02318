import Foundation
import Testing
import TestSupport

extension XvfbTests {
    /// Real press-and-hold moves tile 0 to tile 5's slot; the event and the saved order agree.
    @Test func gridHoldDragMovesTileZeroToSlotFive() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "grid"])
        try app.waitFor("ready")
        // At 480 px the grid has four columns of 103 px tiles, 12 px apart, 16 px from the edges,
        // below the 44 px scene bar: tile 0 is centred at (67, 111), slot 5 (row 1, column 1) at (182, 226).
        try xvfb.pressHoldDrag(from: (67, 111), to: (182, 226), hold: 0.8, steps: 16)
        let lift = try app.waitFor("lift")
        #expect(lift["id"] as? String == "tile-01")
        let reorder = try app.waitFor("reorder")
        #expect(reorder["scene"] as? String == "grid")
        #expect(reorder["id"] as? String == "tile-01")
        #expect(reorder["from"] as? Int == 0 && reorder["to"] as? Int == 5)
        try app.waitFor("drop")
        Thread.sleep(forTimeInterval: 0.4)
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        let order = try #require((try app.savedState()["grid"] as? [String: Any])?["order"] as? [String])
        #expect(order.firstIndex(of: "tile-01") == 5)
        #expect(order.count == 48 && Set(order).count == 48)
    }
}
