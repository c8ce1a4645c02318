import Foundation
import Glibc

/// The real `gesturedeck` under Xvfb: CPU and frames at rest, frame rate during a drag.
struct IdleResult {
    var idleSeconds = 0.0
    var idleCPU = 0.0
    var idleFrames = 0
    var dragSeconds = 0.0
    var dragFrames = 0
    var dragCPU = 0.0
    /// Frames of a run that only starts and quits (first paint, the quit key).
    var startupFrames = 0
    /// How the frames were counted: "xdamage" (watched on the server) or "quit events" (difference of totals).
    var frameSource = "quit events"
    /// The drag's frames from the quit events' totals, to check the XDamage count against.
    var dragFramesFromQuit = 0

    var dragFPS: Double { dragSeconds > 0 ? Double(dragFrames) / dragSeconds : 0 }

    var json: [String: Any] {
        ["idleSeconds": rounded(idleSeconds), "idleCpuSeconds": rounded(idleCPU), "idleFrames": idleFrames,
         "dragSeconds": rounded(dragSeconds), "dragFrames": dragFrames, "dragFps": rounded(dragFPS),
         "dragCpuSeconds": rounded(dragCPU), "startupFrames": startupFrames, "frameSource": frameSource, "dragFramesFromQuit": dragFramesFromQuit]
    }
}

/// One run of the real program with `--events`, read line by line.
final class AppRun: @unchecked Sendable {  // `lines` is guarded by `lock`
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private let stateDir: String

    init(binary: String, assets: String, size: String, scene: String = "wallet", environment: [String: String] = [:]) throws {
        stateDir = NSTemporaryDirectory() + "gesturedeck-bench-app-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--events", "--state", stateDir + "/state.json", "--assets", assets, "--size", size,
                             "--scene", scene]
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.lines.append(contentsOf: String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
            self.lock.unlock()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        try? FileManager.default.removeItem(atPath: stateDir)
    }

    /// Waits for the event `name`; nil after `timeout` seconds or when the program exits without it.
    func waitFor(_ name: String, timeout: Double = 15) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        var exitedChecks = 0
        while Date() < deadline {
            if let found = find(name) { return found }
            if !process.isRunning {
                exitedChecks += 1  // output may still be in the pipe: look a few more times
                if exitedChecks > 10 { return nil }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    private func find(_ name: String) -> [String: Any]? {
        lock.lock()
        let snapshot = lines
        lock.unlock()
        for line in snapshot {
            if let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
               object["event"] as? String == name { return object }
        }
        return nil
    }

    /// User + system CPU seconds so far, from /proc/PID/stat.
    func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    var pid: Int32 { process.processIdentifier }

    /// Ends the program (SIGTERM to its own pid) when it is still running.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }
}

enum IdleBench {
    /// The `gesturedeck` binary: `$GESTUREDECK_BIN`, else the one beside this program.
    static func binary() -> String? {
        if let explicit = ProcessInfo.processInfo.environment["GESTUREDECK_BIN"] { return explicit }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = me.deletingLastPathComponent().appendingPathComponent("gesturedeck").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Three runs: start-and-quit (the frames every run draws), idle, and a drag.
    static func run(binary: String, assets: String, server: XServer, idleSeconds: Double,
                    dragSeconds: Double, settle: Double) throws -> IdleResult {
        var result = IdleResult()
        let size = "1280x800"
        // `settle` s after `ready`, the first frames and any settle animation are over.

        func quit(_ app: AppRun) throws -> Int {
            let q = try server.xdotool(["key", "q"])
            q.waitUntilExit()
            guard let event = app.waitFor("quit", timeout: 5), let frames = event["frames"] as? Int else {
                app.stop()
                throw BenchError("gesturedeck did not quit on 'q' (no quit event)")
            }
            app.stop()
            return frames
        }

        func launch() throws -> AppRun {
            let app = try AppRun(binary: binary, assets: assets, size: size)
            guard app.waitFor("ready") != nil else {
                app.stop()
                throw BenchError("gesturedeck never printed 'ready'")
            }
            Thread.sleep(forTimeInterval: settle)
            return app
        }

        // The pointer rests inside the window before it opens (keys follow the pointer on Xvfb).
        try server.xdotool(["mousemove", "640", "400"]).waitUntilExit()

        let baseline = try launch()
        result.startupFrames = try quit(baseline)

        let idle = try launch()
        let damage = DamageCounter(pid: idle.pid)
        let before = idle.cpuSeconds()
        var seen: Int?
        if let damage { seen = damage.frames(during: idleSeconds) } else { Thread.sleep(forTimeInterval: idleSeconds) }
        result.idleCPU = idle.cpuSeconds() - before
        result.idleSeconds = idleSeconds
        let total = try quit(idle)
        if let seen {
            result.idleFrames = seen
            result.frameSource = "xdamage"
        } else {
            result.idleFrames = max(0, total - result.startupFrames)
        }

        let drag = try launch()
        let dragDamage = DamageCounter(pid: drag.pid)
        let steps = Int(dragSeconds * 1000 / 5)
        let cpu0 = drag.cpuSeconds()
        let start = monotonicNanos()
        let mover = try server.xdotool(XServer.dragCommands(start: (640, 250), steps: steps, stepMillis: 5,
                                                            amplitude: 300, vertical: true, release: false))
        var seenDrag: Int?
        if let dragDamage {
            // Counts while xdotool runs; the press and the first moves come within the first 60 ms.
            var frames = 0
            while mover.isRunning { frames += dragDamage.frames(during: 0.05) }
            seenDrag = frames
        }
        mover.waitUntilExit()
        result.dragSeconds = Double(monotonicNanos() - start) / 1e9
        result.dragCPU = drag.cpuSeconds() - cpu0
        let frames = try quit(drag)
        try server.xdotool(["mouseup", "1", "mousemove", "640", "400"]).waitUntilExit()
        result.dragFramesFromQuit = max(0, frames - result.startupFrames)
        result.dragFrames = seenDrag ?? result.dragFramesFromQuit
        return result
    }
}
