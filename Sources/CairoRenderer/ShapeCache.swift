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

    private enum Kind: Hashable {
        case fill(Paint, radius: Int)
        case shadow(radius: Int, blur: Int, Color)
        case stroke(Color, lineWidth: Int, radius: Int)
    }

    private struct Key: Hashable {
        let kind: Kind
        let width: Int
        let height: Int
    }

    private var surfaces: [Key: (surface: ImageSurface, lastUse: Int)] = [:]
    /// Counts uses: a hit only stamps its entry (O(1) on the drawing path); the scan for
    /// the least recently used entry happens only when the budget is exceeded.
    private var clock = 0
    private var bytes = 0
    /// Keys asked for once: a shape is cached the second time it is drawn, so a shape
    /// whose size changes every frame (an animation) is drawn directly, never cached.
    private var seen: Set<Key> = []
    private static let seenLimit = 4096

    /// Draws a rounded rectangle filled with `paint` (in user space of `cr`) from the cache.
    /// `draw` paints the shape at the origin of a surface of the given device size.
    /// `hole`: device pixels a later opaque face replaces; a cached copy leaves them out.
    func fill(_ cr: OpaquePointer, _ rect: Rect, _ paint: Paint, radius: Double, deviceScale: Double,
              hole: PixelRect? = nil, draw: (OpaquePointer, Rect, Double) -> Void) {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0 else { return }
        let r = radius * deviceScale
        let key = Key(kind: .fill(paint, radius: Int(clamping: (r * 2).rounded())), width: w, height: h)
        guard let surface = cached(key, render: { surface, scr in
            draw(scr, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r)
        }) else {
            direct(cr, userOrigin: rect.origin, margin: 0) { draw($0, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r) }
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
        let key = Key(kind: .stroke(color, lineWidth: Int(clamping: (lw * 4).rounded()), radius: Int(clamping: (r * 2).rounded())),
                      width: w, height: h)
        guard let surface = cached(key, render: { _, scr in
            draw(scr, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r, lw)
        }) else {
            direct(cr, userOrigin: rect.origin, margin: 0) { draw($0, Rect(x: 0, y: 0, width: Double(w), height: Double(h)), r, lw) }
            return
        }
        blit(cr, surface, userOrigin: rect.origin, margin: 0, hole: hole)
    }

    /// Draws a box shadow for `rect` (user space) from the cache.
    /// `hole`: device pixels an opaque face drawn next covers wholly; a cached shadow is copied as
    /// the ring around it (the pixels under it would be replaced anyway).
    func shadow(_ cr: OpaquePointer, _ rect: Rect, radius: Double, blur: Double, color: Color, deviceScale: Double,
                hole: PixelRect? = nil, draw: (OpaquePointer, Rect, Double, Double) -> Void) {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0, color.alpha > 0 else { return }
        let b = blur * deviceScale, r = radius * deviceScale
        let margin = Int(clamping: (b / 2).rounded(.up), to: 0...ShapeCache.maximumSide) + 1
        let key = Key(kind: .shadow(radius: Int(clamping: (r * 2).rounded()), blur: Int(clamping: (b * 2).rounded()), color),
                      width: w + 2 * margin, height: h + 2 * margin)
        guard let surface = cached(key, render: { _, scr in
            draw(scr, Rect(x: Double(margin), y: Double(margin), width: Double(w), height: Double(h)), r, b)
        }) else {
            direct(cr, userOrigin: rect.origin, margin: margin) {
                draw($0, Rect(x: Double(margin), y: Double(margin), width: Double(w), height: Double(h)), r, b)
            }
            return
        }
        blit(cr, surface, userOrigin: rect.origin, margin: margin, hole: hole)
    }

    /// Counts a shadow as asked for without drawing it (a picture cell drawn from its raster,
    /// PictureRasters.swift): the next draw of it takes the path the direct renderer takes, whose
    /// first and later draws of a shape may differ by 1/255.
    func noteShadow(_ rect: Rect, radius: Double, blur: Double, color: Color, deviceScale: Double) {
        let w = Int(clamping: (rect.width * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        let h = Int(clamping: (rect.height * deviceScale).rounded(), to: 0...ShapeCache.maximumSide + 1)
        guard w > 0, h > 0, color.alpha > 0 else { return }
        let b = blur * deviceScale, r = radius * deviceScale
        let margin = Int(clamping: (b / 2).rounded(.up), to: 0...ShapeCache.maximumSide) + 1
        let key = Key(kind: .shadow(radius: Int(clamping: (r * 2).rounded()), blur: Int(clamping: (b * 2).rounded()), color),
                      width: w + 2 * margin, height: h + 2 * margin)
        guard key.width <= ShapeCache.maximumSide, key.height <= ShapeCache.maximumSide, surfaces[key] == nil else { return }
        if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
        seen.insert(key)
    }

    /// The cached surface for `key`, made now if it was asked for before; nil the first time.
    private func cached(_ key: Key, render: (ImageSurface, OpaquePointer) -> Void) -> ImageSurface? {
        guard key.width <= ShapeCache.maximumSide, key.height <= ShapeCache.maximumSide else { return nil }
        clock += 1
        if let hit = surfaces[key] {
            surfaces[key]?.lastUse = clock
            return hit.surface
        }
        guard seen.remove(key) != nil else {
            if seen.count >= ShapeCache.seenLimit { seen.removeAll() }
            seen.insert(key)
            return nil
        }
        let surface = ImageSurface(width: key.width, height: key.height)
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
    private func direct(_ cr: OpaquePointer, userOrigin: Point, margin: Int, draw: (OpaquePointer) -> Void) {
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
