import CCairo
import CPangoCairo
import InteractionEngine

/// Paints engine display lists with Cairo: the one drawing path for the window and for PNGs.
///
/// It keeps text layouts and scaled images between frames, so a frame only
/// pays for what changed. Not thread-safe: one renderer per drawing thread.
public final class CairoRenderer {
    let text = TextCache()
    let pictures = PictureLoader()
    let shapes = ShapeCache()

    /// Device pixels per layout pixel (2 on a HiDPI screen).
    public var scale: Double = 1

    /// Leaves out the pixels of cached shapes that a later opaque face replaces (shadow rings,
    /// stacked cards; issue 21). Off on the direct path (headless output, the reference);
    /// the compositor path turns it on. The same pixels either way (DamageRepaintTests).
    public var occlusionCulling = false

    /// Composites retained layers (a card's or row's face and what is drawn on it, rasterised
    /// once) instead of drawing their commands (issue 21, LayerCache.swift). Off on the direct
    /// path; the compositor path turns it on.
    public var retainedLayers = false
    let layers = LayerCache()
    /// Composites moving picture cells (shadow and picture) from rasters of a few snapped scales
    /// (issue 21 item 5, PictureRasters.swift), with `retainedLayers`. On: every gallery trace's
    /// resting frames equal the direct path's with it (PictureCellTraceTests), and its settle boxes
    /// hold only the cells they touch (PictureSettleBoxTests).
    public var pictureRasterCells = true
    let pictureRasters = PictureRasters()
    /// Device bounds of each command of the list being drawn, when the caller has them.
    var knownBounds: [PixelRect?]?
    /// Which commands of the list being drawn the last list drew too (the damage tracker's
    /// `CommandBounds.unchanged`, else `lastDrawn`'s, HiddenParts.swift).
    var knownUnchanged: [Bool]?
    /// The commands of the last list drawn with retained layers (a reference, not a copy).
    var lastDrawn: [DrawCommand]?
    /// The device bands a damage-only draw repaints (its clip), while it draws; nil: all of it.
    var repaintBands: [PixelRect]?
    /// The last frame's scroll containers, and this frame's by the index of their push.
    var scrollMemory = ScrollMemory()
    /// The scroll strips the last frame asked the slack for, the slack's running cost of one,
    /// and how many it made (ScrollTiles.swift).
    var stripAsks: [StripJob] = []
    /// The strips the last frame asked for that the slack after it did not make.
    var stripsUnserved: Set<LayerKey> = []
    /// The time given to the slack since the last frame (ms, `rasteriseInSlack`), and whether
    /// there was any before this frame (`beginSlackFrame`).
    var slackGiven = 0.0
    var slackHadTime = false
    var stripCost = SlackCost()
    var stripsMadeInSlack = 0
    var scrollGroups: [Int: ScrollGroup] = [:]
    /// This frame's occluders bucketed by device cells (`showing`), made when a frame first asks
    /// (a frame whose moving commands are few never does); nil with few.
    var occluderIndex: OccluderIndex?
    /// Whether a frame buckets its occluders (`OccluderIndex`; tests switch it off to compare).
    var indexesOccluders = true
    /// Moving commands whose occluders were looked up in the index (since the renderer was made).
    var indexedShowings = 0
    /// What this frame's clear paints (VisibleBackground.swift), with `occlusionCulling`; its figures.
    var background: VisibleBackground?
    var backgroundFigures = BackgroundStatistics()
    /// Drawing commands drawn from their commands (FrameCounts.swift).
    var commandsDrawn = 0
    /// Moving tiles drawn as one copy each (TileSprites.swift).
    let sprites = TileSprites()
    /// Held scroll strips a frame may repaint in place (`LayerCache.patchesPerFrame`; tests set 0 to compare).
    public var stripPatchesPerFrame = LayerCache.patchesPerFrame

    public init() {}

    /// Draws text with `options` (a `cairo_font_options_t*`, e.g. the screen's) merged over the
    /// fixed options headless output keeps.
    public func useFontOptions(_ options: OpaquePointer) {
        text.merge(fontOptions: options)
        layers.worker?.use(fontOptions: FontOptionsCopy(copying: text.fontOptions))
    }

    /// Picture files that could not be decoded, with the reason.
    public var imageFailures: [String: String] { pictures.store.failures.mapValues(\.description) }

    /// Draws `list` onto the Cairo context `cr` (a `cairo_t*`). A drawing command (never a
    /// push or pop) whose index `skip` accepts is left out: one wholly outside the damage.
    public func draw(_ list: DisplayList, on cr: OpaquePointer, skip: ((Int) -> Bool)? = nil) {
        shapes.fit(target: cairo_get_target(cr))
        shapes.beginFrame()
        shapes.stretchWhileMoving = retainedLayers
        layers.fit(target: cairo_get_target(cr))
        pictures.beginFrame()
        defer { pictures.endFrame() }
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        let occluders = occlusionCulling ? occluders(in: list) : []
        defer { occluderIndex = nil }
        if retainedLayers, !occluders.isEmpty, knownUnchanged == nil { knownUnchanged = unchangedCommands(list) }
        let plans = retainedLayers ? planLayers(list, width: Int(cairo_image_surface_get_width(cairo_get_target(cr))),
                                                height: Int(cairo_image_surface_get_height(cairo_get_target(cr)))) : [:]
        if retainedLayers { beginSlackFrame() }
        scrollGroups = retainedLayers ? planScrollGroups(list) : [:]
        if retainedLayers { sprites.beginFrame() }
        let target = cairo_get_target(cr)
        background = occlusionCulling && cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
            ? planBackground(list, occluders: occluders, plans: plans, groups: scrollGroups,
                             frame: PixelRect(x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
                                              height: Int(cairo_image_surface_get_height(target)))) : nil
        defer { background = nil }
        let drawnBefore = commandsDrawn
        drawCommands(list, 0..<list.commands.count, on: cr, skip: skip, occluders: occluders, clipInteriors: [],
                     layers: plans)
        if retainedLayers, !occluders.isEmpty, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE {
            prefetchSprites(list, plans: plans, drawnBefore: drawnBefore,
                            frame: PixelRect(x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
                                             height: Int(cairo_image_surface_get_height(target))))
        }
        scrollGroups = [:]
        if retainedLayers {
            pictureRasters.endFrame(settling: layers)
            layers.endFrame()
            lastDrawn = list.commands
        }
        knownBounds = nil
        knownUnchanged = nil
        cairo_restore(cr)
    }

    /// Draws `range` of `list` (balanced pushes and pops) onto `cr`, whose matrix holds `scale`.
    /// A retained layer of `layers` that starts at an index is composited instead of its commands.
    /// `range` of `list` drawn onto an offscreen raster (a strip, a sprite): no frame's occluders,
    /// clips or repaint bands apply there (the bands are the frame's, set again after).
    func drawOffscreen(_ list: DisplayList, _ range: Range<Int>, on cr: OpaquePointer, skip: ((Int) -> Bool)?,
                       layers: [Int: LayerPlan] = [:], deviceScale: Double) {
        let bands = repaintBands
        repaintBands = nil
        drawCommands(list, range, on: cr, skip: skip, occluders: [], clipInteriors: [], layers: layers, deviceScale: deviceScale)
        repaintBands = bands
    }

    func drawCommands(_ list: DisplayList, _ range: Range<Int>, on cr: OpaquePointer, skip: ((Int) -> Bool)?,
                      occluders: [(index: Int, rect: PixelRect)], clipInteriors outer: [PixelRect?],
                      layers: [Int: LayerPlan], deviceScale: Double? = nil, replaced: PixelRect? = nil) {
        // Into a layer's or strip's raster (no occluders) every shape is drawn exactly.
        let stretching = shapes.stretchWhileMoving
        if occluders.isEmpty { shapes.stretchWhileMoving = false }
        defer { shapes.stretchWhileMoving = stretching }
        var currentScale = deviceScale ?? scale
        var scaleStack: [Double] = []
        var opacityStack: [Double] = []
        // Pixels wholly inside every open clip: only there may a face's middle count as painted.
        var clipInteriors: [PixelRect?] = outer
        var next = range.lowerBound
        while next < range.upperBound {
            let index = next, command = list.commands[index]
            next += 1
            if retainedLayers, !occluders.isEmpty, opacityStack.isEmpty,
               let end = drawSprite(list, at: index, on: cr, skip: skip, layers: layers, deviceScale: currentScale) {
                next = end
                continue
            }
            if let plan = layers[index], opacityStack.isEmpty,
               drawLayer(plan, of: list, on: cr, skip: skip, occluders: occluders, clipInteriors: clipInteriors,
                         deviceScale: currentScale) {
                next = plan.end
                continue
            }
            if retainedLayers, pictureRasterCells, opacityStack.isEmpty,
               let end = drawPictureCell(list, at: index, on: cr, skip: skip, deviceScale: currentScale) {
                next = end
                continue
            }
            if let group = scrollGroups[index], opacityStack.isEmpty,
               drawScrollGroup(group, of: list, on: cr, deviceScale: currentScale, skip: skip, plans: layers,
                               occluders: occluders, clipInteriors: clipInteriors) {
                next = group.end + 1
                // As if its strokes were drawn: round caps and joins stay set for what follows.
                if list.commands[(group.start + 1)..<group.end].contains(where: {
                    if case .line = $0 { true } else if case .polyline = $0 { true } else { false }
                }) {
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                }
                continue
            }
            if scrollGroups[index] != nil { paintDeferredBackground(cr, at: index, list: list) }
            if let skip, skip(index) {
                // A stroked line leaves round caps and joins set on `cr` for what follows:
                // a skipped one must too, or later strokes would differ.
                switch command {
                case .line, .polyline:
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                default: break
                }
                continue
            }
            // Shapes of a nearby size are cut only outside opacity groups and scaling transforms.
            shapes.stretchWhileMoving = stretching && !occluders.isEmpty && opacityStack.isEmpty
                && currentScale == (deviceScale ?? scale)
            commandsDrawn += 1
            // What later opaque faces leave showing (HiddenParts.swift): nothing, or a ring.
            let showing = occluders.isEmpty ? .all : showing(index, command, bounds: knownBounds?[index], occluders: occluders)
            switch showing {
            case .all: break
            case .none:
                self.layers.hid()
                if case .line = command { cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND); cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND) }
                if case .polyline = command { cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND); cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND) }
                continue
            case .bands(let bands, _):
                self.layers.clipped()
                beginShowing(cr, bands)
                shapes.cacheOnlyAtRest = true
            }
            defer {
                if case .bands(_, let box) = showing { shapes.cacheOnlyAtRest = false; endShowing(cr, command, box: box) }
                // Shapes drawn from a cached surface of a nearby size are repainted exactly next frame.
                for box in shapes.takeStretched() { self.layers.approximated(box) }
            }
            switch command {
            case .clear(let color):
                // Only where later commands do not replace it (VisibleBackground.swift).
                paintBackground(cr, color, index: index)
            case .fillRect(let rect, let paint, let radius):
                if case .solid = paint {
                    roundedRect(cr, rect, radius)
                    setPaint(cr, paint, rect)
                    cairo_fill(cr)
                } else {
                    let hole = larger(occlusion(of: deviceBox(cr, rect, margin: 0), after: index, occluders), replaced)
                    shapes.fill(cr, rect, paint, radius: radius, deviceScale: currentScale, hole: hole) { scr, r, rad in
                        // Device pixels, at the origin: into the cached surface, or straight onto `cr` on a miss.
                        self.roundedRect(scr, r, rad)
                        self.setPaint(scr, paint, r)
                        cairo_fill(scr)
                    }
                }
            case .strokeRect(let rect, let color, let width, let radius):
                let hole = larger(occlusion(of: deviceBox(cr, rect, margin: 0), after: index, occluders), replaced)
                shapes.stroke(cr, rect, color, lineWidth: width, radius: radius, deviceScale: currentScale, hole: hole) { scr, r, rad, w in
                    // Device pixels, at the origin: into the cached surface, or straight onto `cr` on a miss.
                    self.roundedRect(scr, r.insetBy(dx: w / 2, dy: w / 2), rad)
                    self.setColor(scr, color)
                    cairo_set_line_width(scr, w)
                    cairo_stroke(scr)
                }
            case .shadow(let rect, let radius, let blur, let offset, let color):
                // Under a clip the face's edge pixels may be only partly painted: no hole there.
                let shadowed = rect.offsetBy(dx: offset.x, dy: offset.y)
                let under = occlusionCulling && index + 1 < list.commands.count
                    ? opaqueInterior(cr, of: list.commands[index + 1], deviceScale: currentScale)
                        .flatMap { CairoRenderer.within($0, clipInteriors) } : nil
                let later = occlusion(of: deviceBox(cr, shadowed, margin: blur), after: index, occluders)
                let hole = larger((under?.area ?? 0) >= (later?.area ?? 0) ? under : later, replaced)
                shapes.shadow(cr, rect.offsetBy(dx: offset.x, dy: offset.y), radius: radius, blur: blur, color: color,
                              deviceScale: currentScale, hole: hole) { scr, r, rad, b in
                    // Device pixels, at the origin: into the cached surface, or straight onto `cr` on a miss.
                    self.drawShadow(scr, r, rad, b, color)
                }
            case .fillCircle(let center, let radius, let paint):
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                setPaint(cr, paint, Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
                cairo_fill(cr)
            case .strokeCircle(let center, let radius, let color, let width):
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                setColor(cr, color)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .line(let from, let to, let color, let width):
                strokePolyline(cr, [from, to], color, width)
            case .polyline(let points, let color, let width):
                strokePolyline(cr, points, color, width)
            case .text(let string, let rect, let style):
                drawText(cr, string, rect, style)
            case .image(let path, let rect, let alpha, let radius):
                drawImage(cr, path, rect, alpha, radius, deviceScale: currentScale)
            case .pushClip(let rect, let radius):
                cairo_save(cr)
                roundedRect(cr, rect, radius)
                cairo_clip(cr)
                if occlusionCulling {
                    clipInteriors.append(interior(of: rect, radius: radius, deviceScale: currentScale) { p in
                        var x = p.x, y = p.y
                        cairo_user_to_device(cr, &x, &y)
                        return Point(x: x, y: y)
                    })
                }
            case .popClip:
                cairo_restore(cr)
                if occlusionCulling { _ = clipInteriors.popLast() }
            case .pushTransform(let t):
                cairo_save(cr)
                cairo_translate(cr, t.translation.x, t.translation.y)
                cairo_scale(cr, t.scale, t.scale)
                scaleStack.append(currentScale)
                currentScale *= t.scale
            case .popTransform:
                cairo_restore(cr)
                currentScale = scaleStack.popLast() ?? scale
            case .pushOpacity(let alpha):
                cairo_push_group(cr)
                opacityStack.append(alpha)
            case .popOpacity:
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, opacityStack.popLast() ?? 1)
            }
        }
    }

    /// Renders `list` into a new image of `width` x `height` layout pixels.
    public func image(of list: DisplayList, width: Int, height: Int) -> ImageSurface {
        let surface = ImageSurface(width: Int((Double(width) * scale).rounded()),
                                   height: Int((Double(height) * scale).rounded()))
        let cr = cairo_create(surface.handle)!
        draw(list, on: cr)
        cairo_destroy(cr)
        return surface
    }

    // MARK: Primitives

    /// The source colour (also the background clears', VisibleBackground.swift).
    func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private func setPaint(_ cr: OpaquePointer, _ paint: Paint, _ rect: Rect) {
        switch paint {
        case .solid(let color):
            setColor(cr, color)
        case .diagonalGradient(let from, let to):
            setGradient(cr, cairo_pattern_create_linear(rect.minX, rect.minY, rect.maxX, rect.maxY), from, to)
        case .verticalGradient(let top, let bottom):
            setGradient(cr, cairo_pattern_create_linear(rect.minX, rect.minY, rect.minX, rect.maxY), top, bottom)
        }
    }

    private func setGradient(_ cr: OpaquePointer, _ pattern: OpaquePointer?, _ a: Color, _ b: Color) {
        guard let pattern else { return }
        cairo_pattern_add_color_stop_rgba(pattern, 0, a.red, a.green, a.blue, a.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, b.red, b.green, b.blue, b.alpha)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    func roundedRect(_ cr: OpaquePointer, _ r: Rect, _ radius: Double) {
        cairo_new_path(cr)
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        if rad <= 0 {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        let half = Double.pi / 2
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -half, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, half)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, half, 2 * half)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, 2 * half, 3 * half)
        cairo_close_path(cr)
    }

    private func strokePolyline(_ cr: OpaquePointer, _ points: [Point], _ color: Color, _ width: Double) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        setColor(cr, color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// A soft shadow under a rounded rectangle, painted as a box shadow: a solid
    /// middle, linear-gradient edges and radial-gradient corners, each `blur` px
    /// wide. Nine gradient fills per shadow: no blur pass, no banding.
    private func drawShadow(_ cr: OpaquePointer, _ rect: Rect, _ radius: Double, _ blur: Double, _ color: Color) {
        guard rect.width > 0, rect.height > 0, color.alpha > 0 else { return }
        let h = max(0.5, blur / 2)
        let c = max(0, min(radius, rect.width / 2, rect.height / 2))
        // Corner centres: the rounded rectangle is this rectangle grown by c.
        let k = rect.insetBy(dx: c, dy: c)
        let outer = rect.insetBy(dx: -h, dy: -h)
        cairo_save(cr)
        // Regions share edges exactly: without antialiasing they tile with no seams.
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        func stops(_ pattern: OpaquePointer, _ list: [(Double, Double)]) {
            for (offset, alpha) in list {
                cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha * alpha)
            }
        }
        func fill(_ r: Rect, _ pattern: OpaquePointer?) {
            guard let pattern, r.width > 0, r.height > 0 else { return }
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
        // The middle column, top to bottom.
        let column = cairo_pattern_create_linear(0, outer.minY, 0, outer.maxY)
        if let column {
            let e = min(0.5, 2 * h / outer.height)
            stops(column, [(0, 0), (e, 1), (1 - e, 1), (1, 0)])
        }
        fill(Rect(x: k.minX, y: outer.minY, width: k.width, height: outer.height), column)
        // The left and right bands, between the corners.
        for (from, to) in [(outer.minX, k.minX), (outer.maxX, k.maxX)] {
            let band = cairo_pattern_create_linear(from, 0, from + (to > from ? 1 : -1) * 2 * h, 0)
            if let band { stops(band, [(0, 0), (1, 1)]) }
            fill(Rect(x: min(from, to), y: k.minY, width: abs(to - from), height: k.height), band)
        }
        // The corners: rings around the corner centres.
        let inner = max(0, c - h), reach = c + h
        for (cx, cy, x0, y0) in [(k.minX, k.minY, outer.minX, outer.minY), (k.maxX, k.minY, k.maxX, outer.minY),
                                 (k.minX, k.maxY, outer.minX, k.maxY), (k.maxX, k.maxY, k.maxX, k.maxY)] {
            let corner = cairo_pattern_create_radial(cx, cy, inner, cx, cy, reach)
            if let corner {
                // With no room inside the corner (c < h) the centre itself is partly covered.
                let centre = c >= h ? 1.0 : (c + h) / (2 * h)
                stops(corner, [(0, centre), (1, 0)])
            }
            fill(Rect(x: x0, y: y0, width: reach, height: reach), corner)
        }
        cairo_restore(cr)
    }

    func drawText(_ cr: OpaquePointer, _ string: String, _ rect: Rect, _ style: TextStyle) {
        guard !string.isEmpty, rect.width > 0 else { return }
        // Under the text lock, and inside a save and restore so that `cr` holds no scaled font
        // after it (freeing `cr` later, outside the lock, frees none).
        TextLock.held {
            let layout = text.layout(string, style: style, width: rect.width)
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            cairo_save(cr)
            setColor(cr, style.color)
            cairo_move_to(cr, rect.minX, rect.minY + (rect.height - Double(h)) / 2)
            pango_cairo_show_layout(cr, layout)
            cairo_restore(cr)
            cairo_new_path(cr)
        }
    }

    /// The user-space box the text's ink and logical extents cover, as `drawText` places it.
    func textBounds(_ string: String, _ rect: Rect, _ style: TextStyle) -> Rect? {
        guard !string.isEmpty, rect.width > 0 else { return nil }
        // The layout's ink and logical extents, measured once per layout (TextCache), or
        // estimated in a font not loaded yet.
        let e = text.damageExtents(string, style: style, width: rect.width)
        let top = rect.minY + (rect.height - e.height) / 2
        return Rect(x: rect.minX + e.box.minX, y: top + e.box.minY, width: e.box.width, height: e.box.height)
    }
}
