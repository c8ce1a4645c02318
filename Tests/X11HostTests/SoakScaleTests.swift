import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// 10,000 cards and 5,000 messages (issue 10, item 5): they load, draw, scroll and reorder.
/// Timings are printed for the README, not asserted (machines differ).
@Suite(.serialized) struct SoakScaleTests {
    static let cardCount = 10_000
    static let messageCount = 5_000

    /// A copy of the assets with `cards` cards and `messages` conversations, cloned from the samples.
    static func bigAssets(cards: Int = cardCount, messages: Int = messageCount) throws -> ScratchFolder {
        let folder = try ScratchFolder.withAssets()
        func clone(_ file: String, key: String, count: Int) throws {
            let path = folder.assets + "/" + file
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
            let samples = object[key] as! [[String: Any]]
            object[key] = (0..<count).map { i -> [String: Any] in
                var item = samples[i % samples.count]
                item["id"] = "\(item["id"] as! String)-\(i)"
                if item["name"] is String { item["name"] = "\(item["name"] as! String) \(i)" }
                return item
            }
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        }
        try clone("cards.json", key: "cards", count: cards)
        try clone("messages.json", key: "conversations", count: messages)
        return folder
    }

    /// Milliseconds `body` took.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start) * 1000
    }

    /// Ticks and draws frames at 60 Hz from `from` for `duration` ms (or until the deck rests);
    /// returns the mean and worst engine cost per frame (tick + display list), in ms.
    static func frames(_ deck: Deck, from: Millis, duration: Millis, untilRest: Bool = true) -> (mean: Double, worst: Double, end: Millis) {
        var costs: [Double] = []
        var t = from
        while t <= from + duration {
            costs.append(time {
                deck.tick(at: t)
                _ = deck.render(at: t)
            })
            if untilRest && !deck.needsFrame(at: t) { break }
            t += 1000.0 / 60.0
        }
        return (costs.reduce(0, +) / Double(max(1, costs.count)), costs.max() ?? 0, t)
    }

    static func format(_ ms: Double) -> String { String(format: "%.2f ms", ms) }

    @Test func tenThousandCardsScrollAndReorderInTheEngine() throws {
        let folder = try Self.bigAssets()
        var warnings: [String] = []
        var scene: (any DeckScene)?
        let build = try Self.time {
            scene = try WalletFactory().make(assets: AssetStore(directory: folder.assets), state: DeckState(), warnings: &warnings)
        }
        let deck = Deck(scenes: [try #require(scene)], size: Size(width: 480, height: 800))
        let ids = try sampleCardIDs(assets: folder.assets)
        #expect(ids.count == Self.cardCount)

        // A fling down the stack, then a jump to the end with the wheel.
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 700), .primary), at: 0))
        for i in 1...6 { deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 700 - Double(i) * 90)), at: Double(i) * 10)) }
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: 160), .primary), at: 60))
        let fling = Self.frames(deck, from: 60, duration: 8000)
        deck.handle(InputEvent(.wheel(.pixels(dx: 0, dy: 10_000_000), at: Point(x: 240, y: 400), []), at: fling.end))
        let end = Self.frames(deck, from: fling.end, duration: 8000)
        let atEnd = deck.render(at: end.end)

        // Keyboard reorder: the focused card moves 100 slots, one committed move each.
        var t = end.end + 100
        deck.handle(InputEvent(.key(.up, []), at: t))
        var moves = 0
        let reorder = Self.time {
            for _ in 0..<100 {
                t += 20
                deck.handle(InputEvent(.key(.up, .shift), at: t))
                deck.tick(at: t)
                moves += deck.drainEvents().filter { $0.name == "reorder" }.count
            }
        }
        let settle = Self.frames(deck, from: t, duration: 3000)

        // Hold a card and drag it to the top edge: auto-scroll with live swaps for 2 s.
        t = settle.end + 100
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: 500), .primary), at: t))
        _ = Self.frames(deck, from: t, duration: 600, untilRest: false)
        t += 620
        deck.handle(InputEvent(.pointerMove(Point(x: 240, y: 60)), at: t))
        let autoScroll = Self.frames(deck, from: t, duration: 2000, untilRest: false)
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: 60), .primary), at: autoScroll.end))
        _ = Self.frames(deck, from: autoScroll.end, duration: 3000)

        let order = try #require(deck.state().wallet?.order)
        #expect(order.count == ids.count && Set(order) == Set(ids))
        #expect(moves == 100, "Shift+Up moved \(moves) times")
        #expect(!atEnd.texts.isEmpty)
        print("scale: \(Self.cardCount) cards: built in \(Self.format(build)); fling frames mean \(Self.format(fling.mean)), "
              + "worst \(Self.format(fling.worst)); at the end mean \(Self.format(end.mean)); 100 keyboard reorders "
              + "\(Self.format(reorder / 100)) each; auto-scroll drag frames mean \(Self.format(autoScroll.mean)), "
              + "worst \(Self.format(autoScroll.worst))")
    }

    @Test func fiveThousandMessagesScrollSwipeAndDeleteInTheEngine() throws {
        let folder = try Self.bigAssets(cards: 20)
        var warnings: [String] = []
        var scene: (any DeckScene)?
        let build = try Self.time {
            scene = try MessagesFactory().make(assets: AssetStore(directory: folder.assets), state: DeckState(), warnings: &warnings)
        }
        let deck = Deck(scenes: [try #require(scene)], size: Size(width: 480, height: 800))
        deck.handle(InputEvent(.wheel(.pixels(dx: 0, dy: 200_000), at: Point(x: 240, y: 400), []), at: 0))
        let scroll = Self.frames(deck, from: 0, duration: 8000)
        var t = scroll.end + 100
        // Swipe a row open.
        deck.handle(InputEvent(.pointerDown(Point(x: 400, y: 300), .primary), at: t))
        for i in 1...8 { deck.handle(InputEvent(.pointerMove(Point(x: 400 - Double(i) * 25, y: 300)), at: t + Double(i) * 12)) }
        deck.handle(InputEvent(.pointerUp(Point(x: 200, y: 300), .primary), at: t + 100))
        let swipe = Self.frames(deck, from: t + 100, duration: 3000)
        t = swipe.end + 100
        // Delete 50 rows from the keyboard.
        deck.handle(InputEvent(.key(.escape, []), at: t))
        deck.handle(InputEvent(.key(.down, []), at: t))
        var deleted = 0
        let delete = Self.time {
            for _ in 0..<50 {
                t += 30
                deck.handle(InputEvent(.key(.delete, []), at: t))
                deck.tick(at: t)
                _ = deck.render(at: t)
                deleted += deck.drainEvents().filter { $0.name == "action" && $0.string("name") == "delete" }.count
            }
        }
        _ = Self.frames(deck, from: t, duration: 3000)
        let rows = try #require(deck.state().messages?.rows)
        #expect(deleted == 50 && rows.count == Self.messageCount - 50)
        #expect(Set(rows.map(\.id)).count == rows.count)
        print("scale: \(Self.messageCount) messages: built in \(Self.format(build)); scroll frames mean \(Self.format(scroll.mean)), "
              + "worst \(Self.format(scroll.worst)); swipe frames mean \(Self.format(swipe.mean)); 50 deletes "
              + "\(Self.format(delete / 50)) each (with a frame)")
    }

    @Test func headlessScreenshotsOfTenThousandCardsAndFiveThousandMessages() throws {
        let folder = try Self.bigAssets()
        for scene in ["wallet", "messages"] {
            let png = folder.path + "/\(scene).png"
            let run = try runBinary(["--assets", folder.assets, "--scene", scene, "--screenshot", png,
                                     "--state", folder.path + "/s.json"])
            #expect(run.status == 0 && !run.signaled, "\(scene): \(run.err)")
            #expect(try ImageSurface.load(png: png).width == 480)
            print("scale: headless \(scene) screenshot with \(Self.cardCount) cards / \(Self.messageCount) messages: "
                  + "\(String(format: "%.2f", run.seconds)) s, peak RSS \(run.peakKB / 1024) MB")
        }
    }
}

extension XvfbTests {
    /// The real window with 10,000 cards: it opens, scrolls, reorders from the keyboard and quits.
    @Test func tenThousandCardsInTheRealWindow() throws {
        let folder = try SoakScaleTests.bigAssets()
        let xvfb = try Xvfb()
        let started = Date()
        let app = try AppProcess(xvfb: xvfb, statePath: folder.path + "/state.json",
                                 arguments: ["--assets", folder.assets, "--scene", "wallet"])
        defer { killHard(xvfb, [app]) }
        try app.waitFor("ready", timeout: 30)
        let ready = Date().timeIntervalSince(started)
        try xvfb.xdotool("mousemove", "240", "400")
        for _ in 0..<10 { try xvfb.xdotool("click", "5") }
        try xvfb.pressHoldDrag(from: (240, 700), to: (240, 200), hold: 0, steps: 6, stepDelay: 0.015)
        Thread.sleep(forTimeInterval: 1)
        try xvfb.xdotool("key", "Down")
        try xvfb.xdotool("key", "shift+Down")
        try app.waitFor("reorder")
        try xvfb.xdotool("key", "q")
        let quit = try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        let order = try walletOrder(inStateFile: app.statePath).get()
        #expect(order.count == SoakScaleTests.cardCount && Set(order).count == order.count)
        print("scale: real window with \(SoakScaleTests.cardCount) cards ready in \(String(format: "%.2f", ready)) s; "
              + "\(quit["frames"] ?? "?") frames")
    }
}
