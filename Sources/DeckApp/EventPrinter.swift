import Foundation
import InteractionEngine

/// Spells deck events as JSON lines (`--events`); `EventOutput` writes them.
public struct EventPrinter: Sendable {
    public init() {}

    /// One event as a single line of JSON, keys sorted, `"event"` naming it.
    public func line(for event: DeckEvent) -> String {
        var object: [String: Any] = ["event": event.name]
        for (key, value) in event.fields {
            switch value {
            case .string(let s): object[key] = s
            case .int(let i): object[key] = i
            case .double(let d): object[key] = d.isFinite ? d : 0
            case .bool(let b): object[key] = b
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else {
            return #"{"event":"\#(event.name)"}"#
        }
        return text
    }
}
