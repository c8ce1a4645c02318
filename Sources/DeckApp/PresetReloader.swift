import Foundation
import Glibc
import InteractionEngine

/// Reloads the `--preset` file when it is edited while the app runs: inotify on its folder
/// (an editor's save is often a rename into place), polled from the host's loop through `fd`.
/// A good file is applied at once (one `tune` event per changed value); a bad one is reported
/// on stderr and in the window, naming the file, the key and the problem, and the last good
/// values stay in force.
public final class PresetReloader {
    /// The descriptor to poll for reading.
    public let fd: Int32
    public let path: String
    private let library: PresetLibrary
    private let fileName: String

    /// A reloader for `options.preset` when it names a file (not a built-in); nil otherwise.
    public static func forOptions(_ options: Options) -> PresetReloader? {
        guard let name = options.preset, PresetLibrary.builtIn(name) == nil else { return nil }
        let library = PresetLibrary.standard() ?? PresetLibrary(folder: "gesturedeck-presets")
        return PresetReloader(path: library.path(for: name), library: library)
    }

    public init?(path: String, library: PresetLibrary) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        guard inotify_add_watch(fd, folder.isEmpty ? "." : folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.path = path
        self.library = library
        fileName = (path as NSString).lastPathComponent
    }

    deinit { close(fd) }

    /// True when the preset file was written since the last call (drains the descriptor).
    public func fileChanged() -> Bool {
        var changed = false
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if nameLength > 0 {
                    let namePointer = (buffer + offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    let name = String(cString: namePointer)
                    if name == fileName && event.mask & UInt32(IN_CREATE) == 0 { changed = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
        return changed
    }

    /// Reloads into `session` at `time` when the file changed; true when the deck changed.
    public func reload(into session: Session, at time: Millis) -> Bool {
        guard fileChanged() else { return false }
        do {
            let preset = try library.load(path: path)
            for warning in preset.warnings { Session.warn(warning) }
            session.apply(preset.tuning, at: time)
            session.deck.showTuningStatus("Reloaded \(path)")
        } catch {
            Session.warn(error.description + " (the last good values stay)")
            session.deck.showNotice(error.description)
            // In the panel until the file is fixed (the next good save replaces it).
            session.deck.showTuningStatus(error.description + "; last good values kept", isError: true)
        }
        return true
    }
}
