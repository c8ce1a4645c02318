import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `gesturedeck` program running on an Xvfb display with `--events`.
public final class AppProcess: @unchecked Sendable {  // output buffers are guarded by `lock`
    public let process = Process()
    public let statePath: String
    private let lock = NSLock()
    private var lines: [String] = []
    private var stderrText = ""

    /// Launches the built binary with `--events --state STATE` plus `arguments`. With
    /// `limitFileSize` (bytes) it runs under `ulimit -f`, with SIGXFSZ ignored: a full disk.
    /// With `passState: false` no `--state` is given (the default XDG path is used; `statePath`
    /// should then name that file).
    public init(xvfb: Xvfb, statePath: String, arguments: [String] = [], environment: [String: String] = [:],
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
    public static func binary() throws -> String {
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
    public var events: [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    public var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return stderrText
    }

    /// True once stderr holds `text`, waiting up to `timeout` seconds: stdout and stderr are read
    /// by separate threads, so a warning printed before an event may be read after it.
    public func errorOutput(contains text: String, within timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !errorOutput.contains(text) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// Waits until an event named `name` (matching `where`) is printed; throws after `timeout` seconds.
    @discardableResult
    public func waitFor(_ name: String, timeout: Double = 10, where match: ([String: Any]) -> Bool = { _ in true }) throws
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
    public func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else {
            process.terminate()
            throw HarnessError("gesturedeck did not exit within \(timeout) s")
        }
        return process.terminationStatus
    }

    /// CPU time (user + system) used so far, in seconds, from /proc.
    public func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        guard let close = stat.lastIndex(of: ")") else { throw HarnessError("unreadable /proc stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11])! + Double(fields[12])!) / ticks
    }

    /// The saved state file, decoded as JSON.
    public func savedState() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: statePath))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("\(statePath) is not a JSON object")
        }
        return object
    }
}

/// What a finished (or stopped) run of the binary did.
public struct BinaryRun {
    public var status: Int32
    /// True when a signal ended it (a crash, or our kill after the time limit).
    public var signaled: Bool
    public var timedOut: Bool
    public var out: String
    public var err: String
    public var seconds: Double
    /// The largest resident size seen while it ran, in kB (sampled).
    public var peakKB: Int
}

/// Runs the built binary headless (no DISPLAY) and stops it after `timeout` seconds.
public func runBinary(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws -> BinaryRun {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: try AppProcess.binary())
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env.merge(environment) { $1 }
    p.environment = env
    let outFile = try ScratchFolder()
    let outPath = outFile.path + "/out", errPath = outFile.path + "/err"
    FileManager.default.createFile(atPath: outPath, contents: nil)
    FileManager.default.createFile(atPath: errPath, contents: nil)
    p.standardOutput = FileHandle(forWritingAtPath: outPath)
    p.standardError = FileHandle(forWritingAtPath: errPath)
    let started = Date()
    try p.run()
    var peak = 0
    var timedOut = false
    while p.isRunning {
        peak = max(peak, residentKB(of: p.processIdentifier, field: "VmHWM") ?? 0)
        if Date().timeIntervalSince(started) > timeout {
            timedOut = true
            kill(p.processIdentifier, SIGKILL)
            break
        }
        Thread.sleep(forTimeInterval: 0.02)
    }
    p.waitUntilExit()
    return BinaryRun(status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
                     out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                     err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                     seconds: Date().timeIntervalSince(started), peakKB: peak)
}

/// A /proc file's whole text (`String(contentsOfFile:)` stops after one page of a /proc file);
/// nil when the process is gone, even between the open and the read (ESRCH: the throwing
/// `readToEnd()`, never `readDataToEndOfFile()`, which traps on that error).
public func procText(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() else { return nil }
    return String(decoding: data, as: UTF8.self)
}

/// A memory figure of a running process from /proc (VmRSS, VmHWM), in kB.
public func residentKB(of pid: Int32, field: String = "VmRSS") -> Int? {
    guard let status = procText("/proc/\(pid)/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
    return nil
}

/// Stops what a test started with SIGKILL: the children of the test process have SIGTERM
/// blocked (they inherit the test thread's signal mask), so `terminate()` does not stop them.
public func killHard(_ xvfb: Xvfb?, _ apps: [AppProcess]) {
    for app in apps where app.process.isRunning { kill(app.process.processIdentifier, SIGKILL) }
    for app in apps { _ = app.waitUntilGone(timeout: 5) }
    if let xvfb, let pid = try? xvfb.serverPID() { kill(pid, SIGKILL) }
}

extension AppProcess {
    /// Names of the events printed so far (with the id, when there is one).
    public var eventNames: [String] {
        events.map { ($0["event"] as? String ?? "?") + (($0["id"] as? String).map { ":" + $0 } ?? "") }
    }

    /// Waits until the process has ended (by any means) and its output is read.
    public func waitUntilGone(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)  // the pipes' last bytes
        return !process.isRunning
    }
}

