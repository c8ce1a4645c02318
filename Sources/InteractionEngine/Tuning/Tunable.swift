/// The unit a tunable is shown and stored in.
public enum TunableUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Milliseconds (durations, spring responses, the velocity horizon).
    case ms
    /// Layout pixels (distances, zones, insets).
    case px
    /// Pixels per second (velocities).
    case pxPerSecond = "px/s"
    /// A plain number (scales, fractions, damping ratios, rates).
    case ratio
    /// One of a few named choices, stored as the index of the choice (timing curves).
    case choice
}

/// Where a default value comes from.
public struct Provenance: Sendable, Hashable {
    /// The kind of source.
    public enum Source: String, Sendable, Hashable {
        /// A constant in one of the seed blog posts.
        case seed
        /// A UIKit default.
        case uikit = "UIKit"
        /// A Flutter constant.
        case flutter = "Flutter"
        /// A value stated by the SPEC.
        case spec = "SPEC"
        /// Chosen in this project (with the reason in `note`).
        case gesturedeck = "GestureDeck"
    }
    public var source: Source
    /// The constant's name there, or why the value was chosen.
    public var note: String

    public init(_ source: Source, _ note: String) {
        self.source = source
        self.note = note
    }

    /// "seed: kCanMoveDistance".
    public var description: String { "\(source.rawValue): \(note)" }
}

/// One live-tunable constant: a stable key, how to show it, its default and the values it may take.
public struct Tunable: Sendable, Hashable, Identifiable {
    /// Stable key (`wallet.holdDuration`), used by presets, traces and `tune` events.
    public let key: String
    /// Short label for the panel.
    public let label: String
    /// Group heading in the panel ("Hold", "Springs", "Scrolling").
    public let group: String
    /// The SPEC id the value belongs to ("W4", "engine").
    public let spec: String
    public let unit: TunableUnit
    public let defaultValue: Double
    public let provenance: Provenance
    /// Values outside are rejected (presets) or clamped (the panel).
    public let range: ClosedRange<Double>
    /// One arrow-key step in the panel.
    public let step: Double
    /// The names of the choices of a `.choice` tunable, in index order.
    public let choices: [String]
    /// The animation this tunable is part of (`wallet.slotSpring`), if any: the panel previews it.
    public let animation: String?

    public var id: String { key }

    public init(key: String, label: String, group: String, spec: String, unit: TunableUnit,
                default defaultValue: Double, _ provenance: Provenance,
                range: ClosedRange<Double>, step: Double, choices: [String] = [], animation: String? = nil) {
        precondition(range.contains(defaultValue), "\(key): default \(defaultValue) outside \(range)")
        self.key = key
        self.label = label
        self.group = group
        self.spec = spec
        self.unit = unit
        self.defaultValue = defaultValue
        self.provenance = provenance
        self.range = range
        self.step = step
        self.choices = choices
        self.animation = animation
    }

    /// `value` brought into the range and onto a choice index when the unit is `.choice`.
    public func clamped(_ value: Double) -> Double {
        guard value.isFinite else { return defaultValue }
        let v = min(max(value, range.lowerBound), range.upperBound)
        return unit == .choice ? v.rounded() : v
    }

    /// The value as the panel and `--events` write it: `500 ms`, `0.97`, `spring`.
    public func format(_ value: Double) -> String {
        switch unit {
        case .choice:
            let i = Int(clamped(value))
            return choices.indices.contains(i) ? choices[i] : "\(i)"
        case .ratio:
            return TunableFormat.number(value, digits: 3)
        default:
            return TunableFormat.number(value, digits: 1) + " " + unit.rawValue
        }
    }
}

/// Short, locale-free number formatting for the panel and exports.
public enum TunableFormat {
    /// `value` with at most `digits` decimals, trailing zeros dropped.
    public static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// The timing curves an animation tunable can choose (index = stored value).
public enum TunableCurve: Int, Sendable, CaseIterable {
    case spring, linear, easeIn, easeOut, easeInOut

    public static let names = ["spring", "linear", "ease-in", "ease-out", "ease-in-out"]

    var bezier: CubicBezier? {
        switch self {
        case .spring: return nil
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

extension Tunable {
    /// A spring's response may range over 50...1500 ms and its damping ratio over 0.2...2: the
    /// slowest corner (1.5 s, 0.2 or 2) still settles a 100 px move to 0.1 px within 10 s.
    public static let responseRange: ClosedRange<Double> = 50...1500
    public static let dampingRange: ClosedRange<Double> = 0.2...2

    /// The four tunables of one animation `key`: its curve (a spring or a timing curve), the
    /// spring's response and damping ratio, and the timing curve's duration.
    public static func animation(_ key: String, label: String, spec: String, default animation: AnimationSpec,
                                 _ provenance: Provenance) -> [Tunable] {
        let curve: TunableCurve
        var spring = SpringDescription.smooth
        var duration: Millis = 250
        switch animation {
        case .spring(let s):
            curve = .spring
            spring = s
        case .timing(let seconds, let bezier):
            duration = seconds * 1000
            curve = TunableCurve.allCases.first { $0.bezier == bezier } ?? .easeInOut
        case .instant:
            curve = .linear
            duration = 0
        }
        let response = (spring.response * 1000).clamped(to: Tunable.responseRange)
        let ratio = spring.dampingRatio.clamped(to: Tunable.dampingRange)
        let group = "Motion"
        return [
            Tunable(key: key + ".curve", label: label + " curve", group: group, spec: spec, unit: .choice,
                    default: Double(curve.rawValue), provenance, range: 0...Double(TunableCurve.allCases.count - 1),
                    step: 1, choices: TunableCurve.names, animation: key),
            Tunable(key: key + ".response", label: label + " response", group: group, spec: spec, unit: .ms,
                    default: response, provenance, range: Tunable.responseRange, step: 10, animation: key),
            Tunable(key: key + ".dampingRatio", label: label + " damping", group: group, spec: spec, unit: .ratio,
                    default: ratio, provenance, range: Tunable.dampingRange, step: 0.05, animation: key),
            Tunable(key: key + ".duration", label: label + " duration", group: group, spec: spec, unit: .ms,
                    default: duration, provenance, range: 0...2000, step: 10, animation: key),
        ]
    }
}

extension Tunable {
    /// The two tunables of a spring-only animation `key`: its response and damping ratio.
    public static func spring(_ key: String, label: String, spec: String, default spring: SpringDescription,
                              _ provenance: Provenance) -> [Tunable] {
        Array(animation(key, label: label, spec: spec, default: .spring(spring), provenance)
            .filter { $0.key.hasSuffix(".response") || $0.key.hasSuffix(".dampingRatio") })
    }
}

extension AnimationSpec {
    /// How long the animation takes for a typical 100 px move from rest: a timing curve's
    /// duration, a spring's settle time to 0.5 px, 0 when instant (seconds).
    public var nominalDuration: Double {
        switch self {
        case .spring(let s): return s.settleTime(distance: 100, threshold: 0.5)
        case .timing(let d, _): return d
        case .instant: return 0
        }
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
