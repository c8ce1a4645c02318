@testable import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

@Suite struct VideoOptionsTests {
    @Test func parsesTheCaptureOptions() throws {
        let o = try Options.parse(["--replay", "t.jsonl", "--video", "out/clip.WebM", "--fps", "60", "--from", "250",
                                   "--to", "1250", "--show-taps", "--capture-dir", "/tmp/caps"])
        #expect(o.video == "out/clip.WebM" && o.videoFormat == .webm)
        #expect(o.from == 250 && o.to == 1250 && o.fps == 60)
        #expect(o.showTaps && o.captureDir == "/tmp/caps")
        #expect(try Options.parse(["--replay", "t", "--video", "a.gif"]).videoFormat == .gif)
        #expect(try Options.parse(["--replay", "t", "--video", "a.mp4"]).videoFormat == .mp4)
    }

    @Test(arguments: [
        (["--replay", "t", "--video", "a.mov"], "--video needs a file ending in .mp4, .webm or .gif"),
        (["--video", "a.mp4"], "--video needs --replay"),
        (["--replay", "t", "--video", "a.mp4", "--screenshot", "x.png"], "cannot be combined"),
        (["--replay", "t", "--video", "a.mp4", "--from", "10", "--to", "5"], "must not be earlier than"),
        (["--to", "10"], "only make sense with --video"),
        (["--capture-dir"], "--capture-dir needs a value"),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Options.parse(arguments) }
        do {
            _ = try Options.parse(arguments)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    private func trace(lastAt time: Millis) -> Trace {
        Trace(header: TraceHeader(scene: "wallet", width: 480, height: 800, state: DeckState()),
              entries: [.frame(at: 0), .frame(at: time)])
    }

    @Test func framesRunLikeTheFramesOptionToOneSecondPastTheTrace() {
        let export = VideoExport(path: "x.mp4", format: .mp4, fps: 30, from: nil, to: nil, trace: trace(lastAt: 2427.6))
        // 0, 33.3, ... up to 3427.6 ms: 103 frames, 3.43 s.
        #expect(export.frameTimes.count == 103)
        #expect(export.frameTimes.first == 0)
        #expect(abs(export.frameTimes.last! - 3400) < 1e-9)
        #expect(abs(export.duration(frames: 103) - 103.0 / 30) < 1e-12)
        // An end exactly on a frame includes it (no float drift drops the last frame).
        let cut = VideoExport(path: "x.mp4", format: .mp4, fps: 10, from: 1000, to: 1500, trace: trace(lastAt: 5000))
        #expect(cut.frameTimes == [1000, 1100, 1200, 1300, 1400, 1500])
    }

    @Test func ffmpegCommandsAreReproducibleAndPlayable() {
        let mp4 = FFmpeg.arguments(format: .mp4, pass: .frames(palette: ""), width: 481, height: 800, fps: 30, output: "/o")
        for flag in ["+bitexact", "-map_metadata", "libx264", "bt709"] { #expect(mp4.contains(flag)) }
        #expect(mp4.contains { $0.contains("format=yuv420p") && $0.contains("pad=ceil(iw/2)*2") })
        #expect(mp4[mp4.firstIndex(of: "-threads")! + 1] == "1")
        #expect(mp4.last == "/o")
        let webm = FFmpeg.arguments(format: .webm, pass: .frames(palette: ""), width: 480, height: 800, fps: 29.97, output: "/o")
        #expect(webm.contains("libvpx-vp9") && webm.contains("29.97"))
        let palette = FFmpeg.arguments(format: .gif, pass: .palette, width: 480, height: 800, fps: 15, output: "/p.png")
        #expect(palette.contains { $0.hasPrefix("palettegen") })
        let gif = FFmpeg.arguments(format: .gif, pass: .frames(palette: "/p.png"), width: 480, height: 800, fps: 15, output: "/o")
        #expect(gif.contains("/p.png") && gif.contains { $0.contains("paletteuse") })
    }

    @Test func missingFFmpegNamesThePackage() {
        #expect(throws: VideoError.self) { try FFmpeg.locate(environment: ["PATH": "/nonexistent"]) }
        do {
            _ = try FFmpeg.locate(environment: ["PATH": "/nonexistent:relative/bin"])
        } catch {
            #expect(error.description.contains("apt-get install ffmpeg"))
        }
    }

    @Test func recordingChildStartsLikeTheWindow() throws {
        let options = try Options.parse(["--assets", "/a", "--pictures", "/p", "--show-taps", "--fps", "24"])
        let args = VideoJob.arguments(trace: "/c/t.jsonl", video: "/c/t.mp4", from: 1234.5, to: 5000, options: options, scale: 2)
        let parsed = try Options.parse(args)
        #expect(parsed.replay == "/c/t.jsonl" && parsed.video == "/c/t.mp4" && parsed.events)
        #expect(parsed.from == 1234.5 && parsed.to == 5000 && parsed.fps == 24 && parsed.scale == 2)
        #expect(parsed.assetsPath == "/a" && parsed.picturesPath == "/p" && parsed.showTaps)
    }
}

@Suite struct CaptureFilesTests {
    private let home = ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/nonexistent-config"]

    @Test func screenshotsAndRecordingsLandInTheUsersFolders() {
        let folders = CaptureFolders(captureDir: nil, environment: home)
        #expect(folders.screenshots == "/home/ana/Pictures/GestureDeck")
        #expect(folders.recordings == "/home/ana/Videos/GestureDeck")
        let chosen = CaptureFolders(captureDir: "/caps", environment: home)
        #expect(chosen.screenshots == "/caps" && chosen.recordings == "/caps")
        var env = home
        env["GESTUREDECK_SCREENSHOT_DIR"] = "/shots"
        #expect(CaptureFolders(captureDir: "/caps", environment: env).screenshots == "/shots")
        env["GESTUREDECK_SCREENSHOT_DIR"] = ""
        #expect(CaptureFolders(captureDir: nil, environment: env).screenshots == "/home/ana/Pictures/GestureDeck")
    }

    @Test func userDirsFileMovesThem() throws {
        let dir = try temporaryFolder(prefix: "gesturedeck-dirs")
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\nXDG_VIDEOS_DIR=\"/media/videos\"\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/user-dirs.dirs"))
        let folders = CaptureFolders(captureDir: nil, environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": dir])
        #expect(folders.screenshots == "/home/ana/Bilder/GestureDeck")
        #expect(folders.recordings == "/media/videos/GestureDeck")
    }

    @Test func atomicWriteReplacesWholeAndNamesTheErrno() throws {
        let dir = NSTemporaryDirectory() + "gesturedeck-atomic-" + UUID().uuidString
        try CaptureFile.makeFolder(dir + "/a/b")
        let path = dir + "/a/b/x.png"
        try CaptureFile.writeAtomically([1, 2, 3], to: path)
        try CaptureFile.writeAtomically([4, 5], to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/a/b") == ["x.png"])
        do {
            try CaptureFile.writeAtomically([1], to: dir + "/missing/x.png")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.description == "\(dir)/missing/x.png: cannot write (No such file or directory)")
        }
        try Data().write(to: URL(fileURLWithPath: dir + "/file"))
        do {
            try CaptureFile.makeFolder(dir + "/file/sub")
            Issue.record("made a folder under a file")
        } catch {
            #expect(error.description.contains("Not a directory"), "\(error.description)")
        }
    }

    @Test func journalWritesAReplayableTraceUpToTheStop() throws {
        let journal = SessionJournal(header: TraceHeader(scene: "grid", width: 320, height: 480, state: DeckState()))
        journal.append(.frame(at: 0))
        journal.append(.input(InputEvent(.key(.function(9), []), at: 100)))
        journal.append(.input(InputEvent(.pointerDown(Point(x: 1, y: 2), .primary), at: 150)))
        journal.append(.input(InputEvent(.key(.function(9), []), at: 200)))
        journal.append(.frame(at: 216))
        let dir = NSTemporaryDirectory() + "gesturedeck-journal-" + UUID().uuidString
        try CaptureFile.makeFolder(dir)
        try journal.write(to: dir + "/t.jsonl", through: 200)
        let trace = try Trace.read(path: dir + "/t.jsonl", knownScenes: ["grid"])
        #expect(trace.header.scene == "grid" && trace.header.width == 320)
        #expect(trace.entries.count == 4)
        #expect(trace.duration == 200)
    }
}
