import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// The state file under SIGKILL and under two writers (issue 10, item 3).
///
/// Saving is temp file + fsync + rename (StateStore), and each instance writes
/// its own temp file (`.tmp-PID`): last writer wins, and a reader, or a crash,
/// only ever sees a whole file.
extension XvfbTests {
    /// Checks the order the file holds after a run killed with `events` printed: the old order
    /// or one of the new ones. A change is saved before its event is printed, so the file may be
    /// ahead of the printed events: when `trace` is given, the orders its whole (deterministic)
    /// replay goes through, past the last printed one, are allowed too; never one behind it
    /// by more than `lag` (reported).
    func checkSaved(_ path: String, events: [[String: Any]], initial: [String], label: String,
                    trace: String? = nil) -> (ok: Bool, lag: Int, reorders: Int) {
        guard let orders = ordersThrough(events, from: initial) else { return (false, 0, 0) }
        switch walletOrder(inStateFile: path) {
        case .success(let saved):
            guard let index = orders.lastIndex(of: saved) else {
                if let trace, let later = ordersOfWholeReplay(trace, initial: initial),
                   later.starts(with: orders), later[(orders.count - 1)...].contains(saved) {
                    return (true, 0, orders.count - 1)  // saved, killed before its event was printed
                }
                Issue.record("\(label): the saved order is neither the old nor any new one: \(saved)")
                return (false, 0, orders.count - 1)
            }
            return (true, orders.count - 1 - index, orders.count - 1)
        case .failure(let problem):
            Issue.record("\(label): \(problem)")
            return (false, 0, orders.count - 1)
        }
    }

    /// Every order a headless replay of `trace` goes through, from its `--events` (nil if it fails).
    func ordersOfWholeReplay(_ trace: String, initial: [String]) -> [[String]]? {
        let dir = (trace as NSString).deletingLastPathComponent
        guard let r = try? runGestureDeck(["--replay", trace, "--screenshot", dir + "/whole.png", "--state", dir + "/whole.json",
                                           "--events"]), r.status == 0 else { return nil }
        let events = r.out.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        return ordersThrough(events, from: initial)
    }

    /// Leftover `state.json.tmp-*` files in `folder` (a kill between write and rename).
    func temporaryFiles(in folder: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-") }.count
    }

    /// `FAULT_KILLS` (default 20) runs of a replayed burst of Shift+arrow reorders (one every
    /// 3 ms, each saved at once), each killed with SIGKILL at a random moment.
    @Test func sigkillDuringAReorderBurstLeavesTheOldOrTheNewOrder() throws {
        let kills = ProcessInfo.processInfo.environment["FAULT_KILLS"].flatMap { Int($0) } ?? 20
        let xvfb = try Xvfb()
        defer { killHard(xvfb, []) }
        let initial = try sampleCardIDs()
        var random = SoakRandom(seed: 0x5EED_D1E5)
        var survived = 0, reorders = 0, maximumLag = 0, leftovers = 0
        for round in 0..<kills {
            let folder = try ScratchFolder()
            let state = folder.path + "/state.json"
            try StateStore(path: state).save(DeckState(wallet: .init(order: initial)))
            let trace = folder.path + "/burst.trace"
            try writeTrace(to: trace, state: DeckState(wallet: .init(order: initial)),
                           inputs: reorderBurst(seed: UInt64(round + 1), count: 900, spacing: 3))
            let app = try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--replay", trace])
            try app.waitFor("ready")
            let delay = Double(random.int(50...2500)) / 1000
            Thread.sleep(forTimeInterval: delay)
            kill(app.process.processIdentifier, SIGKILL)
            #expect(app.waitUntilGone(), "round \(round): still running after SIGKILL")
            let result = checkSaved(state, events: app.events, initial: initial,
                                    label: "round \(round), killed \(delay) s after ready", trace: trace)
            if result.ok { survived += 1 }
            reorders += result.reorders
            maximumLag = max(maximumLag, result.lag)
            leftovers += temporaryFiles(in: folder.path)
        }
        print("durability: \(survived) of \(kills) SIGKILLs during replayed reorder bursts left the old or a new order "
              + "(\(reorders) reorders in all; the file lagged the last printed reorder by at most \(maximumLag); "
              + "\(leftovers) stale temp files left behind)")
        #expect(survived == kills)
        #expect(reorders > kills * 10, "the bursts hardly reordered anything: \(reorders)")
    }

    /// The same with real key events from xdotool (key repeat speed), 5 kills.
    @Test func sigkillDuringRealKeyReordersLeavesTheOldOrTheNewOrder() throws {
        let xvfb = try Xvfb()
        defer { killHard(xvfb, []) }
        let initial = try sampleCardIDs()
        var random = SoakRandom(seed: 0xFEED)
        var survived = 0, reorders = 0
        let rounds = 5
        for round in 0..<rounds {
            let folder = try ScratchFolder()
            let (app, _) = try startWallet(xvfb, in: folder)
            try xvfb.xdotool("mousemove", "240", "400")
            try xvfb.xdotool("key", "Down")
            let keys = Process()
            keys.executableURL = URL(fileURLWithPath: try Xvfb.which("xdotool"))
            keys.arguments = ["key", "--delay", "4"] + (0..<300).map { i in (i / 7) % 2 == 0 ? "shift+Down" : "shift+Up" }
            keys.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": xvfb.display]) { $1 }
            try keys.run()
            let delay = Double(random.int(200...1200)) / 1000
            Thread.sleep(forTimeInterval: delay)
            kill(app.process.processIdentifier, SIGKILL)
            #expect(app.waitUntilGone(), "round \(round): still running after SIGKILL")
            if keys.isRunning { kill(keys.processIdentifier, SIGKILL) }
            keys.waitUntilExit()
            let result = checkSaved(app.statePath, events: app.events, initial: initial,
                                    label: "xdotool round \(round), killed \(delay) s into the burst")
            if result.ok { survived += 1 }
            reorders += result.reorders
        }
        print("durability: \(survived) of \(rounds) SIGKILLs during xdotool Shift+arrow bursts left the old or a new order "
              + "(\(reorders) reorders)")
        #expect(survived == rounds)
        #expect(reorders > rounds, "xdotool keys hardly reordered anything: \(reorders)")
    }

    /// Two instances replay reorder bursts onto one state file while the test reads it
    /// as fast as it can: every read parses and holds a whole order. The second instance
    /// finds the state locked (issue 19, item 13), says it is read-only, and writes nothing:
    /// the file holds the first instance's last order.
    @Test func twoInstancesOnOneStateFileNeverCorruptIt() throws {
        let xvfb = try Xvfb()
        let folder = try ScratchFolder()
        let state = folder.path + "/state.json"
        let initial = try sampleCardIDs()
        try StateStore(path: state).save(DeckState(wallet: .init(order: initial)))
        var apps: [AppProcess] = []
        for seed in [11, 12] as [UInt64] {
            let trace = folder.path + "/burst-\(seed).trace"
            try writeTrace(to: trace, state: DeckState(wallet: .init(order: initial)),
                           inputs: reorderBurst(seed: seed, count: 1000, spacing: 3))
            apps.append(try AppProcess(xvfb: xvfb, statePath: state, arguments: ["--replay", trace]))
        }
        defer { killHard(xvfb, apps) }
        for app in apps { try app.waitFor("ready") }
        var reads = 0, whole = 0
        var problems: [String] = []
        let end = Date().addingTimeInterval(4.5)
        while Date() < end {
            reads += 1
            switch walletOrder(inStateFile: state) {
            case .success(let order) where order.count == initial.count && Set(order) == Set(initial): whole += 1
            case .success(let order): problems.append("not a permutation: \(order)")
            case .failure(let problem): problems.append(problem.description)
            }
        }
        // Both bursts are over (1000 keys, 3 ms apart): the file holds one writer's last order.
        let finals = apps.compactMap { ordersThrough($0.events, from: initial)?.last }
        for app in apps { kill(app.process.processIdentifier, SIGKILL) }
        for app in apps { _ = app.waitUntilGone() }
        let final = try walletOrder(inStateFile: state).get()
        let counts = apps.map { $0.events.filter { $0["event"] as? String == "reorder" }.count }
        print("durability: two instances (\(counts[0]) and \(counts[1]) reorders) on one state file: \(whole) of \(reads) "
              + "reads parsed whole; one writer, one read-only")
        #expect(problems.isEmpty, "\(problems.count) torn reads, first: \(problems.first ?? "")")
        #expect(reads > 200 && counts.allSatisfy { $0 > 50 })
        #expect(finals.contains(final), "the file holds neither instance's last order")
        let readOnly = apps.filter { $0.errorOutput.contains("read-only") }
        #expect(readOnly.count == 1, "read-only instances: \(readOnly.count); stderr: \(apps.map(\.errorOutput))")
        if let writer = apps.first(where: { !$0.errorOutput.contains("read-only") }) {
            #expect(ordersThrough(writer.events, from: initial)?.last == final, "the read-only instance's order reached the file")
        }
    }
}
