import Foundation
import Glibc
import InteractionEngine

/// A background video encoding: a child `gesturedeck --replay TRACE --video OUT --events`.
///
/// The window never waits for it: `poll()` reads whatever the child printed
/// (without blocking) and turns its `video-progress` and `video` events into
/// updates. A separate process keeps the encoder's renderer, fonts and ffmpeg
/// pipe away from the window's thread, and a crash there cannot take the
/// window down.
public final class VideoJob {
    /// What the job reported since the last poll.
    public enum Update: Equatable {
        /// Frames done of all frames (both passes for a GIF).
        case progress(done: Int, total: Int)
        /// The child's final `video` event: the file is in place.
        case finished(DeckEvent)
        /// The child exited without a video: its last complaint.
        case failed(String)
    }

    public let video: String
    private let process = Process()
    private let output: Int32
    private let errorLog: String
    private var buffer: [UInt8] = []
    private var done = false
    private var sawVideo = false

    /// The running program's own executable (`/proc/self/exe`), so the child is the same build.
    public static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The child's command line for a recording cut from `trace` between `from` and `to`.
    /// It starts as the window did: the same assets, pictures, motion and scale settings;
    /// overlay and finger dot as they were at the start (their keys are in the trace).
    public static func arguments(trace: String, video: String, from: Millis, to: Millis, options: Options,
                                 scale: Double) -> [String] {
        var args = ["--replay", trace, "--video", video, "--events", "--fps", FFmpeg.fpsText(options.fps),
                    "--from", String(format: "%.3f", from), "--to", String(format: "%.3f", to),
                    "--scale", String(format: "%g", scale)]
        if let assets = options.assetsPath { args += ["--assets", assets] }
        if let pictures = options.picturesPath { args += ["--pictures", pictures] }
        if options.reduceMotion { args.append("--reduce-motion") }
        if options.overlay { args.append("--overlay") }
        if options.showTaps { args.append("--show-taps") }
        return args
    }

    public init(executable: String, arguments: [String], video: String) throws(CaptureError) {
        self.video = video
        errorLog = NSTemporaryDirectory() + "gesturedeck-video-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil  // headless: it must not need (or touch) the X server
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        guard FileManager.default.createFile(atPath: errorLog, contents: nil),
              let log = FileHandle(forWritingAtPath: errorLog) else {
            throw CaptureError("\(errorLog): cannot create the encoder's log")
        }
        process.standardError = log
        do {
            try process.run()
        } catch {
            try? log.close()
            unlink(errorLog)
            throw CaptureError("\(executable): cannot start the video encoder (\(error.localizedDescription))")
        }
        try? log.close()
        try? pipe.fileHandleForWriting.close()
        output = dup(pipe.fileHandleForReading.fileDescriptor)
        try? pipe.fileHandleForReading.close()
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if !done {
            if process.isRunning { process.terminate() }
            close(output)
            unlink(errorLog)
        }
    }

    public var isRunning: Bool { !done }

    /// What happened since the last call; never blocks.
    public func poll() -> [Update] {
        guard !done else { return [] }
        var updates = readAvailable()
        if !process.isRunning {
            // Exited: whatever it printed last is in the pipe until EOF.
            updates += readAvailable(untilEnd: true)
            updates += finish()
        }
        return updates
    }

    /// Waits for the child to finish (the window is closing).
    public func wait() -> [Update] {
        guard !done else { return [] }
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) & ~O_NONBLOCK)
        let updates = readAvailable(untilEnd: true)
        process.waitUntilExit()
        return updates + finish()
    }

    private func finish() -> [Update] {
        done = true
        close(output)
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        unlink(errorLog)
        if sawVideo && process.terminationStatus == 0 && process.terminationReason == .exit { return [] }
        let last = log.split(whereSeparator: \.isNewline).last.map(String.init)
            .map { $0.hasPrefix("gesturedeck: ") ? String($0.dropFirst("gesturedeck: ".count)) : $0 }
        return [.failed(last ?? "the video encoder stopped (status \(process.terminationStatus))")]
    }

    private func readAvailable(untilEnd: Bool = false) -> [Update] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var updates: [Update] = []
        while true {
            let n = read(output, &chunk, chunk.count)
            if n > 0 {
                buffer += chunk[0..<n]
                updates += lines()
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN && untilEnd {
                // Exited but a grandchild may hold the pipe: poll briefly rather than spin.
                var fds = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                if Glibc.poll(&fds, 1, 200) > 0 { continue }
            }
            break
        }
        return updates
    }

    private func lines() -> [Update] {
        var updates: [Update] = []
        while let newline = buffer.firstIndex(of: 0x0A) {
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                  let name = object["event"] as? String else { continue }
            switch name {
            case "video-progress":
                if let frames = object["frames"] as? Int, let total = object["total"] as? Int {
                    updates.append(.progress(done: frames, total: total))
                }
            case "video":
                sawVideo = true
                var fields: [String: DeckEvent.Value] = [:]
                for (key, value) in object where key != "event" {
                    if let s = value as? String { fields[key] = .string(s) }
                    else if let n = value as? NSNumber {
                        fields[key] = key == "frames" ? .int(n.intValue) : .double(n.doubleValue)
                    }
                }
                updates.append(.finished(DeckEvent("video", fields)))
            default:
                break
            }
        }
        return updates
    }
}
