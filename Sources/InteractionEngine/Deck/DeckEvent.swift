/// Something that happened, reported on `--events` as one JSON object per line.
///
/// `name` becomes the `"event"` key; `fields` become the other keys.
public struct DeckEvent: Hashable, Sendable {
    /// A field value that JSON can carry.
    public enum Value: Hashable, Sendable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
    }

    public var name: String
    public var fields: [String: Value]

    public init(_ name: String, _ fields: [String: Value] = [:]) {
        self.name = name
        self.fields = fields
    }

    public subscript(field: String) -> Value? { fields[field] }

    /// The field as a string, when it is one (tests read ids this way).
    public func string(_ field: String) -> String? {
        if case .string(let s)? = fields[field] { s } else { nil }
    }

    /// The field as an integer, when it is one.
    public func int(_ field: String) -> Int? {
        if case .int(let i)? = fields[field] { i } else { nil }
    }
}

/// Something the deck asks its host to do (the engine does no I/O itself).
public enum DeckCommand: Hashable, Sendable {
    case quit
    case screenshot
    /// F9: start or stop recording the session to a video.
    case toggleRecording
    /// The tuning panel's "Copy as...": the tuning as code in a language, on the clipboard.
    case copyTuning(TuningExportFormat)
    /// The tuning panel's "Save preset": the tuning into the presets folder, under a new name.
    case saveTuningPreset
}
