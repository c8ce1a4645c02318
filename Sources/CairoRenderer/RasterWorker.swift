import CCairo
import CPNG
import Foundation
import InteractionEngine

/// A layer raster wanted from the worker (issue 21 item 6): the run's commands (its exact key),
/// the device pixels the raster holds and the frame's matrix moved to the raster's origin.
struct RasterRequest: Sendable {
    let identity: LayerKey
    let exact: LayerKey
    /// The face's device origin and the raster's device rectangle when it was asked for.
    let origin: Point
    let raster: PixelRect
    /// The `cairo_matrix_t` to draw with: xx, yx, xy, yy, x0, y0.
    let matrix: (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double)
}

/// Where the compositor's retained layers are rasterised (issue 21 item 6).
public enum LayerRasterising: String, Sendable, CaseIterable {
    /// By the frame that needs them (at most `LayerCache.rasterisationsPerFrame` a frame).
    case inFrame = "in-frame"
    /// On a worker thread (RasterWorker): a frame never rasterises a layer.
    case worker
    /// On the frame's thread between frames (`CairoRenderer.rasteriseInSlack`): a frame never
    /// rasterises a layer and no thread takes the X server's core. At 60 Hz a 1280x800 frame
    /// leaves 12-15 ms of its interval unused.
    case slack
}

/// What a raster drawn in the slack is expected to cost: a running cost per device pixel from the
/// slack's own rasters, and the rule for starting the next one (layers and picture cells alike).
struct SlackCost {
    /// The first guess before a raster was timed (ms per device pixel): a 1280x800 wallet card's
    /// raster (about 1200x300 px) took 1.3-1.7 ms on the frame's thread (compare bench makeup
    /// lines, 2026-12-03).
    static let firstPerPixel = 4e-6
    /// Weight of the newest raster in the running cost (share).
    static let weight = 0.25
    private(set) var perPixel = SlackCost.firstPerPixel

    func estimate(pixels: Double) -> Double { pixels * perPixel }

    /// Whether a raster of `pixels` may start with `left` ms of a drain's `budget` left: always
    /// when the budget is infinite (the window idle), else when its estimate fits and is at most
    /// `longest` ms.
    func fits(pixels: Double, budget: Double, left: Double, longest: Double) -> Bool {
        budget.isInfinite || (estimate(pixels: pixels) <= left && estimate(pixels: pixels) <= longest)
    }

    /// Takes in a raster of `pixels` that took `took` ms.
    mutating func timed(_ took: Double, pixels: Double) {
        guard pixels > 0, took.isFinite, took >= 0 else { return }
        perPixel += SlackCost.weight * (took / pixels - perPixel)
    }

    /// Makes `jobs` from the front while the next one fits (`fits`) what is left of `budget` ms
    /// by `clock`, none longer than `longest`, and `interrupt` says no input came; the first that
    /// does not fit and those after it wait. `make` returns false for a job it left (held
    /// already, its picture not ready): neither timed nor counted. The number made.
    mutating func drain<Job>(_ jobs: inout [Job], pixels: (Job) -> Double, within budget: Double, longest: Double,
                             clock: () -> Double, interrupt: () -> Bool, make: (Job) -> Bool) -> Int {
        let start = clock()
        var made = 0
        while !interrupt(), let job = jobs.first {
            let size = pixels(job)
            guard fits(pixels: size, budget: budget, left: budget - (clock() - start), longest: longest) else { break }
            jobs.removeFirst()
            let began = clock()
            guard make(job) else { continue }
            timed(clock() - began, pixels: size)
            made += 1
        }
        return made
    }
}

/// A request the worker has answered: its raster, or nil when the request was dropped unserved
/// (a fuller queue than `RasterWorker.queueLimit`).
struct LandedRaster: @unchecked Sendable {
    let request: RasterRequest
    /// Made on the worker and never touched there again once in the mailbox: only the frame's
    /// thread uses it from then on (a Cairo surface is used by one thread at a time).
    let surface: ImageSurface?
}

/// Cairo font options handed from the frame's thread to the worker (a copy each owns alone).
final class FontOptionsCopy: @unchecked Sendable {
    let handle: OpaquePointer
    init(copying options: OpaquePointer) { handle = cairo_font_options_copy(options) }
    deinit { cairo_font_options_destroy(handle) }
}

/// One background thread that rasterises layers for the frame's thread.
///
/// It owns a renderer of its own, made on its thread and freed there: its own Pango context
/// (`TextCache`; its text calls, as every thread's, run under `TextLock`), shape cache and image
/// surfaces; a layer's run holds no picture, so the picture store is never read. The frame's thread hands requests over at the end of a frame and takes
/// the finished rasters at the start of one, each time only if the lock is free (`tryLock`): the
/// worker holds it only to move a request or a raster, never while drawing, and the frame's
/// thread never waits for it. No Cairo object is used by both threads at once: a surface is the
/// worker's until it is in the mailbox, the frame's after.
final class RasterWorker: @unchecked Sendable {
    /// Cores the machine needs for the window to use a worker (`CairoRenderer.workerIsWorthwhile`):
    /// one for the frame's thread, one for the X server, one for the worker. On the 2-core machine
    /// this was measured on, the worker took the server's core: the compare bench's message list
    /// at 1280x800, compositor draw+present p99 8.8 and 9.5 ms with it against 6.8 and 6.2 without
    /// (alternating runs, load 2.4-2.6), its present p99 4.3-5.0 against 1.8-2.7.
    static let coresNeeded = 3

    /// Requests waiting at most; the oldest are dropped beyond it (a long list scrolling fast
    /// asks for more rows than one thread draws, and an old request is for a row gone by).
    static let queueLimit = 32

    private let lock = PictureLock()
    // Guarded by `lock`:
    private var queue: [RasterRequest] = []
    private var mailbox: [LandedRaster] = []
    private var drawing = false
    private var stopping = false
    private var fontOptions: FontOptionsCopy?
    private var made = 0
    private var dropped = 0
    /// The frame's thread's alone (only it hands over without waiting).
    private var missedLocks = 0

    /// False for the frame's thread's own slack (`drain(within:clock:)`): no thread is started.
    let threaded: Bool
    /// The slack's renderer (made at the first drain, on the frame's thread).
    private var slackRenderer: CairoRenderer?
    private var slackApplied: FontOptionsCopy?

    /// Starts the thread (unless `threaded` is false); `fontOptions`, when given, are merged into
    /// its text options (the frame renderer's, so text has the same pixels on both threads).
    init(fontOptions: FontOptionsCopy?, threaded: Bool = true) {
        self.fontOptions = fontOptions
        self.threaded = threaded
        guard threaded else { return }
        let thread = Thread { [self] in
            gd_name_thread("gd-raster")
            run()
        }
        thread.name = "gesturedeck-raster"
        thread.start()
    }

    /// Asks the thread to finish (it frees its renderer on its own thread).
    func stop() {
        lock.lock()
        stopping = true
        queue.removeAll()
        lock.broadcast()
        lock.unlock()
    }

    /// Text options for the rasters drawn from now on.
    func use(fontOptions: FontOptionsCopy) {
        lock.lock()
        self.fontOptions = fontOptions
        lock.unlock()
    }

    /// Hands `requests` over and empties it; leaves it as it is when the lock is taken (unless
    /// `waiting`). A request for an identity already queued replaces it in place.
    func submit(_ requests: inout [RasterRequest], waiting: Bool = false) {
        guard !requests.isEmpty else { return }
        guard acquire(waiting: waiting) else { return }
        for request in requests {
            if let i = queue.firstIndex(where: { $0.identity == request.identity }) {
                queue[i] = request
            } else {
                queue.append(request)
            }
        }
        while queue.count > RasterWorker.queueLimit {
            mailbox.append(LandedRaster(request: queue.removeFirst(), surface: nil))
            dropped += 1
        }
        requests.removeAll()
        lock.broadcast()
        lock.unlock()
    }

    /// The rasters finished (and the requests dropped) since the last call; nil when the lock is
    /// taken (unless `waiting`) or nothing finished.
    func take(waiting: Bool = false) -> [LandedRaster]? {
        guard acquire(waiting: waiting) else { return nil }
        defer { lock.unlock() }
        guard !mailbox.isEmpty else { return nil }
        let out = mailbox
        mailbox.removeAll()
        return out
    }

    /// The slack's running cost of a raster (unthreaded only).
    private(set) var cost = SlackCost()

    /// True when requests wait for a slack drain (unthreaded only).
    var hasQueued: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !queue.isEmpty
    }

    /// The estimated cost of the oldest queued request (ms), if any.
    var nextEstimate: Double? {
        lock.lock()
        defer { lock.unlock() }
        return queue.first.map { cost.estimate(pixels: Double($0.raster.width * $0.raster.height)) }
    }

    /// Draws queued requests on the calling thread, the frame's, between frames (unthreaded only),
    /// oldest first, while the next one's estimated cost (`SlackCost`) is at most `longest` ms
    /// and fits in what is left of `budget` ms by `clock` (ms) (else it and those after it wait for
    /// a later drain: picking smaller ones past it drew more a gap, and the message list's fling
    /// intervals p99 rose from 18.0-19.5 to 20.5-21.6 ms) and `interrupt` (input waiting) says
    /// nothing came; with an infinite budget (the window idle) every request is drawn unless
    /// interrupted. Returns the number drawn.
    @discardableResult
    func drain(within budget: Double, longest: Double = .infinity, clock: () -> Double, interrupt: () -> Bool = { false }) -> Int {
        guard !threaded else { return 0 }
        let start = clock()
        var drawn = 0
        while !interrupt() {
            lock.lock()
            guard !stopping, let next = queue.first else {
                lock.unlock()
                break
            }
            let pixels = Double(next.raster.width * next.raster.height)
            guard cost.fits(pixels: pixels, budget: budget, left: budget - (clock() - start), longest: longest) else {
                lock.unlock()
                break
            }
            queue.removeFirst()
            let options = fontOptions
            lock.unlock()
            let renderer = slackRenderer ?? {
                let made = CairoRenderer()
                made.shapes.cachesAtFirstUse = true
                slackRenderer = made
                return made
            }()
            if let options, options !== slackApplied {
                renderer.text.merge(fontOptions: options.handle)
                slackApplied = options
            }
            let began = clock()
            let surface = renderer.rasterise(next)
            cost.timed(clock() - began, pixels: pixels)
            lock.lock()
            mailbox.append(LandedRaster(request: next, surface: surface))
            made += 1
            lock.unlock()
            drawn += 1
        }
        return drawn
    }

    /// Blocks until nothing is queued or being drawn (tests and the bench, never a frame).
    func waitUntilIdle() {
        if !threaded {
            drain(within: .infinity, clock: { 0 })
            return
        }
        lock.lock()
        while (!queue.isEmpty || drawing) && !stopping { lock.wait() }
        lock.unlock()
    }

    /// Rasters made on the worker's thread, requests dropped unserved, handovers skipped
    /// because the lock was taken.
    var figures: (made: Int, dropped: Int, missedLocks: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (made, dropped, missedLocks)  // from the frame's thread
    }

    private func acquire(waiting: Bool) -> Bool {
        if waiting {
            lock.lock()
            return true
        }
        guard lock.tryLock() else {
            missedLocks += 1
            return false
        }
        return true
    }

    private func run() {
        // Made here, so its Pango context (and Pango's per-thread font map) belongs to this thread.
        let renderer = CairoRenderer()
        renderer.shapes.cachesAtFirstUse = true
        var applied: FontOptionsCopy?
        lock.lock()
        while true {
            while queue.isEmpty && !stopping { lock.wait() }
            if stopping { break }
            let request = queue.removeFirst()
            drawing = true
            let options = fontOptions
            lock.unlock()
            if let options, options !== applied {
                renderer.text.merge(fontOptions: options.handle)
                applied = options
            }
            let surface = renderer.rasterise(request)
            lock.lock()
            mailbox.append(LandedRaster(request: request, surface: surface))
            made += 1
            drawing = false
            lock.broadcast()
        }
        drawing = false
        lock.broadcast()
        lock.unlock()
    }
}

extension CairoRenderer {
    /// Draws `request`'s run into a new surface of its raster's size, as the frame's thread
    /// rasterises a layer (`LayerCache.raster(for:matrix:render:)`): the same matrix, the same commands.
    func rasterise(_ request: RasterRequest) -> ImageSurface {
        let r = request.raster
        shapes.beginFrame()  // each request is a frame of its own: the shape cache's places do not pile up
        let surface = ImageSurface(width: r.width, height: r.height)
        let scr = cairo_create(surface.handle)!
        let m = request.matrix
        var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        cairo_set_matrix(scr, &matrix)
        var list = DisplayList()
        for command in request.exact.commands { list.append(command) }
        drawCommands(list, 0..<list.commands.count, on: scr, skip: nil, occluders: [], clipInteriors: [], layers: [:],
                     deviceScale: request.exact.scale)
        cairo_destroy(scr)
        cairo_surface_flush(surface.handle)
        return surface
    }

    /// True when this machine has the cores a raster worker needs beside the frame's thread and
    /// the X server (`RasterWorker.coresNeeded`).
    public static var workerIsWorthwhile: Bool {
        ProcessInfo.processInfo.activeProcessorCount >= RasterWorker.coresNeeded
    }

    /// Rasterises retained layers on a worker thread (issue 21 item 6): a frame copies what has
    /// landed, copies a moving layer from a raster of another phase (a stand-in) and draws a
    /// layer with no raster directly, asking the worker for the exact raster either way; it never
    /// rasterises nor waits. Off by default: headless output and the tests' direct path stay
    /// synchronous. Takes effect with `retainedLayers`. `layerRasterising` says the same and
    /// offers the slack as a third place.
    public var layersOnWorker: Bool {
        get { layerRasterising == .worker }
        set { layerRasterising = newValue ? .worker : .inFrame }
    }

    /// Where retained layers are rasterised: in the frame, on the worker, or in the slack.
    public var layerRasterising: LayerRasterising {
        get { layers.worker.map { $0.threaded ? .worker : .slack } ?? .inFrame }
        set {
            pictureRasters.inSlack = newValue == .slack
            guard newValue != layerRasterising else { return }
            layers.worker = newValue == .inFrame ? nil
                : RasterWorker(fontOptions: FontOptionsCopy(copying: text.fontOptions), threaded: newValue == .worker)
        }
    }

    /// Where a window on this machine rasterises its layers: on a worker where there is a core for
    /// it (`workerIsWorthwhile`), else in the frame's thread's slack.
    public static var standardLayerRasterising: LayerRasterising { workerIsWorthwhile ? .worker : .slack }

    /// True when frames asked for layers or picture-cell rasters that a slack drain
    /// (`rasteriseInSlack`) would draw now.
    public var hasSlackWork: Bool {
        guard let worker = layers.worker, !worker.threaded else { return false }
        return layers.hasRequests || worker.hasQueued || !pictureRasters.asked.isEmpty || !sprites.asked.isEmpty || !stripAsks.isEmpty
    }

    /// Draws the layers frames asked for, the scroll strips they lacked (ScrollTiles.swift), then
    /// their picture cells' rasters (PictureRasters.swift) and the tile sprites a cheap frame
    /// found to make ahead (TileSprites.swift), on this thread, while the estimated cost of the next fits in what is left of `budget` ms by
    /// `clock` (ms), none estimated longer than `longest` ms (those wait for a longer slack), and
    /// `interrupt` says no input came (an infinite budget: all of them); the number drawn. Only
    /// with `layerRasterising == .slack`: the next frame copies what was drawn.
    @discardableResult
    public func rasteriseInSlack(within budget: Double, longest: Double = .infinity, clock: () -> Double,
                                 interrupt: () -> Bool = { false }) -> Int {
        guard let worker = layers.worker, !worker.threaded else { return 0 }
        slackGiven += max(0, budget)
        let start = clock()
        layers.handOver()
        var drawn = worker.drain(within: budget, longest: longest, clock: clock, interrupt: interrupt)
        // The scroll strips first after the layers: a strip the next frame lacks has its rows drawn
        // from their commands (a frame of a scroll in the bench's grid at 1280x800 drew 120-270).
        if !stripAsks.isEmpty {
            drawn += rasteriseStripsInSlack(within: budget - (clock() - start), longest: longest, clock: clock, interrupt: interrupt)
        }
        if !pictureRasters.asked.isEmpty {
            drawn += rasteriseCellsInSlack(within: budget - (clock() - start), longest: longest, clock: clock, interrupt: interrupt)
        }
        if !sprites.asked.isEmpty {
            drawn += rasteriseSpritesInSlack(within: budget - (clock() - start), longest: longest, clock: clock, interrupt: interrupt)
        }
        return drawn
    }

    /// At a frame's start: whether the slack had any time since the last frame (`slackHadTime`,
    /// which strips and sliding tiles' sprites ask after), and a fresh count for the next.
    func beginSlackFrame() {
        slackHadTime = slackGiven > 0
        slackGiven = 0
    }

    /// Blocks until the raster worker has drawn every request, and stores what it made in the
    /// layer cache (tests and the bench; a frame never waits). Does nothing without a worker.
    public func waitForLayers() { layers.settleWorker() }
}
