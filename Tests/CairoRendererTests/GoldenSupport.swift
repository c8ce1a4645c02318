import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// Golden-image checks: a headless render compared with a committed PNG.
///
/// `RECORD_GOLDENS=1 swift test` rewrites the committed images (the change
/// then shows up in `git diff` for review). A missing golden fails: it is
/// never recorded silently. On a mismatch the actual render is written to
/// `$TMPDIR/gesturedeck-goldens/NAME.png` to look at.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../assets").standardized.path

    /// Share of pixels allowed to differ (antialiasing across font or Cairo builds).
    static let tolerance = 0.004

    /// Builds a deck from the repository's assets with a fresh state.
    static func deck(scene: String, size: Size = Size(width: 480, height: 800), state: DeckState = DeckState(),
                     at time: Millis = 0) throws -> Deck {
        var warnings: [String] = []
        let scenes = try SceneCatalog.makeScenes(assets: AssetStore(directory: assets), state: state, warnings: &warnings)
        let deck = Deck(scenes: scenes, initial: scene, size: size, at: time)
        #expect(deck.current.name == scene, "scene \(scene) is not in the catalog")
        return deck
    }

    /// Renders the deck at `time` and compares it with `Goldens/NAME.png`.
    static func check(_ deck: Deck, at time: Millis, name: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        deck.tick(at: time)
        let image = CairoRenderer().image(of: deck.render(at: time), width: Int(deck.size.width),
                                          height: Int(deck.size.height))
        try compare(image, name: name, sourceLocation: sourceLocation)
    }

    /// Compares a rendered image with `Goldens/NAME.png` (or records it).
    static func compare(_ image: ImageSurface, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = directory.appendingPathComponent(name + ".png").path
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try image.writePNG(to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            Issue.record("no golden image \(golden): run RECORD_GOLDENS=1 swift test and review it", sourceLocation: sourceLocation)
            return
        }
        let expected = try ImageSurface.load(png: golden)
        let difference = image.differingFraction(from: expected)
        if difference > tolerance {
            let outDir = NSTemporaryDirectory() + "gesturedeck-goldens"
            try? FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
            try? image.writePNG(to: outDir + "/" + name + ".png")
        }
        #expect(difference <= tolerance,
                "\(name): \(String(format: "%.3f", difference * 100))% of pixels differ from the golden",
                sourceLocation: sourceLocation)
    }
}
