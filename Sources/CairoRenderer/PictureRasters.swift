import CCairo
import InteractionEngine

/// Picture cells on the compositor path (issue 21 item 5: "carousel scales snap to a few raster
/// scales").
///
/// A picture cell is a shadow followed by the picture it shades (`.shadow(r)` then `.image(r)`
/// with the same rectangle and radius: a carousel item, a preview card). Drawn directly, a cell
/// whose scale changes every frame draws its shadow's gradients and resamples its picture at a
/// new size each frame (a decode and a filtered downscale per new size). Here a moving cell is
/// rasterised once per snapped scale (`PictureMetrics.rasterScaleStep`), shadow and picture
/// together at full opacity, into the renderer's one byte-budgeted `LayerCache`, and each frame
/// composites the raster of its snapped scale with a bilinear scale of at most half a step (a
/// plain copy moved to the nearest pixel when the scale is the snapped one), at the cell's alpha.
///
/// A cell drawn with exactly the same commands and matrix in the previous frame is at rest: it
/// is drawn directly, so a resting frame is the direct path's byte for byte. The pixels of every
/// composited cell are listed in the layer cache's settle rectangles, so the frame after motion
/// stops repaints them exactly.
final class PictureRasters {
    /// The exact cells (commands and device matrix) drawn in the previous frame and in this one.
    private var previous: Set<CellKey> = []
    private var current: Set<CellKey> = []
    private var rasterisedThisFrame = 0
    /// True while a raster is being drawn (its commands are drawn directly into it).
    var rendering = false
    /// The decoded picture the raster being drawn paints (exact or of a nearby size).
    var picture: ImageSurface?
    /// Whether a raster may paint a held picture of a nearby size (tests compare).
    var nearbyAllowed = true
    /// Rasters painted from a held picture of a nearby size instead of decoding theirs (since the start).
    private(set) var nearbyPictures = 0
    fileprivate func paintedNearby() { nearbyPictures += 1 }
    /// Cells composited from a raster, drawn directly at rest, rasters made (since the start).
    private(set) var composites = 0
    private(set) var restingDraws = 0
    private(set) var rasterisations = 0

    struct CellKey: Hashable {
        let shadow: DrawCommand
        let image: DrawCommand
        let matrix: [Double]
    }

    /// A cell's look apart from its scale and its shadow's opacity: what a raster of another
    /// snapped scale can stand in for.
    struct CellLook: Hashable {
        let path: String
        let width: Double, height: Double
        let radius: Double, blur: Double
        let offset: Point
    }

    /// One raster made of a cell: its key in the layer cache, its scale (device pixels per layout
    /// pixel) and the whole-pixel margin around the cell's origin.
    struct Made {
        let key: LayerKey
        let scale: Double
        let margin: (x: Double, y: Double)
    }

    /// A raster to make: what, where it is held, the picture it paints and its distance from the
    /// window's centre (the order pictures decode in).
    struct Job {
        let made: Made
        let look: CellLook
        let cell: [DrawCommand]
        let path: String
        let local: Rect
        let radius: Double
        let width: Int, height: Int
        let distance: Double
    }

    /// Whether rasters are made in the slack between frames instead of by the frame (`LayerRasterising.slack`).
    var inSlack = false
    /// Rasters frames asked the slack for, newest first (at most `askedLimit`; one per raster key).
    fileprivate(set) var asked: [Job] = []
    /// Rasters waiting at most (count): a fling asks for a scale of each moving cell every few
    /// frames, and an old one is a scale gone by.
    static let askedLimit = 8
    /// The running cost of a cell's raster in the slack (its first guess is a layer's).
    fileprivate(set) var cost = SlackCost()

    fileprivate func ask(_ job: Job) {
        asked.removeAll { $0.made.key == job.made.key }
        asked.insert(job, at: 0)
        if asked.count > PictureRasters.askedLimit { asked.removeLast(asked.count - PictureRasters.askedLimit) }
    }

    /// Of `rasterisations`: those made in the slack (since the start).
    fileprivate(set) var madeInSlack = 0

    /// The rasters made of each look, by scale (those the layer cache evicted are dropped when met).
    private var made: [CellLook: [Made]] = [:]
    /// Cells drawn from a raster of another snapped scale (since the start).
    private(set) var standIns = 0

    /// Looks remembered before those with no raster held any more are forgotten (count). A bound
    /// on bookkeeping, not a tuned value: the layer budget holds far fewer cells' rasters; when
    /// every look still holds one, all are forgotten (stand-ins are then found again as cells are
    /// rasterised), so the filter does not run on every raster.
    static let lookLimit = 512

    fileprivate func note(_ raster: Made, of look: CellLook, in layers: LayerCache) {
        if made.count >= PictureRasters.lookLimit {
            made = made.filter { $0.value.contains { layers.holdsPictureRaster($0.key) } }
            if made.count >= PictureRasters.lookLimit { made = [:] }
        }
        made[look, default: []].removeAll { $0.key == raster.key }
        made[look, default: []].append(raster)
    }

    /// The held raster of `look` whose scale is nearest `scale`, within
    /// `PictureMetrics.standInScaleReach` (relative), the larger on a tie (downscaled, it stays sharp).
    fileprivate func standIn(for look: CellLook, near scale: Double, in layers: LayerCache) -> (Made, ImageSurface)? {
        guard var list = made[look] else { return nil }
        list.removeAll { !layers.holdsPictureRaster($0.key) }
        made[look] = list.isEmpty ? nil : list
        guard let i = PictureRasters.nearest(list.map(\.scale), to: scale, reach: PictureMetrics.standInScaleReach),
              let surface = layers.pictureRaster(list[i].key) else { return nil }
        standIns += 1
        return (list[i], surface)
    }

    /// The index of the scale nearest `scale` within `reach` of it (relative), the larger on a tie.
    static func nearest(_ scales: [Double], to scale: Double, reach: Double) -> Int? {
        let limit = reach * scale * (1 + 1e-9)
        return scales.indices.filter { abs(scales[$0] - scale) <= limit }.min { a, b in
            let da = abs(scales[a] - scale), db = abs(scales[b] - scale)
            return abs(da - db) > 1e-9 * scale ? da < db : scales[a] > scales[b]
        }
    }

    /// The device pixels of each cell this frame drew from a raster, and those of every cell of the
    /// frame (the damage's bounds of its shadow and picture).
    private var drawn: [PixelRect] = []
    private var cells: [PixelRect] = []

    /// True once this frame's texts were added to `cells` (at its first picture cell).
    private var textsNoted = false

    fileprivate func cell(_ rect: PixelRect?) {
        guard let rect, !rect.isEmpty else { return }
        cells.append(rect)
    }

    /// Adds the device bounds of the list's texts to what a settle box must hold whole or not touch:
    /// a title repainted from a band starting inside it differed from the direct path in that row
    /// (carousel-selected at rest, PictureCellTraceTests: a box ending at the strip's shadows cut
    /// the names below them).
    fileprivate func noteTexts(_ list: DisplayList, bounds: [PixelRect?]?) {
        guard !textsNoted else { return }
        textsNoted = true
        guard let bounds else { return }
        for (index, command) in list.commands.enumerated() where index < bounds.count {
            if case .text = command { cell(bounds[index]) }
        }
    }

    /// Called once a frame is drawn, before `layers.endFrame()`: the pixels drawn from rasters go
    /// to the layer cache's settle rectangles, each grown to hold whole every cell it touches
    /// (`PictureRasters.settleBoxes`). A box cutting through a picture would repaint it in two
    /// bands, and pixman's bilinear steps restart at each band's first row (1/255 off in that row,
    /// against the direct path's one composite).
    func endFrame(settling layers: LayerCache) {
        for box in PictureRasters.settleBoxes(drawn: drawn, cells: cells) { layers.approximated(box) }
        drawn.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        textsNoted = false
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        swap(&previousSizes, &currentSizes)
        currentSizes.removeAll(keepingCapacity: true)
        rasterisedThisFrame = 0
        readiedThisFrame = 0
    }

    /// The boxes a frame after `drawn` (pixels drawn from rasters) repaints: each drawn box grown by
    /// every cell on rows it spans, boxes sharing rows merged, until no cell crosses a box's top or
    /// bottom edge. By rows, not by overlap: the damage widens a box to whole rows (FrameDamage), and
    /// a picture it then cuts is repainted from a band starting inside it, where pixman's bilinear
    /// steps restart (a row 1/255 off at rest, PictureRasterTests: a box of the right-hand preview
    /// cards, widened, cut the centre one).
    /// Before, one box of every cell of the frame: at 3840x2160 it took in the strip, the preview and
    /// all between (the band, the titles): 13.8 MB presented a frame at p99, against 7.8 MB with the
    /// cells off (compare bench).
    static func settleBoxes(drawn: [PixelRect], cells: [PixelRect]) -> [PixelRect] {
        func sharesRows(_ a: PixelRect, _ b: PixelRect) -> Bool { a.y < b.maxY && b.y < a.maxY }
        var boxes = drawn.filter { !$0.isEmpty }
        var changed = true
        while changed {
            changed = false
            for cell in cells where !cell.isEmpty {
                for i in boxes.indices where sharesRows(boxes[i], cell) && !boxes[i].contains(cell) {
                    boxes[i] = boxes[i].union(cell)
                    changed = true
                }
            }
            var merged: [PixelRect] = []
            for box in boxes {
                if let j = merged.firstIndex(where: { sharesRows($0, box) }) {
                    merged[j] = merged[j].union(box)
                    changed = true
                } else {
                    merged.append(box)
                }
            }
            boxes = merged
        }
        return boxes
    }

    /// The cell's scale snapped to the grid of `step` around 1 (the renderer's own scale):
    /// 1 and the carousel's resting scales (1.2, 0.88 of the seed's metrics) lie on the grid.
    static func snapped(_ ratio: Double, step: Double) -> Double {
        max(step, 1 + step * ((ratio - 1) / step).rounded())
    }

    /// The drawn picture sizes of the moving cells composited in the previous frame and this one,
    /// and the sizes readied (`PictureMetrics.restingSizesPerFrame`).
    private var previousSizes: Set<PictureKey> = []
    private var currentSizes: Set<PictureKey> = []
    private var readiedThisFrame = 0

    /// True when this frame made no raster nor readied its share of sizes, and `size` was a moving
    /// cell's in the previous frame too: the size to ready now, so the frame the cell rests in
    /// (drawn directly) decodes nothing.
    fileprivate func mayReady(_ size: PictureKey) -> Bool {
        currentSizes.insert(size)
        return rasterisedThisFrame == 0 && readiedThisFrame < PictureMetrics.restingSizesPerFrame
            && previousSizes.contains(size)
    }
    fileprivate func readied() { readiedThisFrame += 1 }

    fileprivate func saw(_ key: CellKey) -> Bool {
        current.insert(key)
        return previous.contains(key)
    }

    /// True while this frame may still make a raster (`PictureMetrics.rastersPerFrame`).
    fileprivate var mayRasterise: Bool { rasterisedThisFrame < PictureMetrics.rastersPerFrame }
    /// True while this frame may still make a raster of a cell that has a stand-in
    /// (`PictureMetrics.rastersPerFrameWithStandIn`: only as the frame's first raster).
    fileprivate var mayRasteriseWithStandIn: Bool { rasterisedThisFrame < PictureMetrics.rastersPerFrameWithStandIn }
    /// Rasters not made because the cell had a stand-in and the frame had made its share of those (since the start).
    private(set) var standInsKept = 0
    fileprivate func keptStandIn() { standInsKept += 1 }

    /// A raster made, by the frame (counted against its share) or in the slack after it.
    fileprivate func rasterised(byFrame: Bool) {
        if byFrame { rasterisedThisFrame += 1 }
        rasterisations += 1
    }

    fileprivate func composited(_ rect: PixelRect) {
        composites += 1
        guard !rect.isEmpty else { return }
        drawn.append(rect)
    }
    fileprivate func drewAtRest() { restingDraws += 1 }

    /// Moving cells drawn directly: no raster of theirs nor of a nearby scale, and none may be made.
    private(set) var movingDirect = 0
    fileprivate func drewMoving() { movingDirect += 1 }
}

/// Counts of the picture cells' work since the renderer was made (tests and the bench).
public struct PictureRasterFigures: Sendable, Equatable {
    /// Cells composited from a raster of a snapped scale, cells drawn directly at rest, rasters made.
    public var composites: Int
    public var restingDraws: Int
    public var rasterisations: Int
    /// Of `composites`: cells past the frame's raster share drawn from a raster of a nearby
    /// snapped scale (PictureMetrics.standInScaleReach) instead of directly.
    public var standIns: Int
    /// Moving cells drawn directly (no raster of theirs or of a nearby scale, and none could be made).
    public var movingDirect: Int
    /// Of `standIns`: cells drawn from a stand-in although the frame's share had room, because
    /// the frame had already made a raster (`PictureMetrics.rastersPerFrameWithStandIn`).
    public var rastersDeferred: Int
    /// Of `rasterisations`: rasters painted from a held picture of a nearby size (none decoded).
    public var nearbyPictures: Int
    /// Of `rasterisations`: rasters made in the slack between frames (`LayerRasterising.slack`).
    public var madeInSlack = 0

    public init(composites: Int = 0, restingDraws: Int = 0, rasterisations: Int = 0, standIns: Int = 0,
                movingDirect: Int = 0, rastersDeferred: Int = 0, nearbyPictures: Int = 0, madeInSlack: Int = 0) {
        (self.composites, self.restingDraws, self.rasterisations) = (composites, restingDraws, rasterisations)
        (self.standIns, self.movingDirect, self.rastersDeferred) = (standIns, movingDirect, rastersDeferred)
        self.nearbyPictures = nearbyPictures
        self.madeInSlack = madeInSlack
    }
}

extension CairoRenderer {
    /// A picture cell's scale (relative to the renderer's) snapped to `PictureMetrics.rasterScaleStep`.
    public static func snappedRasterScale(_ ratio: Double) -> Double {
        PictureRasters.snapped(ratio, step: PictureMetrics.rasterScaleStep)
    }

    /// The picture cells' counts (composited, drawn at rest, rasterised).
    public var pictureRasterFigures: PictureRasterFigures {
        PictureRasterFigures(composites: pictureRasters.composites, restingDraws: pictureRasters.restingDraws,
                             rasterisations: pictureRasters.rasterisations, standIns: pictureRasters.standIns,
                             movingDirect: pictureRasters.movingDirect,
                             rastersDeferred: pictureRasters.standInsKept,
                             nearbyPictures: pictureRasters.nearbyPictures, madeInSlack: pictureRasters.madeInSlack)
    }

    /// Composites the picture cell starting at `index` (a shadow and its picture) from a raster of
    /// its snapped scale; returns the index after the cell, or nil when it is to be drawn as before
    /// (not a cell, at rest, the picture not ready, no raster yet and none may be made this frame).
    func drawPictureCell(_ list: DisplayList, at index: Int, on cr: OpaquePointer, skip: ((Int) -> Bool)?,
                         deviceScale: Double) -> Int? {
        guard !pictureRasters.rendering, index + 1 < list.commands.count,
              case .shadow(let rect, let radius, let blur, let offset, let color) = list.commands[index],
              case .image(let path, let pictureRect, let alpha, let pictureRadius) = list.commands[index + 1],
              pictureRect == rect, pictureRadius == radius, rect.width > 0, rect.height > 0,
              alpha > 1.0 / 255, alpha <= 1, blur >= 0 else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let k = m.xx
        guard m.xy == 0, m.yx == 0, k > 0, abs(m.yy - k) <= 1e-9 * k, scale > 0,
              abs(k - deviceScale) <= 1e-9 * k else { return nil }
        let key = PictureRasters.CellKey(shadow: list.commands[index], image: list.commands[index + 1],
                                         matrix: [m.xx, m.yy, m.x0, m.y0])
        // The pixels the direct path would touch (the damage's bounds), when known.
        let known = knownBounds.flatMap { b -> PixelRect? in
            guard index + 1 < b.count else { return nil }
            switch (b[index], b[index + 1]) {
            case (let s?, let i?): return s.union(i)
            case (let s?, nil): return s
            case (nil, let i?): return i
            case (nil, nil): return nil
            }
        }
        pictureRasters.cell(known)
        pictureRasters.noteTexts(list, bounds: knownBounds)
        // Seen also when nothing of it is repainted: a later frame repainting it at rest draws it exactly.
        if pictureRasters.saw(key) {
            pictureRasters.drewAtRest()
            return nil
        }
        if let skip, skip(index), skip(index + 1) { return nil }
        // The raster: the cell at full opacity, moved to its own origin, at the snapped scale.
        let ks = CairoRenderer.snappedRasterScale(k / scale) * scale
        let shadowAlpha = min(1, (color.alpha / alpha * PictureMetrics.rasterShadowAlphaSteps).rounded()
                              / PictureMetrics.rasterShadowAlphaSteps)
        let local = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
        let cell: [DrawCommand] = [
            .shadow(local, cornerRadius: radius, blur: blur, offset: offset, color: color.withAlpha(shadowAlpha)),
            .image(path: path, local, alpha: 1, cornerRadius: radius),
        ]
        // Layout units the cell reaches around its rectangle (the shadow's half blur past its
        // offset rectangle), and the raster's margin: whole device pixels, two of them empty.
        let h = max(0.5, blur / 2)
        let reach = (left: max(0, h - offset.x), top: max(0, h - offset.y),
                     right: max(0, offset.x + h), bottom: max(0, offset.y + h))
        let mx = (reach.left * ks).rounded(.up) + 2, my = (reach.top * ks).rounded(.up) + 2
        let rw = Int(mx + ((rect.width + reach.right) * ks).rounded(.up) + 2)
        let rh = Int(my + ((rect.height + reach.bottom) * ks).rounded(.up) + 2)
        guard rw <= LayerCache.maximumSide, rh <= LayerCache.maximumSide else { return nil }
        let rasterKey = LayerKey(scale: ks, tx: mx, ty: my, commands: cell)
        let look = PictureRasters.CellLook(path: path, width: rect.width, height: rect.height, radius: radius,
                                           blur: blur, offset: offset)
        var raster = PictureRasters.Made(key: rasterKey, scale: ks, margin: (mx, my))
        // What to make when this raster is not held (most frames copy a held one).
        func job() -> PictureRasters.Job {
            PictureRasters.Job(made: raster, look: look, cell: cell, path: path, local: local, radius: radius,
                               width: rw, height: rh, distance: distanceFromCentre(cr, rect))
        }
        let surface: ImageSurface
        if let held = layers.pictureRaster(rasterKey) {
            surface = held
        } else if pictureRasters.inSlack || !pictureRasters.mayRasteriseWithStandIn || !pictureRasters.mayRasterise,
                  let (other, held) = pictureRasters.standIn(for: look, near: ks, in: layers) {
            // Past the frame's share (or its share of cells that have one), or while the slack
            // makes this one: a raster of a nearby scale, scaled to this one (repainted at rest).
            if pictureRasters.inSlack { pictureRasters.ask(job()) } else if pictureRasters.mayRasterise { pictureRasters.keptStandIn() }
            raster = other
            surface = held
        } else if pictureRasters.inSlack {
            // The slack between frames makes it (`rasteriseCellsInSlack`); drawn as before meanwhile.
            pictureRasters.ask(job())
            pictureRasters.drewMoving()
            return nil
        } else {
            // The frame's share is looked at first, so a cell past it asks for no picture size
            // (headless: decodes none).
            guard pictureRasters.mayRasterise, let made = rasteriseCell(job()) else {
                pictureRasters.drewMoving()
                return nil
            }
            surface = made
        }
        // Where the cell's origin lands, and the raster mapped onto it.
        var ox = rect.minX, oy = rect.minY
        cairo_user_to_device(cr, &ox, &oy)
        let ratio = k / raster.scale
        let x0 = ox - raster.margin.x * ratio, y0 = oy - raster.margin.y * ratio
        let footprint = PixelRect(x: Int(x0.rounded(.down)) - 1, y: Int(y0.rounded(.down)) - 1,
                                  width: Int((Double(surface.width) * ratio).rounded(.up)) + 3,
                                  height: Int((Double(surface.height) * ratio).rounded(.up)) + 3)
        let bounds = known.map { $0.intersection(footprint) } ?? footprint
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(bounds.x), Double(bounds.y), Double(bounds.width), Double(bounds.height))
        cairo_clip(cr)
        if abs(ratio - 1) <= 1e-9 {
            // The snapped scale itself: a copy, moved to the nearest device pixel.
            cairo_set_source_surface(cr, surface.handle, x0.rounded(), y0.rounded())
        } else {
            cairo_translate(cr, x0, y0)
            cairo_scale(cr, ratio, ratio)
            cairo_set_source_surface(cr, surface.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        }
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
        cairo_restore(cr)
        pictureRasters.composited(bounds)
        let size = pictureKey(path, rect, radius, deviceScale: k)
        if pictureRasters.mayReady(size), !holdsPicture(size),
           pictureReady(size, distance: distanceFromCentre(cr, rect)) {
            pictureRasters.readied()
        }
        shapes.noteShadow(rect.offsetBy(dx: offset.x, dy: offset.y), radius: radius, blur: blur, color: color, deviceScale: k)
        return index + 2
    }

    /// Makes and holds `job`'s raster: the cell at full opacity at its snapped scale. Only a
    /// picture shown whole (decoded, faded in) is kept in a raster: one held at this size or a
    /// nearby one is painted (nothing decoded: PictureNearbySize.swift), else its size is asked
    /// for as before. Nil when the picture is not ready.
    func rasteriseCell(_ job: PictureRasters.Job) -> ImageSurface? {
        let ks = job.made.scale
        let held = pictureRasters.nearbyAllowed ? heldPicture(job.path, job.local, job.radius, deviceScale: ks) : nil
        guard held != nil || pictureReady(job.path, job.local, job.radius, deviceScale: ks, distance: job.distance) else { return nil }
        if let held, !held.exact { pictureRasters.paintedNearby() }
        pictureRasters.picture = held?.surface
        pictureRasters.rasterised(byFrame: !pictureRasters.inSlack)
        pictureRasters.note(job.made, of: job.look, in: layers)
        let surface = ImageSurface(width: job.width, height: job.height)
        let scr = cairo_create(surface.handle)!
        cairo_translate(scr, job.made.margin.x, job.made.margin.y)
        cairo_scale(scr, ks, ks)
        var cellList = DisplayList()
        for command in job.cell { cellList.append(command) }
        pictureRasters.rendering = true
        drawCommands(cellList, 0..<cellList.commands.count, on: scr, skip: nil, occluders: [], clipInteriors: [],
                     layers: [:], deviceScale: ks)
        pictureRasters.rendering = false
        pictureRasters.picture = nil
        cairo_destroy(scr)
        cairo_surface_flush(surface.handle)
        layers.storePictureRaster(surface, key: job.made.key)
        return surface
    }

    /// Makes the picture-cell rasters frames asked for in the slack (`LayerRasterising.slack`),
    /// newest first, while the next one's estimated cost is at most `longest` ms and fits what is
    /// left of `budget` ms by `clock` (else they wait), and no input came (an infinite budget:
    /// all of them); the number made.
    func rasteriseCellsInSlack(within budget: Double, longest: Double, clock: () -> Double, interrupt: () -> Bool) -> Int {
        pictureRasters.cost.drain(&pictureRasters.asked, pixels: { Double($0.width * $0.height) }, within: budget, longest: longest,
                                  clock: clock, interrupt: interrupt) { job in
            guard !layers.holdsPictureRaster(job.made.key), rasteriseCell(job) != nil else { return false }
            pictureRasters.madeInSlack += 1
            return true
        }
    }
}
