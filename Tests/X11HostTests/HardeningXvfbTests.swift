import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

// Issue 19 under a real X server: broken and stalled event pipes, closed standard
// descriptors, signals, a window destroyed by another client, a press in flight at quit,
// window state that survives a kill, huge first windows, and no HOME.

/// `/bin/sh -c script` with `$BIN` set to the built binary: for redirections (`>&-`, pipes,
/// `ulimit`) that only a shell makes the way a user's shell does.
final class ShellRun {
    let process = Process()

    init(_ script: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["BIN"] = try AppProcess.binary()
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
    }

    /// Waits for the shell to end; false on timeout.
    func waitUntilGone(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return !process.isRunning
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Polls `condition` every 50 ms for up to `timeout` seconds.
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
}

/// A file's text, or "" when it cannot be read.
func fileText(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

extension XvfbTests {
    /// The wallet state with the sample order, written before a shell-started run.
    private func sampleState(in folder: ScratchFolder) throws -> (path: String, order: [String]) {
        let order = try sampleCardIDs()
        let path = folder.path + "/state.json"
        try StateStore(path: path).save(DeckState(wallet: .init(order: order)))
        return (path, order)
    }

    /// With the window up: moves the top card down one slot with the keyboard and waits until
    /// the state file holds a new order; then quits with q. Returns whether both happened.
    private func reorderAndQuit(_ xvfb: Xvfb, state: String, order: [String], failedScreenshot: Bool = false) throws
        -> (saved: Bool, window: Bool) {
        guard (try? xvfb.deckWindow()) != nil else { return (false, false) }
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.xdotool("mousemove", "240", "400")
        if failedScreenshot {
            // F12 into a folder that does not exist: a warning on stderr while the window runs.
            try xvfb.xdotool("key", "F12")
            Thread.sleep(forTimeInterval: 0.3)
        }
        try xvfb.xdotool("key", "Down")
        try xvfb.xdotool("key", "shift+Down")
        let saved = eventually { (try? walletOrder(inStateFile: state).get()).map { $0 != order && Set($0) == Set(order) } ?? false }
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "q")
        return (saved, true)
    }

    // Item 1: a reader that goes away (`| true`, `| head -1`) or a full device (`>/dev/full`).
    @Test(arguments: ["| true", "| head -1 >/dev/null", ">/dev/full"])
    func brokenEventOutputNeitherKillsNorLosesChanges(sink: String) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (state, order) = try sampleState(in: folder)
        let status = folder.path + "/status"
        let script = sink.hasPrefix("|")
            ? #"{ "$BIN" --events --scene wallet --state "$STATE" 2>"$ERR"; echo $? >"$STATUS"; } \#(sink)"#
            : #""$BIN" --events --scene wallet --state "$STATE" \#(sink) 2>"$ERR"; echo $? >"$STATUS""#
        let shell = try ShellRun(script, environment: ["DISPLAY": xvfb.display, "STATE": state, "STATUS": status,
                                                       "ERR": folder.path + "/err"])
        defer { killHard(xvfb, []) }
        let (saved, window) = try reorderAndQuit(xvfb, state: state, order: order)
        #expect(window, "\(sink): no window; status \(fileText(status)); stderr: \(fileText(folder.path + "/err"))")
        #expect(saved, "\(sink): the reorder was not saved; stderr: \(fileText(folder.path + "/err"))")
        #expect(shell.waitUntilGone(timeout: 10), "\(sink): still running after q")
        #expect(fileText(status).trimmingCharacters(in: .whitespacesAndNewlines) == "0",
                "\(sink): status \(fileText(status)); stderr: \(fileText(folder.path + "/err"))")
        let warnings = fileText(folder.path + "/err").components(separatedBy: "event output stopped").count - 1
        #expect(warnings <= 1, "\(sink): \(warnings) warnings: \(fileText(folder.path + "/err"))")
    }

    // Item 1: a reader that stops reading (a FIFO opened and never read): 5,000 reorders of
    // events (far over a pipe's 64 KiB) must not freeze the loop; every change is saved and q quits.
    @Test func aStalledReaderDoesNotFreezeTheWindow() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let initial = try sampleCardIDs()
        let trace = folder.path + "/burst.jsonl"
        // 5,000 reorder events: about 420 KB, over the pipe's 64 KiB plus EventOutput's buffer.
        let count = 5000
        #expect(count * 80 > (64 << 10) + EventOutput.bufferLimit)
        // The focused (top) card goes down 13 slots and back up, so every key is a reorder.
        let slots = initial.count - 1
        var burst = [InputEvent(.key(.down, []), at: 50)]
        for i in 0..<count {
            let key: Key = (i / slots) % 2 == 0 ? .down : .up
            burst.append(InputEvent(.key(key, .shift), at: 51 + Double(i)))
        }
        // Three more steps down, so the burst cannot end where it started.
        let end = burst.last?.time ?? 0
        burst += (1...3).map { InputEvent(.key(.down, .shift), at: end + Double($0)) }
        try writeTrace(to: trace, state: DeckState(wallet: .init(order: initial)), inputs: burst)
        // The order the burst ends on, from a headless replay.
        let expectedState = folder.path + "/expected.json"
        let headless = try runBinary(["--replay", trace, "--screenshot", folder.path + "/x.png", "--state", expectedState])
        #expect(headless.status == 0, "\(headless.err)")
        let expected = try walletOrder(inStateFile: expectedState).get()
        #expect(expected != initial)

        let fifo = folder.path + "/events"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)  // held open, never read
        defer { close(reader) }
        let state = folder.path + "/state.json"
        let status = folder.path + "/status"
        let shell = try ShellRun(#""$BIN" --events --replay "$TRACE" --state "$STATE" >"$FIFO" 2>"$ERR"; echo $? >"$STATUS""#,
                                 environment: ["DISPLAY": xvfb.display, "TRACE": trace, "STATE": state, "FIFO": fifo,
                                               "STATUS": status, "ERR": folder.path + "/err"])
        defer { killHard(xvfb, []) }
        _ = try xvfb.deckWindow()
        // The burst replays in real time (one key a millisecond); the order it ends on recurs
        // during it (one card wanders), so only its end is meaningful.
        Thread.sleep(forTimeInterval: (burst.last?.time ?? 0) / 1000 + 1)
        let caughtUp = eventually(timeout: 40) { (try? walletOrder(inStateFile: state).get()) == expected }
        #expect(caughtUp, "the window stopped saving; stderr: \(fileText(folder.path + "/err"))")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "q")
        #expect(shell.waitUntilGone(timeout: 10), "frozen: still running after q")
        #expect(fileText(status).trimmingCharacters(in: .whitespacesAndNewlines) == "0", "status \(fileText(status))")
        var waiting: Int32 = 0
        _ = ioctl(reader, UInt(FIONREAD), &waiting)
        #expect(fileText(folder.path + "/err").contains("event output stopped"),
                "no warning (\(waiting) bytes in the FIFO): \(fileText(folder.path + "/err"))")
    }

    // Item 2: closed standard descriptors never become the X connection (event lines and a
    // warning, from a failed F12, are printed while the window runs).
    @Test(arguments: [">&-", "2>&-", "<&- >&- 2>&-"])
    func closedStandardDescriptorsAreHarmless(closing: String) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (state, order) = try sampleState(in: folder)
        let shell = try ShellRun(#"exec "$BIN" --events --scene wallet --state "$STATE" \#(closing)"#,
                                 environment: ["DISPLAY": xvfb.display, "STATE": state,
                                               "GESTUREDECK_SCREENSHOT_DIR": folder.path + "/no/such/folder"])
        defer { killHard(xvfb, []) }
        let (saved, window) = try reorderAndQuit(xvfb, state: state, order: order, failedScreenshot: true)
        #expect(window && saved, "\(closing): window \(window), saved \(saved)")
        let gone = shell.waitUntilGone(timeout: 10)
        #expect(gone, "\(closing): still running after q")
        guard gone else { return }
        #expect(shell.process.terminationReason == .exit && shell.process.terminationStatus == 0,
                "\(closing): status \(shell.process.terminationStatus), reason \(shell.process.terminationReason.rawValue)")
    }

    // Item 5: another client destroys the window: the app saves and exits 0.
    @Test func aWindowDestroyedByAnotherClientEndsTheApp() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, order) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        let moved = try reorderOnce(xvfb, app, order)
        let window = try #require(UInt(try xvfb.deckWindow()))
        let display = try #require(XOpenDisplay(xvfb.display))
        XDestroyWindow(display, XID(window))
        XSync(display, 0)
        XCloseDisplay(display)
        let gone = app.waitUntilGone(timeout: 10)
        #expect(gone, "still running with its window destroyed")
        guard gone else { return }
        #expect(app.process.terminationReason == .exit && app.process.terminationStatus == 0, "status \(app.process.terminationStatus)")
        #expect(try walletOrder(inStateFile: app.statePath).get() == moved)
        #expect(!app.errorOutput.contains("X error"), "\(app.errorOutput)")
    }

    // Item 7: quitting mid-drag (WM_DELETE_WINDOW, or q) saves only the committed order.
    @Test(arguments: ["close", "q"])
    func quittingMidDragSavesOnlyWhatWasDropped(how: String) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, order) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        try xvfb.xdotool("mousemove", "240", "200")
        try xvfb.xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: 0.8)
        try app.waitFor("lift")
        for y in stride(from: 215, through: 470, by: 15) {
            try xvfb.xdotool("mousemove", "240", "\(y)")
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.3)
        if how == "close" { try xvfb.closeWindow() } else { try xvfb.xdotool("key", "q") }
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        try? xvfb.xdotool("mouseup", "1")
        #expect(try walletOrder(inStateFile: app.statePath).get() == order, "\(how): an order that was never dropped was saved")
        #expect(app.eventNames.contains { $0.hasPrefix("cancel") }, "\(how): no cancel before quit: \(app.eventNames)")
    }

    // Item 8: SIGTERM, SIGINT and SIGHUP cancel, save (scene included), print quit, exit 0.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalsSaveTheSceneAndExitCleanly(signal: Int32) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, _) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "2")
        try app.waitFor("scene")
        kill(app.process.processIdentifier, signal)
        let quit = try app.waitFor("quit")
        #expect(quit["signal"] as? String != nil, "\(quit)")
        #expect(try app.waitForExit() == 0)
        #expect(app.process.terminationReason == .exit)
        #expect((try app.savedState()["window"] as? [String: Any])?["scene"] as? String == "grid")
    }

    // Item 8: a finished resize and a scene switch are saved by themselves (a SIGKILL later keeps them);
    // losing the X server keeps them too, and the message says so truthfully.
    @Test func sceneAndSizeAreSavedWithoutAQuit() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let (app, _) = try startWallet(xvfb, in: folder)
        defer { killHard(xvfb, [app]) }
        try xvfb.xdotool("windowsize", try xvfb.deckWindow(), "600", "700")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "3")
        try app.waitFor("scene")
        let saved = eventually(timeout: 5) {
            let window = (try? app.savedState())?["window"] as? [String: Any]
            return window?["scene"] as? String == "messages" && window?["width"] as? Int == 600 && window?["height"] as? Int == 700
        }
        #expect(saved, "saved: \(String(describing: try? app.savedState()["window"]))")
        kill(try xvfb.serverPID(), SIGKILL)
        #expect(app.waitUntilGone(timeout: 10))
        #expect(app.errorOutput.contains("the state was saved"), "\(app.errorOutput)")
    }

    // Item 14: a first window far larger than the screen opens at the screen's size, at once.
    @Test(arguments: [1.0, 2.0])
    func aHugeFirstWindowIsClampedToTheScreen(scale: Double) throws {
        let xvfb = try Xvfb(width: 1280, height: 1024)
        let folder = try ScratchFolder()
        let started = Date()
        let app = try AppProcess(xvfb: xvfb, statePath: folder.path + "/state.json",
                                 arguments: ["--size", "16384x16384", "--scale", "\(scale)"],
                                 environment: ["GESTUREDECK_SCREENSHOT_DIR": folder.path])
        defer { killHard(xvfb, [app]) }
        let ready = try app.waitFor("ready", timeout: 20)
        let seconds = Date().timeIntervalSince(started)
        let peak = residentKB(of: app.process.processIdentifier, field: "VmHWM") ?? 0
        #expect(ready["width"] as? Int ?? .max <= Int(1280 / scale) && ready["height"] as? Int ?? .max <= Int(1024 / scale), "\(ready)")
        #expect(seconds < 5, "\(seconds) s to the first frame")
        #expect(peak < 400_000, "peak RSS \(peak) kB")
        try xvfb.xdotool("mousemove", "100", "100")
        try xvfb.xdotool("key", "F12")
        let shot = try ImageSurface.load(png: try #require(try app.waitFor("screenshot")["path"] as? String))
        #expect(shot.width <= 1280 && shot.height <= 1024, "\(shot.width)x\(shot.height)")
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: shot.height, by: max(1, shot.height / 16)) {
            for x in stride(from: 0, to: shot.width, by: max(1, shot.width / 16)) { colours.insert(shot.pixel(x: x, y: y)) }
        }
        #expect(colours.count >= 3, "the window draws nothing (\(colours.count) colours)")
        try xvfb.xdotool("key", "q")
        try app.waitFor("quit")
    }

    // Item 16: with no absolute HOME (and no XDG_STATE_HOME or --state) the window refuses, naming HOME.
    @Test(arguments: ["", "relative/home"])
    func noAbsoluteHomeRefusesInsteadOfGuessing(home: String) throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        defer { killHard(xvfb, []) }
        let shell = try ShellRun(#"cd "$DIR" && unset XDG_STATE_HOME && HOME="$NEWHOME" exec "$BIN" 2>"$DIR/err""#,
                                 environment: ["DISPLAY": xvfb.display, "DIR": folder.path, "NEWHOME": home])
        let gone = shell.waitUntilGone(timeout: 10)
        #expect(gone, "HOME '\(home)': it started anyway")
        guard gone else { return }
        #expect(shell.process.terminationStatus == 1)
        let err = fileText(folder.path + "/err")
        #expect(err.contains("HOME") && err.contains("--state"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/relative") && !FileManager.default.fileExists(atPath: folder.path + "/.local"))
    }
}

/// Issue 19 without a window: file size limits, endless frame sequences, Cairo's size limit.
@Suite struct HardeningHeadlessTests {
    // Item 4: SIGXFSZ does not kill the screenshot; the write error is reported.
    @Test func aFileSizeLimitIsAReportedWriteError() throws {
        let folder = try ScratchFolder()
        let shell = try ShellRun(#"ulimit -f 4; exec "$BIN" --screenshot "$DIR/big.png" --size 1280x800 --state "$DIR/s.json" 2>"$DIR/err""#,
                                 environment: ["DIR": folder.path, "DISPLAY": ""])
        let gone = shell.waitUntilGone(timeout: 30)
        #expect(gone)
        guard gone else { return }
        #expect(shell.process.terminationReason == .exit, "killed by signal \(shell.process.terminationStatus)")
        #expect(shell.process.terminationStatus == 1)
        let err = fileText(folder.path + "/err")
        #expect(err.contains(folder.path + "/big.png") && err.contains("file size limit"), "\(err)")
    }

    // Item 6: --frames on a trace that ends 11 days in refuses at once, naming the duration.
    @Test func framesOfAFarFutureTraceAreRefused() throws {
        let folder = try ScratchFolder()
        let trace = folder.path + "/far.jsonl"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(TraceHeader(scene: "wallet", width: 480, height: 800, state: DeckState()))
        data.append(contentsOf: Array("\n".utf8) + Array(#"{"t":1000000000,"tick":true}"#.utf8) + [0x0A])
        try data.write(to: URL(fileURLWithPath: trace))
        let run = try runBinary(["--replay", trace, "--frames", folder.path + "/frames", "--state", folder.path + "/s.json"], timeout: 30)
        #expect(!run.timedOut && run.status == 1, "status \(run.status), timed out \(run.timedOut)")
        #expect(run.err.contains("1000000.0 s") && run.err.contains("\(Headless.maximumFrames)"), "\(run.err)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/frames")) ?? []
        #expect(written.isEmpty, "\(written.count) frames written")
        // Just under the limit is allowed (checked without rendering it: the arithmetic the refusal uses).
        let fps = 30.0, tail: Millis = 1000
        let longest = (Double(Headless.maximumFrames - 1) * 1000 / fps) - tail
        #expect(Int(((longest + tail) / (1000 / fps)).rounded(.down)) + 1 <= Headless.maximumFrames)
    }

    // Item 14: device sizes over Cairo's 32767 are refused with a message, not drawn blank.
    @Test func deviceSizesOverCairosLimitAreRefused() throws {
        let folder = try ScratchFolder()
        let over = try runBinary(["--screenshot", folder.path + "/x.png", "--size", "16384x16384", "--scale", "2",
                                  "--state", folder.path + "/s.json"])
        #expect(over.status == 1 && over.err.contains("32767"), "status \(over.status): \(over.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
        #expect(DeviceSize.problem(width: 16383, height: 100, scale: 2) == nil)
        #expect(DeviceSize.problem(width: 16384, height: 100, scale: 2) != nil)
    }
}
