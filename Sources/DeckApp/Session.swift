import Foundation
import Glibc
import InteractionEngine

/// One run of the program: the deck plus its I/O (state file, events, warnings).
///
/// Both hosts drive a session: the X11 window with live input, and the
/// headless renderer with a replayed trace. The session prints events, saves
/// the state whenever a scene's revision changes and tells the host what the
/// deck asked for.
public final class Session {
    public let options: Options
    /// Rebuilt only by a replay's transport (`restartDeck`), to re-simulate from the trace's start.
    public internal(set) var deck: Deck
    /// Where the scenes' sample data came from (a rebuilt deck reads the same).
    let assets: AssetStore
    public let store: StateStore
    private let printer = EventPrinter()
    private let output: EventOutput?
    private var savedRevision: Int
    private var lastSaveFailed = false
    /// Why this session never writes the state (another instance holds it, or a damaged
    /// file could not be moved aside); nil when it saves normally.
    public private(set) var readOnlyReason: String?
    private var lock: StateLock?
    /// False for a replay without an explicit `--state`: nothing is ever written to the store.
    public let writesState: Bool
    var recorder: TraceRecorder?
    /// The tuning this run started from (`start(with:)`): a rebuilt replay deck restarts from it.
    public internal(set) var startingTuning: Tuning?
    /// Every input and tick since `startJournal()` (F9 recordings are cut from it).
    public internal(set) var journal: SessionJournal?

    /// Builds the deck from the assets and the saved state. Warnings go to stderr
    /// and to the on-screen notice; broken sample data throws.
    ///
    /// With `trace`, the deck starts from the trace's recorded state, scene and
    /// size instead of the state file, so a replay depends on nothing else.
    public init(options: Options, trace: TraceHeader? = nil) throws(AssetError) {
        self.options = options
        var assets = try AssetStore.locate(explicit: options.assetsPath)
        if options.picturesFromUserFolder && options.picturesPath == nil {
            guard let folder = UserDirectories().folder(.pictures) else {
                throw AssetError("--pictures: no Pictures folder (HOME is not set to an absolute path)")
            }
            guard FileManager.default.fileExists(atPath: folder) else {
                throw AssetError("\(folder): no such folder (your Pictures folder, opened by --pictures)")
            }
            assets.picturesDirectory = folder
        }
        if let pictures = options.picturesPath {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: pictures, isDirectory: &isDir), isDir.boolValue else {
                throw AssetError("\(pictures): no such folder (given with --pictures)")
            }
            assets.picturesDirectory = pictures
        }
        // Only a window, or a replay given an explicit --state, writes the state: a replay in
        // the window without --state runs on a throw-away store (the user's file is left alone).
        let headless = options.rendersHeadless
        let saves = trace != nil ? options.statePath != nil : !headless
        writesState = saves
        var warnings: [String] = []
        if let path = options.statePath ?? StateStore.defaultPath() {
            store = StateStore(path: path)
        } else if saves {
            let home = ProcessInfo.processInfo.environment["HOME"].map { "'\($0)'" } ?? "not set"
            throw AssetError("HOME is \(home), not an absolute path, so there is no place for the state file: "
                             + "set HOME or XDG_STATE_HOME to an absolute folder, or give --state FILE")
        } else {
            store = StateStore(path: "/dev/null/no-home")  // never read or written: headless without a home
        }
        if saves {
            switch StateLock.acquire(for: store.path) {
            case .acquired(let lock):
                self.lock = lock
                store.removeStaleTemporaries()
            case .heldElsewhere(let owner):
                readOnlyReason = "\(store.path) is in use by another gesturedeck\(owner.map { " (pid \($0))" } ?? ""): "
                    + "this window is read-only, its changes will not be saved"
                warnings.append(readOnlyReason!)
            case .unavailable:
                break  // the folder cannot hold a lock file: saving will say what is wrong
            }
        }
        let state: DeckState
        if let trace {
            state = trace.state
        } else if options.statePath == nil && StateStore.defaultPath() == nil {
            state = DeckState()
        } else if readOnlyReason != nil {
            // Another instance owns the file: read it, never move it aside.
            state = (try? JSONDecoder().decode(DeckState.self, from: Data(contentsOf: URL(fileURLWithPath: store.target)))) ?? DeckState()
        } else {
            let loaded = store.load()
            state = loaded.state
            if let warning = loaded.warning { warnings.append(warning) }
            if loaded.mustNotSave { readOnlyReason = "\(store.path) could not be moved aside" }
        }
        let scenes = try SceneCatalog.makeScenes(assets: assets, state: state, warnings: &warnings)
        self.assets = assets
        let initial = trace?.scene ?? options.scene ?? state.window?.scene
        // The size: the trace's, else --size, else the last window size, else 480x800.
        let saved = state.window.flatMap { w in
            (1...16384).contains(w.width) && (1...16384).contains(w.height) ? Size(width: Double(w.width), height: Double(w.height)) : nil
        }
        let windowSize = trace.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? (options.sizeGiven ? nil : saved)
            ?? Size(width: Double(options.width), height: Double(options.height))
        deck = Deck(scenes: scenes, initial: initial, size: windowSize)
        deck.reduceMotion = options.reduceMotion
        deck.appearance = options.theme.appearance(desktopPrefersDark: false)
        if options.overlay { deck.overlay = DeckOverlay() }
        if options.showTaps { deck.touches = TouchIndicator() }
        // Slow motion from the start: --slow N, else the rate the trace was recorded at.
        if let rate = options.slow.map({ 1 / $0 }) ?? trace?.slow { deck.setSlowMotion(rate, at: 0) }
        output = options.events ? EventOutput(warn: Session.warn) : nil
        savedRevision = deck.stateRevision
        for warning in warnings { Session.warn(warning) }
        // Every warning of the start is shown, not only the last one.
        if !warnings.isEmpty { deck.showNotice(warnings.joined(separator: "\n")) }
        // A replay starts from the tuning recorded in its trace (main.swift gives --preset's otherwise).
        if let recorded = trace?.tuning { start(with: Tuning(recorded)) }
    }

    /// Prints a warning on stderr.
    public static func warn(_ message: String) {
        let text = "gesturedeck: \(message)\n"
        // write(2), not FileHandle.write: a closed or full stderr must not trap.
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// Starts writing every input and frame tick to `path` (`--record`).
    public func startRecording(to path: String) throws(TraceError) {
        var header = TraceHeader(
            scene: deck.current.name, width: Int(deck.size.width), height: Int(deck.size.height), state: deck.state())
        header.slow = deck.animationClock.rate == 1 ? nil : deck.animationClock.rate
        header.tuning = deck.tuning.values.isEmpty ? nil : deck.tuning.values
        recorder = try TraceRecorder(path: path, header: header)
    }

    /// Delivers one input to the deck (and to the recording).
    public func handle(_ event: InputEvent) {
        recorder?.record(.input(event))
        journal?.append(.input(event))
        deck.handle(event)
    }

    /// Advances the deck to the frame at `time` (and records the tick).
    public func tick(at time: Millis) {
        recorder?.record(.frame(at: time))
        journal?.append(.frame(at: time))
        deck.tick(at: time)
    }

    /// Prints pending events, saves when something changed, and returns what the deck asked for.
    /// The change is saved before the event that reports it is printed.
    public func flush() -> [DeckCommand] {
        let events = deck.drainEvents()
        if deck.stateRevision != savedRevision { save() }
        for event in events { emit(event) }
        return deck.drainCommands()
    }

    /// Prints one event when `--events` is on (never blocking: see `EventOutput`).
    public func emit(_ event: DeckEvent) {
        output?.write(line: printer.line(for: event))
    }

    /// Writes event lines still queued for a slow reader (waits at most `EventOutput.closingWait`).
    public func flushOutput() {
        output?.flush(waiting: EventOutput.closingWait)
    }

    /// Ends the session: cancels any press in flight (so only committed changes are kept),
    /// saves, prints the remaining events and `quit`. Returns whether the state is saved.
    @discardableResult
    public func finish(at time: Millis, quit: DeckEvent?) -> Bool {
        deck.cancelPress(at: time)
        let events = deck.drainEvents()
        let saved = save()
        for event in events { emit(event) }
        if let quit { emit(quit) }
        output?.flush(waiting: EventOutput.closingWait)
        return saved
    }

    /// Saves the state now; a failure is reported, shown, and retried at the next change.
    /// Returns whether the state on disk is now the deck's (false when read-only or failed).
    @discardableResult
    public func save() -> Bool {
        guard readOnlyReason == nil, writesState else {
            savedRevision = deck.stateRevision
            return false
        }
        do {
            try store.save(deck.state())
            savedRevision = deck.stateRevision
            lastSaveFailed = false
            return true
        } catch {
            savedRevision = deck.stateRevision
            let message = "could not save: \(error)"
            Session.warn(message)
            if !lastSaveFailed { deck.showNotice(message) }
            lastSaveFailed = true
            return false
        }
    }

    /// Where F12 screenshots go (see `CaptureFolders`): `$GESTUREDECK_SCREENSHOT_DIR`, else
    /// `--capture-dir`, else Pictures/GestureDeck.
    public func screenshotPath(now: Date = Date()) -> String {
        let dir = CaptureFolders(captureDir: options.captureDir).screenshots
        return "\(dir)/\(CaptureFolders.stem(scene: deck.current.name, at: now)).png"
    }
}
