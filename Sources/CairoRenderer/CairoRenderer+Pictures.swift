import CCairo
import InteractionEngine

/// Pictures in the display list: cached drawn sizes, stand-ins, placeholders,
/// cells for pictures that cannot be shown, and the switch to background decoding.
extension CairoRenderer {
    /// Decodes pictures on `threads` worker threads from now on: frames never wait
    /// for a decode, `pictureWakeFD` turns readable when one lands.
    /// `handover` is for the bench's comparison with the old way (`.waiting`).
    public func startBackgroundDecoding(threads: Int = PictureMetrics.workerThreads,
                                        handover: PictureHandover = .nonBlocking) {
        pictures.startBackgroundDecoding(threads: threads, handover: handover)
    }

    /// The byte budget of decoded pictures (`--picture-cache MIB`).
    public var pictureCacheBytes: Int {
        get { pictures.store.budget }
        set { pictures.store.budget = max(1 << 20, newValue) }
    }

    /// Readable when a background decode finished (poll it beside the X connection); nil headless.
    public var pictureWakeFD: Int32? { pictures.workers?.wakeFD }

    /// Empties the wake pipe; true when a picture landed since the last call (draw again).
    public func takePictureWakeups() -> Bool { pictures.workers?.drainWakeups() ?? false }

    /// True while a picture drawn in the last frame is still fading in, or more finished
    /// pictures wait than one frame takes in (keep drawing frames).
    public var picturesNeedFrame: Bool { pictures.fading || pictures.moreArrived || pictures.handoverMissed }

    /// Figures for benchmarks and tests.
    public struct PictureFigures: Sendable {
        /// Decoded bytes held now, at most, and the budget.
        public var bytes: Int
        public var peakBytes: Int
        public var budget: Int
        public var entries: Int
        public var evictions: Int
        /// Files decoded by the background workers, and on the drawing thread (headless).
        public var backgroundDecodes: Int
        public var inlineDecodes: Int
        /// Milliseconds of the last frame spent on pictures on the drawing thread.
        public var lastFrameMillis: Double
        /// Of `lastFrameMillis`: taking in finished decodes (and evicting), handing the wishes over.
        public var lastIntakeMillis: Double
        public var lastHandoverMillis: Double
        /// True while workers have anything queued or running.
        public var busy: Bool
        /// Pictures the cache let go that were freed on the drawing thread, and by a worker.
        public var freedOnDrawingThread: Int
        public var freedByWorkers: Int
        /// Frames that found the workers' lock taken and drew on without waiting.
        public var lockMisses: Int
        /// Times a decoding thread stepped aside for a frame being drawn.
        public var gateYields: Int
    }

    /// The last frame's picture work on the drawing thread, in counts, bytes and ms.
    public var lastPictureFrame: PictureFrameStats { pictures.lastFrame }

    public var pictureFigures: PictureFigures {
        let store = pictures.store
        return PictureFigures(bytes: store.bytes, peakBytes: store.peakBytes, budget: store.budget, entries: store.count,
                              evictions: store.evictions, backgroundDecodes: pictures.workers?.decodes ?? 0, inlineDecodes: pictures.inlineDecodes,
                              lastFrameMillis: pictures.lastFrameMillis, lastIntakeMillis: pictures.lastIntakeMillis,
                              lastHandoverMillis: pictures.lastHandoverMillis, busy: pictures.workers?.isBusy ?? false,
                              freedOnDrawingThread: store.freedInPlace, freedByWorkers: pictures.workers?.freed.count ?? 0,
                              lockMisses: pictures.lockMisses, gateYields: pictures.workers?.gate.yieldCount ?? 0)
    }

    /// Blocks until the workers have nothing queued or running (tests and benchmarks).
    public func waitForPictures() { pictures.workers?.waitUntilIdle() }

    func drawImage(_ cr: OpaquePointer, _ path: String, _ rect: Rect, _ alpha: Double, _ radius: Double,
                   deviceScale: Double) {
        if pictureRasters.rendering, let picture = pictureRasters.picture {
            // Into a cell's raster: the picture chosen for it (exact, or a nearby held size).
            cairo_save(cr)
            paint(cr, picture, in: rect, alpha: alpha)
            cairo_restore(cr)
            return
        }
        let key = pictureKey(path, rect, radius, deviceScale: deviceScale)
        let pw = key.width, ph = key.height
        cairo_save(cr)
        switch pictures.lookup(key, distance: distanceFromCentre(cr, rect)) {
        case .picture(let picture, let fade, let average):
            if fade < 1 { drawPlaceholder(cr, rect, radius, alpha, average) }
            paint(cr, picture, in: rect, alpha: alpha * fade)
        case .standIn(let picture):
            paint(cr, picture, in: rect, alpha: alpha)
        case .placeholder(let average):
            drawPlaceholder(cr, rect, radius, alpha, average)
        case .failed(let problem):
            drawProblem(cr, rect, radius, alpha, problem, deviceSide: Double(min(pw, ph)))
        }
        cairo_restore(cr)
    }

    /// The drawn size of a picture at `rect` under `deviceScale`.
    func pictureKey(_ path: String, _ rect: Rect, _ radius: Double, deviceScale: Double) -> PictureKey {
        // Sizes in steps of 4 device pixels: a zoom animation reuses a handful of resampled
        // copies, each with its rounded corners already cut, so drawing needs no clip path.
        func quantized(_ v: Double) -> Int { v > 32 ? max(4, Int((v / 4).rounded()) * 4) : max(1, Int(v.rounded())) }
        let pw = quantized(rect.width * deviceScale), ph = quantized(rect.height * deviceScale)
        let deviceRadius = max(0, min(radius * Double(pw) / max(1, rect.width), Double(min(pw, ph)) / 2))
        return PictureKey(path: path, width: pw, height: ph, cornerRadius: Int(deviceRadius.rounded()),
                          exactRadius: deviceRadius)
    }

    /// The picture at `rect` under `deviceScale` held at its drawn size and shown whole, or held at
    /// a size within `PictureMetrics.standInScaleReach` (PictureNearbySize.swift); nothing decoded.
    func heldPicture(_ path: String, _ rect: Rect, _ radius: Double, deviceScale: Double) -> (surface: ImageSurface, exact: Bool)? {
        pictures.heldWhole(pictureKey(path, rect, radius, deviceScale: deviceScale), reach: PictureMetrics.standInScaleReach)
    }

    /// True when the picture at `rect` under `deviceScale` is held at its drawn size and fully faded
    /// in (headless: decoded now); otherwise the size is asked for, `distance` ordering the wish.
    /// A raster of a picture cell (PictureRasters.swift) is made only from a picture shown whole.
    func pictureReady(_ path: String, _ rect: Rect, _ radius: Double, deviceScale: Double, distance: Double) -> Bool {
        pictureReady(pictureKey(path, rect, radius, deviceScale: deviceScale), distance: distance)
    }

    /// `pictureReady` for a drawn size already keyed.
    func pictureReady(_ key: PictureKey, distance: Double) -> Bool {
        if case .picture(_, let fade, _) = pictures.lookup(key, distance: distance) { return fade >= 1 }
        return false
    }

    /// True when the picture of `key` is held at exactly that size (faded in or not; nothing asked for).
    func holdsPicture(_ key: PictureKey) -> Bool { pictures.store.entry(key) != nil }

    private func paint(_ cr: OpaquePointer, _ picture: ImageSurface, in rect: Rect, alpha: Double) {
        let started = PictureLoader.now()
        defer { pictures.addPaint(millis: PictureLoader.now() - started) }
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(picture.width), rect.height / Double(picture.height))
        cairo_set_source_surface(cr, picture.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cr, 0, 0, Double(picture.width), Double(picture.height))
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// The picture's average colour once known, else a neutral grey, until its pixels arrive.
    private func drawPlaceholder(_ cr: OpaquePointer, _ rect: Rect, _ radius: Double, _ alpha: Double,
                                 _ average: (r: Double, g: Double, b: Double)?) {
        roundedRect(cr, rect, radius)
        let c = average ?? (0.86, 0.86, 0.88)
        cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha)
        cairo_fill(cr)
    }

    /// A visible "can't show this picture" cell, with the reason when there is room.
    private func drawProblem(_ cr: OpaquePointer, _ rect: Rect, _ radius: Double, _ alpha: Double,
                             _ problem: PictureProblem, deviceSide: Double) {
        roundedRect(cr, rect, radius)
        cairo_set_source_rgba(cr, 0.90, 0.89, 0.88, alpha)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0.70, 0.36, 0.30, alpha)
        cairo_set_line_width(cr, max(1, rect.width / 120))
        cairo_stroke(cr)
        let unit = rect.width / 100
        let ink = Color(red: 0.55, green: 0.25, blue: 0.20, alpha: alpha)
        // A crossed-out frame: the picture that is not there.
        let icon = Rect(x: rect.midX - 12 * unit, y: rect.minY + rect.height * 0.18, width: 24 * unit, height: 17 * unit)
        roundedRect(cr, icon, 3 * unit)
        cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, ink.alpha)
        cairo_set_line_width(cr, max(1, 2.2 * unit))
        cairo_stroke(cr)
        cairo_move_to(cr, icon.minX + 4 * unit, icon.maxY - 4 * unit)
        cairo_line_to(cr, icon.maxX - 4 * unit, icon.minY + 4 * unit)
        cairo_stroke(cr)
        guard deviceSide >= PictureMetrics.problemTextMinimumSide else { return }
        let width = rect.width * 0.86
        drawText(cr, "Can't show this picture",
                 Rect(x: rect.midX - width / 2, y: rect.minY + rect.height * 0.42, width: width, height: 20 * unit),
                 TextStyle(size: 7.5 * unit, weight: .bold, color: ink, alignment: .center, maxLines: 2))
        drawText(cr, problem.description,
                 Rect(x: rect.midX - width / 2, y: rect.minY + rect.height * 0.64, width: width, height: 20 * unit),
                 TextStyle(size: 6.5 * unit, color: Color(red: 0.35, green: 0.33, blue: 0.32, alpha: alpha),
                           alignment: .center, maxLines: 2))
    }

    /// How far the rect's centre is from the target's centre, in device pixels (nearest decodes first).
    func distanceFromCentre(_ cr: OpaquePointer, _ rect: Rect) -> Double {
        var x = rect.midX, y = rect.midY
        cairo_user_to_device(cr, &x, &y)
        let target = cairo_get_target(cr)
        let w = Double(cairo_image_surface_get_width(target)), h = Double(cairo_image_surface_get_height(target))
        return ((x - w / 2) * (x - w / 2) + (y - h / 2) * (y - h / 2)).squareRoot()
    }
}
