import CX11
import Foundation
import Glibc
import TestSupport
import X11Host

/// A private Xvfb for the benchmark (`Xvfb -displayfd`), stopped by its pid.
///
/// The benchmark always uses its own server: it injects input with xdotool,
/// which must never move the pointer of a person's real session.
final class XServer {
    private let server: Xvfb
    var display: String { server.display }

    /// Starts Xvfb (TestSupport's, as the tests do) and points this process's `DISPLAY` at it.
    init() throws {
        do {
            server = try Xvfb(width: XServer.screenWidth, height: XServer.screenHeight)
        } catch {
            throw BenchError("\(error)")
        }
        Cleanup.serverPID = server.pid
        setenv("DISPLAY", server.display, 1)
    }

    deinit { stop() }

    /// The screen holds two of the largest bench windows (3840x2160) side by side, px: the
    /// compare bench's direct and compositor windows must not cover each other, or the server
    /// clips away the copies to the one underneath (until 2026-12 both sat at the top-left
    /// corner and the direct path's present was timed without the server's copy).
    static let screenWidth = 2 * 3840
    static let screenHeight = 2160

    func stop() {
        Cleanup.serverPID = 0
        server.stop()
    }

    /// A mapped window of `width` x `height` at the top of the screen, `left` px from its left edge.
    func openWindow(width: Int, height: Int, left: Int = 0) throws -> X11Window {
        let window: X11Window
        do {
            window = try X11Window(width: width, height: height)
        } catch {
            throw BenchError(error.description)
        }
        let deadline = monotonicNanos() + 3_000_000_000
        var mapped = false
        while !mapped && monotonicNanos() < deadline {
            while XPending(window.display) > 0 {
                var event = XEvent()
                XNextEvent(window.display, &event)
                if event.type == MapNotify { mapped = true }
            }
            if !mapped { usleep(2000) }
        }
        guard mapped else { throw BenchError("the window was never mapped") }
        if left != 0 {
            // No window manager runs on the bench's server: the move is applied as asked.
            XMoveWindow(window.display, window.window, Int32(left), 0)
            XSync(window.display, 0)
        }
        return window
    }

    /// Starts xdotool with `arguments` against this server (a chain of commands in one process).
    func xdotool(_ arguments: [String]) throws -> Process {
        let tool: String
        do { tool = try Xvfb.which("xdotool") } catch { throw BenchError("\(error)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        return p
    }

    /// xdotool commands for a drag: press at `start`, wait `holdMillis`, then `steps`
    /// moves `stepMillis` apart, 2 px each, back and forth over `amplitude` px
    /// (down or right from `start`), then release when asked.
    static func dragCommands(start: (Int, Int), steps: Int, stepMillis: Double, amplitude: Int, vertical: Bool,
                             holdMillis: Double = 50, release: Bool = true) -> [String] {
        var args = ["mousemove", "\(start.0)", "\(start.1)", "mousedown", "1", "sleep", String(holdMillis / 1000)]
        for i in 1...max(1, steps) {
            let phase = (2 * i) % (2 * amplitude)
            let offset = phase <= amplitude ? phase : 2 * amplitude - phase
            let x = vertical ? start.0 : start.0 + offset
            let y = vertical ? start.1 + offset : start.1
            args += ["mousemove", "\(x)", "\(y)", "sleep", String(stepMillis / 1000)]
        }
        if release { args += ["mouseup", "1"] }
        return args
    }
}
