import CairoRenderer
import Foundation
import Glibc
import InteractionEngine

/// A video container GestureDeck writes (`--video OUT.mp4|OUT.webm|OUT.gif`).
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4, yuv420p: every player and browser opens it.
    case mp4
    /// VP9 in WebM.
    case webm
    /// An animated GIF with a palette made for the whole clip (two passes).
    case gif

    /// The format named by a file's extension (case does not matter); nil for anything else.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension.lowercased()
        self.init(rawValue: ext)
    }
}

/// A video that could not be written, described for a person.
public enum VideoProblemKind: ProblemKind {}
public typealias VideoError = Problem<VideoProblemKind>

/// The encoders' quality settings.
public enum VideoQuality {
    /// x264's constant rate factor (lower is better; 0-51). x264's documentation calls 18-23 the
    /// sane range; 20 keeps small text and card edges sharp at about 85 KB for the 3.4 s reorder.
    public static let h264CRF = 20
    /// x264's speed preset: its default, `medium`.
    public static let h264Preset = "medium"
    /// libvpx-vp9's constant quality: 33, the value of Google's "Recommended Settings for VOD"
    /// (developers.google.com/media/vp9) for 640x480, the nearest size to the 480x800 window.
    public static let vp9CRF = 33
    /// libvpx's speed for `-deadline good` (0 slowest and best ... 5): 4, GestureDeck's choice, keeps
    /// the 3.4 s reorder at 60 fps near 10 CPU seconds on one thread.
    public static let vp9CPUUsed = 4
    /// GIF error diffusion: ffmpeg's `sierra2_4a` (its default dither for paletteuse).
    public static let gifDither = "sierra2_4a"
}

/// Finds the `ffmpeg` program on `PATH`.
public enum FFmpeg {
    /// The Debian package that provides it.
    public static let package = "ffmpeg"

    /// The absolute path of `ffmpeg`; a missing one is one clear line naming the package.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(VideoError) -> String {
        let search = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in search.split(separator: ":") where dir.hasPrefix("/") {
            let candidate = String(dir) + "/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw VideoError("ffmpeg is not installed: videos need the Debian package '\(package)' (apt-get install \(package))")
    }

    /// The options that make ffmpeg's output the same bytes on every run (the gallery is compared
    /// byte for byte): no version strings or dates in the container, one encoder thread.
    static let reproducible = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", "-threads", "1"]

    /// Raw frames on standard input: Cairo's ARGB32, which is B, G, R, A in memory on little-endian machines.
    static func rawInput(width: Int, height: Int, fps: Double) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(width)x\(height)", "-framerate", fpsText(fps), "-i", "pipe:0"]
    }

    /// Converts to yuv420p with the BT.709 matrix (the one players assume for HD) and tags it so,
    /// padding odd sizes by one black pixel (4:2:0 needs even sizes).
    static let yuv709 = [
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
    ]

    /// The whole command line after the program name, for one pass of one format.
    static func arguments(format: VideoFormat, pass: VideoEncoder.Pass, width: Int, height: Int, fps: Double,
                          output: String) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y"] + rawInput(width: width, height: height, fps: fps)
        switch (format, pass) {
        case (.mp4, _):
            args += yuv709 + ["-c:v", "libx264", "-preset", VideoQuality.h264Preset, "-crf", String(VideoQuality.h264CRF),
                              "-movflags", "+faststart", "-an"]
            args += reproducible + ["-f", "mp4", output]
        case (.webm, _):
            args += yuv709 + ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", String(VideoQuality.vp9CRF), "-deadline", "good",
                              "-cpu-used", String(VideoQuality.vp9CPUUsed), "-row-mt", "0", "-an"]
            args += reproducible + ["-f", "webm", output]
        case (.gif, .palette):
            // Pass 1: one 256-colour palette from every pixel of every frame.
            args += ["-vf", "palettegen=max_colors=256:reserve_transparent=0:stats_mode=full"]
            args += reproducible + ["-f", "image2", "-c:v", "png", output]
        case (.gif, .frames(let palette)):
            // Pass 2: map each frame onto that palette, dithered so gradients do not band; only the
            // rectangle that changed is re-dithered, so still parts do not shimmer.
            args += ["-i", palette, "-lavfi", "[0:v][1:v]paletteuse=dither=\(VideoQuality.gifDither):diff_mode=rectangle",
                     "-loop", "0"]
            args += reproducible + ["-f", "gif", output]
        }
        return args
    }

    static func fpsText(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(format: "%.6g", fps)
    }
}

/// One running `ffmpeg` fed raw frames through a pipe.
///
/// It writes to a temporary name beside the output and renames it over the
/// output only when ffmpeg succeeded, so a failing or killed encoder never
/// leaves a half-written file under the final name.
public final class VideoEncoder {
    /// What one ffmpeg run produces: a GIF's palette (pass 1) or the frames themselves.
    public enum Pass: Equatable, Sendable {
        case palette
        case frames(palette: String)
    }

    public let output: String
    private let temporary: String
    private let process = Process()
    private let input: Int32
    private let log: String
    private let frameBytes: Int
    private var finished = false

    /// Starts ffmpeg; `output` receives the result when `finish()` succeeds.
    public init(ffmpeg: String, format: VideoFormat, pass: Pass = .frames(palette: ""), width: Int, height: Int, fps: Double,
                output: String) throws(VideoError) {
        // A write to a pipe whose reader died must fail with EPIPE, not kill the program.
        signal(SIGPIPE, SIG_IGN)
        self.output = output
        let url = URL(fileURLWithPath: output)
        let dir = url.deletingLastPathComponent().path
        let stem = ".\(url.lastPathComponent).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        temporary = dir + "/" + stem
        log = NSTemporaryDirectory() + stem + ".log"
        frameBytes = width * height * 4
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw VideoError("\(output): the folder \(dir) does not exist")
        }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = FFmpeg.arguments(format: format, pass: pass, width: width, height: height, fps: fps, output: temporary)
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        guard FileManager.default.createFile(atPath: log, contents: nil), let logHandle = FileHandle(forWritingAtPath: log) else {
            throw VideoError("\(log): cannot create ffmpeg's log")
        }
        process.standardError = logHandle
        do {
            try process.run()
        } catch {
            try? logHandle.close()
            unlink(log)
            throw VideoError("\(ffmpeg): cannot start ffmpeg (\(error.localizedDescription))")
        }
        try? logHandle.close()
        // Our copy of the read end must close, or ffmpeg never sees the end of its input.
        try? pipe.fileHandleForReading.close()
        input = dup(pipe.fileHandleForWriting.fileDescriptor)
        try? pipe.fileHandleForWriting.close()
    }

    deinit { if !finished { abort() } }

    /// Sends one frame (its size must be the size given at the start).
    public func append(_ image: ImageSurface) throws(VideoError) {
        let sent = image.withPixels { bytes, stride -> Int32 in
            let row = image.width * 4
            guard image.width * image.height * 4 == frameBytes else { return EINVAL }
            if stride == row { return VideoEncoder.writeAll(input, bytes.baseAddress!, frameBytes) }
            for y in 0..<image.height {
                let status = VideoEncoder.writeAll(input, bytes.baseAddress! + y * stride, row)
                if status != 0 { return status }
            }
            return 0
        }
        guard sent == 0 else {
            let reason = sent == EPIPE ? "ffmpeg stopped reading" : String(cString: strerror(sent))
            let details = stopAndCollect()
            throw VideoError("\(output): \(reason)\(details)")
        }
    }

    /// Ends the input, waits for ffmpeg and puts the file in place.
    public func finish() throws(VideoError) {
        let details = stopAndCollect()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw VideoError("\(output): ffmpeg failed\(details)")
        }
        let fd = open(temporary, O_RDONLY)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, info.st_size > 0 else {
            if fd >= 0 { close(fd) }
            unlink(temporary)
            throw VideoError("\(output): ffmpeg wrote nothing")
        }
        fsync(fd)
        close(fd)
        guard rename(temporary, output) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw VideoError("\(output): cannot put the video in place (\(reason))")
        }
    }

    /// Stops ffmpeg and removes the temporary file (an interrupted export).
    public func abort() {
        guard !finished else { return }
        if process.isRunning { process.terminate() }
        _ = stopAndCollect()
    }

    /// Closes ffmpeg's input, waits for it, removes the log and (on failure) the temporary file;
    /// returns ffmpeg's complaint, if any, as " (exit N: last line)".
    private func stopAndCollect() -> String {
        if finished { return "" }
        finished = true
        close(input)
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        unlink(log)
        let failed = process.terminationReason != .exit || process.terminationStatus != 0
        if failed { unlink(temporary) }
        guard failed else { return "" }
        let last = text.split(whereSeparator: \.isNewline).last.map { ": " + $0 } ?? ""
        if process.terminationReason == .uncaughtSignal {
            return " (ffmpeg was killed by signal \(process.terminationStatus)\(last))"
        }
        return " (ffmpeg exited with status \(process.terminationStatus)\(last))"
    }

    /// Writes all `count` bytes, retrying after signals; 0 or the errno.
    private static func writeAll(_ fd: Int32, _ start: UnsafeRawPointer, _ count: Int) -> Int32 {
        var done = 0
        while done < count {
            let n = write(fd, start + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }
}

extension Options {
    /// The checks of `--video`, `--from` and `--to` (called by `parse`).
    func checkVideo() throws(UsageError) {
        guard video != nil else {
            if from != nil || to != nil { throw UsageError("--from and --to only make sense with --video") }
            return
        }
        if replay == nil { throw UsageError("--video needs --replay TRACE (the input to render)") }
        if screenshot != nil || framesDir != nil {
            throw UsageError("--video cannot be combined with --screenshot or --frames")
        }
        if let from, let to, to < from { throw UsageError("--to (\(to)) must not be earlier than --from (\(from))") }
    }
}
