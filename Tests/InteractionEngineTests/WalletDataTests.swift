import Foundation
import Testing
import TestSupport
@testable import InteractionEngine

/// Drives a `WalletScene` with synthetic input at synthetic times and keeps
/// the events it emits. Times start at 1000 ms; `advance` ticks at 60 Hz.
final class WalletDriver {
    static let size = Size(width: 480, height: 756)

    let scene: WalletScene
    /// The press router a deck would own: scenes take gestures, not pointer input.
    var router = PressRouter()
    /// What the scene returned since the last look.
    var inbox: [SceneEvent] = []
    func takeInbox() -> [DeckEvent] {
        defer { inbox.removeAll() }
        return inbox.map(\.deckEvent)
    }
    /// The clock and the 60 Hz frames (TestSupport's driver); the events are collected after each input and frame.
    private lazy var driver = SceneDriver(
        deliver: { [unowned self] in
            inbox += router.route($0, to: scene)
            collect()
        },
        tick: { [unowned self] in
            inbox += router.tick(at: $0, scene: scene)
            inbox += scene.tick(at: $0)
            collect()
        },
        needsFrame: { [unowned self] in scene.needsFrame(at: $0) })
    var time: Millis {
        get { driver.time }
        set { driver.time = newValue }
    }
    private(set) var events: [DeckEvent] = []

    init(count: Int = 14, size: Size = WalletDriver.size, saved: DeckState.WalletState? = nil) {
        scene = WalletScene(cards: WalletDriver.cards(count), saved: saved, size: size)
        scene.resize(to: size, at: time)
    }

    /// `count` plain cards with ids c0, c1, ...
    static func cards(_ count: Int) -> [WalletCard] {
        (0..<count).map { i in
            WalletCard(id: "c\(i)", bank: "Bank \(i)", name: "Card \(i)", brand: "VISA",
                       colors: ["#336699", "#112244"], number: "•••• \(1000 + i)", holder: "HOLDER \(i)",
                       expiry: "01/30", transactions: [WalletTransaction(merchant: "Shop", amount: -1, date: "2024-01-01")])
        }
    }

    /// The ids in display order.
    var order: [String] { scene.order }
    /// The offset now.
    var offset: Double { scene.offset(at: time) }
    /// The cards drawn now, bottom to top.
    var drawn: [LaidOutItem] { scene.drawnCards(at: time) }

    func frame(_ id: String) -> Rect? { scene.frame(of: id, at: time) }

    func send(_ kind: InputEvent.Kind) { driver.send(kind) }

    func press(_ x: Double, _ y: Double, button: PointerButton = .primary) {
        send(.pointerDown(Point(x: x, y: y), button))
    }

    func move(_ x: Double, _ y: Double) { send(.pointerMove(Point(x: x, y: y))) }

    func release(_ x: Double, _ y: Double) { send(.pointerUp(Point(x: x, y: y), .primary)) }

    func key(_ key: Key, _ modifiers: Modifiers = []) { send(.key(key, modifiers)) }

    func wheel(_ delta: WheelDelta) { send(.wheel(delta, at: Point(x: 240, y: 300), [])) }

    /// Ticks every `step` ms for `ms` ms; `each` sees the scene after every tick.
    func advance(_ ms: Millis, step: Millis = SceneDriver.frame, each: (() -> Void)? = nil) {
        driver.advance(ms, step: step, each: each)
    }

    /// Ticks until nothing moves (or 10 s pass), then one frame more.
    func settle() {
        driver.settle()
        advance(SceneDriver.frame)
    }

    /// Moves the pointer from `from` to `to` in `steps` equal steps over `duration` ms.
    func drag(from: Point, to: Point, duration: Millis, steps: Int = 10) {
        driver.drag(from: from, to: to, duration: duration, steps: steps)
    }

    /// Press, hold 600 ms (the hold fires at 500), as a user lifting a card.
    func lift(at x: Double, _ y: Double) {
        press(x, y)
        advance(600)
    }

    func names() -> [String] { events.map(\.name) }

    func clearEvents() { events.removeAll() }

    private func collect() { events += takeInbox() }
}

@Suite struct WalletDataTests {
    static let assetsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../assets/cards.json").standardized

    @Test func sampleCardsDecodeAndAreRich() throws {
        let data = try Data(contentsOf: Self.assetsFile)
        let file = try JSONDecoder().decode(WalletCardFile.self, from: data)
        #expect(file.cards.count >= 12)
        #expect(Set(file.cards.map(\.id)).count == file.cards.count, "ids are unique")
        #expect(file.firstProblem == nil)
        for card in file.cards {
            #expect((3...5).contains(card.transactions.count), "\(card.id) has 3-5 transactions")
            #expect(card.number.hasPrefix("••••"), "\(card.id) number is masked")
            #expect(!card.bank.isEmpty && !card.holder.isEmpty && !card.expiry.isEmpty)
        }
        #expect(file.cards.contains { $0.bank.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } },
                "some banks are named in Chinese")
    }

    @Test func badColoursAreReportedByName() {
        var card = WalletDriver.cards(1)[0]
        card.colors = ["#336699", "blue"]
        #expect(WalletCardFile(cards: [card]).firstProblem?.contains("'blue' is not a #RRGGBB colour") == true)
        card.colors = ["#336699"]
        #expect(WalletCardFile(cards: [card]).firstProblem?.contains("two colours") == true)
        #expect(WalletCardFile(cards: WalletDriver.cards(3)).firstProblem == nil)
    }

    @Test func validateThrowsTheFirstProblem() throws {
        var card = WalletDriver.cards(1)[0]
        card.id = ""
        #expect(throws: WalletDataError("card 1: empty id")) { try WalletCardFile(cards: [card]).validate() }
        try WalletCardFile(cards: WalletDriver.cards(3)).validate()
    }

    @Test func moneyIsFormattedWithSignAndGrouping() {
        #expect(WalletMoney.format(-38, currency: "¥") == "−¥38.00")
        #expect(WalletMoney.format(12800, currency: "¥") == "+¥12,800.00")
        #expect(WalletMoney.format(-1234567.891, currency: "$") == "−$1,234,567.89")
        #expect(WalletMoney.format(0.5, currency: "€") == "+€0.50")
    }

    @Test func lightCardsUseDarkText() {
        var card = WalletDriver.cards(1)[0]
        #expect(!card.isLight)
        card.colors = ["#F5F5F7", "#C9CBD1"]
        #expect(card.isLight)
    }
}
