import Foundation
import Testing
import TestSupport

/// The carousel in a real window: wheel, click, keys, a fling, and the saved selection.
extension XvfbTests {
    /// Window coordinates of the strip's centre line (480x800 window: 44 px bar,
    /// strip 150 px tall ending 28 px above the bottom) and of its centre.
    static let carouselStripY = 800 - 28 - 75
    static let carouselCentreX = 240

    /// Wheel notches move one item each, Enter selects the centred item, a
    /// click selects another; the selection is saved and comes back centred.
    @Test func carouselWheelClickSaveAndRestore() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let state = dir + "/state.json"
        var app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "carousel"])
        try app.waitFor("ready")

        try xvfb.xdotool("mousemove", "240", "300")
        for _ in 0..<3 { try xvfb.xdotool("click", "5") }
        Thread.sleep(forTimeInterval: 1)
        try xvfb.xdotool("key", "Return")
        try app.waitFor("select") { $0["id"] as? String == "balloon" && $0["scene"] as? String == "carousel" }

        // The item right of the centre (one pitch, 80 px, away).
        try xvfb.xdotool("mousemove", "\(Self.carouselCentreX + 80)", "\(Self.carouselStripY)")
        try xvfb.xdotool("click", "1")
        try app.waitFor("select") { $0["id"] as? String == "cherries" }
        Thread.sleep(forTimeInterval: 1)
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        let saved = try app.savedState()
        #expect((saved["carousel"] as? [String: Any])?["selected"] as? String == "cherries")

        // Restarted, the selected item is centred: Enter selects it again.
        app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--scene", "carousel"])
        try app.waitFor("ready")
        try xvfb.xdotool("key", "Return")
        try app.waitFor("select") { $0["id"] as? String == "cherries" }
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    /// A fling to the left on the strip travels several items and settles on one.
    @Test func carouselFlingSettlesOnAnItem() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "carousel"])
        try app.waitFor("ready")
        try xvfb.pressHoldDrag(from: (420, Self.carouselStripY), to: (120, Self.carouselStripY), hold: 0,
                               steps: 10, stepDelay: 0.015)
        Thread.sleep(forTimeInterval: 2.5)
        try xvfb.xdotool("key", "Return")
        let selected = try app.waitFor("select")
        let id = try #require(selected["id"] as? String)
        #expect(!["sunrise", "orange", "aurora"].contains(id), "the fling moved only to \(id)")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}
