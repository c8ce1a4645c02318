import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The real binary given damaged files (issue 10, item 2): broken sample data exits
/// non-zero with one line naming the file; a damaged state file is set aside and the
/// app starts from defaults, saying so; a damaged trace names its file and line;
/// broken pictures are skipped by name. Nothing ends on a signal.
@Suite struct FaultBadFileTests {
    static let dataFiles = ["cards.json", "tiles.json", "messages.json", "carousel/titles.json"]
    static let damages = ["empty", "truncated", "huge", "non-utf8", "duplicate-id", "wrong-type"]

    /// `original` damaged the way `damage` names.
    static func damaged(_ original: Data, _ damage: String) throws -> Data {
        var text = String(decoding: original, as: UTF8.self)
        switch damage {
        case "empty": return Data()
        case "truncated": return original.prefix(original.count / 3)
        case "huge": return original + Data(repeating: 0x20, count: 50 << 20)
        case "non-utf8":
            let range = try #require(text.range(of: #""id"\s*:\s*""#, options: .regularExpression))
            var bytes = [UInt8](original)
            bytes.insert(contentsOf: [0xFF, 0xFE, 0xE9], at: text[..<range.upperBound].utf8.count)
            return Data(bytes)
        case "duplicate-id":
            // The first record twice.
            let object = try JSONSerialization.jsonObject(with: original)
            if var list = object as? [Any] {
                list.insert(list[0], at: 1)
                return try JSONSerialization.data(withJSONObject: list)
            }
            var dictionary = try #require(object as? [String: Any])
            let key = try #require(dictionary.first { $0.value is [Any] }?.key)
            var list = try #require(dictionary[key] as? [Any])
            list.insert(list[0], at: 1)
            dictionary[key] = list
            return try JSONSerialization.data(withJSONObject: dictionary)
        case "wrong-type":
            let range = try #require(text.range(of: #""id"\s*:\s*"[^"]*""#, options: .regularExpression))
            text.replaceSubrange(range, with: #""id": [1, 2]"#)
            return Data(text.utf8)
        default: throw HarnessError("no damage \(damage)")
        }
    }

    static var assetCases: [(String, String)] { dataFiles.flatMap { file in damages.map { (file, $0) } } }

    @Test(arguments: assetCases)
    func damagedSampleDataExitsNonZeroNamingTheFile(file: String, damage: String) throws {
        let folder = try ScratchFolder.withAssets()
        let path = folder.assets + "/" + file
        try folder.write(try Self.damaged(Data(contentsOf: URL(fileURLWithPath: path)), damage), to: "assets/" + file)
        let run = try runBinary(["--assets", folder.assets, "--screenshot", folder.path + "/x.png",
                                 "--state", folder.path + "/s.json"])
        #expect(!run.signaled, "\(file) \(damage): ended on a signal; stderr: \(run.err)")
        #expect(run.status == 1, "\(file) \(damage): status \(run.status); stderr: \(run.err)")
        #expect(run.err.hasPrefix("gesturedeck: " + path + ":"), "\(file) \(damage): \(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "\(file) \(damage): not one line: \(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
    }

    @Test(arguments: ["empty", "truncated", "huge", "non-utf8", "unknown-version", "wrong-type"])
    func damagedStateStartsFromDefaultsAndSaysSo(damage: String) throws {
        let folder = try ScratchFolder()
        let state = folder.path + "/state.json"
        let good = Data(#"{"version":1,"wallet":{"order":["amex-gold"]},"window":{"width":480,"height":800,"scene":"grid"}}"#.utf8)
        let bytes: Data
        switch damage {
        case "unknown-version": bytes = Data(#"{"version":3,"wallet":{"order":["amex-gold"]}}"#.utf8)
        case "wrong-type": bytes = Data(#"{"version":1,"wallet":{"order":{"amex-gold":1}}}"#.utf8)
        default: bytes = try Self.damagedState(good, damage)
        }
        try bytes.write(to: URL(fileURLWithPath: state))
        let png = folder.path + "/x.png"
        let run = try runBinary(["--state", state, "--screenshot", png, "--events"])
        #expect(!run.signaled && run.status == 0, "status \(run.status); stderr: \(run.err)")
        #expect(run.err.contains(state + ":") && run.err.contains("kept as") && run.err.contains("starting from defaults"),
                "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: png))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("state.json.bad-") }
        #expect(aside.count == 1)
        if let name = aside.first {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name)) == bytes, "the damaged file changed")
        }
    }

    static func damagedState(_ good: Data, _ damage: String) throws -> Data {
        switch damage {
        case "non-utf8": return Data(#"{"version":1,"wallet":{"order":[""#.utf8) + Data([0xFF, 0xE9]) + Data(#""]}}"#.utf8)
        case "huge": return good + Data(repeating: 0x20, count: StateStore.maximumSize + (1 << 20))
        default: return try damaged(good, damage)
        }
    }

    @Test func damagedTracesExitNonZeroNamingFileAndLine() throws {
        let folder = try ScratchFolder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let header = String(decoding: try encoder.encode(TraceHeader(scene: "wallet", width: 480, height: 800, state: DeckState())),
                            as: UTF8.self)
        let cases: [(String, String, String)] = [
            ("empty", "", ":1:"),
            ("garbage", "not a trace\n", ":1:"),
            ("version", header.replacingOccurrences(of: #""version":1"#, with: #""version":9"#), ":1: unknown trace version"),
            ("backwards", header + "\n" + #"{"t":9,"tick":true}"# + "\n" + #"{"t":1,"tick":true}"#, ":3:"),
            ("malformed", header + "\n" + #"{"t":1,"input":{"warp":{}}}"#, ":2: malformed entry"),
        ]
        for (name, content, words) in cases {
            let trace = folder.path + "/" + name + ".trace"
            try Data(content.utf8).write(to: URL(fileURLWithPath: trace))
            let run = try runBinary(["--replay", trace, "--screenshot", folder.path + "/x.png", "--state", folder.path + "/s.json"])
            #expect(!run.signaled && run.status == 1, "\(name): status \(run.status); stderr: \(run.err)")
            #expect(run.err.contains(trace + words), "\(name): \(run.err)")
        }
    }

    /// A good header then 50 MB of blank lines: read (or refused) within a minute, in bounded memory.
    @Test func hugeTraceIsHandledInReasonableTimeAndMemory() throws {
        let folder = try ScratchFolder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(TraceHeader(scene: "wallet", width: 480, height: 800, state: DeckState()))
        data.append(Data(repeating: 0x0A, count: 50 << 20))
        let trace = folder.path + "/blank.trace"
        try data.write(to: URL(fileURLWithPath: trace))
        let run = try runBinary(["--replay", trace, "--screenshot", folder.path + "/x.png", "--state", folder.path + "/s.json"],
                                timeout: 60)
        print("fault: 50 MB trace of blank lines: status \(run.status), \(String(format: "%.1f", run.seconds)) s, "
              + "peak RSS \(run.peakKB / 1024) MB\(run.timedOut ? " (stopped after 60 s)" : "")")
        #expect(!run.timedOut, "Trace.read needed more than 60 s for a 50 MB trace")
        #expect(!run.signaled || run.timedOut, "ended on a signal: \(run.err)")
        #expect(run.peakKB < 1024 * 1024, "peak RSS \(run.peakKB / 1024) MB for a 50 MB file")
    }

    /// Pictures that do not decode, or claim to be huge: shown as cells naming the problem,
    /// reported in one stderr line, and the carousel still draws.
    @Test func brokenPicturesAreNamedOnceAndTheCarouselStillDraws() throws {
        let folder = try ScratchFolder.withAssets()
        let carousel = folder.assets + "/carousel"
        let real = try Data(contentsOf: URL(fileURLWithPath: carousel + "/sunrise.png"))
        var scrambled = real
        for i in stride(from: 60, to: scrambled.count, by: 7) { scrambled[i] ^= 0x5A }  // header intact, data broken
        func header(_ width: UInt32, _ height: UInt32) -> Data {
            func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + word(13) + Array("IHDR".utf8) + word(width)
                        + word(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0])
        }
        let bad: [(String, Data)] = [
            ("scrambled.png", scrambled), ("zero.png", Data()), ("junk.png", Data("GIF89a not a png".utf8)),
            ("enormous.png", header(200_000, 200_000)), ("biggest-allowed.png", header(8192, 8192)),
            ("cut.png", real.prefix(real.count / 2)),
        ]
        var records: [[String: String]] = []
        for (name, bytes) in bad {
            try folder.write(bytes, to: "assets/carousel/" + name)
            records.append(["id": name, "title": name, "file": name])
        }
        records.append(["id": "sunrise", "title": "Sunrise", "file": "sunrise.png"])
        try folder.write(try JSONSerialization.data(withJSONObject: records), to: "assets/carousel/titles.json")
        let png = folder.path + "/x.png"
        // The broken ones sit first, so the visible part of the strip tries to draw them.
        let run = try runBinary(["--assets", folder.assets, "--scene", "carousel", "--screenshot", png,
                                 "--state", folder.path + "/s.json"])
        #expect(!run.signaled && run.status == 0, "status \(run.status); stderr: \(run.err)")
        let lines = run.err.split(separator: "\n").filter { $0.contains("could not show") }
        #expect(lines.count == 1, "one summary line: \(run.err)")
        // The ones the frame drew are named (the rest were never decoded: off screen).
        let named = bad.filter { run.err.contains(carousel + "/" + $0.0) }.count
        #expect(named >= 3 && run.err.contains("could not show \(named) pictures"), "\(run.err)")
        #expect(!run.err.contains("out of memory"), "a damaged file is called damaged: \(run.err)")
        #expect(try ImageSurface.load(png: png).width == 480)
        print("fault: broken pictures: peak RSS \(run.peakKB / 1024) MB, \(String(format: "%.1f", run.seconds)) s")

        // Nothing usable at all (only missing files): a clear refusal.
        records = [["id": "gone", "title": "Gone", "file": "gone.png"], ["id": "lost", "title": "Lost", "file": "lost.png"]]
        try folder.write(try JSONSerialization.data(withJSONObject: records), to: "assets/carousel/titles.json")
        let none = try runBinary(["--assets", folder.assets, "--screenshot", png, "--state", folder.path + "/s.json"])
        #expect(!none.signaled && none.status == 1, "status \(none.status); stderr: \(none.err)")
        #expect(none.err.contains(carousel + ": no usable pictures"), "\(none.err)")
    }
}
