import CCairo

/// The one byte-budgeted cache of decoded pixels: drawn sizes only, least
/// recently drawn evicted first. Used by the drawing thread alone.
final class PictureStore {
    struct Entry {
        let surface: ImageSurface
        let bytes: Int
        var lastUse: UInt64
        /// When the picture arrived (ms, host clock) if it should fade in; -infinity otherwise.
        let fadeStart: Double
    }

    /// Largest total of decoded bytes kept (entries drawn in the current frame are never evicted).
    var budget: Int
    private var entries: [PictureKey: Entry] = [:]
    private(set) var sizesByPath: [String: [PictureKey]] = [:]
    /// Average colour per picture, kept after its pixels are evicted (the placeholder).
    private(set) var averages: [String: (r: Double, g: Double, b: Double)] = [:]
    /// Pictures that cannot be shown, by path.
    private(set) var failures: [String: PictureProblem] = [:]
    private(set) var bytes = 0
    private(set) var peakBytes = 0
    private(set) var evictions = 0
    /// Stamped on every entry drawn; bumped by the renderer once per frame.
    var frame: UInt64 = 1
    /// When set, evicted and replaced pictures are kept here (not freed) for the loader to
    /// hand to a worker: freeing a large surface (munmap) stays off the drawing thread.
    var keepsRetired = false
    private(set) var retired: [ImageSurface] = []
    /// Pictures freed where they were dropped (the drawing thread) since the start.
    private(set) var freedInPlace = 0

    /// Takes the retired pictures (the caller frees them elsewhere).
    func takeRetired() -> [ImageSurface] {
        let out = retired
        retired = []
        return out
    }

    /// Gives back retired pictures that could not be handed over this frame.
    func keepRetired(_ surfaces: [ImageSurface]) { retired.append(contentsOf: surfaces) }

    init(budget: Int) { self.budget = budget }

    var count: Int { entries.count }

    /// The entry for exactly `key`, stamped as drawn in this frame.
    func entry(_ key: PictureKey) -> Entry? {
        guard var entry = entries[key] else { return nil }
        entry.lastUse = frame
        entries[key] = entry
        return entry
    }

    /// Whether any size of `path` is held.
    func hasAnySize(of path: String) -> Bool { !(sizesByPath[path]?.isEmpty ?? true) }

    /// The held size of `path` closest to `width` x `height` (preferring larger), to draw while the exact one decodes.
    func standIn(for path: String, width: Int, height: Int) -> ImageSurface? {
        guard let keys = sizesByPath[path], !keys.isEmpty else { return nil }
        let best = keys.min { a, b in
            func cost(_ k: PictureKey) -> Double {
                let ratio = Double(k.width) / Double(max(1, width))
                return ratio >= 1 ? ratio - 1 : 2 * (1 / ratio - 1)
            }
            return cost(a) < cost(b)
        }!
        return entry(best)?.surface
    }

    func insert(_ key: PictureKey, _ surface: ImageSurface, average: (r: Double, g: Double, b: Double), fadeStart: Double) {
        if let old = entries[key] { remove(key, old) }
        let size = surface.byteCount
        entries[key] = Entry(surface: surface, bytes: size, lastUse: frame, fadeStart: fadeStart)
        sizesByPath[key.path, default: []].append(key)
        averages[key.path] = average
        bytes += size
        evictOverBudget()
        peakBytes = max(peakBytes, bytes)
    }

    func fail(_ path: String, _ problem: PictureProblem) { failures[path] = problem }

    /// Drops least-recently-drawn entries until the total fits the budget.
    func evictOverBudget() {
        while bytes > budget {
            var oldest: (key: PictureKey, use: UInt64)?
            for (key, entry) in entries where entry.lastUse < frame && entry.lastUse < (oldest?.use ?? .max) {
                oldest = (key, entry.lastUse)
            }
            guard let victim = oldest, let entry = entries[victim.key] else { return }
            remove(victim.key, entry)
            evictions += 1
        }
    }

    private func remove(_ key: PictureKey, _ entry: Entry) {
        if keepsRetired { retired.append(entry.surface) } else { freedInPlace += 1 }
        entries[key] = nil
        bytes -= entry.bytes
        sizesByPath[key.path]?.removeAll { $0 == key }
        if sizesByPath[key.path]?.isEmpty == true { sizesByPath[key.path] = nil }
    }
}

extension ImageSurface {
    /// Bytes of pixel memory.
    var byteCount: Int { Int(cairo_image_surface_get_stride(handle)) * height }
}
