@testable import InteractionEngine
import TestSupport

/// Drives a `MessagesScene` with synthetic input at explicit timestamps.
///
/// The viewport is 480 x 756 (the default window's scene), so row `i` of an
/// unscrolled list spans y = 72 i ..< 72 (i + 1).
final class MessagesDriver {
    let scene: MessagesScene
    /// The press router a deck would own: scenes take gestures, not pointer input.
    var router = PressRouter()
    /// What the scene returned since the last look.
    var inbox: [SceneEvent] = []
    func takeInbox() -> [DeckEvent] {
        defer { inbox.removeAll() }
        return inbox.map(\.deckEvent)
    }
    /// The clock, the pointer and the 60 Hz frames (TestSupport's driver).
    private lazy var driver = SceneDriver(
        deliver: { [unowned self] in inbox += router.route($0, to: scene) },
        tick: { [unowned self] in
            inbox += router.tick(at: $0, scene: scene)
            inbox += scene.tick(at: $0)
        },
        needsFrame: { [unowned self] in scene.needsFrame(at: $0) })
    var time: Millis { driver.time }
    /// Pointer moves are this far apart in time (ms) unless a step says otherwise.
    let frame: Millis = 8

    /// `count` conversations `m0`, `m1`...: even rows unread (three buttons),
    /// odd rows read (two buttons).
    static func conversations(_ count: Int) -> [MessageConversation] {
        (0..<count).map { i in
            MessageConversation(id: "m\(i)", name: "Name \(i)", preview: "Preview of conversation \(i)",
                                time: "09:\(i % 60)", unread: i.isMultiple(of: 2) ? i + 1 : 0,
                                read: !i.isMultiple(of: 2), avatarColor: "#34C759")
        }
    }

    init(count: Int = 40, saved: DeckState.MessagesState? = nil, reduceMotion: Bool = false) {
        scene = MessagesScene(conversations: Self.conversations(count), saved: saved)
        scene.resize(to: Size(width: 480, height: 756), at: 0)
        scene.reduceMotion = reduceMotion
    }

    /// The centre of row `index`'s slot, at `x`, for an unscrolled list.
    static func row(_ index: Int, x: Double = 240) -> Point {
        Point(x: x, y: Double(index) * 72 + 36)
    }

    func send(_ kind: InputEvent.Kind) { driver.send(kind) }

    /// Where the pointer is.
    var pointer: Point { driver.pointer }

    func press(_ p: Point) {
        send(.pointerDown(p, .primary))
    }

    /// Moves the pointer to `p`, `dt` ms after the last input.
    func move(_ p: Point, dt: Millis? = nil) {
        advance(dt ?? frame)
        send(.pointerMove(p))
    }

    /// Releases where the pointer is, after `dt` ms (50 ms is a pause: the
    /// release carries no velocity).
    func release(dt: Millis = 50) {
        advance(dt)
        send(.pointerUp(pointer, .primary))
    }

    /// A press and release 60 ms apart at `p`.
    func tap(_ p: Point) {
        press(p)
        release(dt: 60)
    }

    /// Presses at `start` and moves in `steps` equal steps of `frame` ms by `delta`.
    func drag(from start: Point, by delta: Point, steps: Int = 12) {
        press(start)
        moveBy(delta, from: start, steps: steps)
    }

    /// Moves from `start` by `delta` in `steps` equal steps.
    func moveBy(_ delta: Point, from start: Point, steps: Int = 12) {
        for i in 1...steps {
            move(start + delta * (Double(i) / Double(steps)))
        }
    }

    /// Presses row `index` at x = 400, crosses the slop leftwards (12 px), then
    /// moves on so that the content offset becomes `target` (content follows
    /// the pointer less the slop, so the pointer ends `slop` px further left).
    func swipe(row index: Int, to target: Double, steps: Int = 10) {
        let start = Self.row(index, x: 400)
        let began = start + Point(x: -12, y: 0)
        press(start)
        move(began)
        moveBy(Point(x: target - Self.slop + 12, y: 0), from: began, steps: steps)
    }

    /// The mouse's pan slop: content follows the pointer less this.
    static let slop = GestureSettings.standard.slop(for: .mouse)

    /// Lets `ms` pass, ticking the scene at 60 Hz like the host does.
    func wait(_ ms: Millis) {
        let end = time + ms
        while time < end {
            advance(min(SceneDriver.frame, end - time))
        }
    }

    /// Runs frames until the scene is at rest (at most 10 s); returns how long that took.
    @discardableResult
    func settle() -> Millis {
        driver.settle()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) {
        advance(frame)
        send(.key(key, modifiers))
    }

    func wheel(_ dy: Int) {
        advance(frame)
        send(.wheel(.steps(dx: 0, dy: dy), at: Point(x: 240, y: 300), []))
    }

    /// One frame `ms` after the last input.
    private func advance(_ ms: Millis) { driver.step(ms) }

    /// The events since the last call as "name:id" (or "action:name:id").
    func events() -> [String] {
        takeInbox().map { e in
            [e.name, e.string("name"), e.string("id")].compactMap { $0 }.joined(separator: ":")
        }
    }

    /// Row `id`'s swipe offset now.
    func offset(_ id: String) -> Double {
        scene.swipeOffset(of: id, at: time)
    }

    /// The top of row `id` on screen now (NaN when it is not on screen).
    func top(_ id: String) -> Double {
        scene.rowFrame(of: id, at: time)?.minY ?? .nan
    }

    var ids: [String] { scene.list.rows.map(\.id) }
}
