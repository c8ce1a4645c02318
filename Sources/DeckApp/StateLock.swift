import Foundation
import Glibc

/// An advisory lock (flock) on `STATE.lock`, held while a window may save the state.
///
/// Two instances on one state file would each save their own arrangement over
/// the other's. The first takes the lock and saves as usual; a second finds
/// it taken and runs read-only: it shows the saved arrangement, says so on
/// stderr and on screen, and never writes the state. (Refusing to start would
/// also be safe, but a second look at the deck is harmless, so it is allowed.)
/// The lock file holds the owner's pid, for the message; the lock itself dies
/// with the process, so a crash never leaves the state locked.
public final class StateLock {
    public let path: String
    private let fd: Int32

    /// What trying the lock found.
    public enum Outcome {
        /// This process holds the lock.
        case acquired(StateLock)
        /// Another process holds it; `owner` is its pid when the lock file names one.
        case heldElsewhere(owner: Int32?)
        /// No lock file could be made (read-only or missing folder): nothing to protect against.
        case unavailable(String)
    }

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// The lock file beside `statePath`.
    public static func lockPath(for statePath: String) -> String { statePath + ".lock" }

    /// Tries to take the lock for `statePath` without waiting.
    public static func acquire(for statePath: String) -> Outcome {
        let path = lockPath(for: statePath)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return .unavailable("\(path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            defer { close(fd) }
            if failure == EWOULDBLOCK {
                var bytes = [UInt8](repeating: 0, count: 32)
                let n = read(fd, &bytes, bytes.count)
                let text = n > 0 ? String(decoding: bytes[..<n], as: UTF8.self) : ""
                return .heldElsewhere(owner: Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            return .unavailable("\(path): \(String(cString: strerror(failure)))")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
        return .acquired(StateLock(path: path, fd: fd))
    }
}
