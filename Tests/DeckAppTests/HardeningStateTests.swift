import DeckApp
import Foundation
import Glibc
import InteractionEngine
import Testing
import TestSupport

// Issue 19, the state file: what is saved can always be read back, damaged files are
// never overwritten, links and temp files cannot be abused, two instances do not fight,
// messages say what is really wrong, and no HOME means no guessing.

/// A session on `state` as the window would run it (it saves), without opening a window.
private func windowSession(state: String, pictures: String? = nil) throws -> Session {
    var options = Options()
    options.statePath = state
    options.assetsPath = repositoryAssets
    options.picturesPath = pictures
    return try Session(options: options)
}

@Suite struct HardeningStateTests {
    // Item 9: a state over the reader's old 8 MiB limit is written compactly and read back.
    @Test func aLargeStateIsReadBackAfterItIsSaved() throws {
        let scratch = try ScratchFolder()
        let store = StateStore(path: scratch.path + "/state.json")
        // 9 MiB of ids: over the old read limit, under the one that follows the data limits.
        let order = (0..<100_000).map { String(format: "card-%094d", $0) }
        let state = DeckState(wallet: .init(order: order))
        try store.save(state)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int)
        #expect(size > 9 << 20 && size <= StateStore.maximumSize, "\(size) bytes")
        let loaded = store.load()
        #expect(loaded.warning == nil, "\(loaded.warning ?? "")")
        #expect(loaded.state.wallet?.order.count == order.count)
    }

    // Item 9: what the reader would refuse is never written; the old file stays.
    @Test func aStateOverTheLimitIsNotWrittenAndSaysSo() throws {
        let scratch = try ScratchFolder()
        let limit = 2000
        let store = StateStore(path: scratch.path + "/state.json", maximumSize: limit)
        let small = DeckState(wallet: .init(order: ["a", "b"]))
        try store.save(small)
        let big = DeckState(wallet: .init(order: (0..<200).map { "card-\($0)-with-a-long-name" }))
        #expect(throws: StateError.self) { try store.save(big) }
        do { try store.save(big) } catch {
            #expect(error.description.contains(store.path) && error.description.contains("limit"), "\(error)")
        }
        #expect(store.load().state == small)
        // Just under the limit, compact JSON fits where pretty-printed JSON would not.
        let fits = DeckState(wallet: .init(order: (0..<60).map { "card-\($0)-with-a-long-name" }))
        let compact = try JSONEncoder().encode(fits).count
        #expect(compact < limit)
        try store.save(fits)
        #expect(store.load().state == fits)
    }

    // Item 10: an existing aside name gets a counter; the earlier aside is not touched.
    @Test func asideNameIsUniqueWhenTheFirstIsTaken() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let now = Date(timeIntervalSince1970: 86_400)
        try Data("first damage".utf8).write(to: URL(fileURLWithPath: path))
        #expect(StateStore(path: path).load(now: now).warning?.contains("kept as \(path).bad-19700102-000000") == true)
        try Data("second damage".utf8).write(to: URL(fileURLWithPath: path))
        let second = StateStore(path: path).load(now: now)
        #expect(second.warning?.contains("kept as \(path).bad-19700102-000000-2") == true, "\(second.warning ?? "")")
        #expect(!second.mustNotSave)
        #expect(try String(contentsOfFile: path + ".bad-19700102-000000", encoding: .utf8) == "first damage")
        #expect(try String(contentsOfFile: path + ".bad-19700102-000000-2", encoding: .utf8) == "second damage")
    }

    // Item 10: when the damaged file cannot be moved aside, the session never saves over it.
    @Test func aDamagedFileThatCannotBeMovedIsNeverSavedOver() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let damaged = Data("{ damaged".utf8)
        try damaged.write(to: URL(fileURLWithPath: path))
        // Every aside name is taken (this second and its 999 numbered followers).
        let now = Date(timeIntervalSince1970: 86_400)
        for n in 1...1000 {
            FileManager.default.createFile(atPath: path + ".bad-19700102-000000" + (n == 1 ? "" : "-\(n)"), contents: Data())
        }
        let loaded = StateStore(path: path).load(now: now)
        #expect(loaded.mustNotSave)
        #expect(loaded.warning?.contains("will not be saved") == true, "\(loaded.warning ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    // Item 10: a session whose state cannot be set aside (here a FIFO) never saves over it.
    @Test func aSessionNeverSavesOverAStateItCouldNotSetAside() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        #expect(mkfifo(path, 0o600) == 0)
        let session = try windowSession(state: path)
        let reason = try #require(session.readOnlyReason)
        #expect(reason.contains(path))
        session.deck.handle(InputEvent(.key(.character("2"), []), at: 10))
        _ = session.flush()
        #expect(!session.save())
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was saved over")
    }

    // Item 11: a link planted at the old predictable temp name is never followed.
    @Test func aPlantedTempLinkOverwritesNothing() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let victim = scratch.path + "/victim.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp-\(getpid())", withDestinationPath: victim)
        for n in 0..<64 {
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/.state.json.tmp-\(getpid())-guess\(n)", withDestinationPath: victim)
        }
        try StateStore(path: path).save(DeckState(wallet: .init(order: ["x"])))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(StateStore(path: path).load().state.wallet?.order == ["x"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".tmp-") && !$0.contains("guess") }
        #expect(leftovers == ["state.json.tmp-\(getpid())"], "\(leftovers)")
    }

    // Item 11: temp files of dead processes are removed at start; live ones stay.
    @Test func staleTempFilesOfDeadProcessesAreRemoved() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let dead = p.processIdentifier
        guard kill(dead, 0) != 0 else { Issue.record("pid \(dead) was reused at once; run again"); return }
        let stale = [".state.json.tmp-\(dead)-a1b2c3", "state.json.tmp-\(dead)"]
        let live = ".state.json.tmp-1-zzzzzz"  // pid 1 is always alive
        for name in stale + [live] { FileManager.default.createFile(atPath: scratch.path + "/" + name, contents: Data("x".utf8)) }
        _ = try windowSession(state: path)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path))
        for name in stale { #expect(!left.contains(name), "\(name) was not removed") }
        #expect(left.contains(live))
    }

    // Item 11: a symlinked state file is written through to its target; the link stays.
    @Test func aSymlinkedStateIsWrittenThroughToItsTarget() throws {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/real", withIntermediateDirectories: true)
        let link = scratch.path + "/state.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/target.json")
        let store = StateStore(path: link)
        try store.save(DeckState(wallet: .init(order: ["a"])))  // a dangling link: creates the target
        try store.save(DeckState(wallet: .init(order: ["b"])))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/target.json")
        let target = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/real/target.json"))
        #expect(try JSONDecoder().decode(DeckState.self, from: target).wallet?.order == ["b"])
        #expect(store.load().state.wallet?.order == ["b"])
    }

    // Item 12: --record writes in place: a link stays a link, a FIFO stays a FIFO.
    @Test func recordingWritesInPlaceNeverReplacingWhatIsThere() throws {
        let scratch = try ScratchFolder()
        let header = TraceHeader(scene: "wallet", width: 480, height: 800, state: DeckState())
        let target = scratch.path + "/target.jsonl", link = scratch.path + "/link.jsonl"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do {
            let recorder = try TraceRecorder(path: link, header: header)
            recorder.record(.frame(at: 5))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n").count == 2)

        let fifo = scratch.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        do {
            let recorder = try TraceRecorder(path: fifo, header: header)
            recorder.record(.frame(at: 5))
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        var bytes = [UInt8](repeating: 0, count: 4096)
        #expect(read(reader, &bytes, bytes.count) > 0, "nothing came through the FIFO")
        // A FIFO nobody reads is refused at once rather than hanging.
        let lonely = scratch.path + "/lonely"
        #expect(mkfifo(lonely, 0o600) == 0)
        #expect(throws: TraceError.self) { try TraceRecorder(path: lonely, header: header) }
    }

    // Item 13: the second instance on a state file is read-only and says so.
    @Test func aSecondInstanceIsReadOnlyAndSaysSo() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        let first = try windowSession(state: path)
        #expect(first.readOnlyReason == nil)
        let second = try windowSession(state: path)
        let reason = try #require(second.readOnlyReason)
        #expect(reason.contains(path) && reason.contains("read-only") && reason.contains("pid \(getpid())"), "\(reason)")
        #expect(second.deck.render(at: 0).textContents.contains { $0.contains("read-only") }, "no visible notice")
        first.deck.handle(InputEvent(.key(.character("2"), []), at: 1))
        _ = first.flush()
        second.deck.handle(InputEvent(.key(.character("3"), []), at: 1))
        _ = second.flush()
        #expect(!second.save())
        let saved = StateStore(path: path).load().state
        #expect(saved.window?.scene == "grid", "the read-only instance wrote over the first one's change")
    }

    // Item 15: each message names the file and the real problem.
    @Test func aFIFOStateSaysFIFOAndIsLeftAlone() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        #expect(mkfifo(path, 0o600) == 0)
        let loaded = StateStore(path: path).load()
        let warning = try #require(loaded.warning)
        #expect(warning.contains(path) && warning.contains("FIFO") && !warning.contains("permission"), "\(warning)")
        #expect(loaded.mustNotSave)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aValidDocumentWithABadValueIsNotCalledInvalidJSON() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        try Data(#"{"version":1,"window":{"width":1e30,"height":800,"scene":"grid"}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let warning = try #require(StateStore(path: path).load().warning)
        #expect(!warning.contains("not valid JSON") && warning.contains("bad value") && warning.contains(path), "\(warning)")
    }

    @Test func aParentThatIsAFileIsNamedInPlainWords() throws {
        let scratch = try ScratchFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path + "/plain"))
        let store = StateStore(path: scratch.path + "/plain/sub/state.json")
        do {
            try store.save(DeckState())
            Issue.record("saved under a file")
        } catch {
            #expect(error.description.contains(scratch.path + "/plain") && error.description.contains("is a file, not a folder"), "\(error)")
            #expect(!error.description.contains("NSCocoaErrorDomain") && !error.description.contains("Code=516"))
        }
    }

    @Test func aPictureWhoseNameIsNotUTF8IsNotCalledMissing() throws {
        let scratch = try ScratchFolder()
        let pictures = scratch.path + "/pics"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let sample = try #require(try FileManager.default.contentsOfDirectory(atPath: repositoryAssets + "/carousel").first { $0.hasSuffix(".png") })
        try FileManager.default.copyItem(atPath: repositoryAssets + "/carousel/" + sample, toPath: pictures + "/good.png")
        let bad = Array((pictures + "/bad").utf8) + [0xFF] + Array(".png".utf8) + [0]
        let picture = try Data(contentsOf: URL(fileURLWithPath: pictures + "/good.png"))
        let fd = bad.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(fd >= 0)
        _ = picture.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let session = try windowSession(state: scratch.path + "/state.json", pictures: pictures)
        let notice = session.deck.render(at: 0).textContents.joined(separator: "\n")
        // The name is opened byte for byte (pictures are read through their raw path), so the
        // picture is shown like any other, titled with U+FFFD where the bytes are not UTF-8.
        #expect(!notice.contains("missing"), "\(notice)")
        let carousel = try #require(session.deck.scenes.first { $0.name == "carousel" } as? CarouselScene)
        #expect(carousel.items.count == 2)
        #expect(carousel.items.contains { $0.title.contains("\u{FFFD}") })
    }

    // Item 15: every warning of a start is shown, not only the last.
    @Test func everyWarningOfAStartIsShown() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/state.json"
        try Data("{ damaged".utf8).write(to: URL(fileURLWithPath: path))
        let pictures = scratch.path + "/pics"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let sample = try #require(try FileManager.default.contentsOfDirectory(atPath: repositoryAssets + "/carousel").first { $0.hasSuffix(".png") })
        try FileManager.default.copyItem(atPath: repositoryAssets + "/carousel/" + sample, toPath: pictures + "/good.png")
        // A FIFO in the picture folder is skipped at start with a warning of its own
        // (a damaged regular file would instead stay in the strip as a "can't show" cell).
        #expect(mkfifo(pictures + "/pipe.png", 0o644) == 0)
        let session = try windowSession(state: path, pictures: pictures)
        let shown = session.deck.render(at: 0).textContents.joined(separator: "\n")
        #expect(shown.contains("kept as") && shown.contains("pipe.png"), "\(shown)")
    }

    // Item 16: no absolute HOME, no guessed location.
    @Test(arguments: [["HOME": ""], ["HOME": "relative/home"], [:], ["HOME": "", "XDG_STATE_HOME": "also-relative"]])
    func withoutAnAbsoluteHomeThereIsNoDefaultStatePath(environment: [String: String]) {
        #expect(StateStore.defaultPath(environment: environment) == nil)
    }

    @Test func anAbsoluteXDGStateHomeIsEnoughWithoutHome() {
        #expect(StateStore.defaultPath(environment: ["HOME": "", "XDG_STATE_HOME": "/s"]) == "/s/gesturedeck/state.json")
    }
}

extension DisplayList {
    /// Every text the list draws.
    var textContents: [String] {
        commands.compactMap { item in
            if case .text(let text, _, _) = item { return text }
            return nil
        }
    }
}
