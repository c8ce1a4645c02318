import CX11
import CairoRenderer
import Foundation
import InteractionEngine
import X11Host

/// One path's figures in the side-by-side comparison.
struct PathFigures {
    var draw = Distribution([])
    var present = Distribution([])
    var total = Distribution([])
    /// Mean bytes sent to the server per frame.
    var bytesPerFrame = 0.0

    var json: [String: Any] {
        ["drawMs": draw.json, "presentMs": present.json, "drawPresentMs": total.json, "bytesPerFrame": Int(bytesPerFrame)]
    }
}

/// The direct path and the compositor path on the same frames, interleaved frame by frame (issue 21).
struct CompareResult {
    let scene: String
    let size: Size
    var direct = PathFigures()
    var compositor = PathFigures()
    var transport = ""
    /// Timed compositor frames that waited for the server to free their buffer (`FramePresenter.blockedWaits`).
    var blockedWaits = 0
    /// The compositor renderer's retained layers at the end of the run.
    var layers = LayerStatistics()
    /// The compositor's slowest frames, slowest first: where in the script its p99 comes from.
    var slowest: [SlowFrame] = []
    /// What each compositor frame drew (SlowFrameCounts.swift), by its index in the script.
    var makeup: [FrameMakeup] = []
    /// Where the compositor rasterised its layers: in the frame, on a worker thread, or in the
    /// slack between frames.
    var layerRasterising = LayerRasterising.inFrame
    /// Time spent rasterising in the slack after each frame (ms; not in the frame's figures), and
    /// the rasters made there (layers, picture cells and tile sprites), and what each slack could spend.
    var slackMs = Distribution([])
    var slackRasters = 0
    var slackBudget = SlackBudget.window
    /// Whether pictures were decoded on worker threads, as in the app (else on the drawing thread).
    var backgroundPictures = true
    /// CPU time of the drawing thread per frame (draw + present, ms): what the frame itself
    /// costs, without the time other processes took the core (steadier on a loaded machine).
    var directCPU = Distribution([]), compositorCPU = Distribution([])
    /// The compositor's "present" column split: finding the damage, the presenter's own work
    /// (buffer wait, XShmPutImage or PresentPixmap requests, flush), and the rest (the settle
    /// rectangles, the bench's XSync: the server copying the bands); ms. Bands sent per frame.
    var damageMs = Distribution([]), sendMs = Distribution([]), syncMs = Distribution([])
    var rectsPerFrame = 0.0
    /// Compositor p99 over direct p99 of draw + present.
    var ratio: Double { compositor.total.p99 / max(1e-9, direct.total.p99) }

    var json: [String: Any] {
        ["scene": scene, "size": sizeLabel(size), "direct": direct.json, "compositor": compositor.json,
         "transport": transport, "blockedWaits": blockedWaits, "p99Ratio": rounded(ratio), "layerRasterising": layerRasterising.rawValue, "slackMs": slackMs.json, "slackRasters": slackRasters, "slackBudget": slackBudget.rawValue, "backgroundPictures": backgroundPictures,
         "slowestCompositorFrames": slowest.map { ["index": $0.index, "drawPresentMs": rounded($0.total), "drawMs": rounded($0.draw)] },
         "layers": ["peakBytes": layers.peakBytes, "budgetBytes": layers.budget, "rasterised": layers.rasterised,
                    "exactHits": layers.exactHits, "shiftedHits": layers.shiftedHits, "evictions": layers.evictions,
                    "stripsRasterised": layers.stripsRasterised, "stripCopies": layers.stripCopies,
                    "rasterisedOnWorker": layers.rasterisedOnWorker, "requested": layers.requested,
                    "requestsDropped": layers.requestsDropped, "drawnWhileWaiting": layers.drawnWhileWaiting],
         "threadCPUMs": ["direct": directCPU.json, "compositor": compositorCPU.json]]
    }
}

/// One frame of the compositor path, by its index in the scene's script.
struct SlowFrame {
    let index: Int
    let total: Double
    let draw: Double
}

/// The floor at a size: one full solid paint and one full shared-memory present per frame.
struct CompareFloor {
    let size: Size
    var total = Distribution([])
    var json: [String: Any] { ["size": sizeLabel(size), "solidPaintShmPresentMs": total.json] }
}

/// What the compare bench's slack after each frame may spend (`--slack`): what the window would
/// (`window`: the 60 Hz interval less the frame and `X11App.slackMargin`, no raster over
/// `X11App.slackLongestRaster`), or all that was asked (`all`). With `window` what lands depends on
/// the timing, so one build's runs differ in the work they do (the wallet's ring cost moved by a
/// third between two runs, stop 35); with `all` (and pictures decoded inline) they do the same.
enum SlackBudget: String {
    case window, all
}

enum CompareBench {
    /// Plays the scene's interaction once; each frame's display list is drawn and presented by
    /// both paths, each to its own window, the order alternating frame by frame, each synced.
    static func run(scene: String, size: Size, frames: Int, items: Int, assets: SyntheticAssets,
                    server: XServer, layers: LayerRasterising = CairoRenderer.standardLayerRasterising,
                    backgroundPictures: Bool = true, slackBudget: SlackBudget = .window) throws -> CompareResult {
        var result = CompareResult(scene: scene, size: size)
        let script = Scripts.interaction(scene, size: size).repeated(toAtLeast: frames).prefix(frames)
        let folder = try assets.folder(items: items)
        let driver = DeckDriver(deck: try DeckBuilder.deck(scene: scene, from: folder, others: assets.source, size: size))
        let directWindow = try server.openWindow(width: Int(size.width), height: Int(size.height))
        // Beside the direct path's window, not over it: each path's copies reach the screen.
        let compositorWindow = try server.openWindow(width: Int(size.width), height: Int(size.height), left: Int(size.width))
        guard let compositor = FrameCompositor(window: compositorWindow) else {
            throw HostError("the compositor path needs a 24-bit xRGB visual")
        }
        result.transport = compositor.transportName
        let directRenderer = CairoRenderer(), compositorRenderer = CairoRenderer()
        compositorRenderer.occlusionCulling = true
        compositorRenderer.retainedLayers = true
        compositorRenderer.layerRasterising = layers
        result.layerRasterising = layers
        // Pictures decoded on worker threads, as X11App has them: a frame draws a placeholder
        // (or a nearby size) while its picture decodes, and never decodes on the drawing thread.
        if backgroundPictures { for renderer in [directRenderer, compositorRenderer] { renderer.startBackgroundDecoding() } }
        result.backgroundPictures = backgroundPictures
        let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
        let fullBytes = Double(surface.width * surface.height * 4)
        // The app's first paint on both: caches warm up, the compositor sends its whole first frame.
        let first = driver.render()
        for _ in 0..<warmUpFrames {
            RenderBench.draw(first, with: directRenderer, on: surface)
            RenderBench.present(surface, to: directWindow)
            RenderBench.discardEvents(directWindow)
        }
        compositor.present(first, renderer: compositorRenderer)
        XSync(compositorWindow.display, 0)
        drainCompositor(compositorWindow, compositor)
        warmBuffers(compositor, window: compositorWindow, list: first, renderer: compositorRenderer)
        // As the frame thread rasterised them during the warm-up without the worker.
        compositorRenderer.waitForLayers()
        // As the app has loaded the fonts its scenes declare by the time input comes: X11App loads
        // one each time its loop would otherwise block in poll() (CairoRenderer.warmNext).
        for renderer in [directRenderer, compositorRenderer] { renderer.warm(driver.deck.fontsToWarm) }

        var d = (draw: [Double](), present: [Double](), total: [Double]())
        var c = (draw: [Double](), present: [Double](), total: [Double]())
        var sent = 0.0
        var split = (damage: [Double](), send: [Double](), sync: [Double]())
        var rects = 0
        var cpu = (direct: [Double](), compositor: [Double]())
        var slack: [Double] = []
        let waitsBefore = compositor.blockedWaits
        for (i, inputs) in script.frames.enumerated() {
            driver.step(inputs)
            let list = driver.render()
            func direct() {
                let cpuStart = threadCPUNanos()
                defer { cpu.direct.append(Double(threadCPUNanos() - cpuStart) / 1e6) }
                let start = monotonicNanos()
                RenderBench.draw(list, with: directRenderer, on: surface)
                let drawn = monotonicNanos()
                RenderBench.present(surface, to: directWindow)
                let end = monotonicNanos()
                d.draw.append(Double(drawn - start) / 1e6)
                d.present.append(Double(end - drawn) / 1e6)
                d.total.append(Double(end - start) / 1e6)
                RenderBench.discardEvents(directWindow)
            }
            func composited() {
                let cpuStart = threadCPUNanos()
                defer { cpu.compositor.append(Double(threadCPUNanos() - cpuStart) / 1e6) }
                let counts = compositorRenderer.frameCounts
                let decodesBefore = compositorRenderer.pictureFigures.inlineDecodes
                let start = monotonicNanos()
                compositor.present(list, renderer: compositorRenderer)
                defer {
                    var makeup = FrameMakeup(before: counts, after: compositorRenderer.frameCounts, commands: list.commands.count,
                                             bands: compositor.lastDamage.rects.count, pixels: compositor.lastDamage.area,
                                             damageMs: compositor.lastDamageMillis)
                    makeup.drawMs = compositor.lastPaintMillis
                    // A frame with no damage draws nothing: the renderer's last picture figures are the frame before's.
                    makeup.pictures(compositor.lastDamage.rects.isEmpty ? PictureFrameStats() : compositorRenderer.lastPictureFrame,
                                    decodes: compositorRenderer.pictureFigures.inlineDecodes - decodesBefore)
                    makeup.cpuMs = Double(threadCPUNanos() - cpuStart) / 1e6
                    (makeup.startNanos, makeup.endNanos) = (start, monotonicNanos())
                    result.makeup.append(makeup)
                }
                XSync(compositorWindow.display, 0)
                let total = Double(monotonicNanos() - start) / 1e6
                c.draw.append(compositor.lastPaintMillis)
                c.present.append(total - compositor.lastPaintMillis)
                c.total.append(total)
                split.damage.append(compositor.lastDamageMillis)
                split.send.append(compositor.lastSendMillis)
                split.sync.append(total - compositor.lastPaintMillis - compositor.lastDamageMillis - compositor.lastSendMillis)
                rects += compositor.lastPresentedRects
                sent += Double(compositor.lastPresentedPixels * 4)
                drainCompositor(compositorWindow, compositor)
            }
            if i % 2 == 0 { direct(); composited() } else { composited(); direct() }
            // The window's loop, between this frame and the next (X11App.spendSlack), outside the
            // figures above: what is left of a 60 Hz interval after this frame, less the window's
            // margin; or everything asked (`SlackBudget.all`).
            if layers == .slack, let frame = c.total.last {
                let before = monotonicNanos()
                let all = slackBudget == .all
                compositorRenderer.rasteriseInSlack(within: all ? .infinity : slackInterval - frame - X11App.slackMargin,
                                                    longest: all ? .infinity : X11App.slackLongestRaster,
                                                    clock: { Double(monotonicNanos()) / 1e6 })
                slack.append(Double(monotonicNanos() - before) / 1e6)
            }
        }
        if let path = ProcessInfo.processInfo.environment["GESTUREDECK_BENCH_MAKEUP"] {
            let lines = result.makeup.indices.map { "#\($0) \(fmt(c.total[$0])) (\(fmt(c.draw[$0]))): " + result.makeup[$0].line }
            try? (lines.joined(separator: "\n") + "\n").write(toFile: path + "." + scene, atomically: true, encoding: .utf8)
        }
        result.slackMs = Distribution(slack)
        result.slackBudget = slackBudget
        result.slackRasters = compositorRenderer.layerStatistics.rasterisedOnWorker + compositorRenderer.pictureRasterFigures.madeInSlack
            + compositorRenderer.spritesMadeInSlack
        result.blockedWaits = compositor.blockedWaits - waitsBefore
        result.layers = compositorRenderer.layerStatistics
        result.damageMs = Distribution(split.damage)
        result.sendMs = Distribution(split.send)
        result.syncMs = Distribution(split.sync)
        result.rectsPerFrame = Double(rects) / Double(max(1, script.count))
        result.directCPU = Distribution(cpu.direct)
        result.compositorCPU = Distribution(cpu.compositor)
        result.slowest = c.total.indices.sorted { c.total[$0] > c.total[$1] }.prefix(slowestShown)
            .map { SlowFrame(index: $0, total: c.total[$0], draw: c.draw[$0]) }
        let n = Double(max(1, script.count))
        result.direct = PathFigures(draw: Distribution(d.draw), present: Distribution(d.present),
                                    total: Distribution(d.total), bytesPerFrame: fullBytes)
        result.compositor = PathFigures(draw: Distribution(c.draw), present: Distribution(c.present),
                                        total: Distribution(c.total), bytesPerFrame: sent / n)
        return result
    }

    /// One full-window solid paint (alternating colours, so every frame is whole damage) through the
    /// compositor, presented whole through shared memory and synced.
    static func floor(size: Size, frames: Int, server: XServer) throws -> CompareFloor {
        let window = try server.openWindow(width: Int(size.width), height: Int(size.height))
        guard let compositor = FrameCompositor(window: window) else { throw HostError("no xRGB visual") }
        let renderer = CairoRenderer()
        func solid(_ i: Int) -> DisplayList {
            var list = DisplayList()
            list.append(.clear(i % 2 == 0 ? Color(rgb: 0xF2F2F7) : Color(rgb: 0xEEF0F5)))
            return list
        }
        warmBuffers(compositor, window: window, list: solid(1), renderer: renderer)
        var samples: [Double] = []
        for i in 0..<frames {
            let list = solid(i)
            let start = monotonicNanos()
            compositor.present(list, renderer: renderer)
            XSync(window.display, 0)
            samples.append(Double(monotonicNanos() - start) / 1e6)
            drainCompositor(window, compositor)
        }
        return CompareFloor(size: size, total: Distribution(samples))
    }

    /// How many of the slowest compositor frames the table names.
    static let slowestShown = 5
    /// Whole frames sent untimed before the timed ones, so each buffer has been drawn and presented
    /// at least once: the first use of a shared segment faults its pages in (at 1280x800 the first two
    /// floor frames took 8-17 ms against a median under 1 ms), a start-up cost, not a frame's.
    static let warmUpFrames = 4
    /// The frame interval the slack after a frame is taken from (ms): 60 Hz.
    static let slackInterval = 1000.0 / 60

    static func warmBuffers(_ compositor: FrameCompositor, window: X11Window, list: DisplayList, renderer: CairoRenderer) {
        for _ in 0..<warmUpFrames {
            compositor.invalidate()
            compositor.present(list, renderer: renderer)
            XSync(window.display, 0)
            drainCompositor(window, compositor)
        }
    }

    /// Hands the server's ShmCompletion events to the compositor and drops the rest.
    static func drainCompositor(_ window: X11Window, _ compositor: FrameCompositor) {
        while XPending(window.display) > 0 {
            var event = XEvent()
            XNextEvent(window.display, &event)
            _ = compositor.handle(&event)
        }
    }

    static func table(_ results: [CompareResult], floors: [CompareFloor]) -> [String] {
        let worker = results.first.map { r in
            switch r.layerRasterising {
            case .inFrame: "layers rasterised in the frame"
            case .worker: "layers rasterised on a worker thread"
            case .slack: "layers rasterised in the slack between frames"
            }
        } ?? ""
        let pictures = results.first.map { $0.backgroundPictures ? "on workers" : "on the drawing thread" } ?? "on workers"
        var out = ["", "Direct vs compositor, interleaved frame by frame (ms; draw / present / draw+present p50 p99 max; KB sent per frame; "
                   + worker + ", pictures decoded \(pictures), \(ProcessInfo.processInfo.activeProcessorCount) cores)"]
        out.append(pad("scene", 10) + pad("size", 10) + pad("path", 11) + lpad("draw p50", 9) + lpad("p99", 7)
                   + lpad("pres p50", 9) + lpad("p99", 7) + lpad("total p50", 10) + lpad("p99", 7) + lpad("max", 7)
                   + lpad("KB/frame", 10) + lpad("p99 ratio", 10))
        for r in results {
            for (name, f) in [("direct", r.direct), ("compositor", r.compositor)] {
                var line = pad(r.scene, 10) + pad(sizeLabel(r.size), 10) + pad(name, 11)
                line += lpad(fmt(f.draw.p50), 9) + lpad(fmt(f.draw.p99), 7) + lpad(fmt(f.present.p50), 9)
                line += lpad(fmt(f.present.p99), 7) + lpad(fmt(f.total.p50), 10) + lpad(fmt(f.total.p99), 7)
                line += lpad(fmt(f.total.max), 7) + lpad(fmt(f.bytesPerFrame / 1024, 0), 10)
                line += name == "compositor" ? lpad(fmt(r.ratio), 10) : ""
                out.append(line)
            }
        }
        for f in floors {
            out.append(pad("floor", 10) + pad(sizeLabel(f.size), 10) + pad("solid+shm", 11) + lpad("", 32)
                       + lpad(fmt(f.total.p50), 10) + lpad(fmt(f.total.p99), 7) + lpad(fmt(f.total.max), 7))
        }
        out.append("")
        out.append("Compositor's slowest frames (index in the scene's script: draw+present ms, draw ms)")
        for r in results {
            let frames = r.slowest.map { "#\($0.index) \(fmt($0.total)) (\(fmt($0.draw)))" }.joined(separator: ", ")
            out.append(pad(r.scene, 10) + pad(sizeLabel(r.size), 10) + frames)
            for f in r.slowest where f.index < r.makeup.count { out.append("  #\(f.index): " + r.makeup[f.index].line) }
        }
        out.append("")
        out.append("Compositor's retained layers (MB; copies from a raster at the exact phase / shifted to the nearest pixel; scroll strips rasterised / copied; layers rasterised on the worker, asked of it, dropped by it, drawn directly while asked)")
        out.append(pad("scene", 10) + pad("size", 10) + lpad("peak MB", 9) + lpad("budget MB", 11) + lpad("rasterised", 12)
                   + lpad("exact", 8) + lpad("shifted", 9) + lpad("evicted", 9) + lpad("strips", 8) + lpad("strip copies", 14)
                   + lpad("on worker", 11) + lpad("asked", 7) + lpad("dropped", 9) + lpad("waited", 8))
        for r in results {
            let l = r.layers
            out.append(pad(r.scene, 10) + pad(sizeLabel(r.size), 10) + lpad(fmt(Double(l.peakBytes) / 1048576, 1), 9)
                       + lpad(fmt(Double(l.budget) / 1048576, 1), 11) + lpad("\(l.rasterised)", 12) + lpad("\(l.exactHits)", 8)
                       + lpad("\(l.shiftedHits)", 9) + lpad("\(l.evictions)", 9) + lpad("\(l.stripsRasterised)", 8)
                       + lpad("\(l.stripCopies)", 14) + lpad("\(l.rasterisedOnWorker)", 11) + lpad("\(l.requested)", 7)
                       + lpad("\(l.requestsDropped)", 9) + lpad("\(l.drawnWhileWaiting)", 8))
        }
        out.append("")
        out.append("Drawing thread's CPU per frame, draw + present (ms; its own time, not the time others held the core)")
        out.append(pad("scene", 10) + pad("size", 10) + lpad("direct p50", 11) + lpad("p99", 7) + lpad("max", 7)
                   + lpad("compositor p50", 15) + lpad("p99", 7) + lpad("max", 7))
        for r in results {
            out.append(pad(r.scene, 10) + pad(sizeLabel(r.size), 10) + lpad(fmt(r.directCPU.p50), 11) + lpad(fmt(r.directCPU.p99), 7)
                       + lpad(fmt(r.directCPU.max), 7) + lpad(fmt(r.compositorCPU.p50), 15) + lpad(fmt(r.compositorCPU.p99), 7)
                       + lpad(fmt(r.compositorCPU.max), 7))
        }
        out.append("")
        out.append("Compositor's present column split (ms p50 / p99: DamageTracker.update; presenter's requests and flush; the rest, "
                   + "mostly the XSync round trip while the server copies; bands sent per frame)")
        for r in results {
            out.append(pad(r.scene, 10) + pad(sizeLabel(r.size), 10)
                       + "damage " + fmt(r.damageMs.p50) + " / " + fmt(r.damageMs.p99)
                       + "   send " + fmt(r.sendMs.p50) + " / " + fmt(r.sendMs.p99)
                       + "   sync+rest " + fmt(r.syncMs.p50) + " / " + fmt(r.syncMs.p99)
                       + "   bands " + fmt(r.rectsPerFrame, 1)
                       + "   transport " + r.transport + ", frames that waited for a buffer " + "\(r.blockedWaits)")
        }
        out.append("Layer copies stretched through small size changes (LayerStretch.swift): "
                   + results.map { "\($0.scene) \(sizeLabel($0.size)) \($0.layers.stretchedHits)" }.joined(separator: ", "))
        out.append("Moving layers drawn in their ring / resting layers left on a stand-in (MovingLayers.swift): "
                   + results.map { "\($0.scene) \(sizeLabel($0.size)) \($0.layers.ringClipped) / \($0.layers.restingStandIns)" }
                       .joined(separator: ", "))
        let slack = results.filter { $0.layerRasterising == .slack }
        if !slack.isEmpty {
            out.append("Layers, picture cells and tile sprites rasterised in the slack after each frame, outside the figures above "
                       + "(ms p50 / p99 / max; rasters): "
                       + slack.map { "\($0.scene) \(sizeLabel($0.size)) \(fmt($0.slackMs.p50)) / \(fmt($0.slackMs.p99)) / "
                                     + "\(fmt($0.slackMs.max)); \($0.slackRasters)" }
                           .joined(separator: ", "))
        }
        return out
    }
}

/// CPU time the calling thread has run, in nanoseconds.
private func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
