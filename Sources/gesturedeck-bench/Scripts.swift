import InteractionEngine

/// A scripted interaction: the inputs that arrive before each frame, in window coordinates.
///
/// One pointer event per frame at most, as the host delivers them: X11App
/// coalesces a burst of motion into its newest event before each tick.
struct Script {
    private(set) var frames: [[InputEvent.Kind]] = []

    var count: Int { frames.count }

    mutating func wait(_ n: Int) {
        frames += Array(repeating: [], count: max(0, n))
    }

    mutating func press(_ p: Point) {
        frames.append([.pointerDown(p, .primary)])
    }

    mutating func release(_ p: Point) {
        frames.append([.pointerUp(p, .primary)])
    }

    /// A press and a release on the next frame: a tap.
    mutating func tap(_ p: Point) {
        press(p)
        release(p)
    }

    mutating func key(_ key: Key) {
        frames.append([.key(key, [])])
    }

    /// Moves from `a` to `b` in `n` frames, one motion per frame.
    mutating func drag(from a: Point, to b: Point, frames n: Int) {
        for i in 1...max(1, n) {
            let f = Double(i) / Double(max(1, n))
            frames.append([.pointerMove(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))])
        }
    }

    /// Holds still at `p` for `n` frames, with the one-pixel tremor of a real hand.
    mutating func jiggle(at p: Point, frames n: Int) {
        for i in 0..<max(0, n) {
            frames.append([.pointerMove(Point(x: p.x + (i % 2 == 0 ? 1 : -1), y: p.y))])
        }
    }

    /// Press, drag by `delta` over `n` frames, release: a fling when `n` is small.
    mutating func fling(from p: Point, by delta: Point, frames n: Int, coast: Int) {
        press(p)
        drag(from: p, to: p + delta, frames: n)
        release(p + delta)
        wait(coast)
    }

    /// At most the first `n` frames.
    func prefix(_ n: Int) -> Script {
        var copy = self
        copy.frames = Array(frames.prefix(n))
        return copy
    }

    /// The script repeated until it holds at least `n` frames.
    func repeated(toAtLeast n: Int) -> Script {
        var copy = Script()
        while copy.count < n && !frames.isEmpty { copy.frames += frames }
        return copy
    }
}

/// The scripted interactions of each scene, for a window of a given size.
///
/// Positions come from the scenes' documented geometry (the 44 px scene bar,
/// wallet cards 100 px apart, 72 px message rows, grid tiles of at least
/// 96 px with 16 px margins and 12 px gaps, the carousel strip in the lower
/// part), so a small change in a scene's layout still lands on the same items.
enum Scripts {
    /// Height of the deck's scene bar (`Deck.barHeight`).
    static let bar = Deck.barHeight
    /// Frames in the 600 ms press that lifts an item (hold is 500 ms).
    static let holdFrames = 36

    /// The gesture whose engine cost is measured: the scene's main drag.
    static func gesture(_ scene: String, size: Size) -> Script {
        let w = size.width, h = size.height - bar
        var s = Script()
        switch scene {
        case "wallet":
            // Press-hold a card 600 ms, drag it into the bottom auto-scroll zone, then the top one.
            let p = Point(x: w / 2, y: bar + 16 + 100 + 60)
            s.press(p)
            s.wait(holdFrames)
            let low = Point(x: w / 2, y: size.height - 50), high = Point(x: w / 2, y: bar + 40)
            s.drag(from: p, to: low, frames: 30)
            s.jiggle(at: low, frames: 90)
            s.drag(from: low, to: high, frames: 30)
            s.jiggle(at: high, frames: 60)
            let mid = Point(x: w / 2, y: bar + h / 2)
            s.drag(from: high, to: mid, frames: 20)
            s.release(mid)
            s.wait(30)
        case "grid":
            // Press-hold the second tile, drag it across, down into auto-scroll, back and up.
            let g = gridGeometry(width: w)
            let p = Point(x: 16 + g.pitch + g.tile / 2, y: bar + 16 + g.tile / 2)
            s.press(p)
            s.wait(holdFrames)
            let across = Point(x: 16 + Double(min(g.columns - 1, 3)) * g.pitch + g.tile / 2, y: p.y)
            s.drag(from: p, to: across, frames: 20)
            let low = Point(x: across.x, y: size.height - 30)
            s.drag(from: across, to: low, frames: 30)
            s.jiggle(at: low, frames: 90)
            let left = Point(x: 16 + g.tile / 2, y: low.y)
            s.drag(from: low, to: left, frames: 30)
            let mid = Point(x: left.x, y: bar + h / 2)
            s.drag(from: left, to: mid, frames: 30)
            s.release(mid)
            s.wait(30)
        case "messages":
            // Swipe a row open slowly, close it with a tap, then scroll the list and fling it.
            let row = Point(x: w - 60, y: bar + 72 + 36)
            s.press(row)
            s.drag(from: row, to: row + Point(x: -240, y: 0), frames: 30)
            s.release(row + Point(x: -240, y: 0))
            s.wait(30)
            s.tap(Point(x: w / 2, y: bar + 72 * 4 + 36))
            s.wait(30)
            let start = Point(x: w / 2, y: bar + h * 0.8)
            let up = start + Point(x: 0, y: -h * 0.5), down = up + Point(x: 0, y: h * 0.25)
            s.press(start)
            s.drag(from: start, to: up, frames: 40)
            s.drag(from: up, to: down, frames: 20)
            s.drag(from: down, to: down + Point(x: 0, y: -300), frames: 5)
            s.release(down + Point(x: 0, y: -300))
            s.wait(60)
        case "carousel":
            // Drag the strip slowly, then fling it; the same the other way.
            let p = carouselStripPoint(size)
            s.press(p)
            s.drag(from: p, to: p + Point(x: -400, y: 0), frames: 40)
            s.drag(from: p + Point(x: -400, y: 0), to: p + Point(x: -600, y: 0), frames: 5)
            s.release(p + Point(x: -600, y: 0))
            s.wait(60)
            s.press(p)
            s.drag(from: p, to: p + Point(x: 300, y: 0), frames: 30)
            s.drag(from: p + Point(x: 300, y: 0), to: p + Point(x: 550, y: 0), frames: 5)
            s.release(p + Point(x: 550, y: 0))
            s.wait(60)
        default:
            // A scene the benchmark does not know yet: a vertical drag and fling in the middle.
            let p = Point(x: w / 2, y: bar + h * 0.7)
            s.press(p)
            s.drag(from: p, to: p + Point(x: 0, y: -h * 0.4), frames: 60)
            s.release(p + Point(x: 0, y: -h * 0.4))
            s.wait(60)
        }
        return s
    }

    /// The frames whose render cost is measured: the gesture, then a fling,
    /// an expand (wallet) or a second fling (carousel).
    static func interaction(_ scene: String, size: Size) -> Script {
        let w = size.width, h = size.height - bar
        var s = gesture(scene, size: size)
        switch scene {
        case "wallet":
            s.tap(Point(x: w / 2, y: bar + 16 + 200 + 50))
            s.wait(45)
            s.key(.escape)
            s.wait(45)
            s.fling(from: Point(x: w / 2, y: bar + h * 0.7), by: Point(x: 0, y: -300), frames: 6, coast: 90)
            s.fling(from: Point(x: w / 2, y: bar + h * 0.3), by: Point(x: 0, y: 300), frames: 6, coast: 90)
        case "grid", "messages":
            s.fling(from: Point(x: w / 2, y: bar + h * 0.7), by: Point(x: 0, y: -400), frames: 6, coast: 90)
            s.fling(from: Point(x: w / 2, y: bar + h * 0.3), by: Point(x: 0, y: 300), frames: 6, coast: 90)
        case "carousel":
            let p = carouselStripPoint(size)
            s.fling(from: p, by: Point(x: -500, y: 0), frames: 4, coast: 90)
            s.fling(from: p, by: Point(x: 500, y: 0), frames: 4, coast: 90)
        default:
            break
        }
        return s
    }

    /// Columns, tile side and pitch of the grid for a viewport `width` (SPEC G1 layout).
    static func gridGeometry(width: Double) -> (columns: Int, tile: Double, pitch: Double) {
        let columns = max(2, Int(((width - 32 + 12) / 108).rounded(.down)))
        let tile = (width - 32 - Double(columns - 1) * 12) / Double(columns)
        return (columns, tile, tile + 12)
    }

    /// A point on the carousel's strip of pictures, in window coordinates.
    static func carouselStripPoint(_ size: Size) -> Point {
        let h = size.height - bar
        let scale = min(max(min(size.width / 480, h / 600), 1), 2)
        let stripTop = h - 150 * scale - 28 * scale
        return Point(x: size.width / 2, y: bar + stripTop + 0.35 * 150 * scale)
    }
}
