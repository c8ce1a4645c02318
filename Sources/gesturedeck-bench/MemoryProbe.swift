import CairoRenderer
import Foundation
import InteractionEngine

/// Peak resident memory with a large wallet and many carousel pictures, measured
/// in a child process (`--memory-probe CARDS_DIR PICTURES_DIR`) so nothing else
/// the benchmark did counts, not even writing the synthetic data.
struct MemoryResult {
    var cards = 0
    var images = 0
    var startMiB = 0.0
    var builtMiB = 0.0
    /// After the wallet's frames, before the carousel's.
    var walletMiB = 0.0
    var peakMiB = 0.0
    var endMiB = 0.0
    var frames = 0

    init() {}

    init(json: [String: Any]) {
        cards = json["cards"] as? Int ?? 0
        images = json["images"] as? Int ?? 0
        startMiB = json["startRssMiB"] as? Double ?? 0
        builtMiB = json["builtRssMiB"] as? Double ?? 0
        walletMiB = json["afterWalletRssMiB"] as? Double ?? 0
        peakMiB = json["peakRssMiB"] as? Double ?? 0
        endMiB = json["endRssMiB"] as? Double ?? 0
        frames = json["frames"] as? Int ?? 0
    }

    var json: [String: Any] {
        ["cards": cards, "images": images, "startRssMiB": rounded(startMiB), "builtRssMiB": rounded(builtMiB),
         "afterWalletRssMiB": rounded(walletMiB),
         "peakRssMiB": rounded(peakMiB), "endRssMiB": rounded(endMiB), "frames": frames]
    }
}

enum MemoryProbe {
    /// In the child: builds the deck, renders the wallet interaction and pages
    /// through every carousel picture, then reports VmHWM.
    static func runChild(cardsFolder: String, picturesFolder: String, maxFrames: Int, realAssets: String) throws
        -> MemoryResult {
        var result = MemoryResult()
        result.startMiB = residentMemory().current
        let size = Size(width: 1280, height: 800)
        let deck = try DeckBuilder.deck(folders: ["wallet": cardsFolder, "carousel": picturesFolder],
                                        others: realAssets, showing: "wallet", size: size)
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
        result.walletMiB = residentMemory().current
        deck.switchTo("carousel", at: driver.time)
        var pages = Script()
        let pictures = pictureCount(picturesFolder)
        for _ in 0..<max(1, pictures / 4) {  // a page is at least 4 pictures at 1280 px
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

    private static func pictureCount(_ folder: String) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/carousel")) ?? []
        return files.filter { $0.hasSuffix(".png") }.count
    }

    /// In the parent: writes the data, runs this program again as the probe and reads its one JSON line.
    static func run(cards: Int, images: Int, maxFrames: Int, assets: SyntheticAssets) throws -> MemoryResult {
        let cardsFolder = try assets.folder(items: cards)
        let picturesFolder = try assets.folder(items: images, distinctImages: images)
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let p = Process()
        p.executableURL = me
        p.arguments = ["--memory-probe", cardsFolder, picturesFolder, "--frames", String(maxFrames),
                       "--assets", assets.source]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0,
              let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw BenchError("the memory probe failed (status \(p.terminationStatus))")
        }
        var result = MemoryResult(json: json)
        result.cards = cards
        result.images = images
        return result
    }
}
