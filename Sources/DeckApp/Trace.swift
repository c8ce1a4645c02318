import Foundation
import Glibc
import InteractionEngine

/// The first line of a trace: enough to start the replay where the recording started.
public struct TraceHeader: Codable, Equatable, Sendable {
    public static let formatName = "gesturedeck-trace"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var scene: String
    public var width: Int
    public var height: Int
    /// The arrangement the recording started from (so a replay does not depend on any state file).
    public var state: DeckState
    /// The slow-motion rate in force when the recording started (absent: 1); `S` presses
    /// during it are inputs like any other.
    public var slow: Double?
    /// The tuning in force when the recording started (absent when none: older traces keep their bytes).
    public var tuning: [String: Double]?

    public init(scene: String, width: Int, height: Int, state: DeckState) {
        format = TraceHeader.formatName
        version = TraceHeader.currentVersion
        self.scene = scene
        self.width = width
        self.height = height
        self.state = state
    }
}

/// One line after the header: an input, or a frame tick, at engine time `t` (ms).
public struct TraceEntry: Codable, Equatable, Sendable {
    public var t: Millis
    public var input: InputEvent.Kind?
    /// A frame: the engine was ticked (and drawn) at `t`.
    public var tick: Bool?
    /// The pointer kind of an input; absent for a mouse (so mouse traces keep their bytes).
    public var pointer: PointerKind?
    /// A tuning change made at `t` (the panel, a reloaded preset): replayed in place.
    public var tune: TraceTune?

    public static func input(_ event: InputEvent) -> TraceEntry {
        TraceEntry(t: event.time, input: event.kind, tick: nil, pointer: event.pointerKind == .mouse ? nil : event.pointerKind)
    }

    public static func frame(at time: Millis) -> TraceEntry {
        TraceEntry(t: time, input: nil, tick: true)
    }

    /// The input this entry replays, with its time and pointer kind; nil for a frame tick.
    public var event: InputEvent? {
        input.map { InputEvent($0, at: t, pointer: pointer ?? .mouse) }
    }
}

/// Appends a session's inputs and frame ticks to a trace file (`--record`).
public final class TraceRecorder {
    private let fd: Int32
    private let path: String
    /// Why writing failed, once it has: recording stops with one warning.
    private var failed: String?
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    /// Opens `path` for writing in place (O_WRONLY|O_CREAT|O_TRUNC): whatever is there stays
    /// what it is (a FIFO, a device, a link's target), never replaced by a new file.
    public init(path: String, header: TraceHeader) throws(TraceError) {
        // O_NONBLOCK only for the open: a FIFO without a reader fails (ENXIO) instead of hanging.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "a FIFO with no reader" : errno == EISDIR ? "a folder" : String(cString: strerror(errno))
            throw TraceError("\(path): cannot create the trace file (\(reason))")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        self.path = path
        write(header)
    }

    deinit { close(fd) }

    public func record(_ entry: TraceEntry) {
        write(entry)
    }

    private func write<T: Encodable>(_ value: T) {
        guard failed == nil, var data = try? encoder.encode(value) else { return }
        data.append(0x0A)
        var offset = 0
        data.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if let failed { Session.warn("\(path): recording stopped (\(failed))") }
    }
}

/// A recorded trace, read and checked line by line (`--replay`).
public struct Trace: Sendable {
    public var header: TraceHeader
    public var entries: [TraceEntry]

    /// Traces larger than this are refused (an hour of input is about 25 MB).
    public static let maximumSize = 256 << 20

    /// Reads a trace; any problem names the file and the line.
    public static func read(path: String, knownScenes: [String]) throws(TraceError) -> Trace {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumSize else {
            throw TraceError("\(path): too large (\(size) bytes, the limit is \(maximumSize))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError("\(path): cannot be read")
        }
        let lines = Trace.lines(of: data)
        guard let first = lines.first, first.number == 1 else {
            throw TraceError("\(path):1: empty trace (expected a header line)")
        }
        let decoder = JSONDecoder()
        let header: TraceHeader
        do {
            header = try decoder.decode(TraceHeader.self, from: data[first.range])
        } catch {
            if String(data: data[first.range], encoding: .utf8) == nil {
                throw TraceError("\(path):1: not UTF-8 text")
            }
            throw TraceError("\(path):1: not a trace header (\(Trace.describe(error, in: data[first.range])))")
        }
        guard header.format == TraceHeader.formatName else {
            throw TraceError("\(path):1: format '\(header.format)' is not \(TraceHeader.formatName)")
        }
        guard header.version == TraceHeader.currentVersion else {
            throw TraceError("\(path):1: unknown trace version \(header.version) (this build reads \(TraceHeader.currentVersion))")
        }
        guard knownScenes.contains(header.scene) else {
            throw TraceError("\(path):1: no scene named '\(header.scene)'")
        }
        for (key, value) in (header.tuning ?? [:]).sorted(by: { $0.key < $1.key }) {
            do { try TunableTable.everything.validate(key, value) } catch {
                throw TraceError("\(path):1: tuning \(error)")
            }
        }
        guard (1...16384).contains(header.width), (1...16384).contains(header.height) else {
            throw TraceError("\(path):1: window size \(header.width)x\(header.height) is out of range")
        }
        var entries: [TraceEntry] = []
        var last = -Double.infinity
        for line in lines.dropFirst() {
            let entry: TraceEntry
            do {
                entry = try decoder.decode(TraceEntry.self, from: data[line.range])
            } catch {
                if String(data: data[line.range], encoding: .utf8) == nil {
                    throw TraceError("\(path):\(line.number): not UTF-8 text")
                }
                throw TraceError("\(path):\(line.number): malformed entry (\(Trace.describe(error, in: data[line.range])))")
            }
            if let problem = entry.problem(after: last) {
                throw TraceError("\(path):\(line.number): \(problem)")
            }
            guard [entry.input != nil, entry.tick == true, entry.tune != nil].filter({ $0 }).count == 1 else {
                throw TraceError("\(path):\(line.number): an entry is either an input or a tick (or a tune)")
            }
            last = entry.t
            entries.append(entry)
        }
        return Trace(header: header, entries: entries)
    }

    /// The non-blank lines of `data` with their 1-based numbers, found without copying.
    static func lines(of data: Data) -> [(number: Int, range: Range<Data.Index>)] {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [(number: Int, range: Range<Data.Index>)] in
            guard let base = bytes.baseAddress else { return [] }
            var result: [(Int, Range<Data.Index>)] = []
            var start = 0, number = 1
            while start < bytes.count {
                let rest = bytes.count - start
                let end = memchr(base + start, 0x0A, rest).map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? bytes.count
                var blank = true
                var i = start
                while i < end && blank {
                    let b = bytes[i]
                    blank = b == 0x20 || b == 0x09 || b == 0x0D
                    i += 1
                }
                if !blank {
                    result.append((number, (data.startIndex + start)..<(data.startIndex + end)))
                }
                number += 1
                start = end + 1
            }
            return result
        }
    }

    /// The time of the last entry (0 for an empty trace).
    public var duration: Millis { entries.last?.t ?? 0 }

    private static func describe(_ error: any Error, in data: Data) -> String {
        if let decoding = error as? DecodingError { return StateStore.describe(decoding, in: data) }
        return "\(error)"
    }
}

/// A trace that cannot be read or replayed, described with its line.
public enum TraceProblemKind: ProblemKind {}
public typealias TraceError = Problem<TraceProblemKind>
