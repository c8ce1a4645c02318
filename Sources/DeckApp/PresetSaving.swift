import Foundation
import Glibc
import InteractionEngine

/// Saving a preset from the tuning panel: a new file in the presets folder, never one that
/// replaces another.
extension PresetLibrary {
    /// The most numbered names tried (`NAME-2` ... `NAME-999`) before giving up.
    public static let maximumNumberedNames = 999

    /// Writes `preset` as a new file in the folder: `BASE.json`, else `BASE-2.json`, `BASE-3.json`...
    /// (the first name not taken), with its `name` set to the file's. The JSON goes to a temporary
    /// file first and is linked into place: link(2) fails when the name is taken, so an existing
    /// preset is never overwritten, and a reader never sees half a file. Returns the path.
    public func saveNew(_ preset: TuningPreset, base: String) throws(PresetError) -> String {
        let stem = Self.fileStem(base)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw PresetError(file: folder, key: nil, problem: "cannot be created (\(Self.reason(error)))")
        }
        let temporary = folder + "/.\(stem).\(getpid()).saving"
        for number in 1...Self.maximumNumberedNames {
            let name = number == 1 ? stem : "\(stem)-\(number)"
            let path = folder + "/" + name + ".json"
            if FileManager.default.fileExists(atPath: path) { continue }
            var named = preset
            named.name = name
            do {
                try Data(named.json(table: table).utf8).write(to: URL(fileURLWithPath: temporary))
            } catch {
                throw PresetError(file: path, key: nil, problem: "cannot be written (\(Self.reason(error)))")
            }
            defer { unlink(temporary) }
            if link(temporary, path) == 0 { return path }
            let code = errno
            if code == EEXIST { continue }  // taken between the look and the link: the next number
            throw PresetError(file: path, key: nil, problem: "cannot be written (\(String(cString: strerror(code))))")
        }
        throw PresetError(file: folder + "/" + stem + ".json", key: nil,
                          problem: "and \(Self.maximumNumberedNames - 1) numbered names after it are all taken")
    }

    /// A name safe as a file's: letters, digits, `-`, `_` and `.` kept, anything else `-`, no
    /// leading dot, and never empty.
    static func fileStem(_ base: String) -> String {
        var stem = String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" }.prefix(64))
        while stem.hasPrefix(".") { stem.removeFirst() }
        return stem.isEmpty ? "tuning" : stem
    }
}

extension Session {
    /// The tuning in force as code in `format` (what "copy as..." puts on the clipboard).
    public func tuningCode(_ format: TuningExportFormat) -> String {
        TuningExport(tuning: deck.tuning, source: options.preset ?? "default").render(format)  // as --export-tuning prints it
    }

    /// The panel's "save preset": the tuning in force written as a new preset file in the presets
    /// folder (named after `--preset`, else `tuning`; numbered when the name is taken). The
    /// panel shows "Saved to PATH" or the problem; `--events` prints `preset-saved`. Keys a
    /// `--preset` file held that this build does not know are kept. Returns the path.
    @discardableResult
    public func saveTuningPreset(library given: PresetLibrary? = nil) -> String? {
        guard writesState else {
            deck.showTuningStatus("Not saved: a replay writes no presets (give --state to let it)", isError: true)
            return nil
        }
        guard let library = given ?? PresetLibrary.standard() else {
            deck.showTuningStatus("Not saved: HOME is not set, so there is no presets folder", isError: true)
            return nil
        }
        var base = "tuning"
        var unknown: [String: String] = [:]
        if let name = options.preset {
            if PresetLibrary.builtIn(name) != nil {
                base = name + "-tuned"  // a file named like a built-in would be shadowed by it
            } else {
                var stem = (name as NSString).lastPathComponent
                if stem.hasSuffix(".json") { stem.removeLast(5) }
                base = stem
                unknown = (try? library.preset(named: name))?.unknown ?? [:]
            }
        }
        do {
            let path = try library.saveNew(TuningPreset(name: base, tuning: deck.tuning, unknown: unknown), base: base)
            deck.showTuningStatus("Saved to \(path)")
            emit(DeckEvent("preset-saved", ["path": .string(path)]))
            return path
        } catch {
            Session.warn(error.description)
            deck.showTuningStatus(error.description, isError: true)
            return nil
        }
    }
}
