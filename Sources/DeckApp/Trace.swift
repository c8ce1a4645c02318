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

/// One line after the header, at engine time `t` (ms): an input, a frame tick, or a tuning change.
public enum TraceEntry: Equatable, Sendable {
    /// An input, with its time and pointer kind.
    case input(InputEvent)
    /// A frame: the engine was ticked (and drawn) at `t`.
    case frame(at: Millis)
    /// A tuning change made at `t` (the panel, a reloaded preset): replayed in place.
    case tune(TraceTune, at: Millis)

    /// The entry's engine time, in ms.
    public var t: Millis {
        switch self {
        case .input(let event): event.time
        case .frame(let time), .tune(_, let time): time
        }
    }

    /// The input this entry replays, with its time and pointer kind; nil for a frame tick or a tune.
    public var event: InputEvent? {
        if case .input(let event) = self { event } else { nil }
    }

    /// The tuning change this entry replays; nil for an input or a frame tick.
    public var tuneChange: TraceTune? {
        if case .tune(let change, _) = self { change } else { nil }
    }

    /// The entry as it is written: one JSON object per line.
    var line: TraceLine {
        switch self {
        case .input(let event):
            TraceLine(t: event.time, input: event.kind, pointer: event.pointerKind == .mouse ? nil : event.pointerKind)
        case .frame(let time):
            TraceLine(t: time, tick: true)
        case .tune(let change, let time):
            TraceLine(t: time, tune: change)
        }
    }

    /// The entry a line holds; nil unless it holds exactly one of an input, a tick or a tune.
    init?(_ line: TraceLine) {
        switch (line.input, line.tick == true, line.tune) {
        case (let kind?, false, nil): self = .input(InputEvent(kind, at: line.t, pointer: line.pointer ?? .mouse))
        case (nil, true, nil): self = .frame(at: line.t)
        case (nil, false, let change?): self = .tune(change, at: line.t)
        default: return nil
        }
    }

    static let exclusivityProblem = "an entry is either an input or a tick (or a tune)"
}

extension TraceEntry: Codable {
    public init(from decoder: any Decoder) throws {
        guard let entry = TraceEntry(try TraceLine(from: decoder)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: TraceEntry.exclusivityProblem))
        }
        self = entry
    }

    public func encode(to encoder: any Encoder) throws {
        try line.encode(to: encoder)
    }
}

/// The file format of one trace entry: its keys, as written since version 1 (absent keys are
/// left out, so a mouse input has no `pointer` and a tick no `input`).
struct TraceLine: Codable, Equatable {
    var t: Millis
    var input: InputEvent.Kind?
    var tick: Bool?
    /// The pointer kind of an input; absent for a mouse (so mouse traces keep their bytes).
    var pointer: PointerKind?
    var tune: TraceTune?

    init(t: Millis, input: InputEvent.Kind? = nil, tick: Bool? = nil, pointer: PointerKind? = nil, tune: TraceTune? = nil) {
        self.t = t
        self.input = input
        self.tick = tick
        self.pointer = pointer
        self.tune = tune
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
            let entry: TraceLine
            do {
                entry = try decoder.decode(TraceLine.self, from: data[line.range])
            } catch {
                if String(data: data[line.range], encoding: .utf8) == nil {
                    throw TraceError("\(path):\(line.number): not UTF-8 text")
                }
                throw TraceError("\(path):\(line.number): malformed entry (\(Trace.describe(error, in: data[line.range])))")
            }
            if let problem = entry.problem(after: last) {
                throw TraceError("\(path):\(line.number): \(problem)")
            }
            guard let checked = TraceEntry(entry) else {
                throw TraceError("\(path):\(line.number): \(TraceEntry.exclusivityProblem)")
            }
            last = entry.t
            entries.append(checked)
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
