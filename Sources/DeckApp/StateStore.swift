import Foundation
import Glibc
import InteractionEngine

/// Loads and saves the state file: atomically, and never over a damaged file.
///
/// Saving writes a temporary file beside the target, flushes it to disk with
/// fsync and renames it over the target, so a reader (or a crash) only ever
/// sees the old file or the new one. The temporary file is made by mkstemp
/// (O_CREAT|O_EXCL: never through a planted link); a state path that is a
/// symbolic link is written through to the link's target, never replacing the
/// link. Two instances on one file are kept apart by `StateLock`.
public struct StateStore: Sendable {
    /// Files larger than this are refused as damaged rather than read, and a state this large
    /// is never written. It follows the data limits: the state holds at most the ids of the
    /// wallet, grid and message files (each at most `AssetStore.maximumFileSize`), so four
    /// times that always fits.
    public static let maximumSize = 4 * AssetStore.maximumFileSize

    public let path: String
    /// The size limit this store reads and writes under (tests lower it).
    public let maximumSize: Int

    public init(path: String, maximumSize: Int = StateStore.maximumSize) {
        self.path = path
        self.maximumSize = maximumSize
    }

    /// The default location: `$XDG_STATE_HOME/gesturedeck/state.json`, else `~/.local/state/...`;
    /// nil when neither is an absolute path (nothing is ever written under `/` or the working folder).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        UserDirectories(environment: environment).stateHome.map { $0 + "/gesturedeck/state.json" }
    }

    /// The file actually read and written: `path` with symbolic links followed (also dangling ones).
    public var target: String {
        var current = path
        for _ in 0..<32 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
        }
        return current
    }

    /// What loading found.
    public struct Loaded: Sendable {
        public var state: DeckState
        /// A message for the user when the file was damaged and set aside.
        public var warning: String?
        /// True when a damaged file could not be moved aside: saving over it would lose it,
        /// so the session does not save at all.
        public var mustNotSave = false
    }

    /// Reads the state; a missing file gives defaults, a damaged one is moved aside.
    public func load(now: Date = Date()) -> Loaded {
        let file = target
        var info = stat()
        if stat(file, &info) != 0 {
            let failure = errno
            if failure == ENOENT { return Loaded(state: DeckState(), warning: nil) }
            return Loaded(state: DeckState(), warning: "\(path): cannot be read (\(StateStore.reason(failure, file: file))); starting from defaults")
        }
        let problem: String
        switch read(file, info) {
        case .success(let state): return Loaded(state: state, warning: nil)
        case .failure(let error): problem = error.description
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {
            // A FIFO, a device, a socket: not damaged data, and not ours to move (as root,
            // moving /dev/null aside would break the system). Leave it, and do not save over it.
            return Loaded(state: DeckState(),
                          warning: "\(path): \(problem); it is left alone and changes will not be saved this session (use --state FILE)",
                          mustNotSave: true)
        }
        switch moveAside(file, now: now) {
        case .success(let aside):
            return Loaded(state: DeckState(), warning: "\(path): \(problem); kept as \(aside), starting from defaults")
        case .failure(let error):
            return Loaded(state: DeckState(),
                          warning: "\(path): \(problem); could not move it aside (\(error.description)), so changes will not be saved over it this session",
                          mustNotSave: true)
        }
    }

    /// The state in `file` (whose `stat` is `info`), or what is wrong with it.
    private func read(_ file: String, _ info: stat) -> Result<DeckState, StateError> {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(StateError("is a folder, not a state file"))
        case S_IFIFO: return .failure(StateError("is a FIFO (named pipe), not a regular file"))
        case S_IFCHR, S_IFBLK: return .failure(StateError("is a device, not a regular file"))
        case S_IFSOCK: return .failure(StateError("is a socket, not a regular file"))
        default: return .failure(StateError("is not a regular file"))
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            return .failure(StateError("too large (\(size) bytes, the limit is \(maximumSize))"))
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(StateError("cannot be read (\(StateStore.reason(errno, file: file)))")) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return .failure(StateError("cannot be read (\(error.localizedDescription))"))
        }
        do {
            let state = try JSONDecoder().decode(DeckState.self, from: data)
            guard state.version == DeckState.currentVersion else {
                return .failure(StateError(
                    "unknown version \(state.version) (this build reads version \(DeckState.currentVersion))"))
            }
            return .success(state)
        } catch let error as DecodingError {
            return .failure(StateError(StateStore.describe(error, in: data)))
        } catch {
            return .failure(StateError(error.localizedDescription))
        }
    }

    /// Moves a damaged `file` to a new `.bad-<time>` name (a counter makes it unique; an
    /// existing aside file is never replaced).
    private func moveAside(_ file: String, now: Date) -> Result<String, StateError> {
        let base = file + ".bad-" + StateStore.stamp(now)
        for n in 1...1000 {
            let aside = n == 1 ? base : "\(base)-\(n)"
            // link() fails with EEXIST rather than replace: the no-clobber rename.
            if link(file, aside) == 0 {
                unlink(file)
                return .success(aside)
            }
            let failure = errno
            if failure == EEXIST { continue }
            // No hard links here (some file systems, or a folder): a rename, after checking.
            var info = stat()
            if lstat(aside, &info) == 0 { continue }
            if rename(file, aside) == 0 { return .success(aside) }
            return .failure(StateError(StateStore.reason(errno, file: file)))
        }
        return .failure(StateError("1000 aside copies of \(file) already exist"))
    }

    /// Writes `state` atomically (temp file, fsync, rename, fsync of the folder).
    public func save(_ state: DeckState) throws(StateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch { throw StateError("\(path): cannot encode the state (\(error))") }
        guard data.count <= maximumSize else {
            throw StateError("\(path): the state is \(data.count) bytes, over the \(maximumSize)-byte limit the next start would accept; not saved")
        }
        let file = target
        let folder = (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        try StateStore.makeFolder(folder)
        var template = Array("\(folder)/.\((file as NSString).lastPathComponent).tmp-\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StateError("\(folder): cannot create a temporary file (\(StateStore.reason(errno, file: folder)))") }
        let temporary = String(cString: template)
        var existing = stat()
        fchmod(fd, stat(file, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
        var offset = 0
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            unlink(temporary)
            throw StateError("\(path): could not write the state (\(StateStore.reason(failure, file: temporary)))")
        }
        guard rename(temporary, file) == 0 else {
            let reason = StateStore.reason(errno, file: file)
            unlink(temporary)
            throw StateError("\(path): could not replace the state file (\(reason))")
        }
        let dir = open(folder, O_RDONLY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    /// Removes temporary files left beside the state by processes that have died
    /// (`.state.json.tmp-PID-XXXXXX`, and older builds' `state.json.tmp-PID`). Returns their names.
    @discardableResult
    public func removeStaleTemporaries() -> [String] {
        let file = target
        let folder = (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        let name = (file as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for entry in entries {
            let rest: Substring
            if entry.hasPrefix("." + name + ".tmp-") {
                rest = entry.dropFirst(name.count + 6)
            } else if entry.hasPrefix(name + ".tmp-") {
                rest = entry.dropFirst(name.count + 5)
            } else {
                continue
            }
            guard let pid = Int32(rest.prefix { $0.isNumber }), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }  // still running (or not ours to ask)
            var info = stat()
            let full = folder + "/" + entry
            guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(full) == 0 { removed.append(full) }
        }
        return removed
    }

    /// Creates `folder` (and its parents), naming a parent that is a file rather than a folder.
    private static func makeFolder(_ folder: String) throws(StateError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw StateError("\(folder): is a file, not a folder: the state cannot be saved in it") }
            return
        }
        // Walk up to the first part that exists, to name a file in the way.
        var parent = (folder as NSString).deletingLastPathComponent
        while !parent.isEmpty && parent != "/" {
            if stat(parent, &info) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR {
                    throw StateError("\(parent): is a file, not a folder: the state cannot be saved under it")
                }
                break
            }
            parent = (parent as NSString).deletingLastPathComponent
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StateError("\(folder): cannot create the folder (\((error as NSError).localizedFailureReason ?? error.localizedDescription))")
        }
    }

    /// An errno in words, with the common cases spelled out for the state file.
    static func reason(_ code: Int32, file: String) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ENOSPC: return "the disk is full"
        case EFBIG: return "over the file size limit"
        case EROFS: return "the file system is read-only"
        case EXDEV: return "on another file system"
        default: return String(cString: strerror(code))
        }
    }

    private static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: date)
    }

    private static func at(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
    }

    /// A decoding error of `data` in words: a document that parses as JSON but not as what
    /// was expected has a bad value, not bad syntax; a number beyond a Double's range is named.
    static func describe(_ error: DecodingError, in data: Data) -> String {
        guard case .dataCorrupted(let context) = error else { return describe(error) }
        if (try? JSONSerialization.jsonObject(with: data)) != nil {
            return "a bad value\(at(context)) (valid JSON, but a number out of range or a value of the wrong kind)"
        }
        if String(decoding: data, as: UTF8.self).range(of: #"[0-9][eE][+]?[0-9]{3,}"#, options: .regularExpression) != nil {
            return "a number out of range (beyond ±1.8e308)\(at(context))"
        }
        return describe(error)
    }

    /// A decoding error in words, with the key path where it happened.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let c):
            return "not valid JSON\(at(c))"
        case .keyNotFound(let key, let c):
            return "missing key '\(key.stringValue)'\(at(c))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "wrong type\(at(c)): \(c.debugDescription)"
        @unknown default:
            return "unreadable"
        }
    }
}

/// A failure to save the state, described for a person.
public enum StateProblemKind: ProblemKind {}
public typealias StateError = Problem<StateProblemKind>
