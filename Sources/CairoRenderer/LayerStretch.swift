import CCairo
import InteractionEngine

/// Small size changes without per-frame rasterising (issue 21 item 5): while a layer's face
/// scales a little (the grid's lift to 1.05 and back at the drop, its press feedback), every
/// frame's run has a new identity (its sizes changed), so it would be drawn as before, each
/// frame. Instead the last raster of the same item is drawn scaled to the new face; once the
/// size holds, the run is seen twice and rasterised as usual, exact again.
///
/// The same item is recognised by its run without geometry (`LayerStretch.signature`: the kinds
/// of its commands, their paints, colours, strings and text weights, no rectangles or sizes).
/// Only a moving layer (its exact key not drawn in the previous frame) is stretched, only from a
/// raster used in the previous frame or this one, and only by at most `maximumRatio` on either
/// side: a stretched copy is inexact (its pixels join the settle rectangles, as a shifted copy's
/// do), so a frame at rest is drawn from the commands.
public struct LayerStretch {
    /// The largest size ratio between the raster and the face it is stretched to, per axis (a
    /// ratio): the grid's lift scale 1.05 (seed 001, SPEC G2) with room for the press feedback
    /// before it. At 1.06 the lifted tile's label moves by at most about 2 px against the direct
    /// path's (its insets are fixed points, not scaled), inside `LayerRepaintTests`' tolerance.
    public static let maximumRatio = 1.06
    /// The most a stretched face may grow or shrink per axis (user px): a stretch moves what sits
    /// at a fixed inset from the face's edge (a label 12 px in) by the inset times the ratio less
    /// one, and text by its share of the growth, so a large face (a 1248 px wallet card growing by
    /// 2 %, 25 px) is rasterised instead. The grid's tile at 1280x800 is 102.5 px: lifted, it
    /// grows by 5.1 px.
    public static let maximumGrowth = 8.0
    /// The largest face side stretched (user px): a grid tile (SPEC G1: columns of at least 96
    /// px, so a tile is 96-204 px wide). A wallet card (448-1248 px, its hold feedback 0.97) holds
    /// text far from its origin, which a stretch moves by pixels (measured: the wallet-lifted
    /// trace then had 0.203 % of a frame's pixels off, over `LayerRepaintTests`' 0.2 %).
    public static let maximumSide = 220.0
    /// The largest difference between the two axes' ratios (a ratio): a face that changes its
    /// height alone (a wallet card expanding, a footer's inset) is not a uniform scale.
    public static let maximumSkew = 0.01
    /// Frames a raster stays a stretch source after it was last used (frames): the previous one.
    static let sourceFrames = 1
    /// Rasters remembered per frame (rasters): a screen of grid tiles at 3840x2160 is about 700.
    static let limit = 1024

    struct Source {
        let surface: ImageSurface
        /// Device pixel of the surface's (0, 0), and the face's exact device rectangle.
        let raster: PixelRect
        let face: Rect
        /// The run relative to the face's origin (the layer's identity).
        let commands: [DrawCommand]
    }

    /// Small faces' rasters used in this frame and the one before, by their face's paint (a
    /// raster is only remembered here; its signature is worked out when a face of a new size asks
    /// for a source). By paint: a screen of moving grid tiles at 3840x2160 asks for ~650 sources a
    /// frame, and a scan of all (of 48 colours) took 8 % of such a frame.
    private var current: [Paint: [Source]] = [:]
    private var previous: [Paint: [Source]] = [:]
    private var currentCount = 0
    private var frame = 0
    /// Copies drawn from a stretched raster.
    private(set) var stretched = 0

    private mutating func advance(to frame: Int) {
        guard frame != self.frame else { return }
        previous = frame - self.frame <= Self.sourceFrames ? current : [:]
        current.removeAll(keepingCapacity: true)
        currentCount = 0
        self.frame = frame
    }

    private mutating func remember(_ source: Source, paint: Paint) {
        guard currentCount < Self.limit else { return }
        current[paint, default: []].append(source)
        currentCount += 1
    }

    /// `commands` without geometry: what the same item draws at any size.
    static func signature(_ commands: ArraySlice<DrawCommand>) -> [DrawCommand] {
        let zero = Rect(x: 0, y: 0, width: 0, height: 0), origin = Point(x: 0, y: 0)
        return commands.map { command in
            switch command {
            case .fillRect(_, let paint, _): return .fillRect(zero, paint, cornerRadius: 0)
            case .strokeRect(_, let c, _, _): return .strokeRect(zero, c, lineWidth: 0, cornerRadius: 0)
            case .shadow(_, _, _, _, let c): return .shadow(zero, cornerRadius: 0, blur: 0, offset: origin, color: c)
            case .fillCircle(_, _, let paint): return .fillCircle(center: origin, radius: 0, paint)
            case .strokeCircle(_, _, let c, _): return .strokeCircle(center: origin, radius: 0, c, lineWidth: 0)
            case .line(_, _, let c, _): return .line(from: origin, to: origin, c, width: 0)
            case .polyline(let points, let c, _): return .polyline(Array(repeating: origin, count: points.count), c, width: 0)
            case .text(let s, _, var style):
                style.size = 0
                return .text(s, zero, style)
            case .image(let path, _, let alpha, _): return .image(path: path, zero, alpha: alpha, cornerRadius: 0)
            case .pushClip: return .pushClip(zero, cornerRadius: 0)
            case .clear, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: return command
            }
        }
    }

    /// The face's exact device rectangle: its first command's rectangle, relative to its origin in
    /// the identity, scaled.
    static func face(of plan: LayerPlan) -> Rect? {
        guard case .fillRect(let r, _, _) = plan.identity.commands.first else { return nil }
        let k = plan.identity.scale
        return Rect(x: plan.origin.x, y: plan.origin.y, width: r.width * k, height: r.height * k)
    }

    /// Remembers `surface` (a raster of `plan`'s run at `raster`, its face at `origin`) as a source.
    mutating func used(_ surface: ImageSurface, raster: PixelRect, origin: Point, for plan: LayerPlan, frame: Int) {
        advance(to: frame)
        guard let size = Self.face(of: plan), max(size.width, size.height) <= Self.maximumSide * plan.identity.scale,
              case .fillRect(_, let paint, _) = plan.identity.commands.first else { return }
        remember(Source(surface: surface, raster: raster, face: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height),
                        commands: plan.identity.commands), paint: paint)
    }

    /// The same item's raster of this frame or the last: the same first command's look, then the same signature.
    private func source(for plan: LayerPlan) -> (Source, Paint)? {
        guard case .fillRect(_, let paint, _) = plan.identity.commands.first else { return nil }
        var key: [DrawCommand]?
        for sources in [current[paint], previous[paint]] {
            for candidate in (sources ?? []).reversed() where candidate.commands.count == plan.identity.commands.count {
                if key == nil { key = Self.signature(plan.identity.commands[...]) }
                if Self.signature(candidate.commands[...]) == key { return (candidate, paint) }
            }
        }
        return nil
    }

    /// `plan`'s run drawn from the item's last raster scaled to its face, on a surface of
    /// `plan.raster`'s size; nil without a source close enough in size and time.
    mutating func stretch(_ plan: LayerPlan, frame: Int) -> ImageSurface? {
        guard let face = Self.face(of: plan), face.width > 0, face.height > 0 else { return nil }
        advance(to: frame)
        guard let (source, paint) = source(for: plan), source.face.width > 0, source.face.height > 0 else { return nil }
        let fx = face.width / source.face.width, fy = face.height / source.face.height
        let limit = Self.maximumRatio
        let k = plan.identity.scale
        guard fx <= limit, fy <= limit, fx >= 1 / limit, fy >= 1 / limit, fx != 1 || fy != 1, abs(fx - fy) <= Self.maximumSkew,
              abs(face.width - source.face.width) <= Self.maximumGrowth * k,
              abs(face.height - source.face.height) <= Self.maximumGrowth * k,
              max(face.width, face.height, source.face.width, source.face.height) <= Self.maximumSide * k else { return nil }
        // The copy writes `plan.inner`: it must come from the source's pixels.
        let inner = plan.inner
        let sx0 = source.face.minX + (Double(inner.x) - face.minX) / fx, sx1 = source.face.minX + (Double(inner.maxX) - face.minX) / fx
        let sy0 = source.face.minY + (Double(inner.y) - face.minY) / fy, sy1 = source.face.minY + (Double(inner.maxY) - face.minY) / fy
        guard sx0 >= Double(source.raster.x), sy0 >= Double(source.raster.y),
              sx1 <= Double(source.raster.maxX), sy1 <= Double(source.raster.maxY) else { return nil }
        let r = plan.raster
        let surface = ImageSurface(width: r.width, height: r.height)
        let cr = cairo_create(surface.handle)!
        // Surface pixel -> device: + r; device -> source device: face to face; -> source pixel: - source.raster.
        cairo_translate(cr, face.minX - Double(r.x), face.minY - Double(r.y))
        cairo_scale(cr, fx, fy)
        cairo_translate(cr, Double(source.raster.x) - source.face.minX, Double(source.raster.y) - source.face.minY)
        cairo_set_source_surface(cr, source.surface.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
        // Still the item's source next frame (the scale keeps moving from the raster it has).
        remember(source, paint: paint)
        stretched += 1
        return surface
    }
}
