import CCairo
import InteractionEngine

/// A layer's raster as a frame copies it (`LayerCache.raster(for:matrix:render:)`): the surface,
/// the device rectangle its pixel (0, 0) lands at, and how the rest of its run is drawn.
struct LayerCopy {
    let surface: ImageSurface
    let at: PixelRect
    /// A moving layer copied from a raster of another phase, every command of its run inside the
    /// raster: the rest of its run (the face's edge, what reaches from the middle to the edge) is
    /// drawn band by band around the middle (MovingLayers.swift), not whole under the copy; the
    /// layer's exact position less `at` (device px, -0.5...0.5 on each axis). Its whole raster
    /// rectangle is repainted exactly in the next frame (settle). Nil: the run is drawn whole.
    var ring: (dx: Double, dy: Double)?

    /// Whether `band` of the ring around `inner` may be copied from the raster instead of drawn:
    /// the raster's phase equals the layer's across the band (a band above or below the middle
    /// holds the face's top or bottom edge, a row: its phase is vertical; one beside it holds
    /// a side, a column), and the raster holds the band.
    func copiesExactly(_ band: PixelRect, phase: (dx: Double, dy: Double), around inner: PixelRect) -> Bool {
        let acrossRows = band.maxY <= inner.y || band.y >= inner.maxY
        let offset = acrossRows ? phase.dy : phase.dx
        return abs(offset) <= LayerCache.ringPhaseSlack && at.contains(band)
    }
}

extension LayerCache {
    /// Whether a moving layer copied from a raster of another phase draws the rest of its run in
    /// the ring between its copied middle and its raster's bounds (the face's rounded edge, about
    /// 7 px wide), one band at a time, instead of whole under the copy; a band across which the
    /// raster's phase is the layer's (the sides of a card moving straight up or down, which keeps
    /// its columns) is copied from the raster. Drawn whole, the rest was most of a wallet drag
    /// frame: each card's two sheen discs (radius 150 and 170 px) are clipped to its rounded face
    /// and reach its edge, so they were filled again through a rounded clip under every moving
    /// card (25 % of the compositor's samples in the compare bench's wallet, perf at c526ab2).
    /// Clipped to the whole ring at once (stops 29 to 34) they still were 26 % (perf at
    /// 5939c20). Band by band, with the bands the phase allows copied, the wallet's draw+present
    /// fell 5 % (deterministic A/B, `--layer-worker off`); what is still drawn costs about what it
    /// did per fill: Cairo intersects each fill's path with the rounded clip's, whatever the area
    /// (cutting the bands at the corners to draw the rest under box clips cost more passes than it
    /// saved, README stop 35). The ring copied whole instead, at the phase rounded to whole
    /// pixels, moved each face's top and bottom edge by up to half a pixel: the wallet-overlay
    /// trace had 0.23 % of a moving frame's pixels off (over `LayerRepaintTests`' 0.2 %, the
    /// overlay's 1-px lines along the card edges); at the exact phase, bilinear, 0.34 % (an
    /// anti-aliased edge resampled is not the edge drawn at that phase). At rest the run is drawn
    /// whole (a ring of boxes under the run's rounded clip rounds a few edge pixels differently
    /// from the direct path).
    static let movingRunInRingBands = true

    /// How far the raster's phase may be from the layer's across a band that is copied (device px).
    static let ringPhaseSlack = 1.0 / 128

    /// Rasterisations a moving frame makes (rasters) before a resting layer whose exact phase is
    /// not held is copied from its raster of another phase (a stand-in, shifted to the nearest
    /// pixel and repainted next frame) instead of rasterised now: in the wallet's auto-scroll the
    /// card reaching the top pile rests while the stack moves on, and a stack settling after a
    /// fling rests card by card. A frame whose list repeats the last one (at rest) still makes
    /// every layer exact; runs without a stand-in (a card scrolling in) keep
    /// `rasterisationsPerFrame`. One: the compare bench's wallet drag frames rasterised 1-3 cards
    /// each at c526ab2 (#164 and #588: 3 each, 7-8 ms of drawing at 1280x800); one keeps a frame to
    /// one card's cost. A stand-in waits until a frame has budget left, the list repeats, or it has
    /// waited `standInFramesAtMost` frames.
    static let rasterisationsWithStandIn = 1

    /// Consecutive moving frames a resting layer may be left on a stand-in (frames) before it is
    /// made exact whatever the frame rasterised before it (rasterised within
    /// `rasterisationsPerFrame`, else drawn from its commands). Without a bound a layer waited as
    /// long as something earlier in the list rasterised every frame: the compare bench's grid
    /// left 773 resting layers on a stand-in in 600 frames at 1280x800 (tiles settling while
    /// others reflow; wallet 21). Four frames (67 ms at 60 Hz, a half-pixel stand-in at most that
    /// long): the grid's count fell to 355 (837 from 2490 at 1920x1080) with its layers
    /// rasterised 190 -> 190, while the wallet's stand-ins (21) and rasterisations (84) did not
    /// move, so its one-card frames stay as they were.
    static let standInFramesAtMost = 4
}

/// How many consecutive frames each resting layer has been left on a stand-in (MovingLayers.swift).
struct StandInRun {
    private var last: [LayerKey: Int] = [:]
    private var now: [LayerKey: Int] = [:]

    /// Whether the layer `identity` may wait one more frame on its stand-in.
    func mayWait(_ identity: LayerKey) -> Bool { (last[identity] ?? 0) < LayerCache.standInFramesAtMost }

    /// The layer `identity` was left on its stand-in this frame.
    mutating func waited(_ identity: LayerKey) { now[identity] = (last[identity] ?? 0) + 1 }

    /// A layer not left on a stand-in this frame starts again from none.
    mutating func endFrame() {
        swap(&last, &now)
        now.removeAll(keepingCapacity: true)
    }

    /// The longest wait in the frame just ended (tests).
    var longest: Int { last.values.max() ?? 0 }
}

extension CairoRenderer {
    /// Copies `band` (device pixels) of a moving layer's raster over what `cr` holds, inside its
    /// current clip and the frame's repaint bands.
    func composite(_ copy: LayerCopy, over band: PixelRect, on cr: OpaquePointer) {
        let pieces = repaintBands?.map { band.intersection($0) }.filter { !$0.isEmpty } ?? [band]
        guard !pieces.isEmpty else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, copy.surface.handle, Double(copy.at.x), Double(copy.at.y))
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_new_path(cr)
        for piece in pieces {
            cairo_rectangle(cr, Double(piece.x), Double(piece.y), Double(piece.width), Double(piece.height))
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Saves `cr` and clips it to `band` (device pixels); the caller restores it.
    func clip(_ cr: OpaquePointer, toDevice band: PixelRect) {
        cairo_save(cr)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }
}
