import CairoRenderer
import Foundation
import Testing
import TestSupport

/// Issue 22, tried by hand in a real window: real input through xdotool, what the X
/// server shows captured with ImageMagick's import, and the `--events` output.
extension XvfbTests {
    /// The window's pixels now (480x800 at the screen's origin unless told).
    static func capture(_ xvfb: Xvfb, _ dir: String, width: Int = 480, height: Int = 800) throws -> ImageSurface {
        let path = dir + "/capture-\(UUID().uuidString).png"
        try xvfb.run(Xvfb.which("import"), ["-display", xvfb.display, "-window", "root", "-crop",
                                            "\(width)x\(height)+0+0", "+repage", path])
        return try ImageSurface.load(png: path)
    }

    /// The window once it stops changing: two captures `interval` s apart that are the same
    /// (or the last one after `timeout` s). A loaded machine draws the last frames of an
    /// animation late; a fixed sleep then catches the strip still moving.
    static func captureAtRest(_ xvfb: Xvfb, _ dir: String, interval: Double = 0.25, timeout: Double = 8) throws -> ImageSurface {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try capture(xvfb, dir)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: interval)
            let next = try capture(xvfb, dir)
            if next.differingFraction(from: last, channelTolerance: 0) == 0 { return next }
            last = next
        }
        return last
    }

    /// True for the American Express card's gold (the third sample card), not for the
    /// red, blue, navy, coral or dark faces around it.
    static func isGold(_ argb: UInt32) -> Bool {
        let r = Int((argb >> 16) & 0xFF), g = Int((argb >> 8) & 0xFF), b = Int(argb & 0xFF)
        return r > 150 && g > 120 && b < 110 && r - b > 80
    }

    /// How many of the pixels along row `y` from `x0` to `x1` (every 10 px) are gold.
    static func goldShare(_ image: ImageSurface, y: Int, x0: Int, x1: Int) -> Double {
        let xs = Array(stride(from: x0, through: x1, by: 10))
        return Double(xs.filter { isGold(image.pixel(x: $0, y: y)) }.count) / Double(xs.count)
    }

    /// Item 2: the gold card held with the pointer far below the window stays half in
    /// view at the bottom edge (auto-scroll running), then lands in a slot on release.
    @Test func walletCardCarriedBelowTheWindowStaysHalfInView() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        let y = Self.walletStripY(2)
        try xvfb.xdotool("mousemove", "240", "\(y)")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.8)
        try app.waitFor("lift") { $0["index"] as? Int == 2 }
        for step in 1...8 { try xvfb.xdotool("mousemove", "240", "\(y + step * 100)"); Thread.sleep(forTimeInterval: 0.03) }
        Thread.sleep(forTimeInterval: 0.4)
        let image = try Self.capture(xvfb, dir)
        #expect(Self.goldShare(image, y: 780, x0: 40, x1: 440) > 0.6, "the lifted card shows at the window's bottom")
        try xvfb.xdotool("mouseup", "1")
        let drop = try app.waitFor("drop")
        #expect((drop["index"] as? Int ?? 0) > 2, "auto-scrolled and dropped further down: \(drop)")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    /// Item 3: the window resized to 800 px while a card is held: the held card takes the
    /// new (capped, centred) column at once.
    @Test func walletHeldCardFollowsAWindowResize() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        let y = Self.walletStripY(2)
        try xvfb.xdotool("mousemove", "240", "\(y)")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.9)
        try app.waitFor("lift")
        try xvfb.xdotool("search", "--name", "GestureDeck", "windowsize", "800", "800")
        Thread.sleep(forTimeInterval: 0.5)
        let image = try Self.capture(xvfb, dir, width: 800)
        // The lifted card (window y 230...430) spans the new column, 175...625; before the
        // fix it kept its old 16...464 and nothing gold showed right of 464.
        #expect(Self.goldShare(image, y: 330, x0: 480, x1: 610) > 0.8, "the held card is as wide as the new column")
        #expect(Self.goldShare(image, y: 330, x0: 190, x1: 460) > 0.8)
        try xvfb.xdotool("mouseup", "1")
        try app.waitFor("drop")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }

    /// Item 6: Escape after a long auto-scroll brings the gold card's home slot back on screen.
    @Test func walletCancelAfterALongAutoScrollShowsTheHomeSlot() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        let y = Self.walletStripY(2)
        try xvfb.xdotool("mousemove", "240", "\(y)")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.8)
        try app.waitFor("lift")
        // Down to the bottom edge, staying inside the window (the keyboard follows the pointer).
        for step in 1...6 { try xvfb.xdotool("mousemove", "240", "\(y + (790 - y) * step / 6)"); Thread.sleep(forTimeInterval: 0.03) }
        Thread.sleep(forTimeInterval: 2.5)
        try xvfb.xdotool("key", "Escape")
        try app.waitFor("cancel")
        try xvfb.xdotool("mouseup", "1")
        Thread.sleep(forTimeInterval: 0.9)
        let image = try Self.capture(xvfb, dir)
        let rows = stride(from: 60, through: 780, by: 20).map { Self.goldShare(image, y: $0, x0: 40, x1: 440) }
        #expect(rows.contains { $0 > 0.6 }, "the gold card is back in view")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let order = (try app.savedState()["wallet"] as? [String: Any])?["order"] as? [String]
        #expect(order == nil || order?[2] == "amex-gold", "the order is as before")
    }

    /// Item 4: a double click (90 ms apart) on the picture two places right of the centre:
    /// the window ends exactly as a fresh start with that picture selected (centred, ringed).
    @Test func carouselDoubleClickEndsCentredOnTheSelection() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "carousel"])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "400", "700")
        try xvfb.xdotool("click", "--repeat", "2", "--delay", "90", "1")
        let first = try app.waitFor("select")
        Thread.sleep(forTimeInterval: 1.2)
        let selects = app.events.filter { $0["event"] as? String == "select" }
        #expect(selects.count == 2 && selects.allSatisfy { $0["id"] as? String == first["id"] as? String })
        try xvfb.xdotool("mousemove", "240", "300")
        let window = try Self.captureAtRest(xvfb, dir)
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let r = try runGestureDeck(["--scene", "carousel", "--state", dir + "/state.json", "--screenshot", dir + "/headless.png"])
        #expect(r.status == 0, "\(r.err)")
        let headless = try ImageSurface.load(png: dir + "/headless.png")
        let difference = headless.differingFraction(from: window)
        #expect(difference < 0.01, "\(difference * 100)% of pixels differ from the selection centred at rest")
    }

    /// Item 5: Shift+Down in Messages moves the focused row, reports it and saves it.
    @Test func messagesShiftDownMovesTheFocusedRow() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "messages"])
        try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "Down", "Down", "Down", "shift+Down")
        let reorder = try app.waitFor("reorder")
        #expect(reorder["scene"] as? String == "messages" && reorder["from"] as? Int == 2 && reorder["to"] as? Int == 3)
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let rows = (try app.savedState()["messages"] as? [String: Any])?["rows"] as? [[String: Any]]
        #expect(rows?[3]["id"] as? String == reorder["id"] as? String, "saved in its new place")
    }
}
