import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The X side going wrong under the real window (issue 10, item 4).
extension XvfbTests {
    /// Starts the wallet with a state file holding the sample order; returns the app and that order.
    func startWallet(_ xvfb: Xvfb, in folder: ScratchFolder, arguments: [String] = []) throws -> (AppProcess, [String]) {
        let order = try sampleCardIDs()
        try StateStore(path: folder.path + "/state.json").save(DeckState(wallet: .init(order: order)))
        let app = try AppProcess(xvfb: xvfb, statePath: folder.path + "/state.json",
                                 arguments: ["--scene", "wallet"] + arguments,
                                 environment: ["GESTUREDECK_SCREENSHOT_DIR": folder.path])
        try app.waitFor("ready")
        return (app, order)
    }

    /// Focuses the top card and moves it down one slot with Shift+Down; returns the new order.
    func reorderOnce(_ xvfb: Xvfb, _ app: AppProcess, _ order: [String]) throws -> [String] {
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "Down")
        try xvfb.xdotool("key", "shift+Down")
        let event = try app.waitFor("reorder")
        let orders = try #require(ordersThrough([event], from: order))
        return try #require(orders.last)
    }

    /// The X connection goes away under the app: the server is killed (SIGKILL), or the
    /// server drops the app's connection (XKillClient, as `xkill` does). The app must end
    /// with a message about the X server and a non-zero status, the last change saved.
    @Test(arguments: ["server killed", "connection killed"])
    func xServerGoingAwayEndsTheAppWithAMessageAndTheStateSaved(how: String) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, order) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        let moved = try reorderOnce(xvfb, app, order)
        Thread.sleep(forTimeInterval: 0.2)
        if how == "server killed" {
            kill(try xvfb.serverPID(), SIGKILL)
        } else {
            let window = try #require(UInt(try xvfb.deckWindow()))
            let display = try #require(XOpenDisplay(xvfb.display))
            XKillClient(display, XID(window))
            XSync(display, 0)
            XCloseDisplay(display)
        }
        let gone = app.waitUntilGone(timeout: 10)
        #expect(gone, "\(how): the app is still running 10 s later; stderr: \(app.errorOutput)")
        guard gone else { return }
        #expect(app.process.terminationReason == .exit && app.process.terminationStatus != 0,
                "\(how): status \(app.process.terminationStatus), reason \(app.process.terminationReason.rawValue)")
        #expect(app.errorOutput.contains("X server"), "\(how): stderr: \(app.errorOutput)")
        #expect(try walletOrder(inStateFile: app.statePath).get() == moved, "the reorder before the crash was not saved")
    }

    /// xdotool windowsize to 1x1 and to 3840x2160: F12 still saves a screenshot of that size,
    /// a drag and the wheel still work, `q` still quits, and the size is saved.
    @Test func windowResizedToOneByOneAndTo4KKeepsWorking() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, _) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        let window = try xvfb.deckWindow()
        var shots: [String] = []
        for (width, height) in [(1, 1), (3840, 2160), (1, 1), (480, 800)] {
            try xvfb.xdotool("windowsize", window, "\(width)", "\(height)")
            Thread.sleep(forTimeInterval: 0.4)
            try xvfb.xdotool("mousemove", "0", "0")  // keys go to the window under the pointer
            try xvfb.xdotool("key", "F12")
            let shot = try app.waitFor("screenshot") { !shots.contains($0["path"] as? String ?? "") }
            let path = try #require(shot["path"] as? String)
            shots.append(path)
            let image = try ImageSurface.load(png: path)
            #expect(image.width == width && image.height == height, "screenshot \(image.width)x\(image.height) at \(width)x\(height)")
            if width > 1 {
                try xvfb.xdotool("mousemove", "200", "400")
                try xvfb.xdotool("click", "5")
                try xvfb.pressHoldDrag(from: (200, 500), to: (200, 300), hold: 0, steps: 5, stepDelay: 0.02)
            } else {
                try xvfb.xdotool("click", "5")  // input into a 1x1 window
                try xvfb.pressHoldDrag(from: (0, 0), to: (0, 300), hold: 0.6, steps: 4, stepDelay: 0.02)
            }
        }
        try xvfb.xdotool("windowsize", window, "3840", "2160")
        Thread.sleep(forTimeInterval: 0.3)
        try xvfb.xdotool("mousemove", "100", "100")
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0, "stderr: \(app.errorOutput)")
        let savedWindow = try app.savedState()["window"] as? [String: Any]
        #expect(savedWindow?["width"] as? Int == 3840 && savedWindow?["height"] as? Int == 2160, "saved \(savedWindow ?? [:])")
        #expect(!app.errorOutput.contains("X error"), "stderr: \(app.errorOutput)")
    }

    /// Holds a card, drags it past two neighbours, and closes the window with the button still down.
    @Test func windowClosedDuringADragSavesAWholeOrder() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, order) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        try xvfb.xdotool("mousemove", "240", "200")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.8)
        let lift = try app.waitFor("lift")
        let id = try #require(lift["id"] as? String)
        for y in stride(from: 215, through: 470, by: 15) {
            try xvfb.xdotool("mousemove", "240", "\(y)")
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.3)
        try xvfb.closeWindow()
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        try? xvfb.xdotool("mouseup", "1")
        let saved = try walletOrder(inStateFile: app.statePath).get()
        // Either untouched, or the lifted card moved as one step (where the drop would have put it).
        var others = saved
        others.removeAll { $0 == id }
        #expect(saved.count == order.count && Set(saved) == Set(order), "not a permutation: \(saved)")
        #expect(others == order.filter { $0 != id }, "cards other than \(id) changed places: \(saved)")
        print("fault: window closed mid-drag: \(id) saved at \(saved.firstIndex(of: id) ?? -1) (was \(order.firstIndex(of: id) ?? -1))")
    }

    /// The implicit pointer grab ends mid-drag (the window is unmapped, as when it is minimised
    /// or moved to another workspace): the drag must cancel; it must not drop when the button
    /// is later released over the mapped window.
    ///
    /// (Another client's XGrabPointer cannot take the pointer while our button is down: the
    /// server answers AlreadyGrabbed. Unmapping is how a grab is really lost mid-drag.)
    @Test func losingThePointerGrabMidDragCancelsCleanly() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, order) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        let window = try xvfb.deckWindow()
        try xvfb.xdotool("mousemove", "240", "200")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.8)
        try app.waitFor("lift")
        for y in stride(from: 215, through: 470, by: 15) {
            try xvfb.xdotool("mousemove", "240", "\(y)")
            Thread.sleep(forTimeInterval: 0.03)
        }
        try xvfb.xdotool("windowunmap", window)
        Thread.sleep(forTimeInterval: 0.4)
        try xvfb.xdotool("windowmap", window)
        Thread.sleep(forTimeInterval: 0.4)
        try xvfb.xdotool("mouseup", "1")
        Thread.sleep(forTimeInterval: 0.6)
        let names = app.eventNames
        let afterLift = names.drop { !$0.hasPrefix("lift") }
        #expect(afterLift.contains { $0.hasPrefix("cancel") } || !afterLift.contains { $0.hasPrefix("reorder") },
                "the lost grab did not cancel the drag: \(names)")
        #expect(try walletOrder(inStateFile: app.statePath).get() == order, "the order changed after a lost grab")

        // The app keeps working: a new hold lifts and drops.
        let drops = names.filter { $0.hasPrefix("drop") }.count
        try xvfb.pressHoldDrag(from: (240, 400), to: (240, 430), hold: 0.8, steps: 3)
        let deadline = Date().addingTimeInterval(5)
        while app.eventNames.filter({ $0.hasPrefix("drop") }).count <= drops && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(app.eventNames.filter { $0.hasPrefix("drop") }.count > drops, "no lift and drop after the lost grab: \(app.eventNames)")
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
    }
}
