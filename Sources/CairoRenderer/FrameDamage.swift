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
/// Full-width bands of rows, at most `maxRects` of them (more are merged into their bounding
/// box), clipped to the frame.
public struct FrameDamage: Equatable, Sendable {
    /// More rectangles than this cost more in clip and present calls than the pixels they save.
    public static let maxRects = 16

    public private(set) var rects: [PixelRect]

    public static let none = FrameDamage(rects: [])

    /// The whole frame.
    public static func full(width: Int, height: Int) -> FrameDamage {
        FrameDamage(rects: [PixelRect(x: 0, y: 0, width: width, height: height)])
    }

    /// `rects` clipped to the frame, overlapping ones merged, and boxed when more than `maxRects` remain.
    public init(rects input: [PixelRect], width: Int, height: Int) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        var merged: [PixelRect] = []
        for rect in input {
            // Whole rows: pixman steps gradients and bilinear sampling along a row from where a
            // span starts, so a span cut short on the left would round differently from the
            // whole frame's. A band starts every span where the whole frame does.
            var r = PixelRect(x: 0, y: rect.y, width: width, height: rect.height).intersection(frame)
            guard !rect.isEmpty else { continue }
            guard !r.isEmpty else { continue }
            // Swallow every rectangle this one touches, until none does.
            var i = 0
            while i < merged.count {
                if merged[i].intersects(r) {
                    r = r.union(merged.remove(at: i))
                    i = 0
                } else {
                    i += 1
                }
            }
            merged.append(r)
        }
        if merged.count > FrameDamage.maxRects {
            merged = [merged.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }]
        }
        self.rects = merged
    }

    private init(rects: [PixelRect]) { self.rects = rects }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels covered (the rectangles do not overlap).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    /// Both damages (for a buffer that missed a frame).
    public func union(_ other: FrameDamage, width: Int, height: Int) -> FrameDamage {
        FrameDamage(rects: rects + other.rects, width: width, height: height)
    }
}

/// One drawing command of a display list in its drawing context, with the device pixels it can touch.
struct PaintedItem: Equatable {
    /// What the pixels of a command depend on besides the command: the transform, clips and
    /// opacity groups it is drawn under. Equal commands in equal contexts paint equal pixels.
    struct Context: Equatable {
        var scale: Double
        var tx: Double
        var ty: Double
        /// Device-space clip rectangles and radii, outermost first.
        var clips: [[Double]] = []
        /// (ordinal of the group in the list, alpha) of each enclosing opacity group.
        var groups: [[Double]] = []
        /// For a picture the last frame drew short of its final look: that frame's number, so
        /// the command counts as changed in every frame until the picture has settled.
        var picture: UInt64 = 0
    }

    let command: DrawCommand
    let context: Context
    /// Index of the command in its list.
    let index: Int
    let bounds: PixelRect

    static func == (a: PaintedItem, b: PaintedItem) -> Bool { a.command == b.command && a.context == b.context }
}

/// Finds what changed between consecutive display lists.
///
/// Each drawing command is paired with its context (transform, clips, opacity groups) and its
/// device bounds (conservative: antialiasing, pixel snapping, shadow falloff and text ink
/// included). The lists' common head and common tail paint the same pixels in the same order,
/// so only the bounds of the commands between them can differ: old ones (what is uncovered)
/// and new ones (what is drawn). A pixel outside them sees the same commands in the same order.
public final class DamageTracker {
    private var previous: [PaintedItem] = []
    private var previousSize: (Int, Int) = (0, 0)
    private var invalid = true
    /// Device bounds of each command of the last list (nil for push/pop), for culling.
    public private(set) var commandBounds: [PixelRect?] = []

    public init() {}

    /// The next frame is repainted whole (after an Expose, a resize, a lost buffer).
    public func invalidate() { invalid = true }

    /// The damage from the previous list to `list` on a `width` x `height` device frame.
    public func update(_ list: DisplayList, renderer: CairoRenderer, width: Int, height: Int) -> FrameDamage {
        let items = renderer.paintedItems(of: list, width: width, height: height)
        var bounds = [PixelRect?](repeating: nil, count: list.commands.count)
        for item in items { bounds[item.index] = item.bounds }
        commandBounds = bounds
        defer {
            previous = items
            previousSize = (width, height)
            invalid = false
        }
        if invalid || previousSize != (width, height) { return .full(width: width, height: height) }
        let old = previous
        var head = 0
        while head < old.count, head < items.count, old[head] == items[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < items.count - head,
              old[old.count - 1 - tail] == items[items.count - 1 - tail] { tail += 1 }
        let changed = old[head..<(old.count - tail)].map(\.bounds) + items[head..<(items.count - tail)].map(\.bounds)
        return FrameDamage(rects: changed, width: width, height: height)
    }
}

extension CairoRenderer {
    /// Device pixels a command may touch beyond its geometry: antialiasing and the
    /// whole-pixel snapping of cached shapes (ShapeCache rounds origin and size).
    static let damageSlack = 2.0

    /// Every drawing command of `list` with its context and device bounds.
    func paintedItems(of list: DisplayList, width: Int, height: Int) -> [PaintedItem] {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        var context = PaintedItem.Context(scale: scale, tx: 0, ty: 0)
        var clip = frame
        var stack: [(PaintedItem.Context, PixelRect)] = []
        var groupOrdinal = 0
        var items: [PaintedItem] = []
        items.reserveCapacity(list.commands.count)

        func device(_ r: Rect, grow: Double = 0) -> PixelRect {
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
        func box(_ points: [Point]) -> Rect {
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }

        for (index, command) in list.commands.enumerated() {
            var bounds: PixelRect?
            switch command {
            case .clear:
                bounds = frame
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
                bounds = textBounds(string, rect, style).map { device($0, grow: 1) } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            case .pushClip(let rect, let radius):
                stack.append((context, clip))
                let k = context.scale
                context.clips.append([rect.minX * k + context.tx, rect.minY * k + context.ty, rect.width * k, rect.height * k,
                                      radius * k])
                clip = clip.intersection(device(rect))
            case .pushTransform(let t):
                stack.append((context, clip))
                context.tx += context.scale * t.translation.x
                context.ty += context.scale * t.translation.y
                context.scale *= t.scale
            case .pushOpacity(let alpha):
                stack.append((context, clip))
                context.groups.append([Double(groupOrdinal), alpha])
                groupOrdinal += 1
            case .popClip, .popTransform, .popOpacity:
                if let top = stack.popLast() { (context, clip) = top }
            }
            if let bounds {
                var context = context
                if case .image(let path, _, _, _) = command, pictures.unsettledPaths.contains(path) {
                    context.picture = pictures.store.frame
                }
                items.append(PaintedItem(command: command, context: context, index: index, bounds: bounds.intersection(clip)))
            }
        }
        return items
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
    /// Draws `list` onto `cr` only inside `repaint` (full-width bands), clipped to them, with
    /// every drawing command whose `bounds` (from `DamageTracker.commandBounds`) miss them
    /// left out. Inside the bands the pixels are those of a whole repaint, byte for byte.
    public func draw(_ list: DisplayList, on cr: OpaquePointer, repainting repaint: FrameDamage, bounds: [PixelRect?]) {
        guard !repaint.isEmpty else { return }
        cairo_save(cr)
        for r in repaint.rects { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_clip(cr)
        knownBounds = bounds
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
    public func draw(_ list: DisplayList, onto surface: ImageSurface, repainting repaint: FrameDamage, bounds: [PixelRect?]) {
        let cr = cairo_create(surface.handle)!
        draw(list, on: cr, repainting: repaint, bounds: bounds)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
    }
}
