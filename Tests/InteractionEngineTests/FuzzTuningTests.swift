import Foundation
import InteractionEngine
import Testing

/// The fuzz run with random tuning changes interleaved with the input: any declared key, any
/// value in its range (ends included), at any moment, mid-press and mid-animation too. Every
/// `FuzzRunner` invariant must still hold after every step, and everything must still settle.
@Suite struct FuzzTuningTests {
    /// A fifth of `FUZZ_EVENTS` per scene (20,000 by default), on its own seed.
    @Test(arguments: FuzzScenes.names + ["deck"])
    func randomTuningChangesKeepEveryInvariant(scene: String) throws {
        guard FuzzConfig.includes(scene) else { return }
        FuzzCrashReporter.install()
        let seed = FuzzConfig.seed(for: "tuning-" + scene)
        let events = max(1, FuzzConfig.events / 5)
        let (report, failed) = runFuzz(scene: scene, seed: seed, events: events, tunes: true)
        print("fuzz+tuning \(scene): seed \(FuzzConfig.hex(seed)), \(report.inputs) inputs, \(report.settles) settle checks")
        if let (failure, start, steps) = failed {
            let tail = steps.suffix(40).map { "    " + $0.swiftSource }.joined(separator: "\n")
            Issue.record(Comment(rawValue: "fuzz+tuning \(scene) failed: \(failure)\nsize \(start.size)\n\(tail)"))
        }
        #expect(failed == nil)
        #expect(report.inputs >= events)
    }

    /// The generator really interleaves tuning changes, extremes included.
    @Test func generatorTunes() {
        var fuzzer = InputFuzzer(seed: 11, size: Size(width: 480, height: 800))
        fuzzer.tunes = true
        var keys = Set<String>(), extremes = 0
        for _ in 0..<3000 {
            for case .tune(let key, let value) in fuzzer.burst() {
                keys.insert(key)
                if let t = TunableTable.everything[key], value == t.range.lowerBound || value == t.range.upperBound {
                    extremes += 1
                }
            }
        }
        #expect(keys.count > TunableTable.everything.all.count / 2)
        #expect(extremes > 50)
    }
}
