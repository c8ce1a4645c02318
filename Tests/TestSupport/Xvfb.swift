import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server for one test (or the benchmark): `Xvfb -displayfd`, stopped by its pid.
public final class Xvfb {
    public let display: String
    private let process = Process()

    /// Starts Xvfb with a free display number chosen by the server itself.
    public init(width: Int = 1280, height: Int = 1024) throws {
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

    /// The server's process id (for a cleanup that must kill it from a signal handler).
    public var pid: Int32 { process.processIdentifier }

    /// Stops the server: SIGTERM, then SIGKILL if it lingers (never blocks for long).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        // Children of the test runner may start with SIGTERM blocked: do not wait long for it.
        let deadline = Date().addingTimeInterval(0.3)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs xdotool against this server; throws on a non-zero exit.
    public func xdotool(_ arguments: String...) throws {
        try run(Xvfb.which("xdotool"), Array(arguments))
    }

    /// Presses at `from`, waits `hold` seconds, drags to `to` in `steps` and releases.
    public func pressHoldDrag(from: (Int, Int), to: (Int, Int), hold: Double, steps: Int = 12, stepDelay: Double = 0.03) throws {
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

    public func run(_ tool: String, _ arguments: [String]) throws {
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
    public func closeWindow() throws {
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

    public static func which(_ tool: String) throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + tool) {
            return dir + "/" + tool
        }
        throw HarnessError("\(tool) is not installed (apt-get install xvfb xdotool)")
    }
}

extension Xvfb {
    /// Runs xdotool and returns what it printed.
    public func xdotoolOutput(_ arguments: String...) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try Xvfb.which("xdotool"))
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The id of the (first) window titled GestureDeck.
    public func deckWindow() throws -> String {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let id = try xdotoolOutput("search", "--name", "^GestureDeck(: .*)?$").split(separator: "\n").first {
                return String(id)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HarnessError("no GestureDeck window on \(display)")
    }

    /// The server's process id: the child of this process holding the display's listening socket.
    public func serverPID() throws -> Int32 {
        let socket = "/tmp/.X11-unix/X\(display.dropFirst())"
        guard let table = procText("/proc/net/unix") else { throw HarnessError("cannot read /proc/net/unix") }
        let inodes = Set(table.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 8, fields[7] == socket || fields[7] == "@" + socket else { return nil }
            return "socket:[\(fields[6])]"
        })
        let me = getpid()
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                  let stat = procText("/proc/\(pid)/stat"),
                  let close = stat.lastIndex(of: ")"),
                  Int32(stat[stat.index(close, offsetBy: 2)...].split(separator: " ")[1]) == me else { continue }
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for fd in fds {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                   inodes.contains(target) {
                    return pid
                }
            }
        }
        throw HarnessError("no child process serves \(display)")
    }
}

public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

