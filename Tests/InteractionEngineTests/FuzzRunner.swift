import Foundation
import InteractionEngine

/// An invariant that did not hold, with where it happened.
struct FuzzFailure: Error, CustomStringConvertible {
    /// A short category, so a shrunk sequence can be checked to fail the same way.
    var kind: String
    var message: String
    var input = 0
    var step = 0

    var description: String { "[\(kind)] \(message) (input #\(input), step #\(step))" }
}

/// How a deck was made: enough to build the same one again for a replay.
struct FuzzStart {
    var scene: String
    var state: DeckState
    var size: Size
    var time: Millis
}

/// Feeds steps to one deck the way the X11 host would and checks the invariants.
///
/// After every input and every tick: the saved item set is a permutation of
/// the original (message rows only shrink through `action` delete events),
/// at most one message row is open, events carry finite numbers, deadlines
/// are finite. Every `renderEvery` inputs: the display list has only finite
/// geometry and balanced push/pop. At `settle()`: everything comes to rest
/// within `settleLimit` of engine time and stays at rest.
final class FuzzRunner {
    /// How long animations may take to finish once input stops.
    static let settleLimit: Millis = 10_000
    /// After this many frames in a row without input, the emulated host ticks once a second
    /// (a press left down for an hour must not cost 216,000 ticks).
    static let maximumFrameRun = 600

    let start: FuzzStart
    let deck: Deck
    let renderEvery: Int
    private(set) var clock: Millis
    private(set) var inputs = 0
    private(set) var steps = 0
    private(set) var ticks = 0
    private(set) var renders = 0
    private(set) var settles = 0
    private(set) var eventCounts: [String: Int] = [:]
    /// Every step applied, when recording (for shrinking a failure).
    private(set) var log: [FuzzStep] = []
    var recording = false
    /// Print every step from this step index on (FUZZ_LOG_FROM), to see what precedes a crash.
    var logFrom = Int.max

    /// Per scene with an order (wallet, grid, messages): the ids it started with.
    private var baselines: [String: Set<String>] = [:]
    private var baselineCounts: [String: Int] = [:]
    /// Message rows deleted through `action` delete events.
    private var deleted = Set<String>()
    /// Message rows open according to the `open-row` / `close-row` / delete events.
    private(set) var openRows = Set<String>()
    private var initialSelection: String?
    /// Every carousel id in the data file.
    private var carouselIDs = Set<String>()
    private var tickedAtClock = false
    /// Where the primary button went down, while the deck was told it is down.
    private var pressedAt: Point?
    private var recent: [FuzzStep] = []

    /// The scenes a deck of `name` holds: one scene, or all of them for "deck".
    static func sceneNames(_ name: String) -> [String] {
        name == "deck" ? FuzzScenes.names : [name]
    }

    init(start: FuzzStart, renderEvery: Int) throws {
        self.start = start
        self.renderEvery = renderEvery
        clock = start.time
        let names = FuzzRunner.sceneNames(start.scene)
        deck = Deck(scenes: try names.map { try FuzzScenes.make($0, state: start.state) }, size: start.size, at: start.time)
        let state = deck.state()
        initialSelection = state.carousel?.selected
        for name in names {
            let ids = try FuzzScenes.ids(name)
            if name == "carousel" {
                carouselIDs = Set(ids)
                continue
            }
            let initial = FuzzRunner.items(of: state, scene: name)
            let set = Set(initial)
            // The scene took the saved state without losing or duplicating anything.
            guard set.count == initial.count, set.isSubset(of: Set(ids)) else {
                throw FuzzFailure(kind: "restore", message: "\(name): restoring \(start.state) gave \(initial)")
            }
            if name != "messages", set != Set(ids) {
                throw FuzzFailure(kind: "restore", message: "\(name): restoring lost items: \(Set(ids).subtracting(set))")
            }
            baselines[name] = set
            baselineCounts[name] = initial.count
        }
    }

    /// The ids of the scene's items in the saved state (rows for messages).
    static func items(of state: DeckState, scene: String) -> [String] {
        switch scene {
        case "wallet": state.wallet?.order ?? []
        case "grid": state.grid?.order ?? []
        case "messages": state.messages?.rows.map(\.id) ?? []
        case "carousel": []
        default: []
        }
    }

    // MARK: Feeding

    func apply(_ step: FuzzStep) throws(FuzzFailure) {
        steps += 1
        if recording { log.append(step) }
        recent.append(step)
        if recent.count > 60 { recent.removeFirst(recent.count - 40) }
        if steps >= logFrom { FileHandle.standardError.write(Data("fuzz step \(steps): \(step.swiftSource)\n".utf8)) }
        switch step {
        case .input(let event):
            try feed(event)
        case .advance(let target, let stall, let frames):
            try advance(to: target, stall: stall, frames: frames)
        case .tick(let time):
            try tick(at: time)
        case .settle:
            try settle()
        case .tune(let key, let value):
            deck.tune(key, to: value, at: clock)
            try afterChange()
        }
    }

    /// One input, then the host's tick after it, and a render now and then.
    private func feed(_ event: InputEvent) throws(FuzzFailure) {
        inputs += 1
        switch event.kind {
        case .pointerDown(let p, .primary): pressedAt = p
        case .pointerMove(let p): if pressedAt != nil { pressedAt = p }
        case .pointerUp(_, .primary), .pointerCancel: pressedAt = nil
        default: break
        }
        deck.handle(event)
        try afterChange()
        // The host ticks after the inputs it drained.
        try tick(at: clock)
        if inputs % renderEvery == 0 { try checkRender() }
        if inputs % 64 == 0 { _ = deck.drainCommands() }
    }

    func tick(at time: Millis) throws(FuzzFailure) {
        deck.tick(at: time)
        ticks += 1
        tickedAtClock = time == clock
        clock = max(clock, time)
        if let deadline = deck.nextDeadline(), !deadline.isFinite {
            throw failure("deadline", "nextDeadline() is \(deadline)")
        }
        try afterChange()
    }

    /// The host's loop between inputs: frames while the deck needs them, a wake-up at its
    /// deadline, else sleep until `target`.
    private func advance(to target: Millis, stall: Bool, frames: Bool) throws(FuzzFailure) {
        if stall {
            try tick(at: target)
            return
        }
        var run = 0
        while true {
            var next: Millis?
            let forced = frames && target - clock < 5000
            if forced || deck.needsFrame(at: clock) {
                run += 1
                next = clock + (run > FuzzRunner.maximumFrameRun ? 1000 : 1000.0 / 60.0)
            } else if let deadline = deck.nextDeadline() {
                if deadline > clock {
                    next = deadline
                } else if !tickedAtClock {
                    next = clock
                } else {
                    throw failure("deadline", "deadline \(deadline) already passed at \(clock) and a tick did not clear it: "
                                  + "the host would spin with a zero poll() timeout")
                }
            }
            guard let at = next, at <= target else { break }
            try tick(at: at)
        }
        if target > clock {
            clock = target
            tickedAtClock = false
        }
    }

    // MARK: Invariants

    private func failure(_ kind: String, _ message: String) -> FuzzFailure {
        FuzzFailure(kind: kind, message: message, input: inputs, step: steps)
    }

    /// The last steps applied, oldest first.
    var recentSteps: [FuzzStep] { Array(recent.suffix(40)) }

    private func afterChange() throws(FuzzFailure) {
        for event in deck.drainEvents() { try observe(event) }
        try checkItems()
    }

    private func observe(_ event: DeckEvent) throws(FuzzFailure) {
        eventCounts[event.name, default: 0] += 1
        for (key, value) in event.fields {
            if case .double(let d) = value, !d.isFinite { throw failure("event", "\(event.name).\(key) is \(d)") }
        }
        let id = event.string("id")
        switch event.name {
        case "open-row":
            guard let id else { throw failure("event", "open-row without an id") }
            if !openRows.isEmpty && !openRows.contains(id) {
                throw failure("open-rows", "open-row \(id) while \(openRows.sorted()) is still open (S6: at most one)")
            }
            openRows.insert(id)
        case "close-row":
            guard let id, openRows.remove(id) != nil else {
                throw failure("open-rows", "close-row \(id ?? "?") for a row that is not open (open: \(openRows.sorted()))")
            }
        case "action" where event.string("name") == "delete":
            guard let id, baselines["messages"]?.contains(id) == true, deleted.insert(id).inserted else {
                throw failure("delete", "delete of \(id ?? "?"), which is not a row (deleted before: \(deleted.contains(id ?? "")))")
            }
            openRows.remove(id)
        case "reorder":
            let scene = event.string("scene") ?? start.scene
            let count = (baselineCounts[scene] ?? 0) - (scene == "messages" ? deleted.count : 0)
            guard let from = event.int("from"), let to = event.int("to"), (0..<count).contains(from),
                  (0..<count).contains(to) else {
                throw failure("event", "reorder with from/to outside 0..<\(count): \(event.fields)")
            }
        default:
            break
        }
    }

    /// The saved arrangement holds exactly the items it started with (less deleted rows).
    private func checkItems() throws(FuzzFailure) {
        let state = deck.state()
        if let selected = state.carousel?.selected, !carouselIDs.isEmpty, selected != initialSelection,
           !carouselIDs.contains(selected) {
            throw failure("permutation", "carousel selection '\(selected)' is not an item")
        }
        for (scene, baseline) in baselines {
            let items = FuzzRunner.items(of: state, scene: scene)
            let gone = scene == "messages" ? deleted : []
            let expected = (baselineCounts[scene] ?? 0) - gone.count
            let set = Set(items)
            guard items.count == expected, set.count == items.count, set.isSubset(of: baseline), set.isDisjoint(with: gone) else {
                let missing = baseline.subtracting(gone).subtracting(set).sorted()
                let extra = set.subtracting(baseline.subtracting(gone)).sorted()
                throw failure("permutation", "\(scene) saved \(items.count) items, expected \(expected); "
                              + "missing \(missing), unexpected or deleted \(extra), duplicates \(items.count - set.count)")
            }
        }
    }

    /// The display list at the current time: finite geometry, balanced pushes and pops.
    func checkRender() throws(FuzzFailure) {
        renders += 1
        let list = deck.render(at: clock)
        if let problem = FuzzRunner.problem(in: list) { throw failure("render", problem) }
    }

    /// The first non-finite number or unbalanced push/pop in `list`, described.
    static func problem(in list: DisplayList) -> String? {
        func bad(_ values: Double...) -> Bool { values.contains { !$0.isFinite } }
        func bad(_ r: Rect) -> Bool { bad(r.origin.x, r.origin.y, r.size.width, r.size.height) }
        func bad(_ p: Point) -> Bool { bad(p.x, p.y) }
        func bad(_ c: Color) -> Bool { bad(c.red, c.green, c.blue, c.alpha) }
        func bad(_ paint: Paint) -> Bool {
            switch paint {
            case .solid(let c): bad(c)
            case .diagonalGradient(let a, let b), .verticalGradient(let a, let b): bad(a) || bad(b)
            }
        }
        var clips = 0, transforms = 0, opacities = 0
        for (index, command) in list.commands.enumerated() {
            let broken: Bool
            switch command {
            case .clear(let c): broken = bad(c)
            case .fillRect(let r, let p, let radius): broken = bad(r) || bad(p) || bad(radius)
            case .strokeRect(let r, let c, let w, let radius): broken = bad(r) || bad(c) || bad(w, radius)
            case .shadow(let r, let radius, let blur, let offset, let c):
                broken = bad(r) || bad(radius, blur) || bad(offset) || bad(c)
            case .fillCircle(let center, let radius, let p): broken = bad(center) || bad(radius) || bad(p)
            case .strokeCircle(let center, let radius, let c, let w): broken = bad(center) || bad(radius, w) || bad(c)
            case .line(let a, let b, let c, let w): broken = bad(a) || bad(b) || bad(c) || bad(w)
            case .polyline(let points, let c, let w): broken = points.contains { bad($0) } || bad(c) || bad(w)
            case .text(_, let r, let style): broken = bad(r) || bad(style.size) || bad(style.color)
            case .image(_, let r, let alpha, let radius): broken = bad(r) || bad(alpha, radius)
            case .pushClip(let r, let radius):
                clips += 1
                broken = bad(r) || bad(radius)
            case .popClip:
                clips -= 1
                broken = clips < 0
            case .pushTransform(let t):
                transforms += 1
                broken = bad(t.scale) || bad(t.translation)
            case .popTransform:
                transforms -= 1
                broken = transforms < 0
            case .pushOpacity(let alpha):
                opacities += 1
                broken = bad(alpha)
            case .popOpacity:
                opacities -= 1
                broken = opacities < 0
            }
            if broken { return "display list command #\(index) is not finite or unbalanced: \(command)" }
        }
        if clips != 0 || transforms != 0 || opacities != 0 {
            return "display list pushes and pops do not balance (clip \(clips), transform \(transforms), opacity \(opacities))"
        }
        return nil
    }

    /// Input stops: the primary button is released if it is down, then
    /// everything must come to rest within `settleLimit` and stay there, with
    /// nothing left lifted or half open.
    func settle() throws(FuzzFailure) {
        settles += 1
        if let p = pressedAt {
            try feed(InputEvent(.pointerUp(p, .primary), at: clock))
        }
        let began = clock
        var time = clock
        var rested = false
        while time - began <= FuzzRunner.settleLimit {
            try tick(at: time)
            let deadline = deck.nextDeadline()
            if !deck.needsFrame(at: time) && deadline == nil {
                rested = true
                break
            }
            if !deck.needsFrame(at: time), let deadline, deadline > time {
                time = deadline
            } else {
                time += 1000.0 / 60.0
            }
        }
        guard rested else {
            throw failure("settle", "\(start.scene) still needs frames (\(deck.needsFrame(at: time))) or has a deadline "
                          + "(\(deck.nextDeadline().map { "\($0)" } ?? "none")) \(Int(FuzzRunner.settleLimit)) ms after input stopped")
        }
        try checkRender()
        try tick(at: time + 1000)
        if deck.needsFrame(at: clock) { throw failure("settle", "\(start.scene) started animating again by itself") }
        try checkAtRest()
    }

    /// Scene-specific facts about a deck at rest (lifts only in the scene that was ticked).
    private func checkAtRest() throws(FuzzFailure) {
        switch deck.current {
        case let wallet as WalletScene:
            if let lifted = wallet.liftedID { throw failure("rest", "card \(lifted) is still lifted after release") }
        case let grid as GridScene:
            if let moving = grid.movingID { throw failure("rest", "tile \(moving) is still moving after release") }
        default:
            break
        }
        for case let messages as MessagesScene in deck.scenes {
            let rows = FuzzRunner.items(of: deck.state(), scene: "messages")
            let open = messages.openRowID.map { Set([$0]) } ?? []
            if open != openRows {
                throw failure("open-rows", "the open row is \(open.sorted()) but the events say \(openRows.sorted())")
            }
            guard messages === deck.current else { continue }
            let slid = rows.filter { messages.swipeOffset(of: $0, at: clock) != 0 }
            if slid.count > 1 { throw failure("open-rows", "\(slid.count) rows are drawn open at rest: \(slid)") }
            if let row = slid.first, !open.contains(row) {
                throw failure("open-rows", "row \(row) rests slid open but is not the open row \(open.sorted())")
            }
        }
    }
}
