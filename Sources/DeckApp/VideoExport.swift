import CairoRenderer
import Foundation
import Glibc
import InteractionEngine

/// `--replay TRACE --video OUT`: renders a trace headless, frame by frame, straight into ffmpeg.
///
/// The frames are the ones `--frames` would write (time 0, 1/fps, 2/fps... up
/// to 1 s past the trace's last entry, or `--from`/`--to`), so a video and a
/// PNG sequence of the same trace show the same pictures. A GIF takes two
/// passes over the trace: the first builds one palette from every frame, the
/// second maps the frames onto it (rendering twice keeps memory flat, where
/// buffering the frames of a long recording would not).
public struct VideoExport {
    /// How long a video runs past the trace's last entry by default, ms (as `--frames`: the drop settles).
    public static let tail: Millis = 1000

    public let path: String
    public let format: VideoFormat
    public let fps: Double
    public let from: Millis
    public let to: Millis

    public init(path: String, format: VideoFormat, fps: Double, from: Millis?, to: Millis?, trace: Trace) {
        self.path = path
        self.format = format
        self.fps = fps
        self.from = from ?? 0
        self.to = to ?? trace.duration + VideoExport.tail
    }

    /// The export `options` ask for (`--video`, `--fps`, `--from`, `--to`).
    public init?(options: Options, trace: Trace) {
        guard let path = options.video, let format = options.videoFormat else { return nil }
        self.init(path: path, format: format, fps: options.fps, from: options.from, to: options.to, trace: trace)
    }

    /// Engine time of each frame.
    public var frameTimes: [Millis] {
        let step = 1000 / fps
        let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
        return (0..<max(1, count)).map { from + Double($0) * step }
    }

    /// The video's length in seconds: one frame interval per frame.
    public func duration(frames: Int) -> Double { Double(frames) / fps }

    /// Renders and encodes. `makeHeadless` gives a fresh renderer of the trace's starting state for
    /// each pass; `progress` hears (frames done, frames in all passes) after each frame.
    /// Returns the `video` event.
    public func run(trace: Trace, ffmpeg: String, makeHeadless: () throws -> Headless,
                    progress: (Int, Int) -> Void = { _, _ in }) throws -> DeckEvent {
        let times = frameTimes
        let name = (path as NSString).lastPathComponent
        let dir = (path as NSString).deletingLastPathComponent
        let paletteFile = (dir.isEmpty ? "." : dir) + "/.\(name).palette-\(getpid()).png"
        let passes: [VideoEncoder.Pass] = format == .gif ? [.palette, .frames(palette: paletteFile)] : [.frames(palette: "")]
        defer { unlink(paletteFile) }
        let total = times.count * passes.count
        var done = 0
        for pass in passes {
            let headless = try makeHeadless()
            var entries = trace.entries[...]
            var encoder: VideoEncoder?
            for time in times {
                headless.replay(&entries, through: time)
                let image = headless.frame(at: time)
                if encoder == nil {
                    encoder = try VideoEncoder(ffmpeg: ffmpeg, format: format, pass: pass, width: image.width,
                                               height: image.height, fps: fps, output: pass == .palette ? paletteFile : path)
                }
                try encoder!.append(image)
                done += 1
                progress(done, total)
            }
            try encoder?.finish()
            headless.reportImageFailures()
        }
        return DeckEvent("video", ["path": .string(path), "frames": .int(times.count), "fps": .double(fps),
                                   "duration": .double(duration(frames: times.count)), "format": .string(format.rawValue)])
    }
}

/// Reports a long export's progress: a self-rewriting line on a terminal's stderr (frames done of
/// total, time left), and `video-progress` events (at most one per percent) when `--events` is on.
public final class VideoProgress {
    private let terminal: Bool
    private let emit: ((DeckEvent) -> Void)?
    private let started = Date()
    private var lastPercent = -1
    private var lastDrawn = Date.distantPast

    public init(terminal: Bool = isatty(STDERR_FILENO) == 1, emit: ((DeckEvent) -> Void)?) {
        self.terminal = terminal
        self.emit = emit
    }

    public func update(done: Int, total: Int) {
        let percent = total > 0 ? done * 100 / total : 100
        if let emit, percent != lastPercent {
            emit(DeckEvent("video-progress", ["frames": .int(done), "total": .int(total)]))
        }
        lastPercent = percent
        guard terminal else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let elapsed = now.timeIntervalSince(started)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        var line = String(format: "\rgesturedeck: video %d/%d frames, %.0f s left ", done, total, left.rounded(.up))
        if done == total { line = String(format: "\rgesturedeck: video %d/%d frames in %.1f s       \n", done, total, elapsed) }
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension VideoExport {
    /// The program's `--video` run: finds ffmpeg, reports progress, and renders a GIF's second
    /// pass with a fresh session started from the trace (the first pass uses `first`).
    public func run(session: Session, trace: Trace, first: Headless) throws -> DeckEvent {
        let ffmpeg = try FFmpeg.locate()
        let reporter = VideoProgress(emit: session.options.events ? { session.emit($0) } : nil)
        var fresh = false
        return try run(trace: trace, ffmpeg: ffmpeg, makeHeadless: {
            defer { fresh = true }
            guard fresh else { return first }
            // The second pass only draws: it neither saves nor takes the state file's lock
            // (the first pass holds it and leaves the final arrangement there).
            var drawOnly = session.options
            drawOnly.statePath = nil
            return Headless(session: try Session(options: drawOnly, trace: trace.header),
                            scale: session.options.scale ?? 1)
        }, progress: reporter.update)
    }
}
