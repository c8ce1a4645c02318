import CairoRenderer
import Foundation
import Testing
import TestSupport

/// A decoded video: every frame as packed RGB bytes, plus what ffprobe says about the file.
struct DecodedVideo {
    let width: Int
    let height: Int
    let frames: [[UInt8]]
    let duration: Double
    let codec: String
    let pixelFormat: String

    init(path: String) throws {
        let probe = try runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                            "stream=width,height,codec_name,pix_fmt:format=duration", "-of", "json", path])
        guard probe.status == 0,
              let json = try JSONSerialization.jsonObject(with: probe.out) as? [String: Any],
              let stream = (json["streams"] as? [[String: Any]])?.first,
              let width = stream["width"] as? Int, let height = stream["height"] as? Int,
              let duration = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init) else {
            throw HarnessError("ffprobe could not read \(path): \(probe.err)")
        }
        self.width = width
        self.height = height
        self.duration = duration
        codec = stream["codec_name"] as? String ?? "?"
        pixelFormat = stream["pix_fmt"] as? String ?? "?"
        let decoded = try runTool("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"])
        guard decoded.status == 0 else { throw HarnessError("ffmpeg could not decode \(path): \(decoded.err)") }
        let size = width * height * 3
        let bytes = [UInt8](decoded.out)
        frames = stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }
}

/// Mean absolute difference per channel (0...255) between a decoded RGB frame and a PNG.
func meanError(_ rgb: [UInt8], width: Int, height: Int, against image: ImageSurface) -> Double {
    precondition(image.width == width && image.height == height)
    return image.withPixels { pixels, stride in
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels.baseAddress! + y * stride + x * 4  // B, G, R, A
                let q = (y * width + x) * 3  // R, G, B
                total += abs(Int(p.load(fromByteOffset: 2, as: UInt8.self)) - Int(rgb[q]))
                total += abs(Int(p.load(fromByteOffset: 1, as: UInt8.self)) - Int(rgb[q + 1]))
                total += abs(Int(p.load(as: UInt8.self)) - Int(rgb[q + 2]))
            }
        }
        return Double(total) / Double(width * height * 3)
    }
}

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
let reorderTrace = repositoryRoot + "/assets/traces/wallet-reorder.jsonl"

/// The last entry's time of a trace file, ms.
func traceDuration(_ path: String) throws -> Double {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let last = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    return try #require(last["t"] as? Double)
}

/// `--replay --video`, checked by decoding what it wrote (half size and 10 fps keep it quick).
@Suite(.serialized) struct VideoExportTests {
    static let fps = 10.0
    static let scale = "0.5"

    /// The headless screenshot of the reorder trace at `time`, at the videos' scale.
    func screenshot(at time: Double, in dir: String) throws -> ImageSurface {
        let png = dir + "/at-\(Int(time)).png"
        let r = try runGestureDeck(["--replay", reorderTrace, "--screenshot", png, "--at", String(time), "--scale", Self.scale])
        #expect(r.status == 0, "\(r.err)")
        return try ImageSurface.load(png: png)
    }

    /// Frames: one per 1/fps from 0 to 1 s past the trace's end, as `--frames` would write them.
    func expectedFrames() throws -> Int {
        Int(((try traceDuration(reorderTrace) + 1000) * Self.fps / 1000).rounded(.down)) + 1
    }

    func export(_ format: String, in dir: String) throws -> (path: String, event: [String: Any], seconds: Double) {
        let path = dir + "/reorder." + format
        let started = Date()
        let r = try runGestureDeck(["--replay", reorderTrace, "--video", path, "--fps", String(Self.fps), "--scale", Self.scale,
                                    "--events"])
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.err)")
        // Not a terminal: no progress line on stderr.
        #expect(!r.err.contains("frames"), "progress went to a pipe: \(r.err)")
        let lines = r.out.split(separator: "\n")
        let last = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(last["event"] as? String == "video", "the video event is the last line: \(r.out.suffix(300))")
        #expect(lines.contains { $0.contains(#""event":"video-progress""#) })
        return (path, last, seconds)
    }

    @Test(arguments: ["mp4", "webm"]) func lossyVideoMatchesTheTraceAndTheScreenshots(format: String) throws {
        let dir = try temporaryFolder()
        let (path, event, _) = try export(format, in: dir)
        let video = try DecodedVideo(path: path)
        let frames = try expectedFrames()
        #expect(video.codec == (format == "mp4" ? "h264" : "vp9"))
        #expect(video.pixelFormat == "yuv420p")
        #expect(video.width == 240 && video.height == 400)
        #expect(video.frames.count == frames, "decoded \(video.frames.count) frames, the trace and --fps give \(frames)")
        #expect(abs(video.duration - Double(frames) / Self.fps) <= 1 / Self.fps, "duration \(video.duration) s")
        #expect(event["frames"] as? Int == frames)
        #expect(abs((event["duration"] as? Double ?? 0) - Double(frames) / Self.fps) < 1e-6)
        #expect(event["path"] as? String == path)
        // No temporary file is left beside the video.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["reorder." + format])

        // The first and the last frame are the headless screenshots at those times, up to the codec's loss.
        let last = Double(frames - 1) * 1000 / Self.fps
        let firstError = meanError(video.frames[0], width: 240, height: 400, against: try screenshot(at: 0, in: dir))
        let lastError = meanError(video.frames[frames - 1], width: 240, height: 400, against: try screenshot(at: last, in: dir))
        // Bound: H.264 at CRF 20 and VP9 at CRF 33 lose about 2 levels of 255 on average here
        // (measured 2.1-2.4, mostly 4:2:0 chroma on the saturated card edges at half size); 4 leaves
        // room for other encoder versions, while another moment of the drag is off by about 25.
        #expect(firstError < 4, "first frame differs from the screenshot by \(firstError) on average")
        #expect(lastError < 4, "last frame differs from the screenshot by \(lastError) on average")
        // And the bound can fail: the first frame is not the last one (the card moved).
        let wrong = meanError(video.frames[0], width: 240, height: 400, against: try screenshot(at: last, in: dir))
        #expect(wrong > 4, "the first and last moments of the reorder look alike (\(wrong))")
    }

    @Test func gifHasAPaletteMadeForTheClip() throws {
        let dir = try temporaryFolder()
        let (path, event, _) = try export("gif", in: dir)
        let video = try DecodedVideo(path: path)
        let frames = try expectedFrames()
        #expect(video.codec == "gif")
        #expect(video.frames.count == frames)
        // GIF delays are whole hundredths of a second: 1/10 s is exact.
        #expect(abs(video.duration - Double(frames) / Self.fps) <= 1 / Self.fps)
        #expect(event["frames"] as? Int == frames)
        let last = Double(frames - 1) * 1000 / Self.fps
        let shot = try screenshot(at: last, in: dir)
        let error = meanError(video.frames[frames - 1], width: 240, height: 400, against: shot)
        // Bound: a clip-wide 256-colour palette with error-diffusion dithering stays within a few
        // levels of 255 on the gradients (measured 1.5); ffmpeg's generic palette without palettegen
        // (below, measured 17) is ten times worse: that is the banding this avoids.
        #expect(error < 3.5, "GIF last frame is \(error) levels off the PNG on average")
        let naive = dir + "/naive.gif"
        let r = try runTool("ffmpeg", ["-v", "error", "-i", dir + "/at-\(Int(last)).png", naive])
        #expect(r.status == 0, "\(r.err)")
        let naiveError = meanError(try DecodedVideo(path: naive).frames[0], width: 240, height: 400, against: shot)
        #expect(naiveError > error * 2, "the generic GIF palette is not worse (\(naiveError) vs \(error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }.isEmpty,
                "the palette or a partial file was left behind")
    }

    /// A stand-in ffmpeg: writes half a file to its output (its last argument), then fails or dies.
    func fakeFFmpeg(in dir: String, ending: String) throws -> String {
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
        #!/bin/sh
        for last; do :; done
        head -c 100000 > "$last"
        \(ending)
        """
        try Data(script.utf8).write(to: URL(fileURLWithPath: bin + "/ffmpeg"))
        chmod(bin + "/ffmpeg", 0o755)
        return bin + ":/usr/bin:/bin"
    }

    @Test(arguments: [("echo 'fake encoder: disk on fire' >&2; exit 1", "disk on fire"),
                      ("kill -9 $$", "killed by signal 9")])
    func failingOrKilledEncoderLeavesNoFileUnderTheFinalName(ending: String, message: String) throws {
        let dir = try temporaryFolder()
        let path = try fakeFFmpeg(in: dir, ending: ending)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // A video from an earlier run stays as it was.
        try Data("earlier video".utf8).write(to: URL(fileURLWithPath: out + "/old.mp4"))
        for name in ["old.mp4", "new.webm"] {
            let r = try runGestureDeck(["--replay", reorderTrace, "--video", out + "/" + name, "--fps", "5", "--scale", "0.5"],
                                       environment: ["PATH": path])
            #expect(r.status != 0)
            #expect(r.err.contains(message) && r.err.contains(out + "/" + name), "\(r.err)")
        }
        #expect(try String(contentsOfFile: out + "/old.mp4", encoding: .utf8) == "earlier video")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["old.mp4"], "a partial file was left")
    }

    @Test func missingFFmpegIsOneLineNamingThePackage() throws {
        let dir = try temporaryFolder()
        let r = try runGestureDeck(["--replay", reorderTrace, "--video", dir + "/x.mp4"], environment: ["PATH": dir])
        #expect(r.status != 0)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("'ffmpeg'") && r.err.contains("apt-get install ffmpeg"), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func badVideoOptionsAreUsageErrors() throws {
        for (arguments, message) in [(["--replay", reorderTrace, "--video", "/tmp/x.avi"], ".mp4, .webm or .gif"),
                                     (["--video", "/tmp/x.mp4"], "--video needs --replay"),
                                     (["--replay", reorderTrace, "--video", "/tmp/x.mp4", "--from", "900", "--to", "100"], "earlier than"),
                                     (["--from", "5"], "only make sense with --video")] {
            let r = try runGestureDeck(arguments)
            #expect(r.status == 2 && r.err.contains(message), "\(arguments): \(r.err)")
        }
        let dir = try temporaryFolder()
        let r = try runGestureDeck(["--replay", reorderTrace, "--video", dir + "/no/such/folder/x.mp4"])
        #expect(r.status == 1 && r.err.contains("does not exist"), "\(r.err)")
    }

    /// On a terminal (a pty from util-linux's `script`), progress shows on stderr: frames done of total.
    @Test func progressShowsOnATerminal() throws {
        let dir = try temporaryFolder()
        let command = "'\(try AppProcess.binary())' --replay '\(reorderTrace)' --video '\(dir)/t.mp4' --fps 5 --scale 0.5"
        let r = try runTool("script", ["-qec", command, "/dev/null"])
        let text = String(decoding: r.out, as: UTF8.self)
        #expect(r.status == 0, "\(text)")
        #expect(text.contains("gesturedeck: video 1/18 frames") && text.contains("s left"), "\(text)")
        #expect(text.contains("gesturedeck: video 18/18 frames in"), "\(text)")
    }

    /// The finger dot is in videos too: the frame mid-press equals the --show-taps screenshot.
    @Test func showTapsIsInTheVideo() throws {
        let dir = try temporaryFolder()
        let r = try runGestureDeck(["--replay", reorderTrace, "--video", dir + "/taps.mp4", "--scale", Self.scale,
                                    "--from", "700", "--to", "700", "--show-taps"])
        #expect(r.status == 0, "\(r.err)")
        let frame = try #require(try DecodedVideo(path: dir + "/taps.mp4").frames.first)
        let png = dir + "/taps.png"
        _ = try runGestureDeck(["--replay", reorderTrace, "--screenshot", png, "--at", "700", "--scale", Self.scale, "--show-taps"])
        #expect(meanError(frame, width: 240, height: 400, against: try ImageSurface.load(png: png)) < 4)
        // The dot at (120, 125) in half-size pixels: a light disc over the dark card.
        let withoutDot = try screenshot(at: 700, in: dir)
        let i = (125 * 240 + 120) * 3
        let plain = withoutDot.pixel(x: 120, y: 125)
        #expect(Int(frame[i]) > Int((plain >> 16) & 0xFF) + 40, "no light dot under the pointer in the video")
    }

    @Test func fromAndToCutThePartOfTheTrace() throws {
        let dir = try temporaryFolder()
        let path = dir + "/cut.mp4"
        let r = try runGestureDeck(["--replay", reorderTrace, "--video", path, "--fps", "10", "--scale", "0.5",
                                    "--from", "1000", "--to", "1500"])
        #expect(r.status == 0, "\(r.err)")
        let video = try DecodedVideo(path: path)
        #expect(video.frames.count == 6)  // 1000, 1100, ..., 1500
        let error = meanError(video.frames[0], width: 240, height: 400, against: try screenshot(at: 1000, in: dir))
        #expect(error < 4, "the cut does not start at 1000 ms (\(error))")
    }
}

/// `--show-taps`: the finger dot is in a screenshot mid-press and gone after the release.
@Suite struct ShowTapsTests {
    /// The reorder trace presses at (240, 250) at 430 ms, moves, and releases at (240, 390) at 1819 ms.
    @Test func dotShowsMidPressAndIsGoneAfterTheRelease() throws {
        let dir = try temporaryFolder()
        func shot(_ name: String, at time: Int, taps: Bool) throws -> ImageSurface {
            let png = dir + "/" + name + ".png"
            let r = try runGestureDeck(["--replay", reorderTrace, "--screenshot", png, "--at", String(time)]
                                       + (taps ? ["--show-taps"] : []))
            #expect(r.status == 0, "\(r.err)")
            return try ImageSurface.load(png: png)
        }
        // Mid-press, before the hold lifts the card: only the dot differs, and only around the pointer.
        let pressed = try shot("pressed-taps", at: 700, taps: true)
        let plain = try shot("pressed", at: 700, taps: false)
        let share = pressed.differingFraction(from: plain)
        // The dot is 44 px across on a 480x800 window: about 1500 px, 0.4 % of the frame.
        #expect(share > 0.002 && share < 0.01, "\(share * 100) % of the pixels differ")
        #expect(pressed.pixel(x: 240, y: 250) != plain.pixel(x: 240, y: 250), "no dot under the pointer")
        #expect(pressed.pixel(x: 240, y: 320) == plain.pixel(x: 240, y: 320), "the dot is larger than a fingertip")
        // After the release and the fade (250 ms), nothing is left.
        let released = try shot("released-taps", at: 2200, taps: true)
        let releasedPlain = try shot("released", at: 2200, taps: false)
        #expect(released.differingFraction(from: releasedPlain, channelTolerance: 0) == 0)
    }
}
