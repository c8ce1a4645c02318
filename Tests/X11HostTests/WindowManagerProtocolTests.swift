import CX11
import CXext
import Foundation
import Glibc
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

@Suite struct FrameSyncStateTests {
    @Test func extendedCounterIsOddWhileDrawingAndEvenAfter() {
        var s = FrameSyncState()
        #expect(s.frameBegan() == 1)
        #expect(s.frameBegan() == nil)  // already odd
        let end = s.frameEnded()
        #expect(end.basic == nil && end.extended == 2)
    }

    @Test func extendedRequestSetsTheRequestedValueAfterTheFrame() {
        var s = FrameSyncState()
        _ = s.frameBegan(); _ = s.frameEnded()
        s.request(value: 40, extended: true)
        #expect(s.frameBegan() == 3)
        #expect(s.frameEnded() == (basic: nil, extended: 40))
        s.request(value: 51, extended: true)  // odd: rounded up to the next even value
        _ = s.frameBegan()
        #expect(s.frameEnded().extended == 52)
    }

    @Test func basicRequestGoesToTheBasicCounterOnce() {
        var s = FrameSyncState()
        s.request(value: 7, extended: false)
        _ = s.frameBegan()
        #expect(s.frameEnded() == (basic: 7, extended: 2))
        _ = s.frameBegan()
        #expect(s.frameEnded() == (basic: nil, extended: 4))
    }
}

@Suite struct StartupNotificationTests {
    @Test func removeMessageQuotesOnlyWhenNeeded() {
        #expect(StartupNotification.removeMessage(id: "launcher-42_TIME1") == "remove: ID=launcher-42_TIME1")
        #expect(StartupNotification.removeMessage(id: #"a "b"\c"#) == #"remove: ID="a \"b\"\\c""#)
    }

    @Test func chunksAreTwentyBytesWithTheTerminatingNul() {
        let chunks = StartupNotification.chunks("remove: ID=launcher-42_TIME1")  // 28 bytes + NUL
        #expect(chunks.count == 2 && chunks.allSatisfy { $0.count == 20 })
        #expect(Array(chunks.joined()).prefix(29) == ArraySlice(Array("remove: ID=launcher-42_TIME1".utf8) + [0]))
        #expect(StartupNotification.chunks(String(repeating: "x", count: 19)).count == 1)
        #expect(StartupNotification.chunks(String(repeating: "x", count: 20)).count == 2)
    }
}

@Suite struct WindowPixelTests {
    @Test func iconPixelsLoseTheirPremultiplication() {
        #expect(WindowManagerProtocols.straightAlpha(0xFF12_3456) == 0xFF12_3456)
        #expect(WindowManagerProtocols.straightAlpha(0x0000_0000) == 0)
        #expect(WindowManagerProtocols.straightAlpha(0x8040_2000) == 0x8080_4000)
    }

    @Test func backgroundPixelFollowsTheVisualMasks() {
        var visual = Visual()
        visual.red_mask = 0xFF0000; visual.green_mask = 0x00FF00; visual.blue_mask = 0x0000FF
        #expect(WindowBackground.pixel(rgb: 0xF2F2F7, visual: &visual) == 0xF2F2F7)
        visual.red_mask = 0xF800; visual.green_mask = 0x07E0; visual.blue_mask = 0x001F  // 16-bit 565
        #expect(WindowBackground.pixel(rgb: 0xFFFFFF, visual: &visual) == 0xFFFF)
        #expect(WindowBackground.pixel(rgb: 0x800000, visual: &visual) == 0x8000)
    }
}

/// A second client on the test's X server, acting as the window manager or launcher.
final class TestClient {
    let display: OpaquePointer
    let root: CX11.Window

    init(_ name: String) throws {
        guard let display = XOpenDisplay(name) else { throw HarnessError("cannot open \(name)") }
        self.display = display
        root = XDefaultRootWindow(display)
    }

    deinit { XCloseDisplay(display) }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// The top-level window titled `title`.
    func window(titled title: String) throws -> CX11.Window {
        var rootReturn: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else {
            throw HarnessError("XQueryTree failed")
        }
        defer { XFree(children) }
        for i in 0..<Int(count) {
            var name: UnsafeMutablePointer<CChar>?
            if XFetchName(display, children[i], &name) != 0, let name {
                defer { XFree(name) }
                if String(cString: name).hasPrefix(title) { return children[i] }
            }
        }
        throw HarnessError("no window titled \(title)")
    }

    /// The next event matching `match` within `timeout` seconds.
    func nextEvent(timeout: Double, where match: (inout XEvent) -> Bool) -> XEvent? {
        let deadline = Date().addingTimeInterval(timeout)
        var fds = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if match(&event) { return event }
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            _ = poll(&fds, 1, Int32(max(1, left * 1000)))
        }
    }

    func counterValue(_ counter: XSyncCounter) -> Int64? {
        var value = XSyncValue()
        guard XSyncQueryCounter(display, counter, &value) != 0 else { return nil }
        return Int64(value.hi) << 32 | Int64(value.lo)
    }

    /// A 32-bit property's items.
    func cardinals(_ window: CX11.Window, _ name: String) -> [UInt] {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom(name), 0, 1 << 20, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    func sendProtocolMessage(to window: CX11.Window, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = atom("WM_PROTOCOLS")
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { raw in
            let longs = raw.bindMemory(to: Int.self)
            for (i, v) in values.enumerated() { longs[i] = v }
        }
        XSendEvent(display, window, 0, Int(NoEventMask), &event)
        XFlush(display)
    }
}

private func runTool(_ tool: String, _ arguments: [String], display: String) throws -> String {
    let r = try runTool(tool, arguments, environment: ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 })
    guard r.status == 0 else { throw HarnessError("\(tool) exited \(r.status)") }
    return String(decoding: r.out, as: UTF8.self)
}

extension XvfbTests {
    /// xprop of the real window shows every property a window manager reads, and the launcher
    /// gets the startup notification's `remove` once the window is up.
    @Test func windowManagerPropertiesAndStartupNotification() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let launcher = try TestClient(xvfb.display)
        XSelectInput(launcher.display, launcher.root, Int(PropertyChangeMask))
        XSync(launcher.display, 0)
        let id = "gesturedeck-test-\(getpid())_TIME42"
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", environment: ["DESKTOP_STARTUP_ID": id])
        try app.waitFor("ready")

        // The launcher's view: _NET_STARTUP_INFO_BEGIN then _NET_STARTUP_INFO pieces up to a NUL.
        let begin = launcher.atom("_NET_STARTUP_INFO_BEGIN"), more = launcher.atom("_NET_STARTUP_INFO")
        var message: [UInt8] = []
        while !message.contains(0) {
            let started = message.isEmpty
            guard let event = launcher.nextEvent(timeout: 5, where: { e in
                e.type == ClientMessage && e.xclient.message_type == (started ? begin : more)
            }) else { break }
            var data = event.xclient.data
            withUnsafeBytes(of: &data) { message += $0.prefix(20) }
        }
        let text = String(decoding: message.prefix { $0 != 0 }, as: UTF8.self)
        #expect(text == "remove: ID=\(id)")

        let window = try launcher.window(titled: "GestureDeck")
        let props = try runTool("xprop", ["-len", "100000000", "-id", String(window)], display: xvfb.display)
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
        for expected in [
            "WM_CLASS(STRING) = \"gesturedeck\", \"GestureDeck\"",
            "_NET_WM_NAME(UTF8_STRING) = \"GestureDeck: Wallet\"",
            "_NET_WM_PID(CARDINAL) = \(app.process.processIdentifier)",
            "WM_CLIENT_MACHINE(STRING) = \"",
            "Client accepts input or input focus: True",
            "WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW, _NET_WM_PING, _NET_WM_SYNC_REQUEST",
            "_NET_WM_SYNC_REQUEST_COUNTER(CARDINAL) = ",
            "_NET_STARTUP_ID(UTF8_STRING) = \"\(id)\"",
        ] + X11App.iconSizes.map { "Icon (\($0) x \($0)):" } {
            #expect(props.contains(expected), "xprop lacks \(expected)")
        }
        #expect(props.contains("WM_CLIENT_MACHINE(STRING) = \"\(host)"), "WM_CLIENT_MACHINE is not \(host)")
        #expect(launcher.cardinals(window, "_NET_WM_SYNC_REQUEST_COUNTER").count == 2)
        // The icon property: width, height and pixels for each size, nothing else.
        let icon = launcher.cardinals(window, "_NET_WM_ICON")
        #expect(icon.count == X11App.iconSizes.reduce(0) { $0 + 2 + $1 * $1 })

        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }

    /// A `_NET_WM_PING` sent to the window comes back to the root window within 100 ms.
    @Test func pingIsAnsweredWithin100ms() throws {
        let limit = 0.100
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json")
        try app.waitFor("ready")
        let wm = try TestClient(xvfb.display)
        let window = try wm.window(titled: "GestureDeck")
        XSelectInput(wm.display, wm.root, Int(SubstructureNotifyMask))
        XSync(wm.display, 0)
        let ping = wm.atom("_NET_WM_PING"), protocols = wm.atom("WM_PROTOCOLS")
        var worst = 0.0
        for serial in 1...5 {
            let started = Date()
            wm.sendProtocolMessage(to: window, [Int(ping), serial, Int(window)])
            let reply = wm.nextEvent(timeout: 2) { e in
                e.type == ClientMessage && e.xclient.message_type == protocols && e.xclient.data.l.0 == Int(ping)
                    && e.xclient.data.l.1 == serial
            }
            let elapsed = Date().timeIntervalSince(started)
            #expect(reply != nil, "ping \(serial) not answered")
            #expect(reply?.xclient.window == wm.root && reply?.xclient.data.l.2 == Int(window))
            worst = max(worst, elapsed)
        }
        #expect(worst < limit, "slowest ping answer \(worst * 1000) ms")
        print("ping: slowest of 5 answered in \(String(format: "%.1f", worst * 1000)) ms")
        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }

    /// Frame synchronisation: after a sync request and a resize, the counters reach the
    /// requested values once the frame at the new size is drawn (extended, then basic mode).
    @Test func syncRequestCountersFollowTheFrames() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--size", "480x800"])
        try app.waitFor("ready")
        let wm = try TestClient(xvfb.display)
        let window = try wm.window(titled: "GestureDeck")
        let counters = wm.cardinals(window, "_NET_WM_SYNC_REQUEST_COUNTER").map { XSyncCounter($0) }
        try #require(counters.count == 2)
        var major: Int32 = 0, minor: Int32 = 0, ev: Int32 = 0, err: Int32 = 0
        try #require(XSyncQueryExtension(wm.display, &ev, &err) != 0 && XSyncInitialize(wm.display, &major, &minor) != 0)
        /// The counter once no frame is being drawn: even, and the same 50 ms later (a frame that is
        /// still being drawn right after `ready`, or after a resize, leaves it odd for a moment).
        func restingValue(_ counter: XSyncCounter) -> Int64? {
            let deadline = Date().addingTimeInterval(3)
            var last = wm.counterValue(counter)
            while Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                let now = wm.counterValue(counter)
                if let now, now == last, now % 2 == 0 { return now }
                last = now
            }
            return last
        }
        let idle = try #require(restingValue(counters[1]))
        #expect(idle > 0 && idle % 2 == 0, "extended counter at rest should be even and past the first frame: \(idle)")

        func waitForCounter(_ counter: XSyncCounter, _ value: Int64) -> Int64? {
            let deadline = Date().addingTimeInterval(3)
            var last = wm.counterValue(counter)
            while Date() < deadline && last != value {
                Thread.sleep(forTimeInterval: 0.01)
                last = wm.counterValue(counter)
            }
            return last
        }
        let sync = wm.atom("_NET_WM_SYNC_REQUEST")
        let target = (idle / 4 + 10) * 4
        wm.sendProtocolMessage(to: window, [Int(sync), 0, Int(target & 0xFFFF_FFFF), Int(target >> 32), 1])
        XResizeWindow(wm.display, window, 520, 780)
        XFlush(wm.display)
        #expect(waitForCounter(counters[1], target) == target)

        wm.sendProtocolMessage(to: window, [Int(sync), 0, 77, 0, 0])
        XResizeWindow(wm.display, window, 500, 760)
        XFlush(wm.display)
        #expect(waitForCounter(counters[0], 77) == 77)
        let after = try #require(restingValue(counters[1]))
        #expect(after > target && after % 2 == 0)

        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }

    /// While the program cannot draw (stopped), a window grown by the window manager shows
    /// the scene's background colour in the new area, never white.
    @Test func backgroundDuringResizeIsTheSceneColour() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--size", "400x400"])
        try app.waitFor("ready")
        let wm = try TestClient(xvfb.display)
        let window = try wm.window(titled: "GestureDeck")
        kill(app.process.processIdentifier, SIGSTOP)
        defer { kill(app.process.processIdentifier, SIGCONT) }
        XResizeWindow(wm.display, window, 600, 600)
        XSync(wm.display, 0)
        guard let image = XGetImage(wm.display, window, 500, 500, 10, 10, UInt(XAllPlanes()), ZPixmap) else {
            Issue.record("XGetImage failed")
            return
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let pixel = image.pointee.f.get_pixel(image, 5, 5) & 0xFFFFFF
        #expect(pixel == UInt(WindowBackground.rgb(Theme.background)), "\(String(pixel, radix: 16))")
        #expect(pixel != 0xFFFFFF)
        kill(app.process.processIdentifier, SIGCONT)
        try xvfb.xdotool("mousemove", "100", "300")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
    }
}
