import CCairo

/// Decoded pictures and their scaled copies, kept between frames.
///
/// Scaling a picture with a good filter every frame is slow; a copy per drawn
/// pixel size is made once with `CAIRO_FILTER_GOOD` and reused, so zoomed
/// carousel items stay crisp and cheap.
final class ImageCache {
    private struct ScaledKey: Hashable {
        let path: String
        let width: Int
        let height: Int
        let cornerRadius: Int
    }

    private var originals: [String: ImageSurface] = [:]
    private var failed: [String: String] = [:]
    private var scaled: [ScaledKey: ImageSurface] = [:]
    private var scaledOrder: [ScaledKey] = []
    private let scaledCapacity = 512

    /// Problems met while loading, by path (the host reports them once).
    var failures: [String: String] { failed }

    func original(_ path: String) -> ImageSurface? {
        if let image = originals[path] { return image }
        if failed[path] != nil { return nil }
        do {
            let image = try ImageSurface.load(png: path)
            originals[path] = image
            return image
        } catch {
            failed[path] = error.description
            return nil
        }
    }

    /// The picture at `path` resampled to `width` x `height` device pixels, its corners
    /// rounded by `cornerRadius` device pixels.
    func image(_ path: String, width: Int, height: Int, cornerRadius: Double = 0) -> ImageSurface? {
        guard let source = original(path), width > 0, height > 0 else { return nil }
        let radius = max(0, min(cornerRadius, Double(min(width, height)) / 2))
        if source.width == width && source.height == height && radius == 0 { return source }
        let key = ScaledKey(path: path, width: width, height: height, cornerRadius: Int(radius.rounded()))
        if let cached = scaled[key] { return cached }
        let copy = ImageSurface(width: width, height: height)
        let cr = cairo_create(copy.handle)!
        if radius > 0 {
            let w = Double(width), h = Double(height), r = radius, half = Double.pi / 2
            cairo_new_path(cr)
            cairo_arc(cr, w - r, r, r, -half, 0)
            cairo_arc(cr, w - r, h - r, r, 0, half)
            cairo_arc(cr, r, h - r, r, half, 2 * half)
            cairo_arc(cr, r, r, r, 2 * half, 3 * half)
            cairo_close_path(cr)
            cairo_clip(cr)
        }
        cairo_scale(cr, Double(width) / Double(source.width), Double(height) / Double(source.height))
        cairo_set_source_surface(cr, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        if scaled.count >= scaledCapacity {
            let oldest = scaledOrder.removeFirst()
            scaled[oldest] = nil
        }
        scaled[key] = copy
        scaledOrder.append(key)
        return copy
    }
}
