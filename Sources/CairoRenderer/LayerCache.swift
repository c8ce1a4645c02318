import CCairo
import InteractionEngine

/// A retained layer found in a display list (issue 21): an opaque face at `start` (a card, a
/// row) and the commands drawn on it, up to `end` (balanced pushes and pops).
///
/// The face replaces every pixel of its opaque middle, so what the run leaves there depends on
/// the run alone: it is rasterised once into a surface and copied each frame. The rest of the
/// run (the face's rounded edge, what reaches past the middle) is drawn as before, clipped to
/// the outside of `inner`, so those pixels are the direct path's.
struct LayerPlan {
    let start: Int
    let end: Int
    /// Device pixels the raster holds: the face's whole device bounds (a raster of the middle
    /// alone would leave the face's own rounded clip outside the surface, which cairo then drops,
    /// rounding the edge pixels of what the clip cuts differently from the frame).
    let raster: PixelRect
    /// Device pixels the layer's copy writes: the face's wholly covered middle, two pixels in
    /// from its edge.
    let inner: PixelRect
    /// The face's device origin, exactly (not snapped).
    let origin: Point
    /// The run moved to the raster's origin by whole device pixels: equal keys, equal pixels.
    let exact: LayerKey
    /// The run relative to the face's own origin, to 1/64 px: the same item at any phase.
    let identity: LayerKey
    /// The run strokes a line or polyline (which leaves round caps set on the context).
    let strokes: Bool
    /// Every command of the run paints inside `raster` (the face's rows and painted columns): a
    /// copy of the whole raster holds all the run draws, so a moving layer is composited whole
    /// (MovingLayers.swift) instead of drawing the rest of its run around its middle.
    var insideRaster = false
}

/// What a layer draws, as a key: the device scale and the commands in the layer's own space.
///
/// Hashed once, when it is made: a frame looks each key up several times (the rasters, the keys
/// seen, the last frame's exact keys, the worker's requests), and hashing its commands each time
/// was about 6 % of the compositor's samples in the compare bench's wallet. Equal keys have equal
/// hashes, so two keys' commands are compared only when their hashes are equal.
struct LayerKey: Hashable {
    /// The device scale and the translation to the raster's origin (zero in an identity).
    let scale: Double
    let tx: Double
    let ty: Double
    let commands: [DrawCommand]
    /// A scroll container's strip (ScrollTiles.swift): `tx` its index, `ty` the frame's width, `commands` what reaches its rows.
    let strip: Bool
    /// The hash of all of the above, computed once.
    let hashed: Int

    init(scale: Double, tx: Double, ty: Double, commands: [DrawCommand], strip: Bool = false) {
        self.scale = scale
        self.tx = tx
        self.ty = ty
        self.commands = commands
        self.strip = strip
        var hasher = Hasher()
        hasher.combine(scale)
        hasher.combine(tx)
        hasher.combine(ty)
        hasher.combine(strip)
        hasher.combine(commands)
        hashed = hasher.finalize()
    }

    static func == (a: LayerKey, b: LayerKey) -> Bool {
        a.hashed == b.hashed && a.scale == b.scale && a.tx == b.tx && a.ty == b.ty && a.strip == b.strip
            && a.commands == b.commands
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hashed) }
}

/// Layer figures the bench and the overlay report.
public struct LayerStatistics: Sendable, Equatable {
    /// Rasters held now, and their bytes.
    public var layers = 0
    public var bytes = 0
    /// The most bytes held at once since the renderer was made.
    public var peakBytes = 0
    /// The byte budget in force (`LayerCache.byteBudget` or `screensPerBudget` screens).
    public var budget = 0
    /// Runs rasterised into a layer, copied from a raster of their exact phase, copied from a
    /// raster of another phase shifted to the nearest pixel (moving layers only), rasters evicted.
    public var rasterised = 0
    public var exactHits = 0
    public var shiftedHits = 0
    public var evictions = 0
    /// Layer rasters let go because their layer held `LayerCache.phasesPerLayer` newer phases.
    public var phasesDropped = 0
    /// Scroll-container strips rasterised, and strips copied in place of a container's commands.
    public var stripsRasterised = 0
    public var stripCopies = 0
    /// Device pixels of strip copies left out under the moving faces drawn over them (ScrollTiles.swift).
    public var stripPixelsCovered = 0
    /// With the raster worker (RasterWorker.swift): rasters it made that the frame's thread took
    /// in (`rasterised` counts the frame's thread alone), requests handed to it, requests it
    /// dropped unserved, landed rasters not kept (older than the one in use at rest), and layers
    /// drawn directly while their raster was wanted (no raster of any phase to copy).
    public var rasterisedOnWorker = 0
    public var requested = 0
    public var requestsDropped = 0
    public var landedUnused = 0
    public var drawnWhileWaiting = 0
    /// Moving layers copied from the item's last raster stretched to a slightly new size (LayerStretch.swift).
    public var stretchedHits = 0
    /// Moving layers copied from a raster of another phase whose run was drawn in the ring around
    /// the copied middle, and the ring's bands copied from the raster instead (MovingLayers.swift).
    public var ringClipped = 0
    public var ringBandsCopied = 0
    /// Resting layers copied from a raster of another phase because the frame had made its
    /// rasterisation (`LayerCache.rasterisationsWithStandIn`): rasterised exactly in a later frame.
    public var restingStandIns = 0
    /// Commands a later opaque face hid wholly (not drawn), commands drawn clipped to what such a
    /// face leaves showing, and shapes drawn a level off the direct path's, listed for an exact
    /// repaint in the next frame (HiddenParts.swift, ShapeCache's stretch).
    public var hiddenCommands = 0
    public var clippedCommands = 0
    public var approximated = 0

    public init(budget: Int = 0) { self.budget = budget }
}

/// The retained layers' rasters, one per item identity, least recently used first out under a
/// byte budget.
///
/// A layer whose exact key was drawn in the previous frame is at rest: it is copied only from a
/// raster of its exact phase (else drawn as before), so a frame in which nothing moves has the
/// direct path's pixels. A moving layer may be copied from a raster of another phase, shifted
/// to the nearest device pixel (at most half a pixel off); those pixels are listed in `settle`
/// and repainted exactly in the next frame (the compositor adds them to its damage).
final class LayerCache {
    /// The least memory the rasters may take, in bytes: a 1280x800 wallet's cards (about 1 MB
    /// each) or two screens of message rows.
    static let byteBudget = 16 << 20
    /// Screens of rasters the budget holds at least: a stack of cards covers the window about
    /// twice over (each raster is a whole face, also where the next card hides it).
    static let screensPerBudget = 3
    /// A face with a smaller middle (a badge, a chip) is drawn as before: a copy saves little.
    static let minimumArea = 4096
    /// A run with fewer commands wholly inside the middle is drawn as before: the rest of a run
    /// is drawn around the copy anyway, so a copy that saves less costs more than it saves.
    static let minimumInside = 2
    /// Rasterisations one frame may make; further runs are drawn as before and rasterised in a
    /// later frame. A list that starts scrolling would otherwise rasterise every visible row in
    /// its first moving frame (a spike of about one direct frame on top of the frame itself).
    static let rasterisationsPerFrame = 3
    /// Rasters wider or taller than this many device pixels are never made.
    static let maximumSide = 4096
    /// Identities remembered from earlier frames (a run is rasterised the second time it is seen).
    static let seenLimit = 4096
    /// Device pixels a frame a moving layer may move and still ask the worker for its raster at
    /// its phase (RasterWorker.swift): a spring's last frames move less, so the phase it stops at
    /// is asked for; a faster layer's phase will not be drawn again (asking for every phase had
    /// the worker draw about 5 rasters a frame in the compare bench's wallet, most never copied).
    static let settlingSpeed = 1.0

    /// Rasters kept per layer identity, one per exact key (sub-pixel phase or raster columns),
    /// most recently used first: a layer that returns to a phase it had (the wallet's lifted card
    /// as the pointer jiggles and the stack sticks during auto-scroll: y 748, 764, 768) is copied
    /// at rest instead of rasterised again (one raster per layer replaced it each time).
    static let phasesPerLayer = 3

    private struct Entry {
        let surface: ImageSurface
        let exact: LayerKey
        let origin: Point
        let raster: PixelRect
        var lastUse: Int
        /// The layer identity a layer raster belongs to (nil for strips and picture cells).
        var identity: LayerKey? = nil
    }

    /// Rasters by key: a layer's under its exact key (listed in `phases` under its identity), a
    /// strip or picture cell under its own.
    private var entries: [LayerKey: Entry] = [:]
    /// Each layer identity's rasters' exact keys, most recently used first, at most `phasesPerLayer`.
    private var phases: [LayerKey: [LayerKey]] = [:]
    private var clock = 0
    private(set) var statistics = LayerStatistics(budget: LayerCache.byteBudget)
    private var seen: Set<LayerKey> = []
    private var seenNow: Set<LayerKey> = []
    private var previousExact: Set<LayerKey> = []
    private var currentExact: Set<LayerKey> = []
    private var shifted: [PixelRect] = []
    private var rasterisedThisFrame = 0
    /// Consecutive frames each resting layer was left on a stand-in, up to the last frame and in this one (MovingLayers.swift).
    var standInRun = StandInRun()
    /// The frame's list equals the last one drawn: the frame is at rest, every layer exact.
    var listRepeats = false
    /// Frames drawn, and the frame each scroll strip was last used in.
    private var frames = 0
    private var stripFrames: [LayerKey: Int] = [:]
    /// Device pixels the last frame copied from a raster of another phase.
    private(set) var settle: [PixelRect] = []
    /// Rasterises in place of the frame's thread when set (RasterWorker.swift).
    var worker: RasterWorker? {
        didSet {
            oldValue?.stop()
            wanted = [:]
            outbox = []
        }
    }
    /// The exact key last asked of the worker for each identity, until it lands; the requests
    /// of the frame being drawn, handed over at its end.
    private var wanted: [LayerKey: LayerKey] = [:]
    private var outbox: [RasterRequest] = []
    /// Where each layer copied or drawn lay (its device origin), in the last frame and in this one.
    private var lastOrigins: [LayerKey: Point] = [:]
    private var origins: [LayerKey: Point] = [:]

    deinit { worker?.stop() }
    /// The items' last rasters, stretched through small size changes (LayerStretch.swift).
    private var stretch = LayerStretch()

    /// The device pixels a face covers: its rectangle grown by the damage slack (antialiasing),
    /// cut neither to its clips nor to the frame.
    static func rasterBounds(of face: Rect, scale k: Double, tx: Double, ty: Double) -> PixelRect {
        let slack = CairoRenderer.damageSlack
        let x0 = (face.minX * k + tx - slack).rounded(.down), y0 = (face.minY * k + ty - slack).rounded(.down)
        let x1 = (face.maxX * k + tx + slack).rounded(.up), y1 = (face.maxY * k + ty + slack).rounded(.up)
        let limit = Double(Int32.max / 4)
        guard abs(x0) < limit, abs(y0) < limit, abs(x1) < limit, abs(y1) < limit else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Scales the budget to the image surface drawn on.
    func fit(target: OpaquePointer?) {
        guard let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        statistics.budget = max(LayerCache.byteBudget, LayerCache.screensPerBudget * width * height * 4)
            + LayerCache.stripBudget(width: width, height: height)
        if frame?.width != width { spareStrips = [] }
        frame = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// Layers are copied only from rasters already held, none made (while a scroll strip is
    /// rasterised: ScrollTiles.swift).
    var onlyHeld = false
    /// Whether rasterising a scroll strip may rasterise the layers inside it (at most
    /// `rasterisationsPerFrame`) to copy them in. No: such a raster was drawn to be copied once
    /// into the strip, and the frame at rest needs the layer at another phase (tests turn it on
    /// to compare).
    var stripsRasteriseLayers = false

    /// The surface drawn on, when it is an image: settle rectangles outside it are dropped (they
    /// would never be repainted, and the window would keep asking for a frame).
    private var frame: PixelRect?

    /// The frame drawn on, when known.
    var frameRect: PixelRect? { frame }

    /// A scroll container's strip and its origin: `x` the content's device x less the raster's,
    /// `y` the raster's first row less the content's.
    func strip(_ key: LayerKey) -> (ImageSurface, Point)? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        stripFrames[key] = frames
        return (entry.surface, entry.origin)
    }

    /// Whether a strip is held under `key` (not counted as a use).
    func hasStrip(_ key: LayerKey) -> Bool { entries[key] != nil }

    /// The sizes of the strips held (device pixels; tests).
    var stripSizes: [(width: Int, height: Int)] { entries.filter { $0.key.strip }.map { ($0.value.surface.width, $0.value.surface.height) } }

    /// Surfaces of strips let go (dropped unused, replaced, evicted), kept for the next strip's
    /// raster: a fresh 1280x258 surface took about a quarter of a message-list frame that
    /// rasterised a strip (compare bench, perf), in page faults and the kernel's zeroing of its
    /// pages before its first paint. At most `spareStripLimit`, outside the byte budget.
    private var spareStrips: [ImageSurface] = []
    /// Spare strip surfaces kept (surfaces): a frame rasterises one strip (`stripsPerFrame`).
    static let spareStripLimit = 2
    /// Strips rasterised onto a spare surface (since the cache was made).
    private(set) var spareStripsReused = 0

    /// Whether strips are rasterised onto spare surfaces (tests switch it off to compare).
    var reusesSpareStrips = true

    /// A spare strip surface of this size that nothing else holds; nil when there is none.
    func spareStrip(width: Int, height: Int) -> ImageSurface? {
        guard reusesSpareStrips, let i = spareStrips.lastIndex(where: { $0.width == width && $0.height == height }) else { return nil }
        var surface = spareStrips.remove(at: i)
        guard isKnownUniquelyReferenced(&surface) else { return nil }
        spareStripsReused += 1
        return surface
    }

    func storeStrip(_ surface: ImageSurface, key: LayerKey, origin: Point) {
        clock += 1
        statistics.stripsRasterised += 1
        // The strip's older content (the same rows before a change) is not drawn again: it goes now.
        for old in stripFrames.keys where old.tx == key.tx && old.ty == key.ty && old != key {
            stripFrames[old] = nil
            remove(old)
        }
        stripFrames[key] = frames
        store(Entry(surface: surface, exact: key, origin: origin,
                    raster: PixelRect(x: 0, y: 0, width: surface.width, height: surface.height), lastUse: clock), for: key)
    }

    /// Pixels drawn this frame a level off the direct path's (a clipped gradient, a shape cut
    /// from a nearby size, a picture cell drawn from its raster): repainted exactly in the next
    /// frame, like a shifted copy.
    func approximated(_ rect: PixelRect) {
        statistics.approximated += 1
        shifted.append(rect)
    }

    /// A command a later face hid wholly, or drew clipped to what it leaves showing (HiddenParts.swift).
    func hid() { statistics.hiddenCommands += 1 }
    func clipped() { statistics.clippedCommands += 1 }
    /// A band of a moving layer's ring copied from its raster (MovingLayers.swift).
    func copiedRingBand() { statistics.ringBandsCopied += 1 }

    /// A strip copied to `rect` (the part the frame repaints): repainted exactly once the
    /// container rests, unless the copy is `exact` (a raster of this frame's phase holding only
    /// exact pixels).
    func copiedStrip(_ rect: PixelRect, exact: Bool = false) {
        statistics.stripCopies += 1
        if !exact, !rect.isEmpty { shifted.append(rect) }
    }

    /// Device pixels of a strip copy left out under moving faces (`drawScrollGroup`).
    func coveredStrip(_ pixels: Int) { statistics.stripPixelsCovered += pixels }

    /// Pixels drawn this frame in another order than the direct path's (a scroll container's
    /// moved commands drawn over its strips): repainted exactly in the next frame.
    func reordered(_ rect: PixelRect) {
        if !rect.isEmpty { shifted.append(rect) }
    }

    /// Rectangles listed for an exact repaint so far this frame: a raster drawn while it grew
    /// holds pixels a level off or a phase off the direct path's.
    var inexactCount: Int { shifted.count }

    /// A picture cell's raster (PictureRasters.swift), counted as a copy of another phase.
    func pictureRaster(_ key: LayerKey) -> ImageSurface? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        statistics.shiftedHits += 1
        return entry.surface
    }

    /// Whether a picture cell's raster is held under `key` (not counted as a use).
    func holdsPictureRaster(_ key: LayerKey) -> Bool { entries[key] != nil }

    func storePictureRaster(_ surface: ImageSurface, key: LayerKey) {
        clock += 1
        statistics.rasterised += 1
        statistics.shiftedHits += 1
        store(Entry(surface: surface, exact: key, origin: Point(x: 0, y: 0),
                    raster: PixelRect(x: 0, y: 0, width: surface.width, height: surface.height), lastUse: clock), for: key)
    }

    /// Forgets the strips unused for `stripFrames` frames.
    func dropStrips() {
        for (key, frame) in stripFrames where frames - frame > LayerCache.stripFrames {
            stripFrames[key] = nil
            remove(key)
        }
        statistics.layers = entries.count
    }

    /// Holds `entry` under `key`, evicting the least recently used rasters over the budget.
    private func store(_ entry: Entry, for key: LayerKey) {
        remove(key)
        let size = entry.raster.area * 4
        while statistics.bytes + size > statistics.budget,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
            statistics.evictions += 1
        }
        entries[key] = entry
        statistics.bytes += size
        statistics.layers = entries.count
        statistics.peakBytes = max(statistics.peakBytes, statistics.bytes)
    }

    /// Lets the raster under `key` go (and its place in its identity's phases).
    private func remove(_ key: LayerKey) {
        guard let gone = entries.removeValue(forKey: key) else { return }
        statistics.bytes -= gone.raster.area * 4
        if key.strip {
            spareStrips.append(gone.surface)
            if spareStrips.count > LayerCache.spareStripLimit { spareStrips.removeFirst() }
        }
        guard let identity = gone.identity, var list = phases[identity] else { return }
        list.removeAll { $0 == key }
        phases[identity] = list.isEmpty ? nil : list
    }

    /// Holds a layer's raster under its exact key as its identity's newest phase; past
    /// `phasesPerLayer` phases the identity's least recently used one goes.
    private func storeLayer(_ entry: Entry, for identity: LayerKey) {
        var entry = entry
        entry.identity = identity
        store(entry, for: entry.exact)
        var list = phases[identity] ?? []
        list.removeAll { $0 == entry.exact }
        list.insert(entry.exact, at: 0)
        while list.count > LayerCache.phasesPerLayer, let last = list.popLast() {
            phases[identity] = list
            remove(last)
            statistics.phasesDropped += 1
        }
        phases[identity] = list
        statistics.layers = entries.count
    }

    /// The raster of `identity` to use now, marked used: the one of exact key `exact` when held,
    /// else the most recently used phase.
    private func use(_ identity: LayerKey, exact: LayerKey) -> Entry? {
        guard var list = phases[identity], !list.isEmpty else { return nil }
        let key = list.contains(exact) ? exact : list[0]
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        if list[0] != key {
            list.removeAll { $0 == key }
            list.insert(key, at: 0)
            phases[identity] = list
        }
        return entry
    }

    /// The exact key of the raster used last for `identity`.
    fileprivate func heldExact(_ identity: LayerKey) -> LayerKey? { phases[identity]?.first }

    /// Rasters held for `identity` (tests).
    func phaseCount(of identity: LayerKey) -> Int { phases[identity]?.count ?? 0 }

    /// Holds a raster made elsewhere (the worker's), as `raster(for:)` holds its own.
    fileprivate func hold(_ surface: ImageSurface, exact: LayerKey, origin: Point, raster: PixelRect, for identity: LayerKey) {
        clock += 1
        storeLayer(Entry(surface: surface, exact: exact, origin: origin, raster: raster, lastUse: clock), for: identity)
    }

    func beginFrame() {
        if worker != nil { workerFrameBegins() }
        frames += 1
        currentExact.removeAll(keepingCapacity: true)
        seenNow.removeAll(keepingCapacity: true)
        shifted.removeAll()
        rasterisedThisFrame = 0
    }

    func planned(_ plan: LayerPlan) {
        currentExact.insert(plan.exact)
        seenNow.insert(plan.identity)
    }

    func endFrame() {
        worker?.submit(&outbox)
        swap(&previousExact, &currentExact)
        if seen.count + seenNow.count > LayerCache.seenLimit { seen.removeAll() }
        seen.formUnion(seenNow)
        settle = frame.map { f in shifted.filter { $0.intersects(f) } } ?? shifted
        standInRun.endFrame()
    }

    /// The raster to copy for `plan` and where its origin lands (device pixels), made with
    /// `render` when needed; nil when the run is to be drawn as before (first seen, too big).
    func raster(for plan: LayerPlan, matrix: cairo_matrix_t, render: (OpaquePointer) -> Void) -> LayerCopy? {
        clock += 1
        if worker != nil { origins[plan.identity] = plan.origin }
        if let entry = use(plan.identity, exact: plan.exact) {
            stretch.used(entry.surface, raster: entry.raster, origin: entry.origin, for: plan, frame: frames)
            if entry.exact == plan.exact, entry.raster == plan.raster {
                statistics.exactHits += 1
                return LayerCopy(surface: entry.surface, at: plan.raster)
            }
            // A resting layer whose exact phase is not held yet keeps its stand-in (another phase,
            // shifted) once the frame has made its rasterisation (MovingLayers.swift).
            let resting = previousExact.contains(plan.exact)
            if !resting || (worker == nil && !listRepeats && rasterisedThisFrame >= LayerCache.rasterisationsWithStandIn
                            && standInRun.mayWait(plan.identity)) {
                let x = Double(entry.raster.x) + plan.origin.x - entry.origin.x
                let y = Double(entry.raster.y) + plan.origin.y - entry.origin.y
                let at = PixelRect(x: Int(x.rounded()), y: Int(y.rounded()), width: entry.raster.width, height: entry.raster.height)
                if at.contains(plan.inner) {
                    statistics.shiftedHits += 1
                    // Its run drawn only around the middle, band by band: all of `plan.raster` settles.
                    let ring = plan.insideRaster && LayerCache.movingRunInRingBands
                    var copy = LayerCopy(surface: entry.surface, at: at)
                    if ring { copy.ring = (x - Double(at.x), y - Double(at.y)) }
                    shifted.append(ring ? plan.raster : plan.inner)
                    if ring { statistics.ringClipped += 1 }
                    if resting { statistics.restingStandIns += 1; standInRun.waited(plan.identity) }
                    if worker != nil, settling(plan) { want(plan, matrix: matrix, moving: true) }
                    return copy
                }
            }
        } else if !seen.contains(plan.identity) {
            return stretched(plan)
        }
        // With a worker the frame's thread never rasterises: the run is drawn as before. A run is
        // asked for the second time it is seen, as it is rasterised without one (asking at first
        // sight had the compare bench's wallet evict 416 rasters in 600 frames, none without it).
        if worker != nil {
            want(plan, matrix: matrix, moving: false)
            if let stand = stretched(plan) { return stand }
            statistics.drawnWhileWaiting += 1
            return nil
        }
        let r = plan.raster
        guard !onlyHeld, r.width <= LayerCache.maximumSide, r.height <= LayerCache.maximumSide,
              rasterisedThisFrame < LayerCache.rasterisationsPerFrame else { return stretched(plan) }
        rasterisedThisFrame += 1
        let surface = ImageSurface.rasterising(r, matrix: matrix, render)
        statistics.rasterised += 1
        storeLayer(Entry(surface: surface, exact: plan.exact, origin: plan.origin, raster: r, lastUse: clock), for: plan.identity)
        stretch.used(surface, raster: r, origin: plan.origin, for: plan, frame: frames)
        return LayerCopy(surface: surface, at: r)
    }

    /// A moving layer whose size changed a little: the item's last raster stretched to it, its
    /// pixels repainted once it rests (settle); nil to draw the run as before.
    private func stretched(_ plan: LayerPlan) -> LayerCopy? {
        guard !previousExact.contains(plan.exact), let surface = stretch.stretch(plan, frame: frames) else { return nil }
        statistics.stretchedHits += 1
        shifted.append(plan.inner)
        return LayerCopy(surface: surface, at: plan.raster)
    }
}

extension LayerCache {
    /// Asks the worker for `plan`'s exact raster, unless already asked; a moving layer waits for
    /// its last request to land first (its phase changes every frame: the worker draws the
    /// newest once free, not every phase).
    private func want(_ plan: LayerPlan, matrix: cairo_matrix_t, moving: Bool) {
        if let asked = wanted[plan.identity], asked == plan.exact || moving { return }
        let r = plan.raster
        guard r.width > 0, r.height > 0, r.width <= LayerCache.maximumSide, r.height <= LayerCache.maximumSide else { return }
        wanted[plan.identity] = plan.exact
        let request = RasterRequest(identity: plan.identity, exact: plan.exact, origin: plan.origin, raster: r,
                                    matrix: (matrix.xx, matrix.yx, matrix.xy, matrix.yy,
                                             matrix.x0 - Double(r.x), matrix.y0 - Double(r.y)))
        if let i = outbox.firstIndex(where: { $0.identity == plan.identity }) {
            outbox[i] = request
        } else {
            outbox.append(request)
        }
        statistics.requested += 1
    }

    /// Takes in what landed; this frame's origins become the last frame's.
    private func workerFrameBegins() {
        takeLanded()
        swap(&lastOrigins, &origins)
        origins.removeAll(keepingCapacity: true)
    }

    /// True when `plan`'s layer moved at most `settlingSpeed` since the last frame (or was not
    /// drawn in it): its phase now may be the one it comes to rest at.
    private func settling(_ plan: LayerPlan) -> Bool {
        guard let last = lastOrigins[plan.identity] else { return true }
        return abs(plan.origin.x - last.x) <= LayerCache.settlingSpeed && abs(plan.origin.y - last.y) <= LayerCache.settlingSpeed
    }

    /// Stores the rasters the worker finished (at the start of a frame: never waits for the lock
    /// unless `waiting`). A raster older than the one a resting layer is copied from is let go.
    func takeLanded(waiting: Bool = false) {
        guard let worker, let landed = worker.take(waiting: waiting) else { return }
        for raster in landed {
            let request = raster.request
            if wanted[request.identity] == request.exact { wanted[request.identity] = nil }
            guard let surface = raster.surface else {
                statistics.requestsDropped += 1
                continue
            }
            if let held = heldExact(request.identity), previousExact.contains(held), !previousExact.contains(request.exact) {
                statistics.landedUnused += 1
                continue
            }
            statistics.rasterisedOnWorker += 1
            hold(surface, exact: request.exact, origin: request.origin, raster: request.raster, for: request.identity)
        }
    }

    /// Hands over what frames asked for (a slack drain's start).
    func handOver() { worker?.submit(&outbox, waiting: true) }
    /// True while asked rasters wait to be handed over.
    var hasRequests: Bool { !outbox.isEmpty }

    /// Hands over what is asked, waits for the worker to draw all of it and stores it (tests).
    func settleWorker() {
        guard let worker else { return }
        worker.submit(&outbox, waiting: true)
        worker.waitUntilIdle()
        takeLanded(waiting: true)
    }
}

extension DrawCommand {
    /// The command moved by (`dx`, `dy`), its coordinates rounded to `quantum` when given (keys only).
    func shifted(_ dx: Double, _ dy: Double, quantum: Double? = nil) -> DrawCommand {
        func x(_ v: Double) -> Double { quantum.map { q in ((v + dx) / q).rounded() * q } ?? v + dx }
        func y(_ v: Double) -> Double { quantum.map { q in ((v + dy) / q).rounded() * q } ?? v + dy }
        func p(_ a: Point) -> Point { Point(x: x(a.x), y: y(a.y)) }
        func r(_ a: Rect) -> Rect { Rect(origin: p(a.origin), size: a.size) }
        switch self {
        case .fillRect(let a, let paint, let radius): return .fillRect(r(a), paint, cornerRadius: radius)
        case .strokeRect(let a, let c, let w, let radius): return .strokeRect(r(a), c, lineWidth: w, cornerRadius: radius)
        case .shadow(let a, let radius, let blur, let offset, let c):
            return .shadow(r(a), cornerRadius: radius, blur: blur, offset: offset, color: c)
        case .fillCircle(let c, let radius, let paint): return .fillCircle(center: p(c), radius: radius, paint)
        case .strokeCircle(let c, let radius, let color, let w): return .strokeCircle(center: p(c), radius: radius, color, lineWidth: w)
        case .line(let a, let b, let c, let w): return .line(from: p(a), to: p(b), c, width: w)
        case .polyline(let points, let c, let w): return .polyline(points.map(p), c, width: w)
        case .text(let s, let a, let style): return .text(s, r(a), style)
        case .image(let path, let a, let alpha, let radius): return .image(path: path, r(a), alpha: alpha, cornerRadius: radius)
        case .pushClip(let a, let radius): return .pushClip(r(a), cornerRadius: radius)
        case .clear, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: return self
        }
    }
}

extension CairoRenderer {
    /// The retained layers' figures (bytes held, peak, budget, hits).
    public var layerStatistics: LayerStatistics { layers.statistics }

    /// Device pixels the last frame copied from a layer raster of another sub-pixel phase:
    /// the next frame must repaint them (they are exact once the layer rests). Limited to their
    /// boxes' columns: the damage they join widens them to the columns of every shape they cut
    /// (`CairoRenderer.heldColumns`), kept by a frame at rest too (FrameDamage.init).
    public var settleRects: [PixelRect] {
        layers.settle
    }

    /// The last frame holds shifted layer copies: one more frame makes them exact.
    public var layersNeedSettle: Bool { !layers.settle.isEmpty }

    /// The layers of `list` by the index of their face. Faces outside any transform and opacity
    /// group, wholly inside their clips, whose middle holds at least `LayerCache.minimumArea`
    /// pixels, with at least two commands drawn on them (each touching the middle, or another
    /// opaque face inside this one). The run stops at a shadow (the next card), a picture (its
    /// pixels change as it decodes), a transform, an opacity group or a pop of an outer clip.
    func planLayers(_ list: DisplayList, width: Int, height: Int) -> [Int: LayerPlan] {
        layers.beginFrame()
        layers.listRepeats = lastDrawn == list.commands
        let bounds: [PixelRect?]
        if let known = knownBounds, known.count == list.commands.count {
            bounds = known
        } else {
            var computed = [PixelRect?](repeating: nil, count: list.commands.count)
            for item in paintedItems(of: list, width: width, height: height) { computed[item.index] = item.bounds }
            bounds = computed
            knownBounds = computed
        }
        var walk = DeviceWalk(scale: scale)
        var plans: [Int: LayerPlan] = [:]
        let commands = list.commands, n = commands.count
        for i in 0..<n where !walk.follow(commands[i], renderer: self) {
            switch commands[i] {
            case .fillRect(let face, _, let radius) where walk.groupDepth == 0:
                let (k, tx, ty) = (walk.scale, walk.tx, walk.ty)
                let toDevice = walk.deviceMapping, clipInteriors = walk.clipInteriors
                // A face reaching past its clips (a sheet revealed by a growing clip, issue 21
                // item 5) is rasterised whole and copied where the clips cover wholly.
                guard opaqueInterior(of: commands[i], deviceScale: k, toDevice: toDevice) != nil,
                      let middle = CairoRenderer.layerInterior(of: face, radius: radius, deviceScale: k, toDevice: toDevice),
                      let inner = CairoRenderer.within(middle, clipInteriors), let clipped = bounds[i],
                      inner.area >= LayerCache.minimumArea else { continue }
                // The face's own rows, not cut by its clips or the frame: a growing clip (or the
                // window's edge) reveals more of the same raster. Its columns are those the frame
                // paints (pixman steps gradients and sampling along a row from a span's start).
                let whole = LayerCache.rasterBounds(of: face, scale: k, tx: tx, ty: ty)
                let faceBounds = PixelRect(x: clipped.x, y: whole.y, width: clipped.width, height: whole.height)
                guard faceBounds.contains(inner) else { continue }
                var j = i + 1, depth = 0, end = i + 1, content = 0, strokes = false
                // Commands wholly inside the middle: what a copy saves (the rest is drawn anyway).
                var inside = 0, insideAtEnd = 0
                // Commands painting past the raster (a moving layer is then not copied whole).
                var outside = 0, outsideAtEnd = 0
                scan: while j < n {
                    switch commands[j] {
                    case .pushClip: depth += 1
                    case .popClip:
                        if depth == 0 { break scan }
                        depth -= 1
                    case .pushTransform, .popTransform, .pushOpacity, .popOpacity, .image, .clear, .shadow:
                        break scan
                    case .fillRect where opaqueInterior(of: commands[j], deviceScale: k, toDevice: toDevice) != nil:
                        guard let b = bounds[j], faceBounds.contains(b) else { break scan }
                        content += 1
                    // A command its clips hide wholly (empty bounds: a sheet's rows below a
                    // growing clip) stays in the run: the raster holds it for a later frame.
                    case .line, .polyline:
                        guard let b = bounds[j], b.isEmpty || b.intersects(inner) else { break scan }
                        content += 1
                        strokes = true
                    default:
                        guard let b = bounds[j], b.isEmpty || b.intersects(inner) else { break scan }
                        content += 1
                    }
                    if let b = bounds[j], inner.contains(b) { inside += 1 }
                    // A painting command of unknown bounds may reach out (clips paint nothing).
                    let clips = if case .pushClip = commands[j] { true } else if case .popClip = commands[j] { true } else { false }
                    if !clips, bounds[j].map({ !faceBounds.contains($0) }) ?? true { outside += 1 }
                    j += 1
                    if depth == 0 { (end, insideAtEnd, outsideAtEnd) = (j, inside, outside) }
                }
                guard content >= 2, insideAtEnd >= LayerCache.minimumInside else { continue }
                let run = commands[i..<end]
                let plan = LayerPlan(
                    start: i, end: end, raster: faceBounds, inner: inner, origin: toDevice(face.origin),
                    exact: LayerKey(scale: k, tx: tx - Double(faceBounds.x), ty: ty - Double(faceBounds.y), commands: Array(run)),
                    identity: LayerKey(scale: k, tx: 0, ty: 0,
                                       commands: run.map { $0.shifted(-face.origin.x, -face.origin.y, quantum: 1.0 / 64) }),
                    strokes: strokes || run.contains { if case .line = $0 { true } else if case .polyline = $0 { true } else { false } },
                    insideRaster: outsideAtEnd == 0)
                plans[i] = plan
                layers.planned(plan)
            default: break
            }
        }
        return plans
    }

    /// Composites `plan`'s raster (its middle, less what a later face covers) and draws the rest
    /// of its run around the middle; false when the run is to be drawn as before.
    func drawLayer(_ plan: LayerPlan, of list: DisplayList, on cr: OpaquePointer, skip: ((Int) -> Bool)?,
                   occluders: [(index: Int, rect: PixelRect)], clipInteriors: [PixelRect?], deviceScale: Double) -> Bool {
        let bounds = knownBounds
        // Nothing of the run is repainted: the ordinary path skips it command by command.
        if let skip, (plan.start..<plan.end).allSatisfy({ skip($0) || bounds?[$0] == nil }) { return false }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard let copy = layers.raster(for: plan, matrix: matrix, render: { scr in
            drawCommands(list, plan.start..<plan.end, on: scr, skip: nil, occluders: [], clipInteriors: [], layers: [:],
                         deviceScale: deviceScale)
        }) else { return false }
        let (surface, at) = (copy.surface, copy.at)
        let inner = plan.inner
        // First the rest of the run, as the direct path draws it but for what lies inside the
        // middle (which the copy replaces next): the face's edge and what reaches past the middle.
        // Cached shapes leave the middle out. Not clipped to the ring: a rounded clip inside the
        // run combined with a ring of boxes rounds its edge pixels differently.
        // A moving layer's run is drawn band by band around the middle, or copied where its
        // phase allows (MovingLayers.swift).
        if let phase = copy.ring {
            // A command drawn in several bands counts as drawn once (FrameCounts).
            let drawnBefore = commandsDrawn
            var drawn = Set<Int>()
            for band in CairoRenderer.ring(plan.raster, around: inner) {
                if copy.copiesExactly(band, phase: phase, around: inner) {
                    layers.copiedRingBand()
                    composite(copy, over: band, on: cr)
                    continue
                }
                clip(cr, toDevice: band)
                drawCommands(list, plan.start..<plan.end, on: cr, skip: { i in
                    if skip?(i) == true { return true }
                    if let b = bounds?[i], inner.contains(b) || !b.intersects(band) { return true }
                    drawn.insert(i)
                    return false
                }, occluders: occluders, clipInteriors: clipInteriors, layers: [:], deviceScale: deviceScale, replaced: inner)
                cairo_restore(cr)
            }
            commandsDrawn = drawnBefore + drawn.count
        } else {
            drawCommands(list, plan.start..<plan.end, on: cr, skip: { i in
                if skip?(i) == true { return true }
                guard let b = bounds?[i] else { return false }
                return inner.contains(b)
            }, occluders: occluders, clipInteriors: clipInteriors, layers: [:], deviceScale: deviceScale, replaced: inner)
        }
        cairo_save(cr)
        // The middle lies wholly inside every clip of the list: only the repainted bands bound
        // the copy, so it is a plain blit even under a rounded clip (a revealed sheet).
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface.handle, Double(at.x), Double(at.y))
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let hole = occlusion(of: inner, after: plan.end - 1, occluders).map { inner.intersection($0) }
        for band in CairoRenderer.ring(inner, around: hole) {
            for piece in repaintBands?.map({ band.intersection($0) }) ?? [band] where !piece.isEmpty {
                cairo_rectangle(cr, Double(piece.x), Double(piece.y), Double(piece.width), Double(piece.height))
            }
        }
        cairo_fill(cr)
        cairo_restore(cr)
        if plan.strokes {
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        }
        return true
    }

    /// The device pixels a rounded rectangle covers wholly, as one rectangle: inset from every
    /// side by where the corner arc crosses its diagonal (radius x (1 - 1/sqrt 2)), plus a pixel.
    /// Larger than the straight middle band for text near a card's edge.
    static func layerInterior(of rect: Rect, radius: Double, deviceScale: Double, toDevice: (Point) -> Point) -> PixelRect? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let a = toDevice(Point(x: rect.minX, y: rect.minY)), b = toDevice(Point(x: rect.maxX, y: rect.maxY))
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
              abs(a.x) < 1e7, abs(a.y) < 1e7, abs(b.x) < 1e7, abs(b.y) < 1e7 else { return nil }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2)) * deviceScale
        let d = r * (1 - 0.5.squareRoot())
        let left = Int((a.x + d).rounded(.up)) + 1, right = Int((b.x - d).rounded(.down)) - 1
        let top = Int((a.y + d).rounded(.up)) + 1, bottom = Int((b.y - d).rounded(.down)) - 1
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The larger of two holes.
    func larger(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
        guard let b else { return a }
        guard let a else { return b }
        return a.area >= b.area ? a : b
    }

    /// `whole` less `hole`: up to four bands (above, below, left, right); `whole` without a hole.
    static func ring(_ whole: PixelRect, around hole: PixelRect?) -> [PixelRect] {
        guard let hole = hole.map({ whole.intersection($0) }), !hole.isEmpty else { return [whole] }
        return [PixelRect(x: whole.x, y: whole.y, width: whole.width, height: hole.y - whole.y),
                PixelRect(x: whole.x, y: hole.maxY, width: whole.width, height: whole.maxY - hole.maxY),
                PixelRect(x: whole.x, y: hole.y, width: hole.x - whole.x, height: hole.height),
                PixelRect(x: hole.maxX, y: hole.y, width: whole.maxX - hole.maxX, height: hole.height)]
            .filter { !$0.isEmpty }
    }
}
