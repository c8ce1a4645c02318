import Foundation

/// Says which fuzz run was going when the process dies of a trap or a fault.
///
/// A crash in a scene kills the whole test process, so no `Issue` can carry
/// the seed. Each running fuzz test keeps its scene, seed and position in a
/// fixed slot; a signal handler prints the busy slots with the command line
/// that replays them, then lets the signal kill the process as before.
enum FuzzCrashReporter {
    struct Slot {
        var busy = false
        /// Index into `FuzzScenes.names`.
        var scene = 0
        var seed: UInt64 = 0
        var input = 0
        var step = 0
        /// Steps fed to decks already replaced (steps are numbered across decks).
        var stepsBefore = 0
    }

    static let capacity = 8
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let p = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        p.initialize(repeating: Slot(), count: capacity)
        return p
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// The handlers that were there before (the Swift runtime's backtracer), called after ours.
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

    /// Installs the handler for SIGILL (Swift traps on x86-64), SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT.
    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                FuzzCrashReporter.report(received)
                // Hand the signal on to whoever had it before (the runtime prints its backtrace).
                var old = FuzzCrashReporter.previous[received] ?? sigaction()
                sigaction(received, &old, nil)
                raise(received)
            }
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
    }

    /// Prints each busy slot with the command line that replays it.
    private static func report(_ received: Int32) {
        for i in 0..<capacity where slots[i].busy {
            let slot = slots[i]
            let names = FuzzScenes.names + ["deck"]
            let name = names.indices.contains(slot.scene) ? names[slot.scene] : "?"
            let seed = "0x" + String(slot.seed, radix: 16)
            let step = slot.stepsBefore + slot.step
            let text = "\nfuzz: signal \(received) while fuzzing \(name), seed \(seed), at input #\(slot.input) "
                + "(after step #\(step)).\nReplay: FUZZ_SEED=\(seed) FUZZ_SCENE=\(name) FUZZ_LOG_FROM=\(max(1, step - 40)) "
                + "swift test --filter FuzzSceneTests\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
    }

    static func claim(scene: String, seed: UInt64) -> Int {
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<capacity where !slots[i].busy {
            slots[i] = Slot(busy: true, scene: (FuzzScenes.names + ["deck"]).firstIndex(of: scene) ?? -1, seed: seed)
            return i
        }
        return -1
    }

    static func update(_ index: Int, input: Int, step: Int) {
        guard index >= 0 else { return }
        slots[index].input = input
        slots[index].step = step
    }

    /// A deck was replaced: its steps count before the next one's.
    static func finishDeck(_ index: Int, steps: Int) {
        guard index >= 0 else { return }
        slots[index].stepsBefore += steps
        slots[index].step = 0
    }

    static func stepsBefore(_ index: Int) -> Int {
        index >= 0 ? slots[index].stepsBefore : 0
    }

    static func release(_ index: Int) {
        guard index >= 0 else { return }
        lock.lock()
        slots[index].busy = false
        lock.unlock()
    }
}
