/// Values for some tunables (key → value in the tunable's unit); a key left out keeps its default.
///
/// A `Tuning` is a plain value: the deck applies one at any time (`Deck.apply(_:at:)`), presets
/// load into one, traces store one in their header.
public struct Tuning: Sendable, Hashable {
    public private(set) var values: [String: Double]

    public init(_ values: [String: Double] = [:]) {
        self.values = values
    }

    public subscript(key: String) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The value of `tunable`: the tuning's (clamped into its range) or its default.
    public func value(_ tunable: Tunable) -> Double {
        values[tunable.key].map(tunable.clamped) ?? tunable.defaultValue
    }

    /// The value for `key` from `table`; a key the table does not declare is a programming error.
    public func value(_ key: String, in table: TunableTable) -> Double {
        guard let tunable = table[key] else { preconditionFailure("undeclared tunable \(key)") }
        return value(tunable)
    }

    /// The animation declared under `key` (see `Tunable.animation`): a spring from its
    /// response and damping ratio, or a timing curve of its duration.
    public func animation(_ key: String, in table: TunableTable, default fallback: AnimationSpec? = nil) -> AnimationSpec {
        if let fallback, isDefault(animation: key, in: table) { return fallback }
        let curve = TunableCurve(rawValue: Int(value(key + ".curve", in: table))) ?? .spring
        if let bezier = curve.bezier {
            let ms = value(key + ".duration", in: table)
            return ms > 0 ? .timing(duration: ms / 1000, curve: bezier) : .instant
        }
        return .spring(spring(key, in: table))
    }

    /// The spring of animation `key`, whatever its curve says (the panel previews it).
    public func spring(_ key: String, in table: TunableTable, default fallback: SpringDescription? = nil)
        -> SpringDescription {
        if let fallback, isDefault(animation: key, in: table) { return fallback }
        return SpringDescription(response: value(key + ".response", in: table) / 1000,
                          dampingRatio: value(key + ".dampingRatio", in: table))
    }

    /// True when every tunable of animation `key` has its default value: the compiled-in
    /// spec is then used as it is (no round trip through response and damping ratio).
    public func isDefault(animation key: String, in table: TunableTable) -> Bool {
        table.all.allSatisfy { t in t.animation != key || value(t) == t.defaultValue }
    }

    /// This tuning with `other`'s values laid over it.
    public func merging(_ other: Tuning) -> Tuning {
        Tuning(values.merging(other.values) { _, new in new })
    }

    /// The keys whose effective value differs between `self` and `other` under `table`.
    public func changes(to other: Tuning, in table: TunableTable) -> [(Tunable, Double)] {
        table.all.compactMap { t in
            let a = value(t), b = other.value(t)
            return a == b ? nil : (t, b)
        }
    }
}

/// Why a value cannot go into a tuning.
public enum TuningProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownKey(String)
    case notFinite(key: String)
    case outOfRange(key: String, value: Double, range: ClosedRange<Double>, unit: TunableUnit)
    case unknownChoice(key: String, name: String, choices: [String])

    public var description: String {
        switch self {
        case .unknownKey(let key):
            return "\(key): unknown key"
        case .notFinite(let key):
            return "\(key): not a finite number"
        case .outOfRange(let key, let value, let range, let unit):
            return "\(key): \(TunableFormat.number(value, digits: 4)) is outside "
                + "\(TunableFormat.number(range.lowerBound, digits: 4))...\(TunableFormat.number(range.upperBound, digits: 4)) \(unit.rawValue)"
        case .unknownChoice(let key, let name, let choices):
            return "\(key): \"\(name)\" is not one of \(choices.joined(separator: ", "))"
        }
    }
}

/// A set of declared tunables, looked up by key, in declaration order.
public struct TunableTable: Sendable {
    public let all: [Tunable]
    private let index: [String: Int]

    public init(_ tunables: [Tunable]) {
        var index: [String: Int] = [:]
        for (i, t) in tunables.enumerated() {
            precondition(index[t.key] == nil, "tunable \(t.key) declared twice")
            index[t.key] = i
        }
        all = tunables
        self.index = index
    }

    public subscript(key: String) -> Tunable? { index[key].map { all[$0] } }

    /// The tables of the engine and every scene, in the panel's order.
    public static let everything = TunableTable(EngineTunables.table.all + WalletTunables.table.all
        + GridTunables.table.all + MessagesTunables.table.all + CarouselTunables.table.all)

    /// Checks one value for `key`.
    public func validate(_ key: String, _ value: Double) throws(TuningProblem) {
        guard let t = self[key] else { throw .unknownKey(key) }
        guard value.isFinite else { throw .notFinite(key: key) }
        guard t.range.contains(value) else { throw .outOfRange(key: key, value: value, range: t.range, unit: t.unit) }
    }

    /// The animations declared (`wallet.slotSpring`...), in order.
    public var animations: [String] {
        var seen: Set<String> = []
        return all.compactMap { t in
            guard let a = t.animation, seen.insert(a).inserted else { return nil }
            return a
        }
    }
}

/// A scene whose constants are live-tunable.
public protocol TunableScene: DeckScene {
    /// This scene's declared tunables (the engine's are shared: `EngineTunables.table`).
    static var tunables: TunableTable { get }
    /// Takes the values of `tuning` (engine and scene keys) from `time` on. Anything in flight
    /// keeps going and stays consistent; a press in flight keeps its gesture boundaries until it ends.
    func apply(_ tuning: Tuning, at time: Millis)
}
