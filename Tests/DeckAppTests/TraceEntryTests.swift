import Foundation
import InteractionEngine
import Testing
@testable import DeckApp

/// `TraceEntry` is an enum (input | frame | tune) whose lines keep the bytes of the file format.
@Suite struct TraceEntryTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    static func line(_ entry: TraceEntry) throws -> String {
        String(decoding: try encoder.encode(entry), as: UTF8.self)
    }

    @Test func eachCaseWritesItsLine() throws {
        #expect(try Self.line(.frame(at: 16)) == #"{"t":16,"tick":true}"#)
        #expect(try Self.line(.tune(TraceTune(key: "wallet.holdDuration", value: 800), at: 40))
                == #"{"t":40,"tune":{"key":"wallet.holdDuration","value":800}}"#)
        #expect(try Self.line(.input(InputEvent(.pointerUp(Point(x: 3, y: 4), .primary), at: 9, pointer: .touch)))
                == #"{"input":{"pointerUp":{"_0":{"x":3,"y":4},"_1":"primary"}},"pointer":"touch","t":9}"#)
    }

    @Test func eachCaseReadsBackAsItself() throws {
        let entries: [TraceEntry] = [
            .frame(at: 16.5),
            .tune(TraceTune(key: "grid.columns", value: 3), at: 20),
            .input(InputEvent(.pointerMove(Point(x: 1, y: 2)), at: 30)),
            .input(InputEvent(.pointerDown(Point(x: 1, y: 2), .primary), at: 31, pointer: .touch)),
        ]
        for entry in entries {
            #expect(try JSONDecoder().decode(TraceEntry.self, from: try Self.encoder.encode(entry)) == entry)
        }
        #expect(entries.map(\.t) == [16.5, 20, 30, 31])
        #expect(entries.compactMap(\.tuneChange) == [TraceTune(key: "grid.columns", value: 3)])
        #expect(entries.compactMap(\.event).count == 2)
    }

    /// A line with both (or neither) of an input and a tick is not an entry.
    @Test func aLineWithTwoKindsOrNoneIsRefused() {
        for text in [#"{"t":5}"#, #"{"t":5,"tick":true,"input":{"pointerCancel":{}}}"#,
                     #"{"t":5,"tick":true,"tune":{"key":"a","value":1}}"#, #"{"t":5,"tick":false}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(TraceEntry.self, from: Data(text.utf8)) }
        }
    }

    /// Every committed trace recorded by `--record` (the gallery's among them) reads into entries that
    /// write back the same bytes; a hand-written one (spaced JSON) reads back as the same entries.
    @Test func committedTracesRoundTripByteForByte() throws {
        let folder = Self.repo + "/assets/traces"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(names.count >= 10)
        var lines = 0, recorded = 0
        for name in names {
            let path = folder + "/" + name
            let trace = try Trace.read(path: path, knownScenes: Options.sceneNames)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let written = text.split(separator: "\n").dropFirst().map(String.init)
            #expect(written.count == trace.entries.count, "\(name)")
            let byRecorder = !text.contains("\": ")
            for (entry, original) in zip(trace.entries, written) {
                if byRecorder {
                    #expect(try Self.line(entry) == original, "\(name)")
                    lines += 1
                }
                #expect(try JSONDecoder().decode(TraceEntry.self, from: Data(Self.line(entry).utf8)) == entry, "\(name)")
            }
            if byRecorder { recorded += 1 }
        }
        #expect(recorded >= names.count - 2 && lines > 100)
    }
}
