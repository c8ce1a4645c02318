import CCairo
import InteractionEngine

/// Occlusion culling for cached shapes (issue 21, `occlusionCulling`): which device pixels of
/// a copy from the shape cache a later opaque face replaces wholly, so need not be written.
extension CairoRenderer {
    /// Opaque faces outside any opacity group, each with the device pixels it replaces wholly:
    /// its straight middle a pixel in, cut to what its clips cover wholly: (index, pixels). A copy from the shape cache earlier in the
    /// list need not write there (a stacked card under the next one, issue 21).
    func occluders(in list: DisplayList) -> [(index: Int, rect: PixelRect)] {
        var walk = DeviceWalk(scale: scale)
        var found: [(index: Int, rect: PixelRect)] = []
        for (index, command) in list.commands.enumerated() where !walk.follow(command, renderer: self) {
            guard case .fillRect = command, walk.groupDepth == 0 else { continue }
            if let rect = opaqueInterior(of: command, deviceScale: walk.scale, toDevice: walk.deviceMapping),
               let inside = CairoRenderer.within(rect, walk.clipInteriors) {
                found.append((index, inside))
            }
        }
        return found
    }

    /// The largest part of `box` (device pixels) that a face after `index` replaces wholly.
    func occlusion(of box: PixelRect, after index: Int, _ occluders: [(index: Int, rect: PixelRect)]) -> PixelRect? {
        // Occluders are in list order: look at the next few after `index` only.
        var lo = 0, hi = occluders.count
        while lo < hi { let mid = (lo + hi) / 2; if occluders[mid].index <= index { lo = mid + 1 } else { hi = mid } }
        var best: PixelRect?
        for o in occluders[lo..<min(occluders.count, lo + CairoRenderer.occlusionLookahead)] {
            let part = o.rect.intersection(box)
            if !part.isEmpty, part.area > (best?.area ?? 0) { best = part }
        }
        return best
    }

    /// `rect` cut to what every clip of `clips` covers wholly; nil when nothing is left.
    static func within(_ rect: PixelRect, _ clips: [PixelRect?]) -> PixelRect? {
        var r = rect
        for clip in clips {
            guard let clip else { return nil }
            r = r.intersection(clip)
            if r.isEmpty { return nil }
        }
        return r
    }

    /// Faces after a copied shape that are tried as its occluder (the next cards of a stack).
    static let occlusionLookahead = 8

    /// The frame's occluders bucketed by cell, made the first time the frame asks; nil with
    /// fewer than `OccluderIndex.minimumCount` or with `indexesOccluders` off.
    func indexedOccluders(_ occluders: [(index: Int, rect: PixelRect)]) -> OccluderIndex? {
        guard indexesOccluders, occluders.count >= OccluderIndex.minimumCount else { return nil }
        if occluderIndex?.count != occluders.count { occluderIndex = OccluderIndex(occluders) }
        return occluderIndex
    }

    /// The device box a shape of `rect` (user space) with `margin` device pixels is copied to.
    func deviceBox(_ cr: OpaquePointer, _ rect: Rect, margin: Double) -> PixelRect {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e7, abs(y0) < 1e7, abs(x1) < 1e7, abs(y1) < 1e7
        else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let m = margin + 2
        return PixelRect(x: Int((x0 - m).rounded(.down)), y: Int((y0 - m).rounded(.down)),
                         width: Int((x1 - x0 + 2 * m).rounded(.up)) + 1, height: Int((y1 - y0 + 2 * m).rounded(.up)) + 1)
    }

    /// Device pixels an opaque face drawn by `command` covers wholly: the straight middle band
    /// of its rounded rectangle, a pixel in from every edge. A shadow drawn just before it need
    /// not copy its pixels there (the face replaces them); nil when `command` is no opaque face.
    func opaqueInterior(_ cr: OpaquePointer, of command: DrawCommand, deviceScale: Double) -> PixelRect? {
        opaqueInterior(of: command, deviceScale: deviceScale) { p in
            var x = p.x, y = p.y
            cairo_user_to_device(cr, &x, &y)
            return Point(x: x, y: y)
        }
    }

    func opaqueInterior(of command: DrawCommand, deviceScale: Double, toDevice: (Point) -> Point) -> PixelRect? {
        guard case .fillRect(let rect, let paint, let radius) = command else { return nil }
        switch paint {
        case .solid(let c) where c.alpha >= 1: break
        case .diagonalGradient(let a, let b) where a.alpha >= 1 && b.alpha >= 1: break
        case .verticalGradient(let a, let b) where a.alpha >= 1 && b.alpha >= 1: break
        default: return nil
        }
        return interior(of: rect, radius: radius, deviceScale: deviceScale, toDevice: toDevice)
    }

    /// The device pixels wholly inside a rounded rectangle: its straight middle band, a pixel in.
    func interior(of rect: Rect, radius: Double, deviceScale: Double, toDevice: (Point) -> Point) -> PixelRect? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let a = toDevice(Point(x: rect.minX, y: rect.minY)), b = toDevice(Point(x: rect.maxX, y: rect.maxY))
        let x0 = a.x, y0 = a.y, x1 = b.x, y1 = b.y
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, abs(x0) < 1e7, abs(y0) < 1e7, abs(x1) < 1e7, abs(y1) < 1e7
        else { return nil }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2)) * deviceScale
        let left = Int((x0 + r).rounded(.up)) + 1, right = Int((x1 - r).rounded(.down)) - 1
        let top = Int(y0.rounded(.up)) + 1, bottom = Int(y1.rounded(.down)) - 1
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A frame's occluders bucketed by device cells, for `showing`'s question (which faces after a
/// moving command cover it): a screen of grid tiles at 3840x2160 is ~650 faces, and asking each
/// of them for each moving command's box took a tenth of such a frame. Exact: a face meeting a
/// box shares a cell with it; a face or box spanning more than `maximumCells` cells is looked at
/// the old way (every face in the list). Positions come in no set order, so `showing` breaks a
/// tie between two faces covering as much by their place in the list, as the old way did.
struct OccluderIndex {
    /// Side of a cell (device px): a grid tile and its shadow at scale 1-2 span 1-4 cells.
    static let cell = 128
    /// The fewest occluders worth an index (occluders): a wallet's stack has under 20.
    static let minimumCount = 64
    /// The most cells one face or box is listed under (cells): a 3840 px wide card spans 30.
    static let maximumCells = 256

    let count: Int
    private var buckets: [Int: [Int]] = [:]
    /// Positions of faces too large to bucket, in order.
    private var everywhere: [Int] = []

    init?(_ occluders: [(index: Int, rect: PixelRect)]) {
        guard occluders.count >= Self.minimumCount else { return nil }
        count = occluders.count
        for (position, o) in occluders.enumerated() where !o.rect.isEmpty {
            guard let cells = Self.cells(of: o.rect) else {
                everywhere.append(position)
                continue
            }
            for y in cells.y { for x in cells.x { buckets[Self.key(x, y), default: []].append(position) } }
        }
    }

    /// The cell ranges `r` (not empty) reaches; nil past `maximumCells`.
    private static func cells(of r: PixelRect) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        func bucket(_ v: Int) -> Int { Int((Double(v) / Double(Self.cell)).rounded(.down)) }
        let x0 = bucket(r.x), x1 = bucket(r.maxX - 1), y0 = bucket(r.y), y1 = bucket(r.maxY - 1)
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= maximumCells else { return nil }
        return (x0...x1, y0...y1)
    }

    private static func key(_ x: Int, _ y: Int) -> Int { y &* 1_000_003 &+ x }

    /// Calls `body` with the positions in the occluder list, from `start` on, of the faces that
    /// may meet `box` (not empty), in no set order and some more than once, until it returns
    /// false; nil (nothing called) when `box` spans too many cells: ask every face.
    func forEachCandidate(meeting box: PixelRect, from start: Int, _ body: (Int) -> Bool) -> Bool? {
        guard let cells = Self.cells(of: box) else { return nil }
        for position in everywhere where position >= start { if !body(position) { return false } }
        for y in cells.y {
            for x in cells.x {
                guard let positions = buckets[Self.key(x, y)] else { continue }
                // Ascending: the first at or after `start` by bisection.
                var lo = 0, hi = positions.count
                while lo < hi { let mid = (lo + hi) / 2; if positions[mid] < start { lo = mid + 1 } else { hi = mid } }
                for position in positions[lo...] { if !body(position) { return false } }
            }
        }
        return true
    }
}
