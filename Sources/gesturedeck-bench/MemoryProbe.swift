import CairoRenderer
import Foundation
import InteractionEngine

/// Peak resident memory with a large wallet and many carousel pictures, measured
/// in a child process (`--memory-probe CARDS IMAGES`) so nothing else the
/// benchmark did counts.
struct MemoryResult {
    var cards = 0
    var images = 0
    var startMiB = 0.0
    var builtMiB = 0.0
    var peakMiB = 0.0
    var endMiB = 0.0
    var frames = 0

    init() {}

    init(json: [String: Any]) {
        cards = json["cards"] as? Int ?? 0
        images = json["images"] as? Int ?? 0
        startMiB = json["startRssMiB"] as? Double ?? 0
        builtMiB = json["builtRssMiB"] as? Double ?? 0
        peakMiB = json["peakRssMiB"] as? Double ?? 0
        endMiB = json["endRssMiB"] as? Double ?? 0
        frames = json["frames"] as? Int ?? 0
    }

    var json: [String: Any] {
        ["cards": cards, "images": images, "startRssMiB": rounded(startMiB), "builtRssMiB": rounded(builtMiB),
         "peakRssMiB": rounded(peakMiB), "endRssMiB": rounded(endMiB), "frames": frames]
    }
}

enum MemoryProbe {
    /// In the child: builds the deck, renders the wallet interaction and pages
    /// through every carousel picture, then reports VmHWM.
    static func runChild(cards: Int, images: Int, maxFrames: Int, assets: SyntheticAssets) throws -> MemoryResult {
        var result = MemoryResult()
        result.cards = cards
        result.images = images
        result.startMiB = residentMemory().current
        let size = Size(width: 1280, height: 800)
        let deck = try DeckBuilder.deck(
            folders: ["wallet": try assets.folder(items: cards),
                      "carousel": try assets.folder(items: images, distinctImages: images)],
            others: assets.source, showing: "wallet", size: size)
        result.builtMiB = residentMemory().current
        let driver = DeckDriver(deck: deck)
        let renderer = CairoRenderer()
        let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
        func play(_ script: Script) {
            for inputs in script.prefix(maxFrames).frames {
                driver.step(inputs)
                RenderBench.draw(driver.render(), with: renderer, on: surface)
                result.frames += 1
            }
        }
        play(Scripts.interaction("wallet", size: size))
        deck.switchTo("carousel", at: driver.time)
        var pages = Script()
        for _ in 0..<max(1, images / 4) {  // a page is at least 4 pictures at 1280 px
            pages.key(.pageDown)
            pages.wait(15)
        }
        play(pages)
        play(Scripts.interaction("carousel", size: size))
        let memory = residentMemory()
        result.peakMiB = memory.peak
        result.endMiB = memory.current
        return result
    }

    /// In the parent: runs this program again as the probe and reads its one JSON line.
    static func run(cards: Int, images: Int, maxFrames: Int, assetsSource: String) throws -> MemoryResult {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let p = Process()
        p.executableURL = me
        p.arguments = ["--memory-probe", String(cards), String(images), "--frames", String(maxFrames),
                       "--assets", assetsSource]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0,
              let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw BenchError("the memory probe failed (status \(p.terminationStatus))")
        }
        return MemoryResult(json: json)
    }
}
