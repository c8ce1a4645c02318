import Foundation
import Testing
@testable import InteractionEngine

/// Every declared tunable is wired: set to either end of its range, it changes what a scripted
/// session shows (events or frames) in at least one scene that reads it. Generated from the table:
/// a new tunable is tested as soon as it is declared.
@Suite struct TuningWiredTests {
    /// The scenes reading `key`: its own scene, or all four for the engine's keys.
    static func scenes(for key: String) -> [String] {
        let prefix = String(key.prefix { $0 != "." })
        return FuzzScenes.names.contains(prefix) ? [prefix] : FuzzScenes.names
    }

    /// The base tuning a key is varied from: an animation whose default is a timing curve has its
    /// spring values tested with the curve set to `spring`, and a spring's duration with `linear`
    /// (otherwise those values are rightly dormant).
    static func base(for tunable: Tunable) -> Tuning {
        var tuning = Tuning()
        guard let animation = tunable.animation, let curve = TunableTable.everything[animation + ".curve"] else {
            return tuning
        }
        let isSpring = curve.defaultValue == Double(TunableCurve.spring.rawValue)
        if tunable.key.hasSuffix(".duration") && isSpring { tuning[curve.key] = Double(TunableCurve.linear.rawValue) }
        if tunable.key.hasSuffix(".response") || tunable.key.hasSuffix(".dampingRatio"), !isSpring {
            tuning[curve.key] = Double(TunableCurve.spring.rawValue)
        }
        return tuning
    }

    @Test(arguments: TunableTable.everything.all.map(\.key))
    func tunableChangesBehaviour(key: String) throws {
        let tunable = try #require(TunableTable.everything[key])
        let base = Self.base(for: tunable)
        var changedIn: [String] = []
        for scene in Self.scenes(for: key) {
            let reference = try TuningScripts.run(scene, tuning: base)
            for end in [tunable.range.lowerBound, tunable.range.upperBound] where end != base.value(tunable) {
                var varied = base
                varied[key] = end
                if try TuningScripts.run(scene, tuning: varied) != reference { changedIn.append("\(scene)@\(end)") }
            }
            if !changedIn.isEmpty { break }
        }
        #expect(!changedIn.isEmpty, "\(key) at \(tunable.range) changes nothing in \(Self.scenes(for: key))")
    }

    /// The scripts are deterministic (so a difference means the tuning, not noise).
    @Test(arguments: FuzzScenes.names)
    func scriptsAreDeterministic(scene: String) throws {
        #expect(try TuningScripts.run(scene, tuning: Tuning()) == TuningScripts.run(scene, tuning: Tuning()))
    }
}
