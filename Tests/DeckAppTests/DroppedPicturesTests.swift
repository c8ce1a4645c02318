import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// Issue 17 item 6: what a drop of files or folders becomes in the carousel.
@Suite struct DroppedPicturesTests {
    private func sampleFolder() throws -> (dir: String, folder: String) {
        let dir = try temporaryFolder()
        let folder = dir + "/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["img10.png", "img2.png"] {
            try FileManager.default.copyItem(atPath: repositoryAssets + "/carousel/aurora.png", toPath: folder + "/" + name)
        }
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        return (dir, folder)
    }

    @Test func oneFolderOpensExactlyAsPicturesDirWould() throws {
        let (_, folder) = try sampleFolder()
        var warnings: [String] = [], expectedWarnings: [String] = []
        let dropped = try #require(DroppedPictures.items([folder], warnings: &warnings))
        let expected = try CarouselFactory.loadItems(from: AssetStore(directory: folder), warnings: &expectedWarnings)
        #expect(dropped == expected)
        #expect(dropped.map(\.id) == ["img2.png", "img10.png"])
        #expect(warnings.isEmpty)
    }

    @Test func filesKeepTheDropOrderAndTheirFullPaths() throws {
        let (dir, folder) = try sampleFolder()
        var warnings: [String] = []
        let items = try #require(DroppedPictures.items([folder + "/img10.png", dir + "/notes.txt", folder + "/img2.png",
                                                        folder + "/img10.png"], warnings: &warnings))
        #expect(items.map(\.id) == [folder + "/img10.png", folder + "/img2.png"])
        #expect(items.map(\.title) == ["img10", "img2"])
        #expect(warnings.count == 1 && warnings[0].contains("notes.txt (not a picture)"), "\(warnings)")
    }

    @Test func aFolderAmongFilesAddsItsPicturesWhereItStands() throws {
        let (dir, folder) = try sampleFolder()
        try FileManager.default.copyItem(atPath: repositoryAssets + "/carousel/comet.png", toPath: dir + "/comet.png")
        var warnings: [String] = []
        let items = try #require(DroppedPictures.items([dir + "/comet.png", folder], warnings: &warnings))
        #expect(items.map(\.id) == [dir + "/comet.png", folder + "/img2.png", folder + "/img10.png"])
    }

    @Test func nothingUsableIsNilWithAReason() throws {
        let (dir, _) = try sampleFolder()
        let empty = dir + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        mkfifo(dir + "/pipe.png", 0o600)
        for paths in [[dir + "/notes.txt", dir + "/missing.png", dir + "/pipe.png"], [empty]] {
            var warnings: [String] = []
            #expect(DroppedPictures.items(paths, warnings: &warnings) == nil)
            #expect(warnings.last?.contains("no usable pictures") == true, "\(warnings)")
        }
        var warnings: [String] = []
        _ = DroppedPictures.items([dir + "/pipe.png", dir + "/missing.png"], warnings: &warnings)
        #expect(warnings.first?.contains("pipe.png (not a regular file") == true, "\(warnings)")
        #expect(warnings.first?.contains("missing.png (missing)") == true, "\(warnings)")
    }

    @Test func theDeckSwapsTheCarouselAndKeepsTheSavedSelection() {
        func items(_ ids: [String]) -> [CarouselItem] { ids.map { CarouselItem(id: $0, title: $0, imagePath: "/nowhere/\($0).png") } }
        let carousel = CarouselScene(items: items(["a", "b", "c"]), state: DeckState.CarouselState(selected: "b"))
        let deck = Deck(scenes: [MessagesScene(conversations: []), carousel], size: Size(width: 480, height: 800))  // messages first
        let revision = deck.stateRevision
        #expect(!deck.showPictures([], at: 10))
        #expect(carousel.items.map(\.id) == ["a", "b", "c"] && deck.current.name == MessagesScene.name)

        #expect(deck.showPictures(items(["x", "b", "y"]), at: 20))
        #expect(carousel.items.map(\.id) == ["x", "b", "y"])
        #expect(carousel.selectedIndex == 1 && carousel.selectedID == "b")
        #expect(carousel.strip.centredIndex(at: 20) == 1)
        #expect(deck.current.name == CarouselScene.name)
        let events = deck.drainEvents()
        #expect(events.contains(DeckEvent("pictures", ["count": .int(3), "first": .string("x")])), "\(events)")
        #expect(deck.stateRevision == revision + 1)  // the scene switch only: the selection is unchanged

        // The selection is not among the new pictures: nothing drawn selected, the first centred, the id kept.
        #expect(deck.showPictures(items(["p", "q"]), at: 30))
        #expect(carousel.selectedIndex == nil && carousel.selectedID == "b" && carousel.strip.centredIndex(at: 30) == 0)
        #expect(deck.state().carousel?.selected == "b")
    }
}
