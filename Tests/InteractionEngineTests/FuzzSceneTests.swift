import Foundation
import InteractionEngine
import Testing

/// Settings of a fuzz run, from the environment.
///
/// - `FUZZ_EVENTS`: inputs per scene (default 100,000; `scripts/fuzz-long` uses 2,000,000).
/// - `FUZZ_SEED`: one seed for every scene (decimal or 0x hex) to replay a failure;
///   `random` picks a fresh one per scene and prints it. Default: a fixed seed per scene.
/// - `FUZZ_SCENE`: fuzz only this scene (with `FUZZ_SEED`, to replay).
/// - `FUZZ_LOG_FROM`: print every step from this step number on (to see what precedes a crash).
/// - `FUZZ_SHRINK_SECONDS`: time spent shrinking a failing sequence (default 30).
enum FuzzConfig {
    static let environment = ProcessInfo.processInfo.environment
    static let events = environment["FUZZ_EVENTS"].flatMap { Int($0.replacingOccurrences(of: "_", with: "")) } ?? 100_000
    static let renderEvery = 50
    static let logFrom = environment["FUZZ_LOG_FROM"].flatMap { Int($0) } ?? Int.max
    static let shrinkSeconds = environment["FUZZ_SHRINK_SECONDS"].flatMap { Double($0) } ?? 30

    /// The seed for `scene`.
    static func seed(for scene: String) -> UInt64 {
        switch environment["FUZZ_SEED"] {
        case let text? where text.lowercased() == "random":
            return UInt64(Date().timeIntervalSince1970 * 1_000_000) ^ fnv1a(scene)
        case let text? where text.lowercased().hasPrefix("0x"):
            if let seed = UInt64(text.dropFirst(2), radix: 16) { return seed }
        case let text?:
            if let seed = UInt64(text) { return seed }
        case nil:
            break
        }
        return fnv1a("gesturedeck-fuzz-" + scene)
    }

    static func includes(_ scene: String) -> Bool {
        environment["FUZZ_SCENE"].map { $0 == scene } ?? true
    }

    /// FNV-1a, 64 bits: a stable hash of a name.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }
}

/// What a finished fuzz run did.
struct FuzzReport {
    var inputs = 0, ticks = 0, renders = 0, settles = 0, decks = 0
    var events: [String: Int] = [:]

    mutating func add(_ runner: FuzzRunner) {
        inputs += runner.inputs
        ticks += runner.ticks
        renders += runner.renders
        settles += runner.settles
        decks += 1
        events.merge(runner.eventCounts, uniquingKeysWith: +)
    }
}

/// Runs a seeded random input sequence against one scene until `events` inputs were fed.
///
/// Every 500-3,000 inputs the pointer is released and the deck must settle;
/// now and then (and whenever messages run low on rows) a fresh deck is built
/// from a random saved state, so deletions do not leave an empty list behind.
func runFuzz(scene: String, seed: UInt64, events: Int,
             tunes: Bool = false) -> (report: FuzzReport, failure: (FuzzFailure, FuzzStart, [FuzzStep])?) {
    var fuzzer = InputFuzzer(seed: seed, size: Size(width: 480, height: 800))
    fuzzer.switchesScenes = scene == "deck"
    fuzzer.tunes = tunes
    var plan = SplitMix64(seed: seed ^ 0xD1CE_D1CE_D1CE_D1CE)
    var report = FuzzReport()
    var runner: FuzzRunner?
    var episodes = 0
    var untilSettle = 0
    let slot = FuzzCrashReporter.claim(scene: scene, seed: seed)
    defer { FuzzCrashReporter.release(slot) }
    do {
        while report.inputs + (runner?.inputs ?? 0) < events {
            let current: FuzzRunner
            if let runner {
                current = runner
            } else {
                let start = FuzzStart(scene: scene, state: FuzzScenes.randomState(for: scene, rng: &plan),
                                      size: fuzzer.size, time: fuzzer.now)
                do {
                    current = try FuzzRunner(start: start, renderEvery: FuzzConfig.renderEvery)
                } catch let failure as FuzzFailure {
                    return (report, (failure, start, []))
                }
                current.recording = true
                current.logFrom = FuzzConfig.logFrom - FuzzCrashReporter.stepsBefore(slot)
                runner = current
                episodes = 0
                untilSettle = plan.int(500...3000)
            }
            do throws(FuzzFailure) {
                for step in fuzzer.burst() {
                    try current.apply(step)
                    FuzzCrashReporter.update(slot, input: report.inputs + current.inputs, step: current.steps)
                }
                if current.inputs >= untilSettle || report.inputs + current.inputs >= events {
                    for step in fuzzer.release() { try current.apply(step) }
                    try current.apply(.settle)
                    fuzzer.sync(to: current.clock)
                    episodes += 1
                    untilSettle = current.inputs + plan.int(500...3000)
                    let rows = FuzzRunner.items(of: current.deck.state(), scene: "messages").count
                    let hasMessages = FuzzRunner.sceneNames(scene).contains("messages")
                    if (hasMessages && rows < 6) || episodes >= 20 || plan.chance(0.05) {
                        report.add(current)
                        FuzzCrashReporter.finishDeck(slot, steps: current.steps)
                        runner = nil
                    }
                }
            } catch {
                var located = error
                located.input += report.inputs
                report.add(current)
                return (report, (located, current.start, current.log))
            }
        }
    } catch {
        Issue.record("fuzz harness error: \(error)")
    }
    if let runner { report.add(runner) }
    return (report, nil)
}

/// Removes steps from a failing sequence while it still fails the same way.
///
/// Greedy delta debugging: drop chunks of half the sequence, then quarters,
/// and so on, keeping any removal after which the replay (on a deck built the
/// same way) still raises a failure of the same kind. Stops after `seconds`.
func shrinkFuzzFailure(_ failure: FuzzFailure, start: FuzzStart, steps: [FuzzStep], seconds: Double) -> [FuzzStep]? {
    let deadline = Date().addingTimeInterval(seconds)
    func fails(_ candidate: [FuzzStep]) -> Bool {
        guard let runner = try? FuzzRunner(start: start, renderEvery: FuzzConfig.renderEvery) else { return false }
        do throws(FuzzFailure) {
            for step in candidate { try runner.apply(step) }
            if failure.kind == "render" { try runner.checkRender() }
        } catch {
            return error.kind == failure.kind
        }
        return false
    }
    guard !steps.isEmpty, fails(steps) else { return nil }
    var current = steps
    var chunk = max(1, current.count / 2)
    while Date() < deadline {
        var index = 0
        var removed = false
        while index < current.count && Date() < deadline {
            let candidate = Array(current[..<index] + current[min(current.count, index + chunk)...])
            if fails(candidate) {
                current = candidate
                removed = true
            } else {
                index += chunk
            }
        }
        if !removed {
            if chunk == 1 { break }
            chunk = max(1, chunk / 2)
        }
    }
    return current
}

@Suite struct FuzzSceneTests {
    /// SPEC I1-I4 under random input: each scene gets `FUZZ_EVENTS` (100,000) inputs
    /// and keeps every invariant of `FuzzRunner` after every one of them. "deck" holds all
    /// four scenes and switches between them (keys 1-4, Tab, the tabs), mid-gesture too.
    @Test(arguments: FuzzScenes.names + ["deck"])
    func randomInputKeepsEveryInvariant(scene: String) throws {
        guard FuzzConfig.includes(scene) else { return }
        FuzzCrashReporter.install()
        let seed = FuzzConfig.seed(for: scene)
        let started = Date()
        // The all-scenes deck is extra coverage on top of the per-scene runs: half the inputs.
        let events = scene == "deck" ? FuzzConfig.events / 2 : FuzzConfig.events
        let (report, failed) = runFuzz(scene: scene, seed: seed, events: events)
        let seconds = Date().timeIntervalSince(started)
        let counts = report.events.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("fuzz \(scene): seed \(FuzzConfig.hex(seed)), \(report.inputs) inputs, \(report.ticks) ticks, "
              + "\(report.renders) display lists, \(report.settles) settle checks, \(report.decks) decks, "
              + String(format: "%.1f s", seconds) + "; events: \(counts)")
        if let (failure, start, steps) = failed {
            var text = "fuzz \(scene) failed: \(failure)\n"
                + "replay: FUZZ_SEED=\(FuzzConfig.hex(seed)) FUZZ_SCENE=\(scene) FUZZ_EVENTS=\(FuzzConfig.events) "
                + "swift test --filter FuzzSceneTests\n"
                + "deck: scene \(scene), size \(start.size), saved state \(start.state), built at \(start.time) ms\n"
            if let minimal = shrinkFuzzFailure(failure, start: start, steps: steps, seconds: FuzzConfig.shrinkSeconds) {
                text += "shrunk to \(minimal.count) of \(steps.count) steps:\n"
                text += minimal.prefix(80).map { "    " + $0.swiftSource }.joined(separator: "\n")
            } else {
                text += "the last steps:\n" + steps.suffix(40).map { "    " + $0.swiftSource }.joined(separator: "\n")
            }
            Issue.record(Comment(rawValue: text))
        }
        #expect(failed != nil || report.inputs >= events)
    }

    /// The generator is deterministic: one seed, one sequence (so a printed seed replays).
    @Test func sameSeedGivesTheSameSequence() {
        var a = InputFuzzer(seed: 42, size: Size(width: 480, height: 800))
        var b = InputFuzzer(seed: 42, size: Size(width: 480, height: 800))
        var c = InputFuzzer(seed: 43, size: Size(width: 480, height: 800))
        let first = (0..<200).flatMap { _ in a.burst() }.map(\.description)
        #expect(first == (0..<200).flatMap { _ in b.burst() }.map(\.description))
        #expect(first != (0..<200).flatMap { _ in c.burst() }.map(\.description))
        // SplitMix64's published first output for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }

    /// The checks themselves catch what they claim to (a NaN frame, an unbalanced push).
    @Test func renderCheckCatchesNonFiniteAndUnbalancedLists() {
        var nan = DisplayList()
        nan.append(.fillRect(Rect(x: .nan, y: 0, width: 1, height: 1), .solid(.black), cornerRadius: 0))
        #expect(FuzzRunner.problem(in: nan) != nil)
        var infinite = DisplayList()
        infinite.append(.pushTransform(Transform(scale: .infinity)))
        infinite.append(.popTransform)
        #expect(FuzzRunner.problem(in: infinite) != nil)
        var unbalanced = DisplayList()
        unbalanced.append(.pushClip(Rect(x: 0, y: 0, width: 1, height: 1), cornerRadius: 0))
        #expect(FuzzRunner.problem(in: unbalanced) != nil)
        var fine = DisplayList()
        fine.clipped(to: Rect(x: 0, y: 0, width: 10, height: 10)) { $0.append(.clear(.white)) }
        #expect(FuzzRunner.problem(in: fine) == nil)
    }

    /// The generator covers what the issue lists: holds, drags, wheels, keys, resizes
    /// (1x1 and 3840x2160), cancels, right clicks, far coordinates, old and repeated timestamps.
    @Test func generatorCoversTheInputKinds() {
        var fuzzer = InputFuzzer(seed: 7, size: Size(width: 480, height: 800))
        var kinds = Set<String>()
        var lastTime = -Double.infinity
        var backwards = 0, repeated = 0, far = 0
        for _ in 0..<3000 {
            for step in fuzzer.burst() {
                guard case .input(let e) = step else { continue }
                if e.time < lastTime { backwards += 1 }
                if e.time == lastTime { repeated += 1 }
                lastTime = e.time
                if let p = e.location, abs(p.x) > 10_000 || abs(p.y) > 10_000 { far += 1 }
                switch e.kind {
                case .pointerDown(_, let b): kinds.insert("down-\(b)")
                case .pointerMove: kinds.insert("move")
                case .pointerUp: kinds.insert("up")
                case .pointerCancel: kinds.insert("cancel")
                case .hover: kinds.insert("hover")
                case .pointerLeft: kinds.insert("left")
                case .wheel(.steps, _, _): kinds.insert("wheel-steps")
                case .wheel(.pixels, _, _): kinds.insert("wheel-pixels")
                case .key(let k, let m): kinds.insert(m.contains(.shift) && [.up, .down, .left, .right].contains(k) ? "shift-arrow" : "key-\(k)")
                case .resize(let s):
                    if s == Size(width: 1, height: 1) { kinds.insert("resize-1x1") }
                    if s == Size(width: 3840, height: 2160) { kinds.insert("resize-4k") }
                }
            }
        }
        for kind in ["down-primary", "down-secondary", "move", "up", "cancel", "hover", "left", "wheel-steps",
                     "wheel-pixels", "shift-arrow", "key-enter", "key-delete", "key-escape", "resize-1x1", "resize-4k"] {
            #expect(kinds.contains(kind), "never generated \(kind)")
        }
        #expect(backwards > 100 && repeated > 100 && far > 100)
    }
}
