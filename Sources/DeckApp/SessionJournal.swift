import Foundation
import InteractionEngine

/// Every input and frame tick of a live session since it started, kept in memory.
///
/// F9 needs it: scroll offsets, open rows and animations in flight are not in
/// the state file, so a trace that started at the F9 press could not replay
/// what the window showed then. The journal starts with the window; an F9
/// recording is written as the whole journal, and its video is rendered from
/// the F9 press on (`--from`). About 30 MB for an hour of constant input.
public final class SessionJournal {
    public let header: TraceHeader
    public private(set) var entries: [TraceEntry] = []

    public init(header: TraceHeader) {
        self.header = header
    }

    func append(_ entry: TraceEntry) {
        entries.append(entry)
    }

    /// The journal up to and including `time`, as a trace file (written atomically).
    public func write(to path: String, through time: Millis) throws(CaptureError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var bytes: [UInt8] = []
        do {
            bytes += try encoder.encode(header)
            bytes.append(0x0A)
            for entry in entries where entry.t <= time {
                bytes += try encoder.encode(entry)
                bytes.append(0x0A)
            }
        } catch {
            throw CaptureError("\(path): cannot encode the trace (\(error))")
        }
        try CaptureFile.writeAtomically(bytes, to: path)
    }
}

extension Session {
    /// Starts keeping every input and tick in memory from now on (the window does, for F9).
    public func startJournal() {
        var header = TraceHeader(
            scene: deck.current.name, width: Int(deck.size.width), height: Int(deck.size.height), state: deck.state())
        header.slow = deck.animationClock.rate == 1 ? nil : deck.animationClock.rate
        header.tuning = deck.tuning.values.isEmpty ? nil : deck.tuning.values
        journal = SessionJournal(header: header)
    }
}
