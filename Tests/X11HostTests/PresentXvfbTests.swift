import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

/// Frames shown with the Present extension where the server offers it (Xvfb does), and the
/// MIT-SHM path without it (issue 21 item 8). Counted, not timed.
@Suite struct PresentXvfbTests {
    static let assets = DamagePresentXvfbTests.assets
    static let width = DamagePresentXvfbTests.width, height = DamagePresentXvfbTests.height

    /// The wallet's first frames: at rest, then with a card pressed and dragged.
    static func frames() throws -> [DisplayList] {
        var warnings: [String] = []
        let scene = try WalletFactory().make(assets: AssetStore(directory: assets), state: DeckState(), warnings: &warnings)
        let deck = Deck(scenes: [scene], size: Size(width: Double(width), height: Double(height)))
        var lists: [DisplayList] = []
        deck.tick(at: 0)
        lists.append(deck.render(at: 0))
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 300), .primary), at: 10))
        for i in 1...6 {
            let t = 10 + Double(i) * 16.7
            deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 300 + Double(i) * 12)), at: t))
            deck.tick(at: t)
            lists.append(deck.render(at: t))
        }
        return lists
    }

    /// Reads every event queued after a round trip and hands it to the compositor.
    static func handleEvents(_ display: OpaquePointer, _ compositor: FrameCompositor) -> Int {
        XSync(display, 0)
        var handled = 0
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if compositor.handle(&event) { handled += 1 }
        }
        return handled
    }

    /// With shared pixmaps (Xvfb offers them) Present reads each frame straight from the
    /// buffer's segment and nothing is uploaded; without, only the damage is copied in.
    @Test(arguments: [true, false])
    func presentShowsEveryFrameAndCompletesEachOne(sharedPixmaps: Bool) throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = DamagePresentXvfbTests.mappedWindow(display)
        let compositor = try #require(FrameCompositor(display: display, window: window, width: Self.width, height: Self.height,
                                                      allowSharedPixmaps: sharedPixmaps))
        #expect(compositor.presenter.transport == .present, "Xvfb offers Present")
        #expect(compositor.presenter.usesSharedPixmaps == sharedPixmaps, "Xvfb offers shared pixmaps")
        let renderer = CairoRenderer()
        let lists = try Self.frames()
        var sent = 0
        var serials: [UInt32] = []
        for list in lists + [lists.last!] {  // the last frame again: unchanged, nothing sent
            compositor.present(list, renderer: renderer)
            if compositor.presenter.lastPresentedPixels > 0 { sent += 1 }
            // This frame's serial, nil when it sent nothing.
            #expect((compositor.presenter.lastSerial != nil) == (compositor.presenter.lastPresentedPixels > 0))
            if let serial = compositor.presenter.lastSerial { serials.append(serial) }
            // Only the frame's damage goes into the pixmap, not what the buffer repainted for the frame it missed.
            #expect(compositor.presenter.lastUploadedPixels == (sharedPixmaps ? 0 : compositor.presenter.lastPresentedPixels))
            _ = Self.handleEvents(display, compositor)
        }
        #expect(sent >= 3, "the drag changed the frame")
        #expect(compositor.presenter.pixmapsPresented == sent, "one PresentPixmap per frame with damage")
        #expect(compositor.presenter.completionsHandled == sent, "one PresentCompleteNotify per PresentPixmap")
        #expect(compositor.presenter.blockedWaits == 0, "completions read between frames: no frame waited for a buffer")
        let presented = compositor.presenter.takeCompletions()
        #expect(presented.count == sent && !presented.contains(where: \.isVblank), "\(presented)")
        #expect(presented.map(\.serial) == serials, "each frame's own serial completed")
        // A vblank notification comes back as a completion of its own, with a later MSC than the frames'
        // (they were copied at once, at the MSC current then; a vblank is asked for the next one).
        compositor.presenter.requestVblank()
        let deadline = monotonicMillis() + 2000
        var vblanks: [PresentTarget.Completion] = []
        while vblanks.isEmpty && monotonicMillis() < deadline {
            _ = Self.handleEvents(display, compositor)
            vblanks = compositor.presenter.takeCompletions().filter(\.isVblank)
            usleep(2000)
        }
        #expect(vblanks.count == 1)
        let lastFrameMSC = try #require(presented.map(\.msc).max())
        #expect(vblanks.allSatisfy { $0.msc > lastFrameMSC }, "vblank \(vblanks), frames up to MSC \(lastFrameMSC)")
        #expect(compositor.presenter.completionsHandled == sent + 1)
        // The window shows the direct path's last frame.
        let reference = CairoRenderer().image(of: lists.last!, width: Self.width, height: Self.height)
        #expect(DamagePresentXvfbTests.differingPixels(display, window, reference) == 0)
    }

    @Test func withoutPresentTheSharedMemoryPathShowsTheSameFrames() throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = DamagePresentXvfbTests.mappedWindow(display)
        let compositor = try #require(FrameCompositor(display: display, window: window, width: Self.width, height: Self.height,
                                                      allowPresent: false))
        #expect(compositor.presenter.transport == .sharedMemory)
        let renderer = CairoRenderer()
        let lists = try Self.frames()
        var completions = 0
        for list in lists {
            compositor.present(list, renderer: renderer)
            completions += Self.handleEvents(display, compositor)
        }
        #expect(completions > 0, "ShmCompletion events were handled")
        let reference = CairoRenderer().image(of: lists.last!, width: Self.width, height: Self.height)
        #expect(DamagePresentXvfbTests.differingPixels(display, window, reference) == 0)
    }
}

/// The real program: Present by default on Xvfb, MIT-SHM with `GESTUREDECK_PRESENT=off`, read
/// from its `ready` event and its frame log (`GESTUREDECK_FRAME_LOG`).
@Suite struct PresentAppXvfbTests {
    /// Runs the messages scene until `ready`, drags it, then SIGTERM `quitAfter` seconds after the
    /// release (0: mid-fling, frames still on their way); returns the ready event and the log's lines.
    static func run(environment: [String: String], quitAfter: TimeInterval = 0.5) throws -> (ready: [String: Any], log: [String]) {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let log = dir + "/frames.log"
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "messages"],
                                 environment: environment.merging(["GESTUREDECK_FRAME_LOG": log]) { $1 })
        let ready = try app.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "600", "mousedown", "1", "mousemove", "240", "500", "sleep", "0.05",
                         "mousemove", "240", "400", "sleep", "0.05", "mousemove", "240", "300", "mouseup", "1")
        Thread.sleep(forTimeInterval: quitAfter)
        app.process.terminate()
        _ = try app.waitForExit()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return (ready, text.split(separator: "\n").map(String.init))
    }

    /// Quit mid-fling: the frames still on screen complete before the log is written.
    @Test func theWindowPresentsWithPresentAndCompletesItsFrames() throws {
        let (ready, log) = try Self.run(environment: [:], quitAfter: 0)
        #expect(ready["present"] as? String == "present")
        let frames = log.filter { $0.hasPrefix("frame ") }
        let serials = Set(frames.compactMap { Int($0.split(separator: " ")[5]) }.filter { $0 > 0 })
        let presented = Set(log.filter { $0.hasPrefix("presented ") }.compactMap { Int($0.split(separator: " ")[1]) })
        #expect(frames.count >= 2, "\(log)")
        #expect(!serials.isEmpty && presented == serials, "every PresentPixmap completed: sent \(serials), completed \(presented)")
        // The event loop reads each completion before the frame that reuses its buffer: no frame
        // should wait (0 on an idle machine); a loaded one may delay a completion past the next
        // frame now and then, so at most a tenth of the frames.
        let waits = log.last.flatMap { $0.hasPrefix("waits ") ? Int($0.dropFirst(6)) : nil }
        #expect(waits.map { $0 * 10 <= frames.count } == true, "\(log.suffix(3))")
        #expect(log.contains { $0.hasPrefix("vblank ") }, "the vblank phase was asked for and came back")
    }

    /// A value that is neither `on` nor `off` is named on stderr and Present kept.
    @Test func anInvalidPresentValueIsNamedAndPresentKept() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "messages"],
                                 environment: ["GESTUREDECK_PRESENT": "maybe"])
        let ready = try app.waitFor("ready")
        #expect(ready["present"] as? String == "present")
        #expect(app.errorOutput(contains: "GESTUREDECK_PRESENT=maybe is not 'on' or 'off'; using Present"), "\(app.errorOutput)")
        app.process.terminate()
        _ = try app.waitForExit()
    }

    @Test func presentOffKeepsSharedMemory() throws {
        let (ready, log) = try Self.run(environment: ["GESTUREDECK_PRESENT": "off"])
        #expect(ready["present"] as? String == "mit-shm")
        let frames = log.filter { $0.hasPrefix("frame ") }
        #expect(frames.count >= 2, "\(log)")
        #expect(frames.allSatisfy { $0.split(separator: " ")[5] == "-1" }, "no Present serials without Present")
        #expect(!log.contains { $0.hasPrefix("presented ") || $0.hasPrefix("vblank ") })
    }
}
