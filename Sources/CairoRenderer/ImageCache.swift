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

    /// The picture at `path` resampled to `width` x `height` device pixels.
    func image(_ path: String, width: Int, height: Int) -> ImageSurface? {
        guard let source = original(path), width > 0, height > 0 else { return nil }
        if source.width == width && source.height == height { return source }
        let key = ScaledKey(path: path, width: width, height: height)
        if let cached = scaled[key] { return cached }
        let copy = ImageSurface(width: width, height: height)
        let cr = cairo_create(copy.handle)!
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
