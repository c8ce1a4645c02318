import CCairo
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine

/// Issue 17's figures: decoding a 12-megapixel JPEG at the strip and preview
/// sizes, the first frame of 1,000 and 10,000 files, and peak RSS with the
/// slowest UI-thread frame while walking 300 large JPEGs and thirty 8192x8192
/// PNGs (`--only pictures`; the walks run in child processes).
enum PicturesBench {
    /// Device sizes drawn at 1280x800: a strip cell and the large preview (about).
    static let stripSide = 128, previewSide = 480

    static func run(root: String, realAssets: String) throws -> [String] {
        var lines = ["Pictures (issue 17; \(PictureMetrics.workerThreads) decoding threads, cache budget \(PictureMetrics.defaultCacheMiB) MiB)"]
        let folder = root + "/pictures-bench"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let photo = folder + "/photo-12mp.jpg"
        progress("pictures: making a 4000x3000 JPEG")
        try convert(["-size", "4000x3000", "gradient:navy-orange", "-attenuate", "0.25", "+noise", "Gaussian",
                     "-quality", "88"], photo)
        for side in [stripSide, previewSide] {
            var times: [Double] = []
            for _ in 0..<7 {
                let renderer = CairoRenderer()
                var list = DisplayList()
                list.append(.image(path: photo, Rect(x: 0, y: 0, width: Double(side), height: Double(side)), alpha: 1,
                                   cornerRadius: 0))
                let started = monotonicNanos()
                _ = renderer.image(of: list, width: side, height: side)
                times.append(Double(monotonicNanos() - started) / 1e6)
            }
            times.sort()
            lines.append(String(format: "  12-MP JPEG (%.1f MB) decoded for %d px: median %.1f ms, best %.1f ms",
                                Double(fileSize(photo)) / 1e6, side, times[times.count / 2], times[0]))
        }
        for count in [1000, 10000] {
            let dir = folder + "/many-\(count)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for i in 0..<count { try FileManager.default.linkItem(atPath: photo, toPath: dir + "/IMG_\(i).jpg") }
            let started = monotonicNanos()
            let ms = try firstFrame(dir, realAssets: realAssets)
            let total = Double(monotonicNanos() - started) / 1e6
            lines.append(String(format: "  first frame of %d files: %.0f ms (listing + deck + first frame %.0f ms)",
                                count, total, ms))
            try? FileManager.default.removeItem(atPath: dir)
        }
        // 300 large JPEGs (three distinct 4000x3000 photos under 300 names) and thirty 8192x8192 PNGs.
        let walkJPEG = folder + "/walk-jpeg"
        try FileManager.default.createDirectory(atPath: walkJPEG, withIntermediateDirectories: true)
        var sources = [photo]
        for (i, colours) in ["darkgreen-khaki", "maroon-skyblue"].enumerated() {
            let path = folder + "/photo-\(i).jpg"
            try convert(["-size", "4000x3000", "gradient:\(colours)", "-attenuate", "0.25", "+noise", "Gaussian",
                         "-quality", "88"], path)
            sources.append(path)
        }
        for i in 0..<300 { try FileManager.default.linkItem(atPath: sources[i % 3], toPath: walkJPEG + "/photo\(i).jpg") }
        let walkPNG = folder + "/walk-png"
        try FileManager.default.createDirectory(atPath: walkPNG, withIntermediateDirectories: true)
        progress("pictures: making an 8192x8192 PNG")
        try flatPNG(8192, to: folder + "/flat-8k.png")
        for i in 0..<30 { try FileManager.default.linkItem(atPath: folder + "/flat-8k.png", toPath: walkPNG + "/flat\(i).png") }
        // Each walk twice, back to back: the old hand-over (frames wait for the workers' lock, free
        // evicted pictures themselves, share the cores with both decoders) and the new one.
        lines.append("  walks (Right every 100 ms, 1280x800; old = frames wait for the workers' lock and free evictions "
                     + "themselves, new = try-lock, workers free, byte-bounded intake, one decoder steps aside per frame):")
        lines.append("    load before the walks: " + loadAverage())
        for (label, dir) in [("300 JPEGs of 4000x3000", walkJPEG), ("30 PNGs of 8192x8192", walkPNG)] {
            for waiting in [true, false] {
                progress("pictures: walking \(label) (\(waiting ? "old" : "new") hand-over)")
                let r = try walkChild(dir, waiting: waiting)
                func d(_ k: String) -> Double { r[k] as? Double ?? 0 }
                func i(_ k: String) -> Int { r[k] as? Int ?? 0 }
                lines.append(String(format: "    %@, %@: peak RSS %.0f MiB; UI frame slowest %.1f ms (its CPU %.1f), p99 %.1f, "
                                    + "CPU slowest %.1f; picture work max %.2f ms wall / %.2f ms CPU (p99 %.2f / %.2f); "
                                    + "intake max %.0f KiB; frees on the UI thread %d, by workers %d; lock misses %d, "
                                    + "decoder steps aside %d; %d decodes, cache peak %.0f MiB; first frame %.1f ms",
                                    waiting ? "old" : "new", label, d("peakMiB"), d("maxFrameMs"), d("maxFrameCPUOfSlowestMs"),
                                    d("p99FrameMs"), d("maxFrameCPUMs"), d("maxPictureMs"), d("maxPictureCPUMs"),
                                    d("p99PictureMs"), d("p99PictureCPUMs"), d("maxArrivalKiB"), i("freedOnDrawingThread"),
                                    i("freedByWorkers"), i("lockMisses"), i("gateYields"), i("decodes"), d("cachePeakMiB"),
                                    d("firstFrameMs")))
            }
        }
        lines.append("    load after the walks: " + loadAverage())
        try? FileManager.default.removeItem(atPath: folder)
        return lines
    }

    /// Listing, building the deck and drawing its first frame (pictures still decoding in the background).
    static func firstFrame(_ dir: String, realAssets: String) throws -> Double {
        let started = monotonicNanos()
        let size = Size(width: 1280, height: 800)
        let deck = try DeckBuilder.deck(folders: ["carousel": dir], others: realAssets, showing: "carousel", size: size)
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding()
        let surface = ImageSurface(width: 1280, height: 800)
        RenderBench.draw(deck.render(at: 0), with: renderer, on: surface)
        return Double(monotonicNanos() - started) / 1e6
    }

    /// In the child (`--pictures-walk DIR`): the carousel at 1280x800, as in the window, paced at 60 Hz.
    /// The first frame (fonts, glyph caches, the deck's first layout) is drawn before the walk
    /// and reported on its own; the walk's figures are the frames after it.
    static func walk(_ dir: String, realAssets: String, handover: PictureHandover) throws -> [String: Any] {
        let size = Size(width: 1280, height: 800)
        let deck = try DeckBuilder.deck(folders: ["carousel": dir], others: realAssets, showing: "carousel", size: size)
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding(handover: handover)
        let surface = ImageSurface(width: 1280, height: 800)
        let firstBegan = monotonicNanos()
        RenderBench.draw(deck.render(at: 0), with: renderer, on: surface)
        let firstFrameMs = Double(monotonicNanos() - firstBegan) / 1e6
        usleep(16_667)
        let count = (try FileManager.default.contentsOfDirectory(atPath: dir)).count
        let framesPerKey = 6, interval = 1000.0 / 60
        var frameTimes: [Double] = []
        var maxPicture = 0.0, maxIntake = 0.0, maxHandover = 0.0
        var pictureTimes: [Double] = []
        var t: Millis = 1000.0 / 60
        var trace: [[String: Double]] = []
        for step in 0..<(count * framesPerKey + 60) {
            let began = monotonicNanos()
            let cpuBegan = threadCPUMillis()
            if step % framesPerKey == 0 && step / framesPerKey < count - 1 {
                deck.handle(InputEvent(.key(.right, []), at: t))
            }
            _ = renderer.takePictureWakeups()
            deck.tick(at: t)
            let list = deck.render(at: t)
            let drawBegan = monotonicNanos()
            RenderBench.draw(list, with: renderer, on: surface)
            let ms = Double(monotonicNanos() - began) / 1e6
            frameTimes.append(ms)
            let s = renderer.lastPictureFrame
            trace.append(["step": Double(step), "frameMs": ms, "frameCPUMs": threadCPUMillis() - cpuBegan,
                          "pictureCPUMs": s.pictureCPUMillis,
                          "drawMs": Double(monotonicNanos() - drawBegan) / 1e6, "pictureMs": s.pictureMillis,
                          "intakeMs": renderer.pictureFigures.lastIntakeMillis,
                          "handoverMs": renderer.pictureFigures.lastHandoverMillis,
                          "paintMs": s.paintMillis, "maxPaintMs": s.maxPaintMillis, "paints": Double(s.paints),
                          "arrivals": Double(s.arrivals), "arrivalKiB": Double(s.arrivalBytes) / 1024,
                          "standIns": Double(s.standIns), "standInKPx": Double(s.standInPixels) / 1000,
                          "standInDrawnKPx": Double(s.standInDrawnPixels) / 1000])
            let f = renderer.pictureFigures
            maxPicture = max(maxPicture, f.lastFrameMillis)
            maxIntake = max(maxIntake, f.lastIntakeMillis)
            maxHandover = max(maxHandover, f.lastHandoverMillis)
            pictureTimes.append(f.lastFrameMillis)
            if ms < interval { usleep(useconds_t((interval - ms) * 1000)) }
            t += interval
        }
        // Let the last decodes land, drawing as the window would.
        while renderer.pictureFigures.busy {
            renderer.waitForPictures()
            RenderBench.draw(deck.render(at: t), with: renderer, on: surface)
        }
        RenderBench.draw(deck.render(at: t), with: renderer, on: surface)
        frameTimes.sort()
        pictureTimes.sort()
        let figures = renderer.pictureFigures
        func maximum(_ k: String) -> Double { trace.map { $0[k] ?? 0 }.max() ?? 0 }
        func p99(_ k: String) -> Double { let v = trace.map { $0[k] ?? 0 }.sorted(); return v[v.count * 99 / 100] }
        let slowest = trace.max { ($0["frameMs"] ?? 0) < ($1["frameMs"] ?? 0) }
        let worst = trace.sorted { ($0["frameMs"] ?? 0) > ($1["frameMs"] ?? 0) }.prefix(6)
            + trace.sorted { ($0["pictureMs"] ?? 0) > ($1["pictureMs"] ?? 0) }.prefix(4)
        return ["worst": Array(worst), "firstFrameMs": firstFrameMs, "maxFrameCPUMs": maximum("frameCPUMs"),
                "maxFrameCPUOfSlowestMs": slowest?["frameCPUMs"] ?? 0, "maxPictureCPUMs": maximum("pictureCPUMs"),
                "p99PictureCPUMs": p99("pictureCPUMs"), "maxArrivalKiB": maximum("arrivalKiB"),
                "freedOnDrawingThread": figures.freedOnDrawingThread, "freedByWorkers": figures.freedByWorkers,
                "lockMisses": figures.lockMisses, "gateYields": figures.gateYields,
                "peakMiB": residentMemory().peak, "maxFrameMs": frameTimes.last ?? 0,
                "p99FrameMs": frameTimes[frameTimes.count * 99 / 100], "maxPictureMs": maxPicture, "p99PictureMs": pictureTimes[pictureTimes.count * 99 / 100],
                "maxIntakeMs": maxIntake, "maxHandoverMs": maxHandover,
                "decodes": figures.backgroundDecodes, "cachePeakMiB": Double(figures.peakBytes) / 1048576]
    }

    static func threadCPUMillis() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// `uptime`'s load averages (1, 5, 15 min), from /proc/loadavg.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }

    private static func walkChild(_ dir: String, waiting: Bool) throws -> [String: Any] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        p.arguments = ["--pictures-walk", dir] + (waiting ? ["--pictures-waiting"] : [])
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError("pictures walk: no result")
        }
        return json
    }

    private static func convert(_ arguments: [String], _ out: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["convert"] + arguments + [out]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchError("convert failed for \(out) (ImageMagick is needed)") }
    }

    /// A mostly flat side x side PNG with a few shapes, written by Cairo (ImageMagick's policy refuses 64 MP).
    private static func flatPNG(_ side: Int, to path: String) throws {
        let surface = ImageSurface(width: side, height: side)
        let cr = cairo_create(surface.handle)!
        cairo_set_source_rgb(cr, 0.25, 0.5, 0.75)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.95, 0.8, 0.3)
        cairo_arc(cr, Double(side) / 2, Double(side) / 2, Double(side) / 4, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_destroy(cr)
        try surface.writePNG(to: path)
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

