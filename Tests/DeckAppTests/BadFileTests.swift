import CairoRenderer
import DeckApp
import Foundation
import Glibc
import InteractionEngine
import Testing
import TestSupport

/// Every data file damaged every way: each failure names the file and the problem,
/// and nothing crashes (issue 10, item 2). The binary-level exit codes are in
/// `Tests/X11HostTests/FaultBadFileTests.swift`.
@Suite struct BadAssetFileTests {
    /// Builds the scene that reads `file` from `assets`; returns the warnings.
    func load(_ file: DataFile, from assets: String) throws(AssetError) -> [String] {
        var warnings: [String] = []
        _ = try file.factory.make(assets: AssetStore(directory: assets), state: DeckState(), warnings: &warnings)
        return warnings
    }

    @Test(arguments: DataFile.all, Damage.allCases)
    func damagedDataFileIsNamedWithItsProblem(file: DataFile, damage: Damage) throws {
        let scratch = try ScratchFolder.withAssets()
        let path = scratch.assets + "/" + file.name
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try scratch.write(try damage.apply(to: original, listKey: file.listKey), to: "assets/" + file.name)
        let expected = damage.expectedWords(for: file)
        do {
            let warnings = try load(file, from: scratch.assets)
            #expect(expected == nil, "\(file) with \(damage) loaded (warnings: \(warnings)); expected an error with \(expected ?? [])")
        } catch {
            let message = error.description
            #expect(message.contains(path), "the message does not name the file: \(message)")
            if let expected {
                #expect(expected.contains { message.contains($0) }, "expected one of \(expected) in: \(message)")
            } else {
                Issue.record("\(file) with \(damage) must still load, but: \(message)")
            }
            #expect(!message.contains("\n") && message.count < 400, "not one clear line: \(message)")
        }
    }

    @Test(arguments: DataFile.all)
    func missingOrUnreadableDataFileIsNamed(file: DataFile) throws {
        let scratch = try ScratchFolder.withAssets()
        let path = scratch.assets + "/" + file.name
        try FileManager.default.removeItem(atPath: path)
        if file.listKey == nil {
            // Without titles.json the carousel shows the folder's PNGs by name (SPEC C1).
            let warnings = try load(file, from: scratch.assets)
            #expect(warnings.isEmpty)
        } else {
            #expect { try load(file, from: scratch.assets) } throws: { error in
                "\(error)".contains(path) && "\(error)".contains("missing")
            }
        }
        // A folder where the file should be.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect { try load(file, from: scratch.assets) } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("could not be read")
        }
    }
}

/// The carousel's pictures (issue 17): what is not a regular file is skipped and named in one
/// warning; a regular file that cannot be shown stays, as a cell naming its problem when drawn;
/// nothing usable at all stops the program.
@Suite struct BadPictureTests {
    /// Bad pictures and the words their problem must carry.
    static let bad: [(file: String, bytes: Data, words: String)] = [
        ("corrupt.png", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }), "not a picture"),
        ("zero.png", Data(), "empty file"),
        ("truncated.png", Data(PNGBytes.signature + [0, 0, 0, 13, 0x49, 0x48]), "truncated PNG file"),
        ("enormous.png", PNGBytes.header(width: 100_000, height: 100_000), "damaged PNG file"),
        ("wide.png", PNGBytes.header(width: 4_000_000_000, height: 1), "picture too large"),
        ("empty-size.png", PNGBytes.header(width: 0, height: 64), "empty picture"),
        ("no-header.png", PNGBytes.header(width: 64, height: 64, chunk: "IDAT"), "no IHDR"),
    ]

    @Test func brokenPicturesStayAsCellsNamingTheirProblem() throws {
        let scratch = try ScratchFolder.withAssets()
        let carousel = scratch.assets + "/carousel"
        var records = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: carousel + "/titles.json"))) as! [[String: Any]]
        let good = records.count
        for picture in Self.bad {
            try scratch.write(picture.bytes, to: "assets/carousel/" + picture.file)
            records.append(["id": picture.file, "title": picture.file, "file": picture.file])
        }
        records.append(["id": "gone", "title": "Gone", "file": "gone.png"])
        try FileManager.default.createDirectory(atPath: carousel + "/folder.png", withIntermediateDirectories: true)
        records.append(["id": "folder", "title": "Folder", "file": "folder.png"])
        try scratch.write(try JSONSerialization.data(withJSONObject: records), to: "assets/carousel/titles.json")

        var warnings: [String] = []
        let items = try CarouselFactory.loadItems(from: AssetStore(directory: scratch.assets), warnings: &warnings)
        #expect(items.count == good + Self.bad.count)
        #expect(warnings.count == 1, "one summary, not one line per file: \(warnings)")
        #expect(warnings.contains { $0.contains("skipped 2 of \(good + Self.bad.count + 2) files")
            && $0.contains("gone.png (missing)") && $0.contains("folder.png (not a regular file (a folder))") }, "\(warnings)")

        let renderer = CairoRenderer()
        var list = DisplayList()
        for (i, item) in items.enumerated() {
            list.append(.image(path: item.imagePath, Rect(x: Double(i % 8) * 100, y: Double(i / 8) * 100, width: 96, height: 96),
                               alpha: 1, cornerRadius: 8))
        }
        _ = renderer.image(of: list, width: 800, height: 400)
        let failures = renderer.imageFailures
        #expect(failures.count == Self.bad.count, "\(failures)")
        for picture in Self.bad {
            #expect(failures[carousel + "/" + picture.file]?.contains(picture.words) == true,
                    "\(picture.file): '\(failures[carousel + "/" + picture.file] ?? "shown")', wanted '\(picture.words)'")
        }
        let summary = PictureWarnings.summary(failures) ?? ""
        #expect(summary.contains("could not show \(Self.bad.count) pictures") && summary.contains("and 2 more"), "\(summary)")
    }

    @Test func noUsablePictureStopsWithTheFolderNamed() throws {
        let scratch = try ScratchFolder.withAssets()
        let carousel = scratch.assets + "/carousel"
        try FileManager.default.createDirectory(atPath: carousel + "/folder.png", withIntermediateDirectories: true)
        let records: [[String: Any]] = [["id": "gone", "title": "Gone", "file": "gone.png"],
                                        ["id": "folder", "title": "Folder", "file": "folder.png"]]
        try scratch.write(try JSONSerialization.data(withJSONObject: records), to: "assets/carousel/titles.json")
        var warnings: [String] = []
        #expect { try CarouselFactory.loadItems(from: AssetStore(directory: scratch.assets), warnings: &warnings) } throws: {
            "\($0)".contains(carousel) && "\($0)".contains("no usable pictures")
        }
        #expect(warnings.count == 1)
    }

    @Test func aFolderOfNothingButNonFilesWithoutTitlesIsRefused() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/carousel/sub.jpg", withIntermediateDirectories: true)
        #expect(mkfifo(scratch.path + "/carousel/pipe.png", 0o644) == 0)
        var warnings: [String] = []
        #expect(throws: AssetError.self) {
            try CarouselFactory.loadItems(from: AssetStore(directory: scratch.path), warnings: &warnings)
        }
        #expect(warnings.count == 1 && warnings[0].contains("skipped 2 of 2 files"), "\(warnings)")
    }
}

/// The state file damaged every way: set aside with a message, never overwritten; the app starts from defaults.
@Suite struct BadStateFileTests {
    static let good = Data(#"{"version":1,"wallet":{"order":["a","b"]},"grid":{"order":["t1"]}}"#.utf8)

    enum StateDamage: String, CaseIterable, Sendable {
        case empty, truncated, wrongTyped, wrongTopLevel, huge, nonUTF8, unknownVersion, missingVersion, folder

        /// The message must contain one of these.
        var words: [String] {
            switch self {
            case .empty, .truncated, .nonUTF8: ["not valid JSON"]
            case .wrongTyped, .wrongTopLevel: ["wrong type"]
            case .huge: ["too large"]
            case .unknownVersion: ["unknown version 2"]
            case .missingVersion: ["missing key 'version'"]
            case .folder: ["directory", "folder"]
            }
        }

        func bytes() -> Data {
            switch self {
            case .empty: Data()
            case .truncated: BadStateFileTests.good.prefix(30)
            case .wrongTyped: Data(#"{"version":1,"wallet":{"order":"a,b"}}"#.utf8)
            case .wrongTopLevel: Data("[1, 2, 3]".utf8)
            case .huge: BadStateFileTests.good + Data(repeating: 0x20, count: StateStore.maximumSize + (1 << 20))
            case .nonUTF8: Data(#"{"version":1,"wallet":{"order":[""#.utf8) + Data([0xFF, 0xFE, 0xE9]) + Data(#""]}}"#.utf8)
            case .unknownVersion: Data(#"{"version":2,"wallet":{"order":["a"]}}"#.utf8)
            case .missingVersion: Data(#"{"wallet":{"order":["a"]}}"#.utf8)
            case .folder: Data()
            }
        }
    }

    @Test(arguments: StateDamage.allCases)
    func damagedStateIsKeptAsideAndDefaultsUsed(damage: StateDamage) throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let bytes = damage.bytes()
        if damage == .folder {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else {
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        let store = StateStore(path: path)
        let loaded = store.load(now: Date(timeIntervalSince1970: 86_400))
        #expect(loaded.state == DeckState())
        let warning = try #require(loaded.warning)
        #expect(warning.contains(path) && warning.contains("kept as"), "\(warning)")
        #expect(damage.words.contains { warning.contains($0) }, "the problem is not said clearly: \(warning)")
        #expect(warning.contains("starting from defaults"))
        let aside = path + ".bad-19700102-000000"
        if damage != .folder {
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == bytes, "the damaged file was not kept byte for byte")
        }
        // The next save writes a fresh file and leaves the damaged one alone.
        try store.save(DeckState(wallet: .init(order: ["x"])))
        #expect(store.load().state.wallet?.order == ["x"])
        if damage != .folder {
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == bytes)
        }
    }

    /// Repeated, unknown and missing ids in a well-formed file are not damage: each scene
    /// shows every item exactly once.
    @Test func repeatedAndUnknownIDsInTheStateLoseAndDuplicateNothing() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let cards = try JSONDecoder().decode(WalletCardFile.self, from: Data(contentsOf: URL(fileURLWithPath: repositoryAssets + "/cards.json")))
        let ids = cards.cards.map(\.id)
        let saved = [ids[2], ids[2], "unknown", ids[0], ids[2], ids[1]]
        let messages = try JSONDecoder().decode(MessagesDocument.self, from: Data(contentsOf: URL(fileURLWithPath: repositoryAssets + "/messages.json")))
        let rowIDs = messages.conversations.map(\.id)
        let rows: [DeckState.MessagesState.Row] = [rowIDs[1], rowIDs[1], "ghost", rowIDs[0]].map { .init(id: $0, read: true, pinned: true) }
        try StateStore(path: path).save(DeckState(wallet: .init(order: saved), grid: .init(order: ["nope", "nope"]),
                                                  messages: .init(rows: rows), carousel: .init(selected: "missing")))
        let loaded = StateStore(path: path).load()
        #expect(loaded.warning == nil)
        var warnings: [String] = []
        let assets = AssetStore(directory: repositoryAssets)
        var state = DeckState()
        for factory in [WalletFactory(), GridFactory(), MessagesFactory(), CarouselFactory()] as [any SceneFactory] {
            try factory.make(assets: assets, state: loaded.state, warnings: &warnings).save(into: &state)
        }
        let order = try #require(state.wallet?.order)
        #expect(order.count == ids.count && Set(order) == Set(ids))
        #expect(Array(order.prefix(3)) == [ids[2], ids[0], ids[1]])
        let grid = try #require(state.grid?.order)
        #expect(grid.count == Set(grid).count && !grid.contains("nope"))
        let restored = try #require(state.messages?.rows.map(\.id))
        #expect(restored == [rowIDs[1], rowIDs[0]], "saved rows, each once, unknown ones dropped")
    }
}

/// Recorded traces damaged every way: each failure names the file and the line.
@Suite struct BadTraceFileTests {
    static let scenes = SceneCatalog.names

    static func header(version: Int = 1, scene: String = "wallet", width: Int = 480, format: String? = nil) -> String {
        var header = TraceHeader(scene: scene, width: width, height: 800, state: DeckState())
        header.version = version
        if let format { header.format = format }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(header), as: UTF8.self)
    }

    static let tick = #"{"t":10,"tick":true}"#

    /// (name, content, the line and words the error must carry).
    static let cases: [(String, Data, String)] = [
        ("empty", Data(), ":1: empty trace"),
        ("blank", Data("\n\n".utf8), ":1: empty trace"),
        ("truncated-header", Data(header().prefix(40).utf8), ":1: not a trace header"),
        ("wrong-typed-header", Data(header().replacingOccurrences(of: #""width":480"#, with: #""width":"480""#).utf8), ":1: not a trace header (wrong type"),
        ("not-json", Data("hello\n".utf8), ":1: not a trace header"),
        ("unknown-version", Data((header(version: 7) + "\n" + tick).utf8), ":1: unknown trace version 7"),
        ("other-format", Data((header(format: "pcap") + "\n").utf8), ":1: format 'pcap'"),
        ("unknown-scene", Data((header(scene: "pinball") + "\n").utf8), ":1: no scene named 'pinball'"),
        ("zero-width", Data((header(width: 0) + "\n").utf8), ":1: window size 0x800"),
        ("huge-width", Data((header(width: 1_000_000) + "\n").utf8), ":1: window size 1000000x800"),
        ("non-utf8", Data(header().utf8) + Data([0x0A, 0xFF, 0xFE, 0x0A]), "not UTF-8"),
        ("truncated-entry", Data((header() + "\n" + tick + "\n" + #"{"t":30,"inp"#).utf8), ":3: malformed entry"),
        ("wrong-typed-entry", Data((header() + "\n" + #"{"t":"soon","tick":true}"#).utf8), ":2: malformed entry (wrong type"),
        ("repeated-header", Data((header() + "\n" + header()).utf8), ":2: malformed entry"),
        ("backwards", Data((header() + "\n" + #"{"t":50,"tick":true}"# + "\n" + tick).utf8), ":3: time 10.0 goes backwards"),
        ("infinite-time", Data((header() + "\n" + #"{"t":1e999,"tick":true}"#).utf8), ":2:"),
        ("neither", Data((header() + "\n" + #"{"t":5}"#).utf8), ":2: an entry is either an input or a tick"),
        ("both", Data((header() + "\n" + #"{"t":5,"tick":true,"input":{"pointerCancel":{}}}"#).utf8), ":2: an entry is either an input or a tick"),
        ("unknown-input", Data((header() + "\n" + #"{"t":5,"input":{"teleport":{}}}"#).utf8), ":2: malformed entry"),
    ]

    @Test(arguments: 0..<cases.count)
    func damagedTraceNamesFileAndLine(index: Int) throws {
        let (name, content, words) = Self.cases[index]
        let scratch = try ScratchFolder()
        let path = scratch.path + "/" + name + ".trace"
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: TraceError.self, "\(name) was accepted") {
            _ = try Trace.read(path: path, knownScenes: Self.scenes)
        }
        do {
            _ = try Trace.read(path: path, knownScenes: Self.scenes)
        } catch {
            #expect(error.description.hasPrefix(path), "\(name): \(error.description)")
            #expect(error.description.contains(words), "\(name): expected '\(words)' in \(error.description)")
        }
    }

    @Test func missingTraceIsNamed() {
        #expect { try Trace.read(path: "/nonexistent/x.trace", knownScenes: Self.scenes) } throws: {
            "\($0)".contains("/nonexistent/x.trace") && "\($0)".contains("cannot be read")
        }
    }

    /// 50 MB of garbage on one line is refused at line 1. (A good header followed by
    /// 50 MB of blank lines is checked at the binary level, with a time limit, in
    /// `FaultBadFileTests`: reading it takes minutes.)
    @Test func hugeGarbageTraceIsRefusedAtLineOne() throws {
        let scratch = try ScratchFolder()
        let garbage = scratch.path + "/garbage.trace"
        try Data(repeating: 0x41, count: Damage.hugeSize).write(to: URL(fileURLWithPath: garbage))
        let started = Date()
        #expect { try Trace.read(path: garbage, knownScenes: Self.scenes) } throws: { "\($0)".contains(garbage + ":1:") }
        print("bad trace: 50 MB garbage line refused in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        try FileManager.default.removeItem(atPath: garbage)
    }
}
