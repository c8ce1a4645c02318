import Foundation
import Testing
import TestSupport

@Suite struct GalleryTests {
    /// The README pictures are exactly what scripts/make-gallery makes from the committed traces.
    ///
    /// The animated reorder (GIF and MP4) is compared byte for byte too, not by decoded frames:
    /// the program renders the same frames on every run, and ffmpeg runs with `+bitexact`, no
    /// metadata and one thread, so with the same ffmpeg build the bytes repeat. A new ffmpeg,
    /// x264 or libvpx may change them, as a new Cairo or Pango changes the PNGs: run
    /// scripts/make-gallery and review the result.
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
            let committed = FileManager.default.contents(atPath: repo + "/assets/gallery/" + name)
            #expect(committed == made, "assets/gallery/\(name) is stale: run scripts/make-gallery and commit it")
        }
    }
}
