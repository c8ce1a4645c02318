import CCairo
import InteractionEngine

/// Pre-rendered gradient shapes, outlines and shadows, blitted at whole device pixels.
///
/// A diagonal gradient over a 1248x200 card face or a nine-piece box shadow
/// costs pixman far more than copying the same pixels from a ready surface.
/// Shapes are keyed by their device size and look, kept in a least-recently
/// used order under a byte budget, and drawn at the nearest whole device
/// pixel, as UIKit aligns its layers.
final class ShapeCache {
    /// The least memory the cached surfaces may take, in bytes.
    /// 32 MB holds a 1280x800 wallet's card faces and shadows, or a screen of grid tiles.
    static let byteBudget = 32 << 20
    /// Shapes wider or taller than this many device pixels are drawn directly, never cached
    /// (a layout pushed far off by extreme input must not allocate a giant surface).
    static let maximumSide = 4096

    /// Screens of cached shapes the budget holds at least: a wallet's overlapping cards plus their
    /// shadows cover the window about three times over (issue 21: at 3840x2160 a fixed 32 MB
    /// thrashed, 4,762 evictions in 600 frames; 4x the window's bytes holds a screen of cards).
    static let screensPerBudget = 4

    /// The budget in force: `byteBudget`, or `screensPerBudget` screens of the target if larger.
    private(set) var budget = ShapeCache.byteBudget

    /// Scales the budget to the image surface drawn on (a window's frame); other targets keep it.
    func fit(target: OpaquePointer?) {
        guard let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        let screen = Int(cairo_image_surface_get_width(target)) * Int(cairo_image_surface_get_height(target)) * 4
        budget = max(ShapeCache.byteBudget, ShapeCache.screensPerBudget * screen)
    }

    /// A shape's look at its exact device radius, blur and line width: a cached surface is drawn
    /// with the values of the first draw that made it, so keys rounded to half pixels made a
    /// frame's pixels depend on which nearby size an earlier frame drew first (issue 21 item 5:
    /// a zoomed carousel shadow 1/255 off after a drag; RendererHistoryTests).
    enum Kind: Hashable {
        case fill(Paint, radius: Double)
        case shadow(radius: Double, blur: Double, Color)
        case stroke(Color, lineWidth: Double, radius: Double)
    }

    private struct Key: Hashable {
        let kind: Kind
        let width: Int
        let height: Int
    }

    private var surfaces: [Key: (surface: ImageSurface, lastUse: Int)] = [:]
    /// What the cache drew, counted (the bench's per-frame figures, tests).
    private(set) var statistics = ShapeStatistics()
    /// Counts uses: a hit only stamps its entry (O(1) on the drawing path); the scan for
    /// the least recently used entry happens only when the budget is exceeded.
    private var clock = 0
    private var bytes = 0
    /// Keys asked for once: a shape is cached the second time it is drawn, so a shape
    /// whose size changes every frame (an animation) is drawn directly, never cached.
    private var seen: Set<Key> = []
    private static let seenLimit = 4096
    /// Caches a shape the first time it is drawn (the raster worker's renderer, RasterWorker.swift):
    /// its rasters then hold the pixels of a warm cache, as the frame's thread draws them (a shape
    /// drawn straight onto a surface rounds its antialiased edge once, a cached one twice: one
    /// unit apart in a few pixels).
    var cachesAtFirstUse = false

    /// Draws a rounded rectangle filled with `paint` (in user space of `cr`) from the cache.
    /// `draw` paints the shape at the origin of a surface of the given device size.
    /// `hole`: device pixels a later opaque face replaces; a cached copy leaves them out.
    func fill(_ cr: OpaquePointer, _ rect: Rect, _ paint: Paint, radius: Double, deviceScale: Double,
              hole: PixelRect? = nil, draw: (OpaquePointer, Rect, Double) -> Void) {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0 else { return }
        let r = radius * deviceScale
        let key = Key(kind: .fill(paint, radius: r), width: w, height: h)
        guard let surface = cached(key, at: place(cr, rect.origin), render: { surface, scr in
            draw(scr, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r)
        }) else {
            if let near = takeNearby() { return stretch(cr, near, to: key, userOrigin: rect.origin, margin: 0, hole: hole) }
            direct(cr, key, userOrigin: rect.origin, margin: 0, hole: hole) { draw($0, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r) }
            return
        }
        blit(cr, surface, userOrigin: rect.origin, margin: 0, hole: hole)
    }

    /// Draws the outline of a rounded rectangle (`lineWidth` inside its edge) from the cache.
    func stroke(_ cr: OpaquePointer, _ rect: Rect, _ color: Color, lineWidth: Double, radius: Double, deviceScale: Double,
                hole: PixelRect? = nil, draw: (OpaquePointer, Rect, Double, Double) -> Void) {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0, color.alpha > 0 else { return }
        let r = radius * deviceScale, lw = lineWidth * deviceScale
        let key = Key(kind: .stroke(color, lineWidth: lw, radius: r),
                      width: w, height: h)
        guard let surface = cached(key, at: place(cr, rect.origin), render: { _, scr in
            draw(scr, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r, lw)
        }) else {
            if let near = takeNearby() { return stretch(cr, near, to: key, userOrigin: rect.origin, margin: 0, hole: hole) }
            direct(cr, key, userOrigin: rect.origin, margin: 0, hole: hole) { draw($0, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r, lw) }
            return
        }
        blit(cr, surface, userOrigin: rect.origin, margin: 0, hole: hole)
    }

    /// Draws a box shadow for `rect` (user space) from the cache.
    /// `hole`: device pixels an opaque face drawn next covers wholly; a cached shadow is copied as
    /// the ring around it (the pixels under it would be replaced anyway).
    func shadow(_ cr: OpaquePointer, _ rect: Rect, radius: Double, blur: Double, color: Color, deviceScale: Double,
                hole: PixelRect? = nil, draw: (OpaquePointer, Rect, Double, Double) -> Void) {
        guard let (key, margin) = ShapeCache.shadowKey(rect, radius: radius, blur: blur, color: color, deviceScale: deviceScale) else { return }
        let w = key.width - 2 * margin, h = key.height - 2 * margin
        let b = blur * deviceScale, r = radius * deviceScale
        guard let surface = cached(key, at: place(cr, rect.origin), render: { _, scr in
            draw(scr, Rect(x: Double(margin), y: Double(margin), width: Double(w), height: Double(h)), r, b)
        }) else {
            if let near = takeNearby() { return stretch(cr, near, to: key, userOrigin: rect.origin, margin: margin, hole: hole) }
            statistics.shadowsDrawnDirectly += 1
            statistics.shadowPixelsDrawnDirectly += key.width * key.height
            direct(cr, key, userOrigin: rect.origin, margin: margin, hole: hole) {
                draw($0, Rect(x: Double(margin), y: Double(margin), width: Double(w), height: Double(h)), r, b)
            }
            return
        }
        blit(cr, surface, userOrigin: rect.origin, margin: margin, hole: hole)
    }

    /// While set, a shape not cached yet is cached only once it rests: drawn at the same device
    /// pixel and size as in the previous frame (`beginFrame`). The renderer sets it for a shape a
    /// later face mostly hides (HiddenParts.swift), which costs little to draw clipped to what shows
    /// but a whole surface to rasterise: a footer card narrowing by less than a pixel a frame
    /// would otherwise be rasterised whole at every size it holds for two frames.
    var cacheOnlyAtRest = false
    /// Mostly hidden shapes a frame caches once they rest; the others wait for a later frame, drawn
    /// clipped meanwhile (issue 21: the wallet's expand brought seven footer faces to rest at their
    /// final insets in one frame, #320, and rasterised all of them there: 7 x 90 kpx of gradient).
    /// 1, as `LayerCache.rasterisationsWithStandIn`.
    static let hiddenRasterisationsPerFrame = 1
    private var hiddenRasterisedThisFrame = 0
    private struct Place: Hashable { let key: Key; let x: Int; let y: Int }

    /// Draws a shape that is not cached at its size and moves (was not drawn at the same device
    /// pixel and size in the previous frame) from a cached surface of the same look and a nearby
    /// size, cut in four at its middle (issue 21 item 5: a footer card's inset, a card's height
    /// while it expands): corners and edges exact, the middle off by the size change. The
    /// compositor path turns it on; those pixels are listed in `stretchedBoxes` and repainted
    /// exactly in the next frame, when the shape rests and is cached.
    var stretchWhileMoving = false
    /// Device boxes drawn from a nearby size since the last `takeStretched()`.
    private var stretchedBoxes: [PixelRect] = []
    private var nearby: (key: Key, surface: ImageSurface)?
    /// How far a gradient fill's size may be from the surface it is cut from, as a share of the
    /// size: the seam is off by at most that share of the gradient's span (1/24 of a 1248 px face:
    /// 52 px, the footer's whole inset; at most about 6 levels of 255 across a card's colours).
    static let gradientStretchShare = 1.0 / 24

    /// The surface `takeNearby` hands to the miss that asked.
    private func takeNearby() -> (key: Key, surface: ImageSurface)? {
        defer { nearby = nil }
        return nearby
    }

    /// The boxes drawn from a nearby size since the last call.
    func takeStretched() -> [PixelRect] {
        defer { stretchedBoxes.removeAll() }
        return stretchedBoxes
    }

    /// The cached surface of `key`'s look nearest its size that a cut in four can make it from.
    private func nearest(to key: Key) -> (key: Key, surface: ImageSurface)? {
        let share: Double
        switch key.kind {
        case .fill(let paint, _):
            if case .solid = paint { share = 0.5 } else { share = ShapeCache.gradientStretchShare }
        case .shadow, .stroke: share = 0.5
        }
        let maxDW = Int(Double(key.width) * share), maxDH = Int(Double(key.height) * share)
        var best: (key: Key, surface: ImageSurface, distance: Int)?
        for (k, entry) in surfaces where ShapeCache.looksNear(k.kind, key.kind) {
            let dw = abs(k.width - key.width), dh = abs(k.height - key.height)
            // A shadow of the same look is sliced in nine from any size whose edges hold a middle
            // (ShadowSlices.swift); otherwise each half of the shape comes from the same half of the source.
            let sliced = ShadowSlices(source: k.width, k.height, look: k.kind, target: key.width, key.height, look: key.kind) != nil
            guard sliced || (dw <= maxDW && dh <= maxDH && 2 * k.width >= key.width + 1 && 2 * k.height >= key.height + 1)
            else { continue }
            if dw + dh < (best?.distance ?? Int.max) { best = (k, entry.surface, dw + dh) }
        }
        if let best {
            clock += 1
            surfaces[best.key]?.lastUse = clock
        }
        return best.map { ($0.key, $0.surface) }
    }

    /// How far a nearby surface's device radius, blur and line width may be from the shape's for a
    /// cut in four (device pixels). Exact keys made a scale animation (its radius changes every
    /// frame) find no nearby surface at all (issue 21 review); half a pixel moves a corner's edge by
    /// at most that much, in a frame repainted exactly once the shape rests. Hits stay exact.
    static let nearbyLookSlack = 0.5

    /// True when a surface of look `a` may be cut to stand in for a shape of look `b`: the same
    /// paint or colour, radius, blur and line width within `nearbyLookSlack`.
    private static func looksNear(_ a: Kind, _ b: Kind) -> Bool {
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= nearbyLookSlack }
        switch (a, b) {
        case let (.fill(pa, ra), .fill(pb, rb)): return pa == pb && near(ra, rb)
        case let (.shadow(ra, ba, ca), .shadow(rb, bb, cb)): return ca == cb && near(ra, rb) && near(ba, bb)
        case let (.stroke(ca, wa, ra), .stroke(cb, wb, rb)): return ca == cb && near(wa, wb) && near(ra, rb)
        default: return false
        }
    }

    /// Copies `source` as a shape of `key`'s size at `userOrigin` (snapped as `blit` snaps):
    /// each quarter from the same corner of the source; the pixels of `hole` are left out.
    private func stretch(_ cr: OpaquePointer, _ near: (key: Key, surface: ImageSurface), to key: Key, userOrigin: Point,
                         margin: Int, hole: PixelRect?) {
        let source = near.surface
        let (px, py) = place(cr, userOrigin)
        let dx = px - margin, dy = py - margin
        let box = PixelRect(x: dx, y: dy, width: key.width, height: key.height)
        if let slices = ShadowSlices(source: near.key.width, near.key.height, look: near.key.kind,
                                     target: key.width, key.height, look: key.kind) {
            slices.copy(cr, source, to: box, hole: hole)
            stretchedBoxes.append(box)
            statistics.sliced += 1
            return
        }
        let hx = key.width / 2, hy = key.height / 2
        cairo_save(cr)
        cairo_identity_matrix(cr)
        for (right, bottom) in [(false, false), (true, false), (false, true), (true, true)] {
            let part = PixelRect(x: right ? dx + hx : dx, y: bottom ? dy + hy : dy,
                                 width: right ? key.width - hx : hx, height: bottom ? key.height - hy : hy)
            guard !part.isEmpty else { continue }
            let sx = right ? dx + key.width - source.width : dx, sy = bottom ? dy + key.height - source.height : dy
            cairo_set_source_surface(cr, source.handle, Double(sx), Double(sy))
            for band in CairoRenderer.ring(part, around: hole) {
                cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
            }
            cairo_fill(cr)
        }
        cairo_restore(cr)
        stretchedBoxes.append(box)
        statistics.cut += 1
    }
    private var placesBefore: Set<Place> = []
    private var placesNow: Set<Place> = []

    /// A new frame: the shapes drawn in the last one are those that may rest.
    func beginFrame() {
        hiddenRasterisedThisFrame = 0
        swap(&placesBefore, &placesNow)
        placesNow.removeAll(keepingCapacity: true)
    }

    /// The device pixel a shape at `userOrigin` is copied to.
    private func place(_ cr: OpaquePointer, _ userOrigin: Point) -> (x: Int, y: Int) {
        var x = userOrigin.x, y = userOrigin.y
        cairo_user_to_device(cr, &x, &y)
        guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { return (0, 0) }
        return (Int(x.rounded()), Int(y.rounded()))
    }

    /// The cache key of a box shadow for `rect` (user space) and its margin in device pixels
    /// around the rectangle; nil when nothing would be drawn.
    private static func shadowKey(_ rect: Rect, radius: Double, blur: Double, color: Color, deviceScale: Double) -> (Key, Int)? {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0, color.alpha > 0 else { return nil }
        let b = blur * deviceScale, r = radius * deviceScale
        let margin = shadowMargin(blur: b)
        let key = Key(kind: .shadow(radius: r, blur: b, color),
                      width: w + 2 * margin, height: h + 2 * margin)
        return (key, margin)
    }

    /// Device px a cached shadow of device blur `blur` reaches past its rectangle on each side.
    static func shadowMargin(blur: Double) -> Int {
        Int(clamping: (blur / 2).rounded(.up), to: 0...ShapeCache.maximumSide) + 1
    }

    /// Counts a shadow as asked for without drawing it (a picture cell drawn from its raster,
    /// PictureRasters.swift): the next draw of it takes the path the direct renderer takes, whose
    /// first and later draws of a shape may differ by 1/255.
    func noteShadow(_ rect: Rect, radius: Double, blur: Double, color: Color, deviceScale: Double) {
        guard let (key, _) = ShapeCache.shadowKey(rect, radius: radius, blur: blur, color: color, deviceScale: deviceScale),
              key.width <= ShapeCache.maximumSide, key.height <= ShapeCache.maximumSide, surfaces[key] == nil else { return }
        if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
        seen.insert(key)
    }

    /// The cached surface for `key`, made now if it was asked for before; nil the first time.
    private func cached(_ key: Key, at origin: (x: Int, y: Int), render: (ImageSurface, OpaquePointer) -> Void) -> ImageSurface? {
        guard key.width <= ShapeCache.maximumSide, key.height <= ShapeCache.maximumSide else { return nil }
        clock += 1
        if let hit = surfaces[key] {
            surfaces[key]?.lastUse = clock
            return hit.surface
        }
        let place = Place(key: key, x: origin.x, y: origin.y)
        placesNow.insert(place)
        if stretchWhileMoving, !placesBefore.contains(place), let near = nearest(to: key) {
            // Seen: once it rests it is rasterised and copied, as the direct path copies it.
            if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
            seen.insert(key)
            nearby = near
            return nil
        }
        if cacheOnlyAtRest, !placesBefore.contains(place) || hiddenRasterisedThisFrame >= ShapeCache.hiddenRasterisationsPerFrame {
            // Moving, or past the frame's share: drawn straight, clipped to what shows, and
            // repainted in the next frame (the clipped box is a settle rectangle), which may cache it.
            if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
            seen.insert(key)
            if placesBefore.contains(place) { statistics.hiddenRasterisationsDeferred += 1 }
            return nil
        }
        if cacheOnlyAtRest { hiddenRasterisedThisFrame += 1 }
        guard seen.remove(key) != nil || cachesAtFirstUse else {
            if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
            seen.insert(key)
            return nil
        }
        let surface = ImageSurface(width: key.width, height: key.height)
        statistics.rasterised += 1
        statistics.rasterisedPixels += key.width * key.height
        let scr = cairo_create(surface.handle)!
        render(surface, scr)
        cairo_destroy(scr)
        cairo_surface_flush(surface.handle)
        let size = key.width * key.height * 4
        while bytes + size > budget,
              let oldest = surfaces.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            if let gone = surfaces.removeValue(forKey: oldest) { bytes -= gone.surface.width * gone.surface.height * 4 }
        }
        surfaces[key] = (surface, clock)
        bytes += size
        return surface
    }

    /// Draws a shape straight onto `cr` with the geometry a cached surface would have: in
    /// device pixels, its size rounded, its origin on the device pixel `blit` would copy to.
    /// So the first (uncached) drawing of a shape and every later (cached) one give the
    /// same pixels: one rasterisation per shape, whichever path draws it.
    ///
    /// A shape that fits a surface is drawn onto one of its size and copied as a cached one is:
    /// drawn straight onto the target it rounded its antialiased edge once and a cached copy
    /// twice, so the first draw of a look and later ones differed by 1/255 and a frame's pixels
    /// depended on which shapes the renderer had seen (RendererHistoryTests). Not a mostly hidden
    /// shape that moves (`cacheOnlyAtRest`): it is drawn straight, clipped to what shows (no
    /// surface of its whole size each frame), and repainted exactly once it rests.
    private func direct(_ cr: OpaquePointer, _ key: Key, userOrigin: Point, margin: Int, hole: PixelRect?,
                        draw: (OpaquePointer) -> Void) {
        statistics.drawnDirectly += 1
        if !cacheOnlyAtRest, key.width <= ShapeCache.maximumSide, key.height <= ShapeCache.maximumSide {
            let surface = ImageSurface(width: key.width, height: key.height)
            let scr = cairo_create(surface.handle)!
            draw(scr)
            cairo_destroy(scr)
            cairo_surface_flush(surface.handle)
            return blit(cr, surface, userOrigin: userOrigin, margin: margin, hole: hole)
        }
        var x = userOrigin.x, y = userOrigin.y
        cairo_user_to_device(cr, &x, &y)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_translate(cr, x.rounded() - Double(margin), y.rounded() - Double(margin))
        draw(cr)
        cairo_restore(cr)
    }

    /// Copies `surface` so that its inner origin lands on `userOrigin`, snapped to a device pixel.
    /// With a `hole` (device pixels), only the ring around it is copied: up to four bands.
    private func blit(_ cr: OpaquePointer, _ surface: ImageSurface, userOrigin: Point, margin: Int, hole: PixelRect? = nil) {
        statistics.blits += 1
        var x = userOrigin.x, y = userOrigin.y
        cairo_user_to_device(cr, &x, &y)
        let dx = x.rounded() - Double(margin), dy = y.rounded() - Double(margin)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface.handle, dx, dy)
        let whole = PixelRect(x: Int(dx), y: Int(dy), width: surface.width, height: surface.height)
        if let hole = hole.map({ whole.intersection($0) }), !hole.isEmpty {
            for band in [PixelRect(x: whole.x, y: whole.y, width: whole.width, height: hole.y - whole.y),
                         PixelRect(x: whole.x, y: hole.maxY, width: whole.width, height: whole.maxY - hole.maxY),
                         PixelRect(x: whole.x, y: hole.y, width: hole.x - whole.x, height: hole.height),
                         PixelRect(x: hole.maxX, y: hole.y, width: whole.maxX - hole.maxX, height: hole.height)]
            where !band.isEmpty {
                cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
            }
        } else {
            cairo_rectangle(cr, dx, dy, Double(surface.width), Double(surface.height))
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// The shape cache's figures: shapes drawn straight (uncached), surfaces rasterised, copies.
public struct ShapeStatistics: Sendable, Equatable {
    /// Shapes drawn straight onto the frame (not cached at their size), and the shadows among them with their pixels.
    public var drawnDirectly = 0
    public var shadowsDrawnDirectly = 0
    public var shadowPixelsDrawnDirectly = 0
    /// Mostly hidden shapes at rest left for a later frame by `hiddenRasterisationsPerFrame`.
    public var hiddenRasterisationsDeferred = 0
    /// Shadows copied in nine slices from a cached shadow of another size (ShadowSlices.swift).
    public var sliced = 0
    /// Surfaces rasterised into the cache, and their pixels.
    public var rasterised = 0
    public var rasterisedPixels = 0
    /// Cached surfaces copied whole (or as a ring), and shapes cut in four from a nearby size.
    public var blits = 0
    public var cut = 0
}

extension CairoRenderer {
    /// The shape cache's figures since the renderer was made.
    public var shapeStatistics: ShapeStatistics { shapes.statistics }
}
