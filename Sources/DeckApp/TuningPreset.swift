import Foundation
import InteractionEngine

/// A named set of tuning values, as stored in a preset file:
/// `{"name": "snappy", "values": {"wallet.holdDuration": 400, "wallet.lift.curve": "linear"}}`.
///
/// Keys this build does not declare are kept in `unknown` (a preset from another version) and
/// written back unchanged on save, never dropped; loading warns about them.
public struct TuningPreset: Sendable, Equatable {
    public var name: String
    public var tuning: Tuning
    /// Undeclared keys under `values`, kept as their JSON text.
    public var unknown: [String: String]
    /// Warnings from loading (unknown keys), each naming the file and the key.
    public var warnings: [String]

    public init(name: String, tuning: Tuning, unknown: [String: String] = [:], warnings: [String] = []) {
        self.name = name
        self.tuning = tuning
        self.unknown = unknown
        self.warnings = warnings
    }

    /// The preset as the JSON a file holds (keys sorted, choices by name, unknown keys as they came).
    public func json(table: TunableTable = .everything) -> String {
        var lines: [String] = []
        for (key, value) in tuning.values.sorted(by: { $0.key < $1.key }) {
            let text: String
            if let t = table[key], t.unit == .choice {
                text = "\"" + t.format(value) + "\""
            } else {
                text = TunableFormat.number(value, digits: 6)
            }
            lines.append("    \(PresetLibrary.quoted(key)): \(text)")
        }
        for (key, raw) in unknown.sorted(by: { $0.key < $1.key }) { lines.append("    \(PresetLibrary.quoted(key)): \(raw)") }
        return "{\n  \"name\": \(PresetLibrary.quoted(name)),\n  \"values\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
    }
}

/// What is wrong with a preset: the file, the key (when one is at fault) and the problem.
public struct PresetError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var key: String?
    public var problem: String

    public var description: String {
        "preset \(file): " + (key.map { "\($0): " } ?? "") + problem
    }
}

/// Finds presets: the built-in `seed` and `ios`, a file path, or a name in the presets folder
/// (`$XDG_CONFIG_HOME/gesturedeck/presets/NAME.json`).
public struct PresetLibrary: Sendable {
    /// A preset file larger than this is refused (a preset is a few hundred bytes).
    public static let maximumFileSize = 256 * 1024
    public static let builtInNames = ["seed", "ios"]

    /// The presets folder.
    public let folder: String
    public let table: TunableTable

    public init(folder: String, table: TunableTable = .everything) {
        self.folder = folder
        self.table = table
    }

    /// The library in the user's config folder (`UserDirectories.configHome`), or nil without a home.
    public static func standard(_ directories: UserDirectories = UserDirectories()) -> PresetLibrary? {
        directories.configHome.map { PresetLibrary(folder: $0 + "/gesturedeck/presets") }
    }

    /// The tuning of preset `name`: a built-in name, a path (with a `/` or ending in `.json`),
    /// or a preset saved in the folder.
    public func resolve(name: String) throws(PresetError) -> Tuning {
        try preset(named: name).tuning
    }

    /// The whole preset `name` (see `resolve(name:)`), with its warnings.
    public func preset(named name: String) throws(PresetError) -> TuningPreset {
        if let builtIn = Self.builtIn(name) { return builtIn }
        return try load(path: path(for: name))
    }

    /// Where preset `name` lives: itself when it is a path, else `folder/NAME.json`.
    public func path(for name: String) -> String {
        name.contains("/") || name.hasSuffix(".json") ? name : folder + "/" + name + ".json"
    }

    /// Reads and checks a preset file. Every value must be declared, finite and in range;
    /// unknown keys are kept and warned about.
    public func load(path: String) throws(PresetError) -> TuningPreset {
        func fail(_ problem: String, key: String? = nil) -> PresetError { PresetError(file: path, key: key, problem: problem) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else {
            throw fail(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
                       + (path.hasPrefix(folder) ? " (built-in presets: \(Self.builtInNames.joined(separator: ", ")))" : ""))
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else { throw fail("is not a regular file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize else {
            throw fail("is \(size) bytes, more than the \(Self.maximumFileSize / 1024) KiB a preset may have")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot be read") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumFileSize + 1)) ?? Data()
        guard data.count <= Self.maximumFileSize else { throw fail("is larger than \(Self.maximumFileSize / 1024) KiB") }
        guard !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { throw fail("is empty") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw fail("is not JSON (\(Self.reason(error)))")
        }
        guard let object = root as? [String: Any] else { throw fail("must be a JSON object with \"values\"") }
        var name = (path as NSString).lastPathComponent
        if name.hasSuffix(".json") { name.removeLast(5) }
        if let given = object["name"] {
            guard let text = given as? String else { throw fail("must be a string", key: "name") }
            name = text
        }
        guard let values = object["values"] else { throw fail("has no \"values\" object") }
        guard let entries = values as? [String: Any] else { throw fail("must be an object of key: value", key: "values") }
        var tuning = Tuning()
        var unknown: [String: String] = [:]
        var warnings: [String] = []
        for key in entries.keys.sorted() {
            let raw = entries[key]!
            guard let tunable = table[key] else {
                unknown[key] = Self.jsonText(raw)
                warnings.append("preset \(path): \(key): unknown key (kept, not used)")
                continue
            }
            let value: Double
            if tunable.unit == .choice, let choice = raw as? String {
                guard let index = tunable.choices.firstIndex(of: choice) else {
                    throw fail("\"\(choice)\" is not one of \(tunable.choices.joined(separator: ", "))", key: key)
                }
                value = Double(index)
            } else if let number = raw as? NSNumber, !Self.isBool(number) {
                value = number.doubleValue
            } else {
                throw fail("must be a number in \(tunable.unit.rawValue)" + (tunable.unit == .choice ? " or one of "
                    + tunable.choices.joined(separator: ", ") : "") + ", not \(Self.typeName(raw))", key: key)
            }
            do {
                try table.validate(key, value)
            } catch {
                throw fail(error.description.replacingOccurrences(of: key + ": ", with: ""), key: key)
            }
            tuning[key] = value
        }
        return TuningPreset(name: name, tuning: tuning, unknown: unknown, warnings: warnings)
    }

    /// Writes `preset` as `folder/NAME.json` (atomically), creating the folder; returns the path.
    @discardableResult
    public func save(_ preset: TuningPreset, as name: String) throws(PresetError) -> String {
        let path = self.path(for: name)
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(preset.json(table: table).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PresetError(file: path, key: nil, problem: "cannot be written (\(Self.reason(error)))")
        }
        return path
    }

    // MARK: Built-in presets

    /// `seed`: the blog posts' constants, their 0.25 s linear moves included (the messages
    /// row's 0.1 s open and 0.3 s close). `ios`: UIKit/SwiftUI-like springs and rates.
    public static func builtIn(_ name: String) -> TuningPreset? {
        let linear = Double(TunableCurve.linear.rawValue)
        let spring = Double(TunableCurve.spring.rawValue)
        switch name {
        case "seed":
            var v: [String: Double] = [:]
            for key in ["wallet.lift", "wallet.slotSpring", "wallet.expandSpring", "wallet.cancelReturn",
                        "grid.lift", "grid.drop", "grid.reflowSpring", "messages.moveSpring"] {
                v[key + ".curve"] = linear
                v[key + ".duration"] = 250
            }
            v["messages.openSpring.curve"] = linear
            v["messages.openSpring.duration"] = 100
            v["messages.closeSpring.curve"] = linear
            v["messages.closeSpring.duration"] = 300
            v["messages.deleteFade.curve"] = linear
            v["messages.deleteFade.duration"] = 250
            v["wallet.holdDuration"] = 500
            v["wallet.liftRise"] = 30
            v["wallet.swapDistance"] = 30
            v["wallet.closeFlingVelocity"] = 1300
            v["grid.liftScale"] = 1.05
            v["carousel.zoom"] = 1.2
            v["carousel.activeDistance"] = 80
            v["carousel.sideAlpha"] = 0.5
            v["carousel.itemSize"] = 64
            return TuningPreset(name: "seed", tuning: Tuning(v))
        case "ios":
            // SwiftUI's documented defaults: .spring() response 0.55 s, damping fraction 0.825;
            // .interactiveSpring() 0.15 s, 0.86. UIKit: 0.5 s long press, 0.998 normal deceleration.
            var v: [String: Double] = [:]
            func springy(_ key: String, _ response: Double, _ ratio: Double) {
                v[key + ".curve"] = spring
                v[key + ".response"] = response
                v[key + ".dampingRatio"] = ratio
            }
            for key in ["wallet.lift", "wallet.expandSpring", "wallet.cancelReturn", "grid.lift", "grid.drop",
                        "messages.moveSpring"] { springy(key, 550, 0.825) }
            for key in ["wallet.slotSpring", "grid.reflowSpring", "messages.openSpring", "messages.closeSpring"] {
                springy(key, 150, 0.86)
            }
            v["scroll.decelerationRate"] = 0.998
            v["scroll.rubberBand"] = 0.55
            v["wallet.holdDuration"] = 500
            v["grid.holdDuration"] = 500
            v["gesture.touchSlop"] = 10
            return TuningPreset(name: "ios", tuning: Tuning(v))
        default:
            return nil
        }
    }

    // MARK: Helpers

    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func jsonText(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) else { return "null" }
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" || type(of: number) != type(of: NSNumber(value: 1.5)) && "\(number)" == "true"
    }

    static func typeName(_ value: Any) -> String {
        switch value {
        case is String: return "a string"
        case let n as NSNumber where isBool(n): return "a boolean"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return "\(type(of: value))"
        }
    }

    static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        return text
    }
}
