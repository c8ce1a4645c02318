import InteractionEngine

/// A decoded picture of a nearby size, for a moving picture cell's raster (PictureRasters.swift).
///
/// A moving cell rasterised at a new snapped scale asked the picture store for that size, and
/// headless (the compare bench) the store decoded it there and then: a PNG decode and a filtered
/// downscale, 1-5 ms, in the carousel's slowest frames (perf over the bench's 600 frames: a
/// quarter of the cells' samples in the look-up, another quarter in the rasters' fresh surfaces).
/// A raster is only shown while the cell moves and is repainted exactly at rest, so it may be
/// drawn from a size already held, scaled bilinear by at most `PictureMetrics.standInScaleReach`
/// (the reach the cells' own stand-ins have).
extension PictureStore {
    /// The held size of `key`'s picture nearest `key` whose corners were cut at the same share of
    /// its width and whose shape is the same (a copy scaled to `key`'s size looks like `key`'s
    /// copy), within `reach` (relative width), the larger on a tie; stamped as drawn.
    func nearbySize(of key: PictureKey, reach: Double) -> ImageSurface? {
        guard let keys = sizesByPath[key.path] else { return nil }
        let w = Double(key.width), h = Double(key.height)
        let fits = keys.filter { k in
            let kw = Double(k.width), kh = Double(k.height)
            // Shapes within one 4-px size step of each other (PictureCopy's quantised sizes).
            guard abs(kh / kw - h / w) <= 4.5 / min(w, h) else { return false }
            // Corner cuts at the same share of the width, within a device pixel at `key`'s size.
            return abs(k.exactRadius / kw - key.exactRadius / w) * w <= 1
        }
        guard let i = PictureRasters.nearest(fits.map { Double($0.width) }, to: w, reach: reach) else { return nil }
        return entry(fits[i])?.surface
    }
}

extension PictureLoader {
    /// The exact size of `key` when held and shown whole, else a nearby held size (not decoding,
    /// asking for nothing); nil when neither is held.
    func heldWhole(_ key: PictureKey, reach: Double) -> (surface: ImageSurface, exact: Bool)? {
        if let entry = store.entry(key) {
            guard !entry.fadeStart.isFinite || PictureLoader.now() - entry.fadeStart >= PictureMetrics.fadeMillis else { return nil }
            return (entry.surface, true)
        }
        return store.nearbySize(of: key, reach: reach).map { ($0, false) }
    }
}
