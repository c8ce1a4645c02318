import DeckApp
import Foundation
import InteractionEngine
import Testing

// Helpers of the fault, durability and soak tests (Fault*.swift, Soak*.swift).

/// The repository's `assets` folder, found from this file's path.
let faultRepositoryAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../assets").standardized.path

/// A temporary folder removed with the value (so 50 MB files do not linger).
final class FaultFolder {
    let path: String

    init() throws {
        path = try temporaryFolder()
    }

    /// A folder holding a copy of the real assets under `assets/`.
    static func withAssets() throws -> FaultFolder {
        let folder = try FaultFolder()
        try FileManager.default.copyItem(atPath: faultRepositoryAssets, toPath: folder.assets)
        return folder
    }

    var assets: String { path + "/assets" }

    func write(_ data: Data, to relative: String) throws {
        let file = path + "/" + relative
        try? FileManager.default.removeItem(atPath: file)
        try data.write(to: URL(fileURLWithPath: file))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What a finished (or stopped) run of the binary did.
struct BinaryRun {
    var status: Int32
    /// True when a signal ended it (a crash, or our kill after the time limit).
    var signaled: Bool
    var timedOut: Bool
    var out: String
    var err: String
    var seconds: Double
    /// The largest resident size seen while it ran, in kB (sampled).
    var peakKB: Int
}

/// Runs the built binary headless (no DISPLAY) and stops it after `timeout` seconds.
func runBinary(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws -> BinaryRun {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: try AppProcess.binary())
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env.merge(environment) { $1 }
    p.environment = env
    let outFile = try FaultFolder()
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
func procText(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() else { return nil }
    return String(decoding: data, as: UTF8.self)
}

/// A memory figure of a running process from /proc (VmRSS, VmHWM), in kB.
func residentKB(of pid: Int32, field: String = "VmRSS") -> Int? {
    guard let status = procText("/proc/\(pid)/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
    return nil
}

extension Xvfb {
    /// Runs xdotool and returns what it printed.
    func xdotoolOutput(_ arguments: String...) throws -> String {
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
    func deckWindow() throws -> String {
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
    func serverPID() throws -> Int32 {
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

/// Stops what a test started with SIGKILL: the children of the test process have SIGTERM
/// blocked (they inherit the test thread's signal mask), so `terminate()` does not stop them.
func killHard(_ xvfb: Xvfb?, _ apps: [AppProcess]) {
    for app in apps where app.process.isRunning { kill(app.process.processIdentifier, SIGKILL) }
    for app in apps { _ = app.waitUntilGone(timeout: 5) }
    if let xvfb, let pid = try? xvfb.serverPID() { kill(pid, SIGKILL) }
}

extension AppProcess {
    /// Names of the events printed so far (with the id, when there is one).
    var eventNames: [String] {
        events.map { ($0["event"] as? String ?? "?") + (($0["id"] as? String).map { ":" + $0 } ?? "") }
    }

    /// Waits until the process has ended (by any means) and its output is read.
    func waitUntilGone(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)  // the pipes' last bytes
        return !process.isRunning
    }
}

/// The wallet's card ids in the sample data's order.
func sampleCardIDs(assets: String = faultRepositoryAssets) throws -> [String] {
    try JSONDecoder().decode(WalletCardFile.self, from: Data(contentsOf: URL(fileURLWithPath: assets + "/cards.json")))
        .cards.map(\.id)
}

/// The wallet order in a state file, or a description of why there is none.
func walletOrder(inStateFile path: String) -> Result<[String], HarnessError> {
    guard let data = FileManager.default.contents(atPath: path) else { return .failure(HarnessError("\(path): missing")) }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        return .failure(HarnessError("\(path): does not parse (\(data.count) bytes)"))
    }
    guard let order = (object["wallet"] as? [String: Any])?["order"] as? [String] else {
        return .failure(HarnessError("\(path): no wallet order"))
    }
    return .success(order)
}

/// Writes a trace the windowed app replays: a header starting from `state`, then `inputs`.
func writeTrace(to path: String, scene: String = "wallet", state: DeckState, inputs: [InputEvent]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var data = try encoder.encode(TraceHeader(scene: scene, width: 480, height: 800, state: state))
    data.append(0x0A)
    for input in inputs {
        data.append(try encoder.encode(TraceEntry.input(input)))
        data.append(0x0A)
    }
    try data.write(to: URL(fileURLWithPath: path))
}

/// A burst of keyboard reorders on the wallet: focus, then Shift+Up/Down every `spacing` ms.
func reorderBurst(seed: UInt64, count: Int, spacing: Millis = 4, start: Millis = 50) -> [InputEvent] {
    var state = seed | 1
    func next() -> UInt64 {  // xorshift64
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    var inputs = [InputEvent(.key(.down, []), at: start)]
    var direction = Key.down
    for i in 0..<count {
        if next() % 12 == 0 { direction = direction == .down ? .up : .down }
        inputs.append(InputEvent(.key(direction, .shift), at: start + Double(i + 1) * spacing))
    }
    return inputs
}

/// Replays `reorder` events over `initial`: every order the state file may hold, in turn.
/// Returns nil (and records an issue) when an event does not fit the order it follows.
func ordersThrough(_ events: [[String: Any]], from initial: [String]) -> [[String]]? {
    var orders = [initial]
    var order = initial
    for event in events where event["event"] as? String == "reorder" && event["scene"] as? String == "wallet" {
        guard let id = event["id"] as? String, let from = event["from"] as? Int, let to = event["to"] as? Int,
              order.indices.contains(from), order.indices.contains(to), order[from] == id else {
            Issue.record("reorder event \(event) does not fit the order \(order)")
            return nil
        }
        order.remove(at: from)
        order.insert(id, at: to)
        orders.append(order)
    }
    return orders
}

/// A tiny seeded generator for the soak's random input (xorshift64*).
struct SoakRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
