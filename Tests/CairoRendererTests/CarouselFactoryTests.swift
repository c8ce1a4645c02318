import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// A fresh temporary folder, removed when the test's scope ends.
private final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "carousel-factory-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

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

    /// C1: a user folder of plain PNGs (no titles.json): sorted naturally,
    /// titled by file name; a non-PNG, a corrupt, a truncated and an
    /// oversized file are skipped with warnings, and the rest load.
    @Test func userFolderSkipsBadFilesWithWarnings() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("summit.png", to: "img10.png")
        try folder.copySample("orange.png", to: "img2.png")
        try folder.copySample("comet.png", to: "Beach Day.PNG")
        try folder.copySample("aurora.png", to: "carousel/night.png")
        try folder.write("notes.png", Array("just some text, not a picture\n".utf8))
        try folder.write("corrupt.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x41, count: 40))
        try folder.write("truncated.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0])
        try folder.write("huge.png", pngHeader(width: 9000, height: 20))
        try folder.write("empty.png", [])
        try folder.write("readme.txt", Array("ignored".utf8))
        try FileManager.default.createDirectory(atPath: folder.path + "/folder.png", withIntermediateDirectories: true)

        var warnings: [String] = []
        let items = try CarouselFactory.loadItems(from: AssetStore(directory: folder.path), warnings: &warnings)
        #expect(items.map(\.title) == ["Beach Day", "img2", "img10", "night"])
        #expect(items.map(\.id) == ["Beach Day.PNG", "img2.png", "img10.png", "carousel/night.png"])
        #expect(items.allSatisfy { FileManager.default.fileExists(atPath: $0.imagePath) })
        #expect(warnings.count == 6)
        for bad in ["notes.png", "corrupt.png", "truncated.png", "huge.png", "empty.png", "folder.png"] {
            #expect(warnings.contains { $0.contains(bad) }, "no warning about \(bad)")
        }
        #expect(warnings.contains { $0.contains("huge.png") && $0.contains("9000x20") })

        // The scene builds from them and the deck can use it.
        var more: [String] = []
        let scene = try CarouselFactory().make(assets: AssetStore(directory: folder.path), state: DeckState(), warnings: &more)
        #expect(scene.name == "carousel")
    }

    /// Zero usable pictures is an asset error naming the folder.
    @Test func noUsablePicturesIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.png", Array("text".utf8))
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

    /// titles.json: a listed file that is missing or broken is skipped with a
    /// warning; duplicate ids and bad JSON are errors naming the file.
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
        #expect(items.map(\.id) == ["a"] && items.first?.title == "Dunes")
        #expect(warnings.count == 2 && warnings.contains { $0.contains("c.png") && $0.contains("missing") })

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

    /// The header check reads the signature and IHDR only.
    @Test func pngHeaderCheck() throws {
        let folder = try TemporaryFolder()
        try folder.write("ok.png", pngHeader(width: 8192, height: 1))
        try folder.write("zero.png", pngHeader(width: 0, height: 10))
        try folder.write("jpeg.png", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 40))
        #expect(CarouselFactory.pngProblem(atPath: folder.path + "/ok.png") == nil)
        #expect(CarouselFactory.pngProblem(atPath: folder.path + "/zero.png") != nil)
        #expect(CarouselFactory.pngProblem(atPath: folder.path + "/jpeg.png") == "not a PNG file")
        #expect(CarouselFactory.pngProblem(atPath: folder.path + "/absent.png") == "missing")
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
