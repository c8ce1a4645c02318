import CX11
import CXtst
import Foundation
import Glibc

/// Frame pacing of the real `gesturedeck` under Xvfb (issue 21 item 8), driven with XTest.
///
/// The app runs with `GESTUREDECK_FRAME_LOG` and writes, at exit, one line per frame: when it
/// was drawn and sent, the server time of the newest pointer motion it shows, and (with
/// Present) the UST of its PresentCompleteNotify. The bench drags the messages list with
/// XTest motion every 5 ms (input-to-frame latency: that motion's server time to the frame
/// shown: Present's UST, else the end of the frame's requests), then flings it and measures
/// the intervals between the frames shown until it rests (missed slots: intervals longer
/// than 1.5 refresh intervals, counted in intervals).
struct PacingResult {
    let path: String
    var transport = "?"
    var interval = 0.0
    var latency = Distribution([])
    /// Of the latency: the motion's age when its frame began, and the frame's drawing to being shown.
    var age = Distribution([])
    var frameCost = Distribution([])
    /// The bench's own spacing of the drag's motions (5 ms asked for): its oversleeping ages the input too.
    var motionGaps = Distribution([])
    var flingIntervals = Distribution([])
    var flingFrames = 0
    var missedSlots = 0
    var earlyFrames = 0
    var dragFrames = 0
    /// The server's clock against CLOCK_MONOTONIC: input times are server ms (32 bits), frames' CLOCK_MONOTONIC ms.
    var clock = ServerClockCheck()

    var json: [String: Any] {
        ["path": path, "present": transport, "intervalMs": rounded(interval), "latencyMs": latency.json, "inputAgeMs": age.json, "drawnToShownMs": frameCost.json, "motionGapMs": motionGaps.json,
         "flingIntervalsMs": flingIntervals.json, "flingFrames": flingFrames, "missedSlots": missedSlots,
         "earlyFrames": earlyFrames, "dragFrames": dragFrames, "serverClock": clock.json]
    }

    var line: String {
        func f(_ v: Double) -> String { String(format: "%6.2f", v) }
        return path.padding(toLength: 11, withPad: " ", startingAt: 0) + transport.padding(toLength: 9, withPad: " ", startingAt: 0)
            + "\(f(interval))   \(f(flingIntervals.p50)) \(f(flingIntervals.p99)) \(f(flingIntervals.max))"
            + String(format: " %6d %6d", flingFrames, missedSlots)
            + "   \(f(latency.p50)) \(f(latency.p99)) \(f(latency.max))" + String(format: " %6d %6d", dragFrames, earlyFrames)
            + "   \(f(age.p50)) \(f(age.p99))   \(f(frameCost.p50)) \(f(frameCost.p99))   \(f(motionGaps.p99))"
            + (clock.matchesMonotonic ? "  monotonic" : "  offset \(f(clock.medianOffset))")
    }

    static let header = """
        Frame pacing, real app 1280x800 under Xvfb, XTest input (ms; fling: intervals between frames shown; latency: motion's server time → frame shown)
        path       present  interval   fling p50    p99    max frames missed   lat p50    p99    max frames  early   age p50    p99  frame p50    p99  gap p99  server clock
        (age: the motion's age when its frame began; frame: drawing began → shown; gap: the bench's motion spacing, 5 ms asked;
        server clock: "monotonic" when its 32-bit ms matched CLOCK_MONOTONIC, else the median offset the latencies are corrected by)
        """
}

/// One frame of a `GESTUREDECK_FRAME_LOG`.
struct LoggedFrame {
    var drawn: Double
    var sent: Double
    var input: Double?
    var early: Bool
    var serial: Int?
    var interval: Double
    /// Present's UST for the frame, when it was completed.
    var presented: Double?
    var shown: Double { presented ?? sent }

    /// Parses a frame log; frames that sent nothing (0 pixels) are left out.
    static func parse(_ text: String) -> [LoggedFrame] {
        var frames: [LoggedFrame] = []
        var ust: [Int: Double] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            if f.first == "presented", f.count >= 3, let s = Int(f[1]), let t = Double(f[2]) { ust[s] = t }
            guard f.first == "frame", f.count >= 7, let drawn = Double(f[1]), let sent = Double(f[2]),
                  let input = Double(f[3]), let interval = Double(f[6]) else { continue }
            let serial = Int(f[5]).flatMap { $0 < 0 ? nil : $0 }
            if f.count >= 8, Int(f[7]) == 0 { continue }
            frames.append(LoggedFrame(drawn: drawn, sent: sent, input: input < 0 ? nil : input, early: f[4] == "1",
                                      serial: serial, interval: interval))
        }
        for i in frames.indices { if let s = frames[i].serial { frames[i].presented = ust[s] } }
        return frames
    }
}

enum PacingBench {
    static let width = 1280, height = 800
    /// The drag: motion every `stepMillis`, 2 px a step, for `dragSeconds`.
    static let stepMillis = 5.0
    /// A gap this long after the fling's last frame means the list is at rest, ms.
    static let restGap = 250.0
    /// The drag's slowest frames written out with their parts, frames.
    static let slowestShown = 6

    static func run(path: String, binary: String, assets: String, server: XServer, dragSeconds: Double) throws -> PacingResult {
        var result = PacingResult(path: path)
        guard let display = XOpenDisplay(nil) else { throw BenchError("pacing: cannot open \(server.display)") }
        defer { XCloseDisplay(display) }
        result.clock = ServerClockCheck.measure(display: display)
        let offset = result.clock.matchesMonotonic ? 0 : result.clock.medianOffset
        // From a motion's server time (32-bit wrapping ms) to a CLOCK_MONOTONIC time, ms.
        func since(_ input: Double, _ t: Double) -> Double { ServerClockCheck.elapsed(since: UInt(input), until: t + offset) }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else { throw BenchError("pacing: no XTEST on the server") }
        func move(_ x: Int, _ y: Int) {
            XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
            XFlush(display)
        }
        func button(_ down: Bool) {
            XTestFakeButtonEvent(display, 1, down ? 1 : 0, 0)
            XFlush(display)
        }
        func sleepUntil(_ t: Double) {
            let left = t - ServerClockCheck.monotonicMs()
            if left > 0 { usleep(UInt32(left * 1000)) }
        }
        move(width / 2, height / 2)
        let log = NSTemporaryDirectory() + "gesturedeck-bench-frames-\(getpid())-\(path).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let app = try AppRun(binary: binary, assets: assets, size: "\(width)x\(height)", scene: "messages",
                             environment: ["GESTUREDECK_RENDERER": path, "GESTUREDECK_FRAME_LOG": log])
        guard let ready = app.waitFor("ready") else {
            app.stop()
            throw BenchError("pacing: gesturedeck never printed 'ready'")
        }
        result.transport = ready["present"] as? String ?? "?"
        Thread.sleep(forTimeInterval: 0.5)

        // The drag: down and up over 300 px, a motion every 5 ms.
        let x = width / 2, top = 250, amplitude = 300
        move(x, top)
        button(true)
        var t = ServerClockCheck.monotonicMs()
        let steps = Int(dragSeconds * 1000 / stepMillis)
        var sentAt: [Double] = []
        for i in 1...max(1, steps) {
            let phase = (2 * i) % (2 * amplitude)
            move(x, top + (phase <= amplitude ? phase : 2 * amplitude - phase))
            sentAt.append(ServerClockCheck.monotonicMs())
            t += stepMillis
            sleepUntil(t)
        }
        let dragEnd = ServerClockCheck.monotonicMs()
        result.motionGaps = Distribution(zip(sentAt.dropFirst(), sentAt).map { $0 - $1 })
        button(false)
        Thread.sleep(forTimeInterval: 1.5)

        // The fling: 15 moves of 30 px up, 5 ms apart, then the release.
        let flingStart = 700
        move(x, flingStart)
        button(true)
        t = ServerClockCheck.monotonicMs()
        for i in 1...15 {
            move(x, flingStart - 30 * i)
            t += stepMillis
            sleepUntil(t)
        }
        button(false)
        let release = ServerClockCheck.monotonicMs()
        Thread.sleep(forTimeInterval: 5)
        app.stop()
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else {
            throw BenchError("pacing: gesturedeck wrote no frame log at \(log)")
        }
        let frames = LoggedFrame.parse(text)
        result.interval = frames.last?.interval ?? 0
        let drag = frames.filter { $0.drawn <= dragEnd + 50 && $0.input != nil }
        result.dragFrames = drag.count
        result.earlyFrames = drag.filter(\.early).count
        result.latency = Distribution(drag.compactMap { f in f.input.map { since($0, f.shown) } })
        result.age = Distribution(drag.compactMap { f in f.input.map { since($0, f.drawn) } })
        result.frameCost = Distribution(drag.map { $0.shown - $0.drawn })
        // Where the p99 comes from: the drag's slowest frames, each split into its parts (on stderr).
        var previous: [Double: Double] = [:]
        for (a, b) in zip(drag.dropFirst(), drag) { previous[a.drawn] = b.drawn }
        let slowest = drag.compactMap { f in f.input.map { (frame: f, latency: since($0, f.shown), age: since($0, f.drawn)) } }
            .sorted { $0.latency > $1.latency }.prefix(PacingBench.slowestShown)
        for s in slowest {
            let after = previous[s.frame.drawn].map { String(format: "%.2f", s.frame.drawn - $0) } ?? "-"
            FileHandle.standardError.write(Data(String(
                format: "pacing %@ slow drag frame: latency %.2f = age %.2f + drawing to shown %.2f ms (to sent %.2f), begun %@ ms after the frame before%@\n",
                path, s.latency, s.age, s.frame.shown - s.frame.drawn, s.frame.sent - s.frame.drawn, after,
                s.frame.early ? " (early)" : "").utf8))
        }
        var fling: [LoggedFrame] = []
        for f in frames where f.drawn > release {
            if let last = fling.last, f.shown - last.shown > restGap { break }
            fling.append(f)
        }
        result.flingFrames = fling.count
        let gaps = zip(fling.dropFirst(), fling).map { $0.shown - $1.shown }
        result.flingIntervals = Distribution(gaps)
        if result.interval > 0 {
            result.missedSlots = gaps.filter { $0 > 1.5 * result.interval }
                .reduce(0) { $0 + Int(($1 / result.interval).rounded()) - 1 }
        }
        return result
    }
}
