import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

// Issue 19, item 3 (and 6): hostile traces. Every entry is validated when the trace is read;
// a trace outside the limits is refused with FILE:LINE: problem, and what is accepted replays
// without trapping. The fuzz below writes valid JSON with extreme numbers (out to 1e300 and
// beyond, which JSON spells as an overflowing literal) and reads it through `Trace.read`.

private let header = #"{"format":"gesturedeck-trace","version":1,"scene":"carousel","width":480,"height":800,"state":{"version":1}}"#

/// Writes a trace of `lines` after the header and reads it back.
private func readTrace(_ lines: [String], in scratch: ScratchFolder) throws(TraceError) -> Trace {
    let path = scratch.path + "/t.jsonl"
    try? Data(([header] + lines).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    return try Trace.read(path: path, knownScenes: Options.sceneNames)
}

/// One refused class: the entry, and a word the problem must contain.
struct ExtremeEntry: Sendable, CustomTestStringConvertible {
    var name: String
    var line: String
    var word: String
    var testDescription: String { name }

    static let all: [ExtremeEntry] = [
        .init(name: "tab x 1e300", line: #"{"t":10,"input":{"pointerDown":{"_0":{"x":1e300,"y":10},"_1":"primary"}}}"#, word: "position"),
        .init(name: "grid y -1e300", line: #"{"t":10,"input":{"pointerMove":{"_0":{"x":10,"y":-1e300}}}}"#, word: "position"),
        .init(name: "coordinate just past 1e6", line: #"{"t":10,"input":{"hover":{"_0":{"x":1000001,"y":0}}}}"#, word: "position"),
        .init(name: "resize 1e300", line: #"{"t":10,"input":{"resize":{"_0":{"width":1e300,"height":800}}}}"#, word: "resize"),
        .init(name: "resize 0", line: #"{"t":10,"input":{"resize":{"_0":{"width":0,"height":800}}}}"#, word: "resize"),
        .init(name: "resize 16385", line: #"{"t":10,"input":{"resize":{"_0":{"width":480,"height":16385}}}}"#, word: "resize"),
        .init(name: "resize fractional", line: #"{"t":10,"input":{"resize":{"_0":{"width":480.5,"height":800}}}}"#, word: "resize"),
        .init(name: "wheel steps Int.max", line: #"{"t":10,"input":{"wheel":{"_0":{"steps":{"dx":9223372036854775807,"dy":1}},"at":{"x":1,"y":1},"_2":0}}}"#, word: "wheel"),
        .init(name: "wheel pixels 1e300", line: #"{"t":10,"input":{"wheel":{"_0":{"pixels":{"dx":0,"dy":1e300}},"at":{"x":1,"y":1},"_2":0}}}"#, word: "wheel"),
        .init(name: "time 1e300", line: #"{"t":1e300,"tick":true}"#, word: "time"),
        .init(name: "negative time", line: #"{"t":-5,"tick":true}"#, word: "time"),
        .init(name: "overflowing literal", line: #"{"t":1e400,"tick":true}"#, word: "out of range"),
    ]
}

@Suite struct HardeningTraceTests {
    @Test(arguments: ExtremeEntry.all)
    func anExtremeEntryIsRefusedNamingFileAndLine(entry: ExtremeEntry) throws {
        let scratch = try ScratchFolder()
        // A good entry first, so the line number is checked as well.
        do {
            _ = try readTrace([#"{"t":1,"tick":true}"#, entry.line], in: scratch)
            Issue.record("\(entry.name): accepted")
        } catch {
            #expect(error.description.hasPrefix(scratch.path + "/t.jsonl:3: "), "\(entry.name): \(error)")
            #expect(error.description.contains(entry.word), "\(entry.name): \(error)")
        }
    }

    @Test func timesGoingBackwardsAreRefused() throws {
        let scratch = try ScratchFolder()
        #expect(throws: TraceError.self) { try readTrace([#"{"t":50,"tick":true}"#, #"{"t":40,"tick":true}"#], in: scratch) }
    }

    @Test func valuesAtTheLimitsAreAccepted() throws {
        let scratch = try ScratchFolder()
        let trace = try readTrace([
            #"{"t":1,"input":{"hover":{"_0":{"x":1000000,"y":-1000000}}}}"#,
            #"{"t":2,"input":{"resize":{"_0":{"width":16384,"height":1}}}}"#,
            #"{"t":3,"input":{"wheel":{"_0":{"steps":{"dx":-1000,"dy":1000}},"at":{"x":1,"y":1},"_2":0}}}"#,
        ], in: scratch)
        #expect(trace.entries.count == 3)
    }

    /// The trace-reading fuzz: random entries whose numbers range over ordinary values, the
    /// limits, 1e300 and overflowing literals (which read as infinite or fail to parse). Each
    /// trace is either refused with FILE:LINE, or replayed into a real deck without trapping.
    @Test func randomExtremeTracesAreRefusedOrReplayedSafely() throws {
        let scratch = try ScratchFolder()
        var options = Options()
        options.assetsPath = repositoryAssets
        options.screenshot = scratch.path + "/unused.png"
        var rng = SeededRandom(seed: 0x19_1919)
        var refused = 0, replayed = 0
        let numbers = ["0", "-0", "1", "479.5", "1e6", "-1e6", "1000001", "1e300", "-1e300", "1e308", "1e400", "-1e400",
                       "5e-324", "16384", "16385", "9223372036854775807", "-9223372036854775808"]
        for round in 0..<300 {
            var lines: [String] = []
            var t = 0.0
            for _ in 0..<rng.int(1...12) {
                t += Double(rng.int(0...400))
                let time = rng.chance(0.02) ? rng.pick(numbers) : String(t)
                let n = { rng.chance(0.06) ? rng.pick(numbers) : String(rng.int(-50...900)) }
                let kind: String
                switch rng.int(0...6) {
                case 0: kind = #"{"pointerDown":{"_0":{"x":\#(n()),"y":\#(n())},"_1":"primary"}}"#
                case 1: kind = #"{"pointerMove":{"_0":{"x":\#(n()),"y":\#(n())}}}"#
                case 2: kind = #"{"pointerUp":{"_0":{"x":\#(n()),"y":\#(n())},"_1":"primary"}}"#
                case 3: kind = #"{"resize":{"_0":{"width":\#(n()),"height":\#(n())}}}"#
                case 4: kind = #"{"wheel":{"_0":{"steps":{"dx":\#(n()),"dy":\#(n())}},"at":{"x":\#(n()),"y":\#(n())},"_2":0}}"#
                case 5: kind = #"{"wheel":{"_0":{"pixels":{"dx":\#(n()),"dy":\#(n())}},"at":{"x":\#(n()),"y":\#(n())},"_2":1}}"#
                default: kind = ""
                }
                lines.append(kind.isEmpty ? #"{"t":\#(time),"tick":true}"# : #"{"t":\#(time),"input":\#(kind)}"#)
            }
            let trace: Trace
            do {
                trace = try readTrace(lines, in: scratch)
            } catch {
                let prefix = scratch.path + "/t.jsonl:"
                #expect(error.description.hasPrefix(prefix), "round \(round): \(error)")
                let number = Int(error.description.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
                #expect((2...lines.count + 1).contains(number), "round \(round): line \(number) of \(lines.count + 1): \(error)")
                refused += 1
                continue
            }
            for entry in trace.entries {
                guard let input = entry.event?.kind else { continue }
                for p in [InputEvent(input, at: entry.t).location].compactMap({ $0 }) {
                    #expect(p.x.isFinite && abs(p.x) <= TraceLimits.coordinate && p.y.isFinite && abs(p.y) <= TraceLimits.coordinate)
                }
            }
            // The headless host: the replay, the resize to whole pixels, and Cairo's shape cache.
            let headless = Headless(session: try Session(options: options, trace: trace.header))
            var entries = trace.entries[...]
            while let entry = entries.first {
                headless.replay(&entries, through: entry.t)
                _ = headless.session.deck.render(at: entry.t)
            }
            _ = headless.frame(at: trace.duration)
            _ = headless.session.deck.state()
            replayed += 1
        }
        print("trace fuzz: \(refused) refused, \(replayed) replayed")
        #expect(refused > 30 && replayed > 30, "the fuzz does not reach both sides: \(refused) refused, \(replayed) replayed")
    }
}

/// SplitMix64, seeded: the same traces on every run.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) * 0x1.0p-53 < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}
