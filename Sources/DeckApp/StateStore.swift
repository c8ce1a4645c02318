import Foundation
import InteractionEngine

/// Loads and saves the state file: atomically, and never over a damaged file.
///
/// Saving writes a temporary file beside the target, flushes it to disk with
/// fsync and renames it over the target, so a reader (or a crash) only ever
/// sees the old file or the new one. Two instances on the same file are
/// last-writer-wins: each save replaces the whole file atomically.
public struct StateStore: Sendable {
    /// Files larger than this are refused as damaged rather than read.
    public static let maximumSize = 8 << 20

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The default location: `$XDG_STATE_HOME/gesturedeck/state.json`, else `~/.local/state/...`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/state"
        }
        return base + "/gesturedeck/state.json"
    }

    /// What loading found.
    public struct Loaded: Sendable {
        public var state: DeckState
        /// A message for the user when the file was damaged and set aside.
        public var warning: String?
    }

    /// Reads the state; a missing file gives defaults, a damaged one is moved aside.
    public func load(now: Date = Date()) -> Loaded {
        let fm = FileManager.default
        guard fm.fileExists(atPath: path) else { return Loaded(state: DeckState(), warning: nil) }
        let problem: String
        switch read() {
        case .success(let state): return Loaded(state: state, warning: nil)
        case .failure(let error): problem = error.description
        }
        let aside = path + ".bad-" + StateStore.stamp(now)
        do {
            try fm.moveItem(atPath: path, toPath: aside)
            return Loaded(state: DeckState(),
                          warning: "\(path): \(problem); kept as \(aside), starting from defaults")
        } catch {
            // Could not move it: do not overwrite it either.
            return Loaded(state: DeckState(),
                          warning: "\(path): \(problem); could not move it aside (\(error.localizedDescription))")
        }
    }

    /// The state in the file, or what is wrong with it.
    private func read() -> Result<DeckState, StateError> {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return .failure(StateError("is a folder, not a state file"))
        }
        do {
            let size = ((try fm.attributesOfItem(atPath: path))[.size] as? NSNumber)?.intValue ?? 0
            guard size <= StateStore.maximumSize else {
                return .failure(StateError("too large (\(size) bytes, the limit is \(StateStore.maximumSize))"))
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let state = try JSONDecoder().decode(DeckState.self, from: data)
            guard state.version == DeckState.currentVersion else {
                return .failure(StateError(
                    "unknown version \(state.version) (this build reads version \(DeckState.currentVersion))"))
            }
            return .success(state)
        } catch let error as DecodingError {
            return .failure(StateError(StateStore.describe(error)))
        } catch {
            return .failure(StateError(error.localizedDescription))
        }
    }

    /// Writes `state` atomically (temp file, fsync, rename, fsync of the folder).
    public func save(_ state: DeckState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(state)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw StateError("\(temporary): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced else {
            unlink(temporary)
            throw StateError("\(temporary): could not write the state (\(String(cString: strerror(errno))))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StateError("\(path): could not replace the state file (\(reason))")
        }
        let dir = open(folder, O_RDONLY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    private static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: date)
    }

    /// A decoding error in words, with the key path where it happened.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case .dataCorrupted(let c):
            return "not valid JSON\(path(c))"
        case .keyNotFound(let key, let c):
            return "missing key '\(key.stringValue)'\(path(c))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "wrong type\(path(c)): \(c.debugDescription)"
        @unknown default:
            return "unreadable"
        }
    }
}

/// A failure to save the state, described for a person.
public struct StateError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
