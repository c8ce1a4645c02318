import Foundation
import InteractionEngine

// Shared machinery of the engine fuzzer (FuzzSceneTests): a seeded generator,
// the random input sequences, the scenes built from the real assets, and the
// invariants checked while the sequences run.

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny seeded generator whose
/// output depends only on the seed, so a failing run replays exactly.
///
/// Every draw goes through the helpers below rather than the standard
/// library's `random(in:using:)`, whose algorithm may change between Swift
/// versions: a seed printed today must replay the same sequence tomorrow.
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in `range` (a closed range of integers).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    mutating func sign() -> Double { chance(0.5) ? 1 : -1 }

    /// Shuffles `items` (Fisher-Yates).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, int(0...i))
        }
    }
}

/// One thing fed to the deck: an input, or the host's clock moving on to a time.
///
/// The runner turns `advance` into frame ticks the way the X11 host does:
/// at 60 Hz while the deck needs frames, at the scene's deadline, and not at
/// all while it rests. `stall` makes it one late frame instead (a host that
/// was descheduled); `frames` forces 60 Hz ticks as if it were drawing anyway.
enum FuzzStep: CustomStringConvertible {
    case input(InputEvent)
    case advance(to: Millis, stall: Bool, frames: Bool)
    case tick(Millis)
    /// Input has stopped: the runner checks that everything comes to rest.
    case settle
    /// A tuning change (`Deck.tune(_:to:at:)`), interleaved with input.
    case tune(String, Double)

    var description: String {
        switch self {
        case .tune(let key, let value): "tune \(key) = \(value)"
        case .input(let e): "input \(e.kind) @\(e.time)"
        case .advance(let t, let stall, let frames): "advance to \(t)\(stall ? " (stalled)" : "")\(frames ? " (frames)" : "")"
        case .tick(let t): "tick @\(t)"
        case .settle: "settle"
        }
    }

    /// The step as Swift source, for pasting a reproduction into a test.
    var swiftSource: String {
        switch self {
        case .input(let e): "deck.handle(InputEvent(.\(e.kind), at: \(e.time)))".replacingOccurrences(of: "InteractionEngine.", with: "")
        case .advance(let t, _, _): "// advance to \(t)"
        case .tick(let t): "deck.tick(at: \(t))"
        case .settle: "// settle: tick until needsFrame is false (at most 10 s)"
        case .tune(let key, let value): "deck.tune(\"\(key)\", to: \(value), at: clock)"
        }
    }
}

/// Writes random but plausible (and sometimes implausible) input sequences.
///
/// Each `burst` is one user action: a tap, a press-and-hold with an optional
/// drag, a fling, a wheel burst, keys, a resize, a cancel, an idle pause.
/// Time moves on between inputs (the runner ticks as the host would). Input
/// timestamps are mostly "now", but some
/// repeat the previous one and some lie in the past (out of order), and a
/// share of the coordinates lies far outside the window.
struct InputFuzzer {
    /// The frame interval of the host (60 Hz).
    static let frame: Millis = 1000.0 / 60.0
    /// Window sizes worth trying besides random ones: degenerate, tiny, huge.
    static let notableSizes: [Size] = [
        Size(width: 1, height: 1), Size(width: 1, height: 45), Size(width: 2, height: 2),
        Size(width: 3840, height: 2160), Size(width: 200, height: 200), Size(width: 480, height: 800),
        Size(width: 45, height: 3840), Size(width: 16384, height: 16384),
    ]
    /// Keys a user could press, without the ones that switch scenes (1-4).
    static let keys: [Key] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .tab, .enter, .escape, .delete,
        .backspace, .space, .function(12), .function(1), .character("d"), .character("q"), .character("x"),
        .character("D"),
    ]

    var rng: SplitMix64
    /// Engine time of the host's frame clock (ticks never go backwards).
    private(set) var now: Millis = 0
    private var lastStamp: Millis = 0
    private(set) var size: Size
    private var pointer = Point(x: 100, y: 300)
    private(set) var isDown = false
    private var steps: [FuzzStep] = []
    /// Whether the deck holds every scene: then keys 1-4, Tab and the tabs switch scenes, even mid-gesture.
    var switchesScenes = false
    /// Whether bursts are now and then preceded by a random tuning change (any declared key,
    /// any value in its range, extremes included), even in the middle of a press.
    var tunes = false

    init(seed: UInt64, size: Size) {
        rng = SplitMix64(seed: seed)
        self.size = size
    }

    /// The steps of the next user action.
    mutating func burst() -> [FuzzStep] {
        steps.removeAll(keepingCapacity: true)
        if tunes, rng.chance(0.2) { tune() }
        let roll = rng.unit()
        switch roll {
        case ..<0.16: tap()
        case ..<0.38: hold()
        case ..<0.54: drag()
        case ..<0.66: wheelBurst()
        case ..<0.80: keys()
        case ..<0.84: resize()
        case ..<0.88: hover()
        case ..<0.93: stray()
        default: idle()
        }
        return steps
    }

    /// One random tuning change: a declared key to a value in its range (a third at an end).
    private mutating func tune() {
        let tunable = rng.pick(TunableTable.everything.all)
        let r = tunable.range
        let value: Double
        switch rng.int(0...5) {
        case 0: value = r.lowerBound
        case 1: value = r.upperBound
        case 2: value = tunable.defaultValue
        default: value = tunable.clamped(rng.double(r))
        }
        steps.append(.tune(tunable.key, value))
    }

    /// Lets go of everything: a release if a button is down (the end of a sequence).
    mutating func release() -> [FuzzStep] {
        steps.removeAll(keepingCapacity: true)
        if isDown { up(.primary) }
        advance(by: Self.frame)
        return steps
    }

    /// Catches up with time the runner spent (settling) outside the generated steps.
    mutating func sync(to time: Millis) {
        now = max(now, time)
        lastStamp = now
    }

    /// Moves the host clock forward by `ms`.
    mutating func advance(by ms: Millis) {
        now += max(0, ms)
        steps.append(.advance(to: now, stall: ms > 100 && rng.chance(0.1), frames: rng.chance(0.05)))
    }

    /// An input timestamp: now, a repeat of the last one, or somewhat in the past.
    private mutating func stamp() -> Millis {
        let roll = rng.unit()
        let t: Millis
        switch roll {
        case ..<0.07: t = lastStamp
        case ..<0.15: t = now - rng.double(0...300)
        case ..<0.152: t = now - rng.double(1000...60_000)
        default: t = now
        }
        lastStamp = t
        return t
    }

    private mutating func emit(_ kind: InputEvent.Kind) {
        steps.append(.input(InputEvent(kind, at: stamp())))
    }

    /// A position: mostly inside the window, some just outside, some very far away.
    private mutating func point() -> Point {
        let roll = rng.unit()
        switch roll {
        case ..<0.80:
            return Point(x: rng.double(0...max(1, size.width)), y: rng.double(0...max(1, size.height)))
        case ..<0.90:
            return Point(x: rng.double(-60...size.width + 60), y: rng.double(-60...size.height + 60))
        case ..<0.96:
            return Point(x: rng.sign() * rng.double(0...1e6), y: rng.sign() * rng.double(0...1e6))
        case ..<0.98:
            // Far beyond any screen (a hostile trace, issue 19): every magnitude out to 1e300.
            return Point(x: rng.sign() * Self.magnitude(&rng), y: rng.sign() * Self.magnitude(&rng))
        default:
            // Extreme corners and edges exactly.
            return Point(x: rng.pick([0, size.width, -1e6, 1e6, -0.0, 1e-300, 1e300, -1e300, 9.3e18, -9.3e18]),
                         y: rng.pick([0, size.height, Deck.barHeight, -1e6, 1e6, 1e-300, 1e300, -1e300, 9.3e18]))
        }
    }

    /// 10^k for a random k in 0...300, times a random mantissa: magnitudes spread evenly in
    /// exponent, so Int's range (9.2e18) and Double's far end are both reached.
    static func magnitude(_ rng: inout SplitMix64) -> Double {
        rng.double(1...9.99) * pow(10, Double(rng.int(0...300)))
    }

    /// A position in the scene area (below the bar), where gestures happen.
    private mutating func scenePoint() -> Point {
        if rng.chance(0.9) {
            return Point(x: rng.double(0...max(1, size.width)),
                         y: rng.double(min(Deck.barHeight, size.height)...max(Deck.barHeight, size.height)))
        }
        return point()
    }

    private mutating func down(at p: Point, _ button: PointerButton = .primary) {
        pointer = p
        if button == .primary { isDown = true }
        emit(.pointerDown(p, button))
    }

    private mutating func move(to p: Point) {
        pointer = p
        emit(isDown ? .pointerMove(p) : .hover(p))
    }

    private mutating func up(_ button: PointerButton = .primary) {
        if button == .primary { isDown = false }
        emit(.pointerUp(pointer, button))
    }

    /// A few pointer moves by up to `step` px each, `spacing` ms apart.
    private mutating func wander(count: Int, step: Double, spacing: ClosedRange<Double>) {
        for _ in 0..<count {
            advance(by: rng.double(spacing))
            if rng.chance(0.03) {
                move(to: point())  // a jump (another screen edge, a glitching device)
            } else {
                move(to: pointer + Point(x: rng.double(-step...step), y: rng.double(-step...step)))
            }
            if rng.chance(0.02) { interject() }
        }
    }

    /// A scene switch: a digit, Tab or Shift+Tab, or a click on a tab.
    private mutating func switchScene() {
        switch rng.int(0...3) {
        case 0: emit(.key(.character(String(rng.int(1...4))), []))
        case 1: emit(.key(.tab, rng.chance(0.3) ? .shift : []))
        default:
            let tab = Point(x: rng.double(0...max(1, size.width)), y: rng.double(0...Deck.barHeight - 1))
            emit(.pointerDown(tab, .primary))
            advance(by: rng.double(20...120))
            emit(.pointerUp(tab, .primary))
        }
    }

    /// Something that arrives in the middle of a gesture.
    private mutating func interject() {
        if switchesScenes && rng.chance(0.25) { return switchScene() }
        switch rng.int(0...5) {
        case 0: emit(.key(rng.pick(Self.keys), modifiers()))
        case 1: emit(.wheel(wheelDelta(), at: pointer, modifiers()))
        case 2: resize()
        case 3: emit(.pointerDown(pointer, .secondary))
        case 4: emit(.pointerLeft)
        default: advance(by: rng.double(0...700))
        }
    }

    /// How a gesture ends: release, right click, Escape, a cancel, or not at all.
    private mutating func finish() {
        let roll = rng.unit()
        switch roll {
        case ..<0.70: up()
        case ..<0.78:
            emit(.pointerDown(pointer, .secondary))
            advance(by: rng.double(0...60))
            emit(.pointerUp(pointer, .secondary))
            if rng.chance(0.7) { up() }
        case ..<0.86:
            emit(.key(.escape, []))
            if rng.chance(0.8) { up() }
        case ..<0.94:
            emit(.pointerCancel)
            isDown = false
            if rng.chance(0.2) { emit(.pointerUp(pointer, .primary)) }  // a stray release after the cancel
        default:
            break  // left pressed: the next press arrives without a release
        }
    }

    private mutating func tap() {
        down(at: scenePoint())
        wander(count: rng.int(0...2), step: 4, spacing: 5...30)
        advance(by: rng.double(20...260))
        finish()
        advance(by: rng.double(0...400))
    }

    private mutating func hold() {
        down(at: scenePoint())
        if rng.chance(0.3) { wander(count: rng.int(1...4), step: 6, spacing: 40...120) }
        advance(by: rng.double(500...900))
        if rng.chance(0.75) {
            wander(count: rng.int(3...40), step: rng.pick([5, 20, 60, 200]), spacing: 8...34)
            if rng.chance(0.3) {
                // Rest at an edge so auto-scroll runs, perhaps for a long while.
                move(to: Point(x: pointer.x, y: rng.pick([Deck.barHeight + 2, size.height - 2, -500, size.height + 500])))
                advance(by: rng.double(200...4000))
                wander(count: rng.int(0...6), step: 30, spacing: 10...30)
            }
        }
        finish()
        advance(by: rng.double(0...600))
    }

    private mutating func drag() {
        down(at: scenePoint())
        let speed = rng.pick([3.0, 15, 40, 120, 600])
        let direction = Point(x: rng.double(-1...1), y: rng.double(-1...1))
        let count = rng.int(2...30)
        for _ in 0..<count {
            advance(by: rng.double(6...24))
            move(to: pointer + direction * speed + Point(x: rng.double(-3...3), y: rng.double(-3...3)))
        }
        if rng.chance(0.25) { advance(by: rng.double(40...300)) }  // stop before letting go: no fling
        finish()
        advance(by: rng.double(0...1500))
    }

    private mutating func wheelDelta() -> WheelDelta {
        if rng.chance(0.5) {
            if rng.chance(0.03) { return .steps(dx: rng.int(-1000...1000), dy: rng.int(-1000...1000)) }
            // Int's ends: a sum of the two axes must not overflow (issue 19).
            if rng.chance(0.01) { return .steps(dx: rng.pick([Int.max, Int.min, Int.max - 1]), dy: rng.pick([Int.max, Int.min, 1, -1])) }
            return rng.chance(0.8) ? .steps(dx: 0, dy: rng.pick([-1, 1, 2, -3])) : .steps(dx: rng.int(-2...2), dy: 0)
        }
        if rng.chance(0.03) { return .pixels(dx: rng.sign() * rng.double(0...1e6), dy: rng.sign() * rng.double(0...1e6)) }
        if rng.chance(0.01) { return .pixels(dx: rng.sign() * Self.magnitude(&rng), dy: rng.sign() * Self.magnitude(&rng)) }
        return .pixels(dx: rng.chance(0.3) ? rng.double(-40...40) : 0, dy: rng.double(-60...60))
    }

    private mutating func modifiers() -> Modifiers {
        var m: Modifiers = []
        if rng.chance(0.3) { m.insert(.shift) }
        if rng.chance(0.05) { m.insert(.control) }
        if rng.chance(0.03) { m.insert(.alt) }
        return m
    }

    private mutating func wheelBurst() {
        let at = rng.chance(0.9) ? scenePoint() : point()
        let mods: Modifiers = rng.chance(0.2) ? .shift : []
        for _ in 0..<rng.int(1...25) {
            advance(by: rng.double(4...40))
            emit(.wheel(wheelDelta(), at: at, mods))
        }
        advance(by: rng.double(0...800))
    }

    private mutating func keys() {
        if switchesScenes && rng.chance(0.3) { switchScene() }
        for _ in 0..<rng.int(1...10) {
            let key: Key
            var mods: Modifiers = []
            if rng.chance(0.55) {
                key = rng.pick([.up, .down, .left, .right])
                if rng.chance(0.6) { mods = .shift }
            } else {
                key = rng.pick([.enter, .delete, .escape, .enter, .space] + Self.keys)
                mods = modifiers()
            }
            emit(.key(key, mods))
            advance(by: rng.double(0...150))
        }
    }

    private mutating func resize() {
        if rng.chance(0.02) {
            // A size no window has: the deck clamps it (issue 19), the fuzzer follows what it kept.
            emit(.resize(Size(width: rng.pick([1e300, 0, -5, 1e7, .infinity, .nan]), height: rng.pick([1e300, 800, 0, 1e9]))))
            advance(by: rng.double(0...50))
            return
        }
        size = rng.chance(0.4)
            ? rng.pick(Self.notableSizes)
            : Size(width: rng.double(100...2000).rounded(), height: rng.double(100...2000).rounded())
        emit(.resize(size))
        advance(by: rng.double(0...50))
    }

    private mutating func hover() {
        for _ in 0..<rng.int(1...8) {
            advance(by: rng.double(5...40))
            move(to: point())
        }
        if rng.chance(0.3) { emit(.pointerLeft) }
    }

    /// Inputs out of context: a release without a press, a cancel, a right click, a middle press.
    private mutating func stray() {
        switch rng.int(0...4) {
        case 0: emit(.pointerUp(point(), .primary))
        case 1: emit(.pointerCancel)
        case 2:
            emit(.pointerDown(point(), .secondary))
            emit(.pointerUp(point(), .secondary))
        case 3:
            emit(.pointerDown(point(), .middle))
            advance(by: rng.double(0...300))
            emit(.pointerUp(point(), .middle))
        default: emit(.pointerMove(point()))  // a motion with a button down that the deck never saw pressed
        }
        advance(by: rng.double(0...100))
    }

    private mutating func idle() {
        advance(by: rng.chance(0.05) ? rng.double(10_000...3_600_000) : rng.double(0...3000))
    }
}
