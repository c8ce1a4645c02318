import Foundation
import Testing
import TestSupport

@Suite struct GalleryTests {
    /// The README pictures are exactly what scripts/make-gallery makes from the committed traces.
    ///
    /// The animated reorder (GIF and MP4) is compared by its decoded frames, not its bytes: on
    /// one machine make-gallery repeats every byte, but a frame in motion is drawn at positions
    /// from the springs' exp and cos, whose last bit glibc's FMA variants may change on another
    /// CPU, and a sub-pixel nudge there moves an encoder decision (a fresh machine made an MP4
    /// 182 bytes off whose frames differ from the 17th on: the 21st in 53 pixels by at most 4/255). A stale clip,
    /// a card drawn differently, differs by far more (`AnimatedFrames.maxShareOff`). A new Cairo
    /// or Pango changes the PNGs: run scripts/make-gallery and review the result.
    @Test func committedGalleryIsUpToDate() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        let out = try temporaryFolder()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [repo + "/scripts/make-gallery", out, try AppProcess.binary()]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let traces = try FileManager.default.contentsOfDirectory(atPath: repo + "/assets/traces").filter { $0.hasSuffix(".jsonl") }
        #expect(traces.count >= 8, "the gallery should cover every scene's key moments")
        // Every trace gives a picture, and every file the script makes is committed as made.
        let madeNames = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        let expected = Set(traces.map { String($0.dropLast(".jsonl".count)) + ".png" } + ["wallet-reorder.gif", "wallet-reorder.mp4"])
        #expect(expected.isSubset(of: madeNames), "make-gallery did not make \(expected.subtracting(madeNames).sorted())")
        for name in madeNames.sorted() {
            let made = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            let path = repo + "/assets/gallery/" + name
            if AnimatedFrames.isAnimated(name) {
                let off = try AnimatedFrames.shareOff(committed: path, made: out + "/" + name, scratch: out)
                #expect(off <= AnimatedFrames.maxShareOff,
                        "assets/gallery/\(name) is stale (\(off * 100)% of a frame's pixels off): run scripts/make-gallery and commit it")
            } else {
                #expect(FileManager.default.contents(atPath: path) == made, "assets/gallery/\(name) is stale: run scripts/make-gallery and commit it")
            }
        }
    }
}

/// The gallery's animated clips, decoded by ffmpeg to RGB frames and compared pixel by pixel.
enum AnimatedFrames {
    /// The largest share of one frame's pixels that may differ by more than `channelStep` in a
    /// channel (a ratio): the clips from before d5c02d2 (a pressed card drawn without its chip)
    /// are 0.50 % (MP4) and 0.61 % (GIF) off in their worst frame; encoder noise from a sub-pixel nudge stays
    /// under 4/255 and is not counted.
    static let maxShareOff = 0.0005
    /// A channel difference counted as a changed pixel (of 255), as the compositor's tolerance counts.
    static let channelStep: UInt8 = 32

    static func isAnimated(_ name: String) -> Bool { name.hasSuffix(".gif") || name.hasSuffix(".mp4") }

    /// The worst frame's share of pixels off; 1 when the clips differ in size or frame count.
    static func shareOff(committed: String, made: String, scratch: String) throws -> Double {
        let a = try decode(committed, scratch: scratch + "/committed.rgb"), b = try decode(made, scratch: scratch + "/made.rgb")
        guard a.size == b.size, a.frames.count == b.frames.count, !a.frames.isEmpty else { return 1 }
        var worst = 0.0
        for (x, y) in zip(a.frames, b.frames) where x != y {
            var off = 0
            x.withUnsafeBytes { (p: UnsafeRawBufferPointer) in
                y.withUnsafeBytes { (q: UnsafeRawBufferPointer) in
                    for i in stride(from: 0, to: p.count - 2, by: 3) {
                        let dr = abs(Int(p[i]) - Int(q[i])), dg = abs(Int(p[i + 1]) - Int(q[i + 1])), db = abs(Int(p[i + 2]) - Int(q[i + 2]))
                        if max(dr, dg, db) > Int(channelStep) { off += 1 }
                    }
                }
            }
            worst = max(worst, Double(off) / Double(x.count / 3))
        }
        return worst
    }

    /// The clip's frames as RGB bytes, through ffmpeg (a rawvideo file in `scratch`).
    static func decode(_ path: String, scratch: String) throws -> (size: String, frames: [Data]) {
        let probe = try run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                             "-of", "csv=p=0", path])
        let dims = probe.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard dims.count == 2 else { throw GalleryError("ffprobe gave no size for \(path): \(probe)") }
        _ = try run(["ffmpeg", "-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", scratch])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch))
        let frame = dims[0] * dims[1] * 3
        guard frame > 0, bytes.count % frame == 0 else { throw GalleryError("\(path) decoded to \(bytes.count) bytes, not whole \(dims) frames") }
        let frames = stride(from: 0, to: bytes.count, by: frame).map { bytes.subdata(in: $0..<($0 + frame)) }
        return ("\(dims[0])x\(dims[1])", frames)
    }

    private static func run(_ arguments: [String]) throws -> String {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw GalleryError("\(arguments[0]) failed (\(p.terminationStatus)) on \(arguments.last ?? "")") }
        return text
    }
}

struct GalleryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
