import CCairo
import CPangoCairo
import InteractionEngine

/// A rectangle of whole device pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole pixels covering the device box from (`x0`, `y0`) to (`x1`, `y1`).
    init(covering x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        self.init(x: left, y: top, width: Int(x1.rounded(.up)) - left, height: Int(y1.rounded(.up)) - top)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { width * height }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ o: PixelRect) -> Bool { !intersection(o).isEmpty }

    public func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY)
    }
}

/// The device pixels that differ between two frames: what must be repainted and presented.
///
/// Rectangles limited to the columns of what changed (`DamageRectangles`), not overlapping, at
/// most `maxRects` of them (the pair whose box adds the fewest pixels is merged first), clipped
/// to the frame; none cuts a box it must hold whole (`held`: pictures and gradient circles).
public struct FrameDamage: Equatable, Sendable {
    /// More rectangles than this cost more in clip and present calls than the pixels they save.
    public static let maxRects = 16

    public private(set) var rects: [PixelRect]
    /// What the rectangles hold whole wherever they touch it (kept for `union`, which may merge
    /// rectangles into a box that reaches one).
    public private(set) var held: [PixelRect] = []
    /// Boxes whose columns the rectangles hold whole wherever they touch one (`columns`).
    public private(set) var heldColumns: [PixelRect] = []

    public static let none = FrameDamage(rects: [])

    /// The whole frame.
    public static func full(width: Int, height: Int) -> FrameDamage {
        FrameDamage(rects: [PixelRect(x: 0, y: 0, width: width, height: height)])
    }

    /// `rects` clipped to the frame, overlapping ones merged, at most `maxRects`, each holding
    /// whole every box of `held` it touches, and every column of each box of `columns` (clips
    /// that are not whole-pixel rectangles: `DamageRectangles`). Without rectangles the boxes are
    /// kept all the same, for a `union` (a frame at rest whose layers settle: its settle rectangles
    /// must hold the columns of the shapes they cut, grid-mid-drag's tile beside a settling one).
    public init(rects input: [PixelRect], holding held: [PixelRect] = [], columns: [PixelRect] = [], width: Int, height: Int) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let clipped = input.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        let boxes = held.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        let spans = columns.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        self.rects = DamageRectangles.shape(clipped, holding: boxes, columns: spans, limit: FrameDamage.maxRects)
        self.held = boxes
        self.heldColumns = spans
    }

    /// Equal rectangles (what the boxes held were is not compared).
    public static func == (a: FrameDamage, b: FrameDamage) -> Bool { a.rects == b.rects }

    private init(rects: [PixelRect]) { self.rects = rects }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels covered (the rectangles do not overlap).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    /// The pixels of these rectangles outside `other`'s, as disjoint rectangles.
    public func subtracting(_ other: FrameDamage) -> [PixelRect] {
        rects.flatMap { DamageRectangles.subtracting(other.rects, from: $0) }
    }

    /// Both damages (for a buffer that missed a frame).
    public func union(_ other: FrameDamage, width: Int, height: Int) -> FrameDamage {
        FrameDamage(rects: rects + other.rects, holding: held + other.held, columns: heldColumns + other.heldColumns,
                    width: width, height: height)
    }
}

/// One drawing command of a display list in its drawing context, with the device pixels it can touch.
///
/// The command itself is not copied: it is `list.commands[index]` of the list walked (the tracker
/// keeps the last list, which costs a reference, not a copy of its commands).
struct PaintedItem {
    /// What the pixels of a command depend on besides the command: the transform, clips and
    /// opacity groups it is drawn under. Equal commands in equal contexts paint equal pixels.
    struct Context: Equatable {
        var scale: Double
        var tx: Double
        var ty: Double
        /// Device-space clip rectangles and radii, outermost first, five numbers each.
        var clips: [Double] = []
        /// (ordinal of the group in the list, alpha) of each enclosing opacity group, two numbers each.
        var groups: [Double] = []
        /// What the clips leave of the frame, in whole device pixels (a function of `clips`,
        /// kept so that equal contexts give equal bounds).
        var clip: PixelRect
    }

    /// Index of the command in its list.
    let index: Int
    /// Index of its context in the walk's `contexts`.
    let context: Int
    /// For a picture the last frame drew short of its final look: that frame's number, so
    /// the command counts as changed in every frame until the picture has settled.
    let picture: UInt64
    var bounds: PixelRect
    /// A text command's ink box in its own space (`textBounds`), once measured: the same in any
    /// context of the same scale (a scroll moves every text of its content to a new one).
    var textBox: Rect? = nil
}

/// A display list walked for the damage: its drawing commands and the contexts they are drawn in.
struct PaintedWalk {
    var items: [PaintedItem] = []
    /// Each push opens a context; a pop goes back to the one it was pushed from.
    var contexts: [PaintedItem.Context] = []
    /// Device boxes of the clips that are not whole-pixel rectangles (rounded, or at a fraction
    /// of a pixel): Cairo clips to them with a path, and that path intersected with a damage
    /// rectangle's side inside it rounds the pixels it clips differently from a whole repaint.
    var pathClips: [PixelRect] = []
}

/// What the damage tracker knows of each command of the list it compared last, by index.
public struct CommandBounds: Sendable {
    /// Device bounds of each command (nil for a push or pop), for culling.
    public let rects: [PixelRect?]
    /// For each drawing command: the previous list drew it too, in the same context (it neither
    /// moved nor changed). All true for a list compared with none (the first, after an
    /// invalidation: drawn whole). Empty when unknown. Read by HiddenParts.swift.
    let unchanged: [Bool]

    public init(rects: [PixelRect?]) {
        self.rects = rects
        unchanged = []
    }

    init(rects: [PixelRect?], unchanged: [Bool]) {
        self.rects = rects
        self.unchanged = unchanged
    }

    public var count: Int { rects.count }
    public subscript(index: Int) -> PixelRect? { rects[index] }
}

/// Matching two runs of items in order (the damage tracker's lists; the renderer's last list
/// when it draws without one).
enum CommandMatch {
    /// Old items looked through past the next unmatched one for an item of the new run that
    /// moved up or down the list (a card lifted above the others): about one card's commands.
    static let window = 32

    /// Which of `newCount` items equal one of `oldCount` (`equal(old, new)`): the common head,
    /// the common tail, and between them each new item found, in order, among the next `window`
    /// old ones. `matched[n]` is the old item's index, or -1.
    static func match(oldCount: Int, newCount: Int, equal: (Int, Int) -> Bool) -> (head: Int, tail: Int, matched: [Int]) {
        var matched = [Int](repeating: -1, count: newCount)
        var head = 0
        while head < oldCount, head < newCount, equal(head, head) {
            matched[head] = head
            head += 1
        }
        var tail = 0
        while tail < oldCount - head, tail < newCount - head, equal(oldCount - 1 - tail, newCount - 1 - tail) {
            matched[newCount - 1 - tail] = oldCount - 1 - tail
            tail += 1
        }
        var j = head
        let oldEnd = oldCount - tail
        for n in head..<(newCount - tail) {
            let last = min(oldEnd, j + window)
            var k = j
            while k < last, !equal(k, n) { k += 1 }
            if k < last {
                matched[n] = k
                j = k + 1
            }
        }
        return (head, tail, matched)
    }
}

/// Finds what changed between consecutive display lists.
///
/// Each drawing command is paired with its context (transform, clips, opacity groups) and its
/// device bounds (conservative: antialiasing, pixel snapping, shadow falloff and text ink
/// included). Commands are paired in order (`CommandMatch`: the lists' common head and tail,
/// then in-order matches between them) when the command, its context and its picture's state are
/// equal; only the unpaired ones' bounds can differ: old ones (what is uncovered) and new ones
/// (what is drawn). A pixel outside them sees the same commands in the same order. Rectangles are
/// grown to hold whole every picture they touch (`heldWhole`).
///
/// A command drawn in the last list in the same context has the same bounds: they are taken
/// from there, not measured again (text extents come from Pango).
public final class DamageTracker {
    private var previous = PaintedWalk()
    private var previousCommands: [DrawCommand] = []
    private var previousSize: (Int, Int) = (0, 0)
    /// The renderer's text generation the last bounds were measured with (font options).
    private var previousText = -1
    private var invalid = true
    /// Device bounds of each command of the last list (nil for push/pop), for culling, and
    /// which of its commands the list before drew too.
    public private(set) var commandBounds = CommandBounds(rects: [])
    /// Commands whose bounds the last `update` measured (the rest were the previous list's).
    private(set) var measured = 0
    /// Unmatched texts of the last `update` that kept an old one's ink box (not measured again).
    private(set) var textBoxesKept = 0
    /// Old unmatched texts looked through for one equal to an unmatched new text (texts): a
    /// grid row's tiles hold one title each, a message row two or three.
    static let textLookahead = 8

    public init() {}

    /// The next frame is repainted whole (after an Expose, a resize, a lost buffer).
    public func invalidate() { invalid = true }

    /// The damage from the previous list to `list` on a `width` x `height` device frame.
    public func update(_ list: DisplayList, renderer: CairoRenderer, width: Int, height: Int) -> FrameDamage {
        var walk = renderer.paintedWalk(of: list, width: width, height: height)
        let commands = list.commands
        var unchanged = [Bool](repeating: true, count: commands.count)
        var rects = [PixelRect?](repeating: nil, count: commands.count)
        let generation = renderer.text.generation
        defer {
            for item in walk.items { rects[item.index] = item.bounds }
            commandBounds = CommandBounds(rects: rects, unchanged: unchanged)
            previous = walk
            previousCommands = commands
            previousSize = (width, height)
            previousText = generation
            invalid = false
        }
        let comparable = !invalid && previousSize == (width, height) && previousText == generation
        guard comparable else {
            for n in walk.items.indices { renderer.measure(&walk.items[n], of: commands, in: walk.contexts) }
            measured = walk.items.count
            textBoxesKept = 0
            return .full(width: width, height: height)
        }
        let old = previous, oldCommands = previousCommands
        var lastPair = (-1, -1, false)
        let (head, tail, matched) = CommandMatch.match(oldCount: old.items.count, newCount: walk.items.count) { o, n in
            let a = old.items[o], b = walk.items[n]
            // The contexts first (a scroll moves every command of its content to a new context,
            // where the commands themselves compare equal, text and all), remembered for the
            // last pair asked: a run of items shares one context.
            if lastPair.0 != a.context || lastPair.1 != b.context {
                lastPair = (a.context, b.context, old.contexts[a.context] == walk.contexts[b.context])
            }
            return lastPair.2 && a.picture == b.picture && oldCommands[a.index] == commands[b.index]
        }
        var kept = [Bool](repeating: false, count: old.items.count)
        for n in head..<(walk.items.count - tail) where matched[n] >= 0 { kept[matched[n]] = true }
        // An unmatched text equal to the next unmatched old one (or one a few further) drawn at
        // the same scale keeps its ink box: a scroll frame of the grid looked up 90 texts' extents
        // again (6 % of the compositor's frame at 1280x800).
        var nextOld = head
        let oldEnd = old.items.count - tail
        measured = 0
        textBoxesKept = 0
        for n in walk.items.indices {
            if matched[n] >= 0 {
                walk.items[n].bounds = old.items[matched[n]].bounds
                walk.items[n].textBox = old.items[matched[n]].textBox
                continue
            }
            unchanged[walk.items[n].index] = false
            if case .text = commands[walk.items[n].index] {
                let scale = walk.contexts[walk.items[n].context].scale
                var o = nextOld, looked = 0
                while o < oldEnd, looked < DamageTracker.textLookahead {
                    let candidate = old.items[o]
                    if !kept[o], case .text = oldCommands[candidate.index] {
                        looked += 1
                        if candidate.textBox != nil, old.contexts[candidate.context].scale == scale,
                           oldCommands[candidate.index] == commands[walk.items[n].index] {
                            walk.items[n].textBox = candidate.textBox
                            textBoxesKept += 1
                            nextOld = o + 1
                            break
                        }
                    }
                    o += 1
                }
            }
            renderer.measure(&walk.items[n], of: commands, in: walk.contexts)
            measured += 1
        }
        var changed: [PixelRect] = []
        changed.reserveCapacity(old.items.count + walk.items.count - 2 * (head + tail))
        // Only the unmatched commands' bounds (issue 21, the grid's drag): matched pairs keep their
        // order and bounds, so a pixel outside every unmatched bound sees the same commands in the
        // same order (a tile reflowing in row 1 no longer damages every row below it).
        for n in head..<(walk.items.count - tail) where matched[n] < 0 { changed.append(walk.items[n].bounds) }
        for o in head..<(old.items.count - tail) where !kept[o] { changed.append(old.items[o].bounds) }
        return FrameDamage(rects: changed, holding: CairoRenderer.heldWhole(walk.items, commands),
                           columns: walk.pathClips + CairoRenderer.heldColumns(walk.items, commands, walk.contexts),
                           width: width, height: height)
    }
}

extension CairoRenderer {
    /// What a damage rectangle must hold whole wherever it touches it: a picture repainted from
    /// a rectangle starting inside it is 1/255 off there (pixman's bilinear steps restart at a
    /// span's start), and with only unmatched commands damaged, a change beside an unchanged
    /// picture would leave such a row or column at rest. A gradient circle cut by an edge is a
    /// level off too (an avatar beside a changed badge: 1 pixel of its rim, CopyForwardXvfbTests).
    static func heldWhole(_ items: [PaintedItem], _ commands: [DrawCommand]) -> [PixelRect] {
        var held: [PixelRect] = []
        for item in items where !item.bounds.isEmpty {
            switch commands[item.index] {
            case .image, .fillCircle(_, _, .diagonalGradient), .fillCircle(_, _, .verticalGradient): held.append(item.bounds)
            default: break
            }
        }
        return held
    }

    /// What a damage rectangle must hold across all its columns wherever it touches it (not its
    /// rows): every antialiased path Cairo fills or strokes, and every shape the shape cache may
    /// draw stretched or straight onto the frame. A rectangle's side crossing such a path rounds
    /// its edge pixels a level off a whole repaint (a C fuzz of 299 random circles, fills and
    /// strokes under one clip box: 5-19 differ when a box's side crosses them, none when only its
    /// top and bottom do, for fills). Text (glyph masks at whole pixels) and whole-pixel solid
    /// rectangles are exact under any rectangle, and so is the straight middle of a horizontal
    /// line whose rows are whole pixels (a bar's hairline): only its round caps are held.
    static func heldColumns(_ items: [PaintedItem], _ commands: [DrawCommand], _ contexts: [PaintedItem.Context]) -> [PixelRect] {
        var held: [PixelRect] = []
        for item in items where !item.bounds.isEmpty {
            switch commands[item.index] {
            case .text, .image, .clear, .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: break
            case .fillRect(let r, .solid, let radius) where radius == 0 && isWholePixels(r, in: contexts[item.context]): break
            case .line(let from, let to, _, let width):
                held += lineCaps(from, to, width: width, bounds: item.bounds, in: contexts[item.context]) ?? [item.bounds]
            default: held.append(item.bounds)
            }
        }
        return held
    }

    /// The boxes of a horizontal line's caps (each end's half width and the damage slack either
    /// side, in the line's rows), when its rows are whole device pixels: every pixel between
    /// them is covered wholly, so a rectangle's side there rounds nothing. Nil for any other line.
    static func lineCaps(_ from: Point, _ to: Point, width: Double, bounds: PixelRect, in context: PaintedItem.Context) -> [PixelRect]? {
        let k = context.scale
        let y = from.y * k + context.ty, half = width * k / 2
        func whole(_ v: Double) -> Bool { v.isFinite && v == v.rounded() }
        guard from.y == to.y, half > 0, whole(y - half), whole(y + half) else { return nil }
        return [from.x, to.x].map { x in
            let cx = x * k + context.tx
            let left = Int((cx - half - damageSlack).rounded(.down)), right = Int((cx + half + damageSlack).rounded(.up))
            return PixelRect(x: left, y: bounds.y, width: right - left, height: bounds.height).intersection(bounds)
        }.filter { !$0.isEmpty }
    }

    /// Device pixels a command may touch beyond its geometry: antialiasing and the
    /// whole-pixel snapping of cached shapes (ShapeCache rounds origin and size).
    static let damageSlack = 2.0

    /// Every drawing command of `list` with its context and device bounds.
    func paintedItems(of list: DisplayList, width: Int, height: Int) -> [PaintedItem] {
        var walk = paintedWalk(of: list, width: width, height: height)
        for n in walk.items.indices { measure(&walk.items[n], of: list.commands, in: walk.contexts) }
        return walk.items
    }

    /// Every drawing command of `list` with its context; bounds not measured yet (`measure`).
    func paintedWalk(of list: DisplayList, width: Int, height: Int) -> PaintedWalk {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        var walk = PaintedWalk()
        walk.contexts.append(PaintedItem.Context(scale: scale, tx: 0, ty: 0, clip: frame))
        var current = 0
        var stack: [Int] = []
        var groupOrdinal = 0
        walk.items.reserveCapacity(list.commands.count)
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (index, command) in list.commands.enumerated() {
            switch command {
            case .pushClip(let rect, let radius):
                var context = walk.contexts[current]
                let k = context.scale
                context.clips.append(contentsOf: [rect.minX * k + context.tx, rect.minY * k + context.ty, rect.width * k,
                                                  rect.height * k, radius * k])
                let box = CairoRenderer.device(rect, grow: 0, in: walk.contexts[current], frame: frame)
                context.clip = context.clip.intersection(box)
                if radius != 0 || !CairoRenderer.isWholePixels(rect, in: walk.contexts[current]) { walk.pathClips.append(box) }
                stack.append(current)
                current = walk.contexts.count
                walk.contexts.append(context)
            case .pushTransform(let t):
                var context = walk.contexts[current]
                context.tx += context.scale * t.translation.x
                context.ty += context.scale * t.translation.y
                context.scale *= t.scale
                stack.append(current)
                current = walk.contexts.count
                walk.contexts.append(context)
            case .pushOpacity(let alpha):
                var context = walk.contexts[current]
                context.groups.append(contentsOf: [Double(groupOrdinal), alpha])
                groupOrdinal += 1
                stack.append(current)
                current = walk.contexts.count
                walk.contexts.append(context)
            case .popClip, .popTransform, .popOpacity:
                if let top = stack.popLast() { current = top }
            case .image(let path, _, _, _):
                let picture = pictures.unsettledPaths.contains(path) ? pictures.store.frame : 0
                walk.items.append(PaintedItem(index: index, context: current, picture: picture, bounds: none))
            default:
                walk.items.append(PaintedItem(index: index, context: current, picture: 0, bounds: none))
            }
        }
        return walk
    }

    /// True when `r` under `context` has whole-pixel device edges (Cairo clips to it as a region).
    static func isWholePixels(_ r: Rect, in context: PaintedItem.Context) -> Bool {
        let k = context.scale
        func whole(_ v: Double) -> Bool { v.isFinite && v == v.rounded() }
        return whole(r.minX * k + context.tx) && whole(r.minY * k + context.ty)
            && whole(r.maxX * k + context.tx) && whole(r.maxY * k + context.ty)
    }

    /// A user-space rectangle in device pixels under `context`, grown by `grow` user pixels and
    /// the damage slack; the whole frame when it is not finite.
    static func device(_ r: Rect, grow: Double, in context: PaintedItem.Context, frame: PixelRect) -> PixelRect {
        // Either edge may come first: a rectangle of negative size still paints.
        let k = context.scale, grow = abs(grow)
        let left = min(r.minX, r.maxX, r.origin.x), right = max(r.minX, r.maxX, r.origin.x + r.width)
        let top = min(r.minY, r.maxY, r.origin.y), bottom = max(r.minY, r.maxY, r.origin.y + r.height)
        let x0 = (left - grow) * k + context.tx - CairoRenderer.damageSlack
        let y0 = (top - grow) * k + context.ty - CairoRenderer.damageSlack
        let x1 = (right + grow) * k + context.tx + CairoRenderer.damageSlack
        let y1 = (bottom + grow) * k + context.ty + CairoRenderer.damageSlack
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return frame }
        let limit = Double(Int32.max / 4)
        let ix0 = Int(max(-limit, min(limit, x0.rounded(.down)))), iy0 = Int(max(-limit, min(limit, y0.rounded(.down))))
        let ix1 = Int(max(-limit, min(limit, x1.rounded(.up)))), iy1 = Int(max(-limit, min(limit, y1.rounded(.up))))
        return PixelRect(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0)
    }

    /// Measures `item`'s device bounds (cut to its clips) from its command in `commands`.
    func measure(_ item: inout PaintedItem, of commands: [DrawCommand], in contexts: [PaintedItem.Context]) {
        let context = contexts[item.context]
        // A rectangle that is not finite may touch any pixel its clips leave.
        func device(_ r: Rect, grow: Double = 0) -> PixelRect {
            CairoRenderer.device(r, grow: grow, in: context, frame: context.clip)
        }
        func box(_ points: [Point]) -> Rect {
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let bounds: PixelRect
        switch commands[item.index] {
        case .clear:
            bounds = context.clip
        case .fillRect(let r, _, _), .strokeRect(let r, _, _, _), .image(_, let r, _, _):
            bounds = device(r)
        case .shadow(let r, _, let blur, let offset, _):
            // ShapeCache pads a shadow by ceil(blur / 2) + 1 device pixels.
            bounds = device(r.offsetBy(dx: offset.x, dy: offset.y), grow: blur / 2 + 1 / max(0.01, context.scale))
        case .fillCircle(let c, let radius, _):
            bounds = device(Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
        case .strokeCircle(let c, let radius, _, let w):
            bounds = device(Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius), grow: w / 2)
        case .line(let a, let b, _, let w):
            bounds = device(box([a, b]), grow: w / 2)
        case .polyline(let points, _, let w):
            bounds = device(box(points), grow: w / 2)
        case .text(let string, let rect, let style):
            if item.textBox == nil { item.textBox = textBounds(string, rect, style) }
            bounds = item.textBox.map { device($0, grow: 1) } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        case .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity:
            bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        item.bounds = bounds.intersection(context.clip)
    }
}

/// What each of a ring of frame buffers must repaint: a buffer keeps the frame it last
/// held, so it needs this frame's damage plus that of the frames drawn into the others since.
public struct BufferDamage: Sendable {
    public private(set) var stale: [FrameDamage]
    private var next = 0

    public init(buffers: Int, width: Int, height: Int) {
        stale = Array(repeating: .full(width: width, height: height), count: max(1, buffers))
    }

    /// Every buffer is repainted whole at its next turn.
    public mutating func invalidate(width: Int, height: Int) {
        for i in stale.indices { stale[i] = .full(width: width, height: height) }
    }

    /// The buffer to draw the next frame into and what it must repaint.
    public mutating func advance(with damage: FrameDamage, width: Int, height: Int) -> (buffer: Int, repaint: FrameDamage) {
        let buffer = next
        next = (next + 1) % stale.count
        let repaint = stale[buffer].union(damage, width: width, height: height)
        for i in stale.indices where i != buffer { stale[i] = stale[i].union(damage, width: width, height: height) }
        stale[buffer] = .none
        return (buffer, repaint)
    }
}

extension CairoRenderer {
    /// Draws `list` onto `cr` only inside `repaint` (its rectangles), clipped to them, with
    /// every drawing command whose `bounds` (from `DamageTracker.commandBounds`) miss them
    /// left out. Inside the rectangles the pixels are those of a whole repaint, byte for byte.
    public func draw(_ list: DisplayList, on cr: OpaquePointer, repainting repaint: FrameDamage, bounds known: CommandBounds) {
        guard !repaint.isEmpty else { return }
        cairo_save(cr)
        for r in repaint.rects { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_clip(cr)
        let bounds = known.rects
        knownBounds = bounds
        knownUnchanged = known.unchanged.count == list.commands.count ? known.unchanged : nil
        repaintBands = repaint.rects
        defer { repaintBands = nil }
        draw(list, on: cr, skip: { index in
            guard index < bounds.count, let b = bounds[index] else { return false }
            return !repaint.rects.contains { $0.intersects(b) }
        })
        cairo_restore(cr)
    }
}

extension CairoRenderer {
    /// `draw(_:on:repainting:bounds:)` onto an image surface.
    public func draw(_ list: DisplayList, onto surface: ImageSurface, repainting repaint: FrameDamage, bounds: CommandBounds) {
        let cr = cairo_create(surface.handle)!
        draw(list, on: cr, repainting: repaint, bounds: bounds)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
    }
}
