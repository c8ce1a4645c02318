import Foundation
import InteractionEngine

/// One run of the program: the deck plus its I/O (state file, events, warnings).
///
/// Both hosts drive a session: the X11 window with live input, and the
/// headless renderer with a replayed trace. The session prints events, saves
/// the state whenever a scene's revision changes and tells the host what the
/// deck asked for.
public final class Session {
    public let options: Options
    public let deck: Deck
    public let store: StateStore
    private let printer: EventPrinter?
    private var savedRevision: Int
    private var lastSaveFailed = false
    private var recorder: TraceRecorder?

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
        store = StateStore(path: options.statePath ?? StateStore.defaultPath())
        var warnings: [String] = []
        let state: DeckState
        if let trace {
            state = trace.state
        } else {
            let loaded = store.load()
            state = loaded.state
            if let warning = loaded.warning { warnings.append(warning) }
        }
        let scenes = try SceneCatalog.makeScenes(assets: assets, state: state, warnings: &warnings)
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
        if options.overlay { deck.overlay = DeckOverlay() }
        printer = options.events ? EventPrinter() : nil
        savedRevision = deck.stateRevision
        for warning in warnings {
            Session.warn(warning)
            deck.showNotice(warning)
        }
    }

    /// Prints a warning on stderr.
    public static func warn(_ message: String) {
        FileHandle.standardError.write(Data("gesturedeck: \(message)\n".utf8))
    }

    /// Starts writing every input and frame tick to `path` (`--record`).
    public func startRecording(to path: String) throws(TraceError) {
        recorder = try TraceRecorder(path: path, header: TraceHeader(
            scene: deck.current.name, width: Int(deck.size.width), height: Int(deck.size.height), state: deck.state()))
    }

    /// Delivers one input to the deck (and to the recording).
    public func handle(_ event: InputEvent) {
        recorder?.record(.input(event))
        deck.handle(event)
    }

    /// Advances the deck to the frame at `time` (and records the tick).
    public func tick(at time: Millis) {
        recorder?.record(.frame(at: time))
        deck.tick(at: time)
    }

    /// Prints pending events, saves when something changed, and returns what the deck asked for.
    public func flush() -> [DeckCommand] {
        for event in deck.drainEvents() { emit(event) }
        if deck.stateRevision != savedRevision { save() }
        return deck.drainCommands()
    }

    /// Prints one event when `--events` is on.
    public func emit(_ event: DeckEvent) {
        printer?.print(event)
    }

    /// Saves the state now; a failure is reported, shown, and retried at the next change.
    public func save() {
        do {
            try store.save(deck.state())
            savedRevision = deck.stateRevision
            lastSaveFailed = false
        } catch {
            savedRevision = deck.stateRevision
            let message = "could not save: \(error)"
            Session.warn(message)
            if !lastSaveFailed { deck.showNotice(message) }
            lastSaveFailed = true
        }
    }

    /// Where F12 screenshots go: `$GESTUREDECK_SCREENSHOT_DIR`, else the current folder.
    public func screenshotPath(now: Date = Date()) -> String {
        let dir = ProcessInfo.processInfo.environment["GESTUREDECK_SCREENSHOT_DIR"] ?? FileManager.default.currentDirectoryPath
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return "\(dir)/gesturedeck-\(deck.current.name)-\(f.string(from: now)).png"
    }
}
