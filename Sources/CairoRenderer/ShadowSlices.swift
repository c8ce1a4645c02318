import CCairo

/// A box shadow of one size copied from a cached shadow of the same look and another size, in
/// nine slices (issue 21 item 3): the four corners copied, the edges and the middle tiled from the
/// source's middle rows and columns.
///
/// `CairoRenderer.drawShadow` paints a shadow as radial corners reaching `margin + radius` device
/// px in from each outer edge, edge bands whose gradient runs across them only, and a solid middle: past the
/// corners every column (and row) of a shadow is the same, whatever its length. So an expanding
/// wallet card, whose shadow grows by tens of pixels a frame, is copied from the shadow of its
/// resting size instead of drawn whole (about 300 kpx at 1280x800) in every frame of the expand.
/// The pixels are the source's; the renderer still lists the box as approximated, so the frame
/// at rest draws the shadow from its own cached surface.
struct ShadowSlices {
    /// Device px past the corner's reach that a slice keeps on each side: a gradient stop that
    /// falls at a pixel's centre may round either way, so the cut stays one pixel clear of it.
    static let cornerSlack = 1

    /// The most runs an axis is tiled in: a source far smaller than the shadow would take a fill
    /// per middle column, so it is not sliced from (the resting card's shadow tiles an expanded one
    /// in 2-4 runs).
    static let maximumRuns = 16

    /// One run along an axis: where it lands in the target, how long it is, where it starts in the source.
    struct Run: Equatable {
        let target: Int
        let length: Int
        let source: Int
    }

    let columns: [Run]
    let rows: [Run]

    /// Nil unless both shadows have the same look, neither has its corner radius clamped by its
    /// size, and the source has at least one middle column and row to tile from.
    init?(source sw: Int, _ sh: Int, look sourceLook: ShapeCache.Kind, target tw: Int, _ th: Int, look: ShapeCache.Kind) {
        guard sourceLook == look, case let .shadow(radius, blur, _) = look else { return nil }
        let margin = ShapeCache.shadowMargin(blur: blur)
        // The corners reach `radius` past the margin, the edges' ramp half the blur (drawShadow).
        let extent = Int((Double(margin) + max(radius, blur / 2, 0.5)).rounded(.up)) + ShadowSlices.cornerSlack
        // The radius is clamped to half the inner size (drawShadow): only unclamped corners match.
        let inner = (2 * radius).rounded(.up)
        guard Double(min(sw, sh, tw, th) - 2 * margin) >= inner,
              min(sw, sh) >= 2 * extent + 1, min(tw, th) >= 2 * extent,
              let columns = ShadowSlices.runs(source: sw, target: tw, extent: extent),
              let rows = ShadowSlices.runs(source: sh, target: th, extent: extent) else { return nil }
        self.columns = columns
        self.rows = rows
    }

    /// The runs along one axis: the first `extent` px, the middle tiled from the source's middle,
    /// the last `extent` px.
    static func runs(source: Int, target: Int, extent: Int) -> [Run]? {
        let middle = source - 2 * extent, wanted = target - 2 * extent
        guard middle >= 1, wanted >= 0 else { return nil }
        var runs = [Run(target: 0, length: extent, source: 0)]
        var at = 0
        while at < wanted {
            let length = min(middle, wanted - at)
            runs.append(Run(target: extent + at, length: length, source: extent))
            at += length
        }
        runs.append(Run(target: target - extent, length: extent, source: source - extent))
        return runs.count <= maximumRuns ? runs : nil
    }

    /// Copies `source` as the shadow filling `box` (device pixels), leaving out `hole`.
    func copy(_ cr: OpaquePointer, _ source: ImageSurface, to box: PixelRect, hole: PixelRect?) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        for column in columns {
            for row in rows {
                let part = PixelRect(x: box.x + column.target, y: box.y + row.target, width: column.length, height: row.length)
                let bands = CairoRenderer.ring(part, around: hole)
                guard !bands.isEmpty else { continue }
                cairo_set_source_surface(cr, source.handle, Double(part.x - column.source), Double(part.y - row.source))
                for band in bands {
                    cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
                }
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }
}
