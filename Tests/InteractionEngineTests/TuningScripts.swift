import Foundation
@testable import InteractionEngine

/// One scripted session per scene that exercises every behaviour a tunable governs (holds with
/// a small jitter, lifts, swaps, auto-scroll at the edge, expansion and both ways of closing it,
/// pulls past the edge, slow and fast flings, swipes decided by distance and by flick, deletes,
/// wheel, clicks), run on a deck with a given tuning. The result is everything observable: the
/// events and the display list at every third frame.
enum TuningScripts {
    static let size = Size(width: 480, height: 800)
    static let bar = Deck.barHeight

    struct Step {
        var time: Millis
        var kind: InputEvent.Kind
        var pointer: PointerKind = .mouse
    }

    /// A little builder of timed steps, in scene coordinates.
    struct Builder {
        var steps: [Step] = []
        var now: Millis = 0
        var pointer: PointerKind = .mouse

        mutating func at(_ t: Millis) { now = max(now, t) }
        mutating func wait(_ ms: Millis) { now += ms }
        mutating func add(_ kind: InputEvent.Kind) { steps.append(Step(time: now, kind: kind, pointer: pointer)) }
        mutating func down(_ x: Double, _ y: Double) { add(.pointerDown(Point(x: x, y: y + TuningScripts.bar), .primary)) }
        mutating func move(_ x: Double, _ y: Double) { add(.pointerMove(Point(x: x, y: y + TuningScripts.bar))) }
        mutating func up(_ x: Double, _ y: Double) { add(.pointerUp(Point(x: x, y: y + TuningScripts.bar), .primary)) }
        /// Moves from a to b over `ms` in 8 ms steps; `accelerating` follows t² instead of t.
        mutating func stroke(_ a: Point, _ b: Point, ms: Millis, accelerating: Bool = false) {
            let n = max(1, Int(ms / 8))
            for i in 1...n {
                var f = Double(i) / Double(n)
                if accelerating { f *= f }
                wait(ms / Double(n))
                move(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            }
        }
        /// Press, stroke, release at once (a fling when fast).
        mutating func drag(_ a: Point, _ b: Point, ms: Millis, accelerating: Bool = false, pauseBeforeRelease: Millis = 0) {
            down(a.x, a.y)
            stroke(a, b, ms: ms, accelerating: accelerating)
            wait(pauseBeforeRelease)
            up(b.x, b.y)
        }
        mutating func key(_ key: Key) { add(.key(key, [])) }
    }

    static func script(_ scene: String) -> [Step] {
        var b = Builder()
        let P = Point.init(x:y:)
        switch scene {
        case "wallet":
            // A hold on c3 with a 3 px jitter, a lift, a slow swap down, auto-scroll at the bottom edge.
            b.down(240, 350); b.wait(100); b.move(243, 350); b.wait(600)
            b.stroke(P(243, 350), P(243, 480), ms: 400)
            b.stroke(P(243, 480), P(243, 790), ms: 200); b.wait(700); b.up(243, 790); b.wait(900)
            // Back to the top, then a tap expands c1.
            b.add(.key(.home, [])); b.wait(800)
            b.down(240, 170); b.wait(80); b.up(240, 170); b.wait(900)
            // A slow 250 px drag of the expanded card, released still: springs back by default.
            b.drag(P(240, 300), P(240, 550), ms: 1000, pauseBeforeRelease: 60); b.wait(900)
            // A 300 px flick at about 3000 px/s closes it.
            b.drag(P(240, 300), P(240, 600), ms: 100); b.wait(1200)
            // A pull past the top (touch), a 1000 px/s fling, a fast accelerating fling.
            b.pointer = .touch
            b.drag(P(240, 300), P(240, 520), ms: 300); b.wait(900)
            b.pointer = .mouse
            b.drag(P(240, 500), P(240, 400), ms: 100); b.wait(1200)
            b.drag(P(240, 600), P(240, 200), ms: 200, accelerating: true); b.wait(1500)
            // A lift carried to the top edge, then cancelled with Escape (the return flight).
            b.down(240, 400); b.wait(700); b.stroke(P(240, 400), P(240, 5), ms: 200); b.wait(600)
            b.key(.escape); b.wait(100); b.up(240, 5); b.wait(1200)
        case "grid":
            b.down(70, 70); b.wait(100); b.move(73, 70); b.wait(600)
            b.stroke(P(73, 70), P(300, 260), ms: 900)
            b.stroke(P(300, 260), P(300, 790), ms: 200); b.wait(600); b.up(300, 790); b.wait(900)
            b.down(200, 300); b.wait(700); b.stroke(P(200, 300), P(330, 330), ms: 400)
            b.key(.escape); b.wait(50); b.up(330, 330); b.wait(900)
            b.pointer = .touch
            b.drag(P(240, 300), P(240, 520), ms: 300); b.wait(900)
            b.pointer = .mouse
            b.drag(P(240, 500), P(240, 400), ms: 100); b.wait(1200)
            b.drag(P(240, 700), P(240, 200), ms: 200, accelerating: true); b.wait(1500)
        case "messages":
            // Row 0 (read: two buttons, 148 px) dragged 100 px and released still: past half, it opens;
            // a tap closes it again.
            b.drag(P(400, 36), P(300, 36), ms: 500, pauseBeforeRelease: 60); b.wait(800)
            b.down(200, 36); b.wait(60); b.up(200, 36); b.wait(800)
            // Row 1 dragged 330 px, past its buttons (elastic), released still: it opens.
            b.drag(P(450, 108), P(120, 108), ms: 600, pauseBeforeRelease: 60); b.wait(800)
            // Delete on row 1 (the rightmost button): it fades, the rows below slide up.
            b.down(470, 108); b.wait(60); b.up(470, 108); b.wait(900)
            // Row 2 flicked 40 px at about 600 px/s: opens by its direction.
            b.drag(P(400, 180), P(360, 180), ms: 64); b.wait(800)
            // A pull past the top (touch), a 1000 px/s fling, a fast accelerating fling.
            b.pointer = .touch
            b.drag(P(240, 300), P(240, 520), ms: 300); b.wait(900)
            b.pointer = .mouse
            b.drag(P(240, 500), P(240, 400), ms: 100); b.wait(1200)
            b.drag(P(240, 700), P(240, 200), ms: 200, accelerating: true); b.wait(1500)
        case "carousel":
            let y = 800 - bar - 28 - 75.0
            b.drag(P(240, y), P(200, y), ms: 300, pauseBeforeRelease: 60); b.wait(1000)
            b.drag(P(240, y), P(140, y), ms: 100); b.wait(1500)
            b.drag(P(300, y), P(60, y), ms: 200, accelerating: true); b.wait(2000)
            b.pointer = .touch
            b.drag(P(240, y), P(243, y), ms: 50); b.wait(600)
            b.pointer = .mouse
            b.drag(P(100, y), P(460, y), ms: 300); b.wait(1500)
            b.add(.key(.right, [])); b.wait(800)
        default:
            break
        }
        return b.steps
    }

    /// An event with its fields in key order.
    static func describe(_ event: DeckEvent) -> String {
        event.name + " " + event.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// What a session of `scene` under `tuning` shows: events and a hash of every third frame's display list.
    static func run(_ scene: String, tuning: Tuning) throws -> [String] {
        let deck = Deck(scenes: [try FuzzScenes.make(scene, state: DeckState())], size: size)
        deck.apply(tuning, at: 0)
        _ = deck.drainEvents()
        var out: [String] = []
        var frame = 0
        var clock: Millis = 0
        func tick(to t: Millis) {
            while clock + 1000 / 60 <= t {
                clock += 1000 / 60
                deck.tick(at: clock)
                frame += 1
                if frame % 3 == 0 {
                    var hasher = Hasher()
                    hasher.combine(deck.render(at: clock, chrome: false).commands)
                    out.append("frame \(frame) \(hasher.finalize())")
                }
            }
        }
        let steps = script(scene)
        for step in steps {
            tick(to: step.time)
            deck.handle(InputEvent(step.kind, at: step.time, pointer: step.pointer))
            deck.tick(at: max(clock, step.time))
            out += deck.drainEvents().map(describe)
        }
        tick(to: (steps.last?.time ?? 0) + 2000)
        out += deck.drainEvents().map(describe)
        return out
    }
}
