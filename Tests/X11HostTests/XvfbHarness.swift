import CX11
import Foundation
import Testing

/// A private X server for one test: `Xvfb -displayfd`, stopped by its pid.
final class Xvfb {
    let display: String
    private let process = Process()

    /// Starts Xvfb with a free display number chosen by the server itself.
    init(width: Int = 1280, height: Int = 1024) throws {
        process.executableURL = URL(fileURLWithPath: try Xvfb.which("Xvfb"))
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        // The server writes its display number and a newline once it accepts connections.
        var text = ""
        let handle = out.fileHandleForReading
        while !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { throw HarnessError("Xvfb exited before announcing a display") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    /// Stops the server: SIGTERM, then SIGKILL if it lingers (never blocks for long).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        // Children of the test runner may start with SIGTERM blocked: do not wait long for it.
        let deadline = Date().addingTimeInterval(0.3)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs xdotool against this server; throws on a non-zero exit.
    func xdotool(_ arguments: String...) throws {
        try run(Xvfb.which("xdotool"), Array(arguments))
    }

    /// Presses at `from`, waits `hold` seconds, drags to `to` in `steps` and releases.
    func pressHoldDrag(from: (Int, Int), to: (Int, Int), hold: Double, steps: Int = 12, stepDelay: Double = 0.03) throws {
        try xdotool("mousemove", "\(from.0)", "\(from.1)")
        try xdotool("mousedown", "1")
        Thread.sleep(forTimeInterval: hold)
        for i in 1...steps {
            let x = from.0 + (to.0 - from.0) * i / steps, y = from.1 + (to.1 - from.1) * i / steps
            try xdotool("mousemove", "\(x)", "\(y)")
            Thread.sleep(forTimeInterval: stepDelay)
        }
        Thread.sleep(forTimeInterval: 0.1)
        try xdotool("mouseup", "1")
    }

    func run(_ tool: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        if p.isRunning {
            p.terminate()
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) did not finish")
        }
        guard p.terminationStatus == 0 else {
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) exited \(p.terminationStatus)")
        }
    }

    /// Asks the window titled "GestureDeck: <scene>" to close, as a window manager would (WM_DELETE_WINDOW).
    func closeWindow() throws {
        guard let dpy = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
        defer { XCloseDisplay(dpy) }
        guard let window = Xvfb.findWindow(dpy, XDefaultRootWindow(dpy), named: "GestureDeck") else {
            throw HarnessError("no GestureDeck window on \(display)")
        }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(dpy, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(dpy, window, 0, Int(NoEventMask), &event)
        XFlush(dpy)
    }

    private static func findWindow(_ dpy: OpaquePointer, _ window: CX11.Window, named name: String) -> CX11.Window? {
        var title: UnsafeMutablePointer<CChar>?
        if XFetchName(dpy, window, &title) != 0, let title {
            defer { XFree(title) }
            // The title names the scene: "GestureDeck: Wallet".
            let text = String(cString: title)
            if text == name || text.hasPrefix(name + ": ") { return window }
        }
        var root: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        guard XQueryTree(dpy, window, &root, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in 0..<Int(count) {
            if let found = findWindow(dpy, children[i], named: name) { return found }
        }
        return nil
    }

    static func which(_ tool: String) throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + tool) {
            return dir + "/" + tool
        }
        throw HarnessError("\(tool) is not installed (apt-get install xvfb xdotool)")
    }
}

/// The real `gesturedeck` program running on an Xvfb display with `--events`.
final class AppProcess: @unchecked Sendable {  // output buffers are guarded by `lock`
    let process = Process()
    let statePath: String
    private let lock = NSLock()
    private var lines: [String] = []
    private var stderrText = ""

    /// Launches the built binary with `--events --state STATE` plus `arguments`. With
    /// `limitFileSize` (bytes) it runs under `ulimit -f`, with SIGXFSZ ignored: a full disk.
    /// With `passState: false` no `--state` is given (the default XDG path is used; `statePath`
    /// should then name that file).
    init(xvfb: Xvfb, statePath: String, arguments: [String] = [], environment: [String: String] = [:],
         limitFileSize: Int? = nil, passState: Bool = true) throws {
        self.statePath = statePath
        process.executableURL = URL(fileURLWithPath: try AppProcess.binary())
        process.arguments = ["--events"] + (passState ? ["--state", statePath] : []) + arguments
        if let limitFileSize {
            // dash counts ulimit -f in 512-byte blocks; exec keeps the pid and the ignored signal.
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(limitFileSize / 512); exec \"$0\" \"$@\"",
                                 try AppProcess.binary()] + process.arguments!
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = xvfb.display
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Plain reader threads: blocking reads until the pipes close.
        let outHandle = out.fileHandleForReading, errHandle = err.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            var partial = ""
            while true {
                let data = outHandle.availableData
                if data.isEmpty { break }
                partial += String(decoding: data, as: UTF8.self)
                var complete: [String] = []
                while let newline = partial.firstIndex(of: "\n") {
                    complete.append(String(partial[..<newline]))
                    partial = String(partial[partial.index(after: newline)...])
                }
                guard let self else { return }
                self.lock.lock()
                self.lines.append(contentsOf: complete)
                self.lock.unlock()
            }
        }
        Thread.detachNewThread { [weak self] in
            while true {
                let data = errHandle.availableData
                if data.isEmpty { break }
                guard let self else { return }
                self.lock.lock()
                self.stderrText += String(decoding: data, as: UTF8.self)
                self.lock.unlock()
            }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The built `gesturedeck` beside the test bundle (or `$GESTUREDECK_BIN`).
    static func binary() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["GESTUREDECK_BIN"] { return explicit }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("gesturedeck").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw HarnessError("gesturedeck binary not found near \(CommandLine.arguments[0]); run swift build first")
    }

    /// Every event printed so far, parsed.
    var events: [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return stderrText
    }

    /// Waits until an event named `name` (matching `where`) is printed; throws after `timeout` seconds.
    @discardableResult
    func waitFor(_ name: String, timeout: Double = 10, where match: ([String: Any]) -> Bool = { _ in true }) throws
        -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = events.first(where: { $0["event"] as? String == name && match($0) }) { return found }
            if !process.isRunning {
                Thread.sleep(forTimeInterval: 0.1)
                if let found = events.first(where: { $0["event"] as? String == name && match($0) }) { return found }
                throw HarnessError("gesturedeck exited (\(process.terminationStatus)) before '\(name)'; stderr: \(errorOutput)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw HarnessError("no '\(name)' event within \(timeout) s; got: \(events.map { $0["event"] ?? "?" }); stderr: \(errorOutput)")
    }

    /// Waits for the process to exit and returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else {
            process.terminate()
            throw HarnessError("gesturedeck did not exit within \(timeout) s")
        }
        return process.terminationStatus
    }

    /// CPU time (user + system) used so far, in seconds, from /proc.
    func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        guard let close = stat.lastIndex(of: ")") else { throw HarnessError("unreadable /proc stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11])! + Double(fields[12])!) / ticks
    }

    /// The saved state file, decoded as JSON.
    func savedState() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: statePath))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("\(statePath) is not a JSON object")
        }
        return object
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "gesturedeck-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Every test that drives the real window, one at a time: they share two cores
/// and press-and-hold timing must not starve. Scene files add tests with
/// `extension XvfbTests { @Test func ... }`.
@Suite(.serialized) struct XvfbTests {}
