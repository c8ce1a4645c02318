import Foundation
import Glibc
import InteractionEngine

/// Where F12 screenshots and F9 recordings land, and how they are written.
///
/// Screenshots: `$GESTUREDECK_SCREENSHOT_DIR`, else `--capture-dir`, else the
/// user's Pictures folder (xdg-user-dirs `PICTURES`) under `GestureDeck/`.
/// Recordings: `--capture-dir`, else the Videos folder (`VIDEOS`) under
/// `GestureDeck/`. Without an absolute `HOME` (so no user folders), the
/// current folder.
public struct CaptureFolders: Sendable {
    /// The subfolder of Pictures and Videos that GestureDeck writes into.
    public static let subfolder = "GestureDeck"

    public let captureDir: String?
    public let environment: [String: String]

    public init(captureDir: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.captureDir = captureDir
        self.environment = environment
    }

    private var directories: UserDirectories { UserDirectories(environment: environment) }

    /// The folder for F12 screenshots.
    public var screenshots: String {
        if let dir = environment["GESTUREDECK_SCREENSHOT_DIR"], !dir.isEmpty { return dir }
        if let captureDir { return captureDir }
        return directories.folder(.pictures).map { $0 + "/" + CaptureFolders.subfolder }
            ?? FileManager.default.currentDirectoryPath
    }

    /// The folder for F9 recordings (the trace and the video).
    public var recordings: String {
        if let captureDir { return captureDir }
        return directories.folder(.videos).map { $0 + "/" + CaptureFolders.subfolder }
            ?? FileManager.default.currentDirectoryPath
    }

    /// `gesturedeck-SCENE-YYYYMMDD-HHMMSS-mmm`: sorts by time, never collides within a millisecond.
    public static func stem(scene: String, at date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return "gesturedeck-\(scene)-\(f.string(from: date))"
    }
}

/// A capture that could not be written: the path and the system's reason ("No such file or directory").
public enum CaptureProblemKind: ProblemKind {}
public typealias CaptureError = Problem<CaptureProblemKind>

/// Writes capture files so that a reader never sees half of one.
public enum CaptureFile {
    /// Creates `path` and its parents (like `mkdir -p`).
    public static func makeFolder(_ path: String) throws(CaptureError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw CaptureError("\(path): cannot create the folder (File exists)") }
            return
        }
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw CaptureError("\(built): cannot create the folder (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, flushes it to disk and renames it over
    /// `path`: a full disk or a crash leaves the old file (or none), never a truncated one.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CaptureError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).partial-\(getpid())"
        func failure(_ what: String) -> CaptureError {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return CaptureError("\(path): \(what) (\(reason))")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CaptureError("\(path): cannot write (\(String(cString: strerror(errno))))") }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = failure("cannot write")
                close(fd)
                throw error
            }
            done += n
        }
        if fsync(fd) != 0 {
            let error = failure("cannot write")
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw failure("cannot write") }
        if rename(temporary, path) != 0 { throw failure("cannot put the file in place") }
    }
}
