import CairoRenderer
import DeckApp
import Foundation
import Glibc
import InteractionEngine
import Testing
import TestSupport

/// A fresh temporary folder, removed when the test's scope ends.
private final class TemporaryFolder {
    /// Removed with the value (TestSupport).
    private let folder: ScratchFolder
    var path: String { folder.path }

    init() throws {
        folder = try ScratchFolder(prefix: "carousel-factory")
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    /// Copies one of the repository's sample pictures to `name`.
    func copySample(_ sample: String, to name: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Goldens.assets + "/carousel/" + sample))
        try write(name, [UInt8](bytes))
    }
}

/// The first bytes of a PNG: signature, then an IHDR chunk header of the given size.
private func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
        + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
}

@Suite struct CarouselFactoryTests {
    /// C1: the repository's sample pictures: 16 real PNGs listed by titles.json.
    @Test func sampleAssetsLoad() throws {
        var warnings: [String] = []
        let items = try CarouselFactory.loadItems(from: AssetStore(directory: Goldens.assets), warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(items.count >= 16)
        #expect(Set(items.map(\.id)).count == items.count)
        #expect(items.first?.title == "Sunrise")
        for item in items {
            let image = try ImageSurface.load(png: item.imagePath)
            #expect(image.width >= 128 && image.width == image.height, "\(item.id) is a real square picture")
        }
    }

    /// C1, issue 17: a user folder (no titles.json): sorted naturally, titled by
    /// file name. Regular files with a picture's name are all listed (a broken
    /// one becomes a "can't show this picture" cell, found when it is drawn);
    /// what is not a regular file is skipped, named in one summary warning.
    @Test func userFolderListsPicturesAndSkipsWhatIsNotAFile() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("summit.png", to: "img10.png")
        try folder.copySample("orange.png", to: "img2.png")
        try folder.copySample("comet.png", to: "Beach Day.PNG")
        try folder.copySample("aurora.png", to: "carousel/night.png")
        try folder.copySample("dunes.png", to: "no-extension")
        try folder.write("notes.png", Array("just some text, not a picture\n".utf8))
        try folder.write("corrupt.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x41, count: 40))
        try folder.write("truncated.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0])
        try folder.write("empty.png", [])
        try folder.write("readme.txt", Array("ignored".utf8))
        try folder.write("LICENSE", Array("ignored too: no extension and not a picture".utf8))
        try FileManager.default.createDirectory(atPath: folder.path + "/folder.png", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/gone.jpg", withDestinationPath: folder.path + "/nowhere")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop.jpg", withDestinationPath: folder.path + "/loop.jpg")
        #expect(mkfifo(folder.path + "/x.png", 0o644) == 0)

        var warnings: [String] = []
        let items = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        #expect(items.map(\.title) == ["Beach Day", "corrupt", "empty", "img2", "img10", "night", "no-extension", "notes",
                                       "truncated"])
        #expect(items.first?.id == "Beach Day.PNG" && items.contains { $0.id == "carousel/night.png" })
        #expect(warnings.count == 1, "\(warnings)")
        let summary = warnings.first ?? ""
        #expect(summary.contains("skipped 4 of 12 files"), "\(summary)")
        for (bad, why) in [("folder.png", "a folder"), ("gone.jpg", "dangling link"), ("loop.jpg", "link loop"), ("x.png", "a FIFO")] {
            #expect(summary.contains(bad + " (not a regular file (" + why + "))"), "\(bad) not named: \(summary)")
        }

        // Drawn, the broken ones are cells naming their problem; the good ones decode.
        var more: [String] = []
        let scene = try CarouselFactory().make(assets: AssetStore(directory: folder.path), state: DeckState(), warnings: &more)
        #expect(scene.name == "carousel")
        let renderer = CairoRenderer()
        let strip = CarouselScene(items: items, state: .init(selected: "notes.png"))
        strip.resize(to: Size(width: 2400, height: 700), at: 0)
        _ = renderer.image(of: strip.render(at: 0), width: 2400, height: 700)
        let failures = renderer.imageFailures.mapKeys { ($0 as NSString).lastPathComponent }
        #expect(failures["notes.png"] == "not a picture")
        #expect(failures["empty.png"] == "empty file")
        #expect(failures["truncated.png"] == "truncated PNG file")
        #expect(failures["img2.png"] == nil && failures["no-extension"] == nil)
    }

    /// Zero usable pictures is an asset error naming the folder.
    @Test func noUsablePicturesIsAnError() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/pipe.png", 0o644) == 0)
        var warnings: [String] = []
        #expect {
            _ = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        } throws: { error in
            (error as? AssetError)?.description.contains(folder.path) == true
        }
        #expect(warnings.count == 1)
        let empty = try TemporaryFolder()
        #expect(throws: AssetError.self) {
            _ = try CarouselFactory.loadItems(from: AssetStore(directory: empty.path), warnings: &warnings)
        }
    }

    /// titles.json: a listed file that is missing is skipped with a warning, a
    /// broken one stays (a "can't show" cell); duplicate ids and bad JSON are errors naming the file.
    @Test func titlesListProblems() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("dunes.png", to: "carousel/a.png")
        try folder.write("carousel/b.png", Array("nope".utf8))
        try folder.write("carousel/titles.json", Array("""
            [{"id": "a", "title": "Dunes", "file": "a.png"},
             {"id": "b", "title": "Broken", "file": "b.png"},
             {"id": "c", "title": "Missing", "file": "c.png"}]
            """.utf8))
        var warnings: [String] = []
        let items = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        #expect(items.map(\.id) == ["a", "b"] && items.first?.title == "Dunes")
        #expect(warnings.count == 1 && warnings.contains { $0.contains("c.png") && $0.contains("missing") })

        try folder.write("carousel/titles.json", Array("""
            [{"id": "a", "title": "One", "file": "a.png"}, {"id": "a", "title": "Two", "file": "a.png"}]
            """.utf8))
        #expect {
            _ = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        } throws: { error in
            let text = (error as? AssetError)?.description ?? ""
            return text.contains("titles.json") && text.contains("duplicate id 'a'")
        }

        try folder.write("carousel/titles.json", Array(#"[{"id": "a", "file": "a.png"}]"#.utf8))
        #expect {
            _ = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        } throws: { error in
            ((error as? AssetError)?.description ?? "").contains("titles.json")
        }
    }

    /// A picture whose header is fine but whose data is not still renders
    /// (a placeholder) and is reported by the renderer, never a crash.
    @Test func undecodablePictureRendersAPlaceholder() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("balloon.png", to: "a.png")
        try folder.write("b.png", pngHeader(width: 64, height: 64) + Array(repeating: 0x55, count: 64))
        var warnings: [String] = []
        let scene = try CarouselFactory().make(assets: AssetStore(directory: folder.path), state: DeckState(), warnings: &warnings)
        #expect(warnings.isEmpty)
        let renderer = CairoRenderer()
        _ = renderer.image(of: scene.render(at: 0), width: 480, height: 756)
        #expect(renderer.imageFailures.keys.contains(folder.path + "/b.png"))
        #expect(!renderer.imageFailures.keys.contains(folder.path + "/a.png"))
    }
}

private extension Dictionary {
    func mapKeys<K: Hashable>(_ transform: (Key) -> K) -> [K: Value] {
        Dictionary<K, Value>(map { (transform($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}
