import DeckApp
import Foundation
import InteractionEngine
import Testing

/// Golden images of the message list (look at them after `RECORD_GOLDENS=1`),
/// and the real sample data loaded through the factory.
@Suite struct MessagesGoldenTests {
    /// At rest: avatars with initials, bold names, times, previews ellipsized
    /// on one line (Chinese and Latin), red unread badges ("99+" past 99).
    @Test func rest() throws {
        let deck = try Goldens.deck(scene: "messages")
        try Goldens.check(deck, at: 0, name: "messages-rest")
    }

    /// The second row (unread) swiped open: 置顶 / 标记已读 / 删除 showing behind it,
    /// the row above pinned on its grey background.
    @Test func rowOpen() throws {
        let deck = try Goldens.deck(scene: "messages")
        let scene = try #require(deck.current as? MessagesScene)
        scene.perform(.pin, on: "c04", at: 0)
        deck.tick(at: 1000)
        #expect(scene.list.rows.prefix(3).map(\.id) == ["c04", "c01", "c02"])
        // Input in scene coordinates, through the deck (its arena decides the press).
        let start = Point(x: 400, y: 2 * 72 + 36)
        deck.handle(InputEvent(.pointerDown(start, .primary), at: 1000).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        for step in 1...10 {
            let t = 1000 + Double(step) * 16
            deck.handle(InputEvent(.pointerMove(start + Point(x: -16 * Double(step), y: 0)), at: t).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
            deck.tick(at: t)
        }
        deck.handle(InputEvent(.pointerUp(start + Point(x: -160, y: 0), .primary), at: 1250).mapped { $0 + Point(x: 0, y: Deck.barHeight) })
        #expect(scene.openRowID == "c02")
        try Goldens.check(deck, at: 1800, name: "messages-row-open")
        #expect(!deck.needsFrame(at: 1800), "the open spring has settled")
    }

    /// The shipped data decodes, has enough rows, Chinese text and long previews.
    @Test func sampleDataLoads() throws {
        let assets = AssetStore(directory: Goldens.assets)
        let document = try assets.decode(MessagesFactory.file, as: MessagesDocument.self)
        #expect(document.conversations.count >= 32)
        #expect(document.problems().isEmpty)
        #expect(document.conversations.contains { $0.name.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } })
        #expect(document.conversations.filter { $0.preview.count > 40 }.count >= 4)
        #expect(document.conversations.contains { !$0.read } && document.conversations.contains { $0.read })
        var warnings: [String] = []
        let scene = try MessagesFactory().make(assets: assets, state: DeckState(), warnings: &warnings)
        #expect(scene.name == "messages" && warnings.isEmpty)
    }

    /// Broken data stops with a message naming the file and the problem.
    @Test func badDataIsReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("messages-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let row = ##"{"id":"a","name":"A","preview":"","time":"","unread":0,"read":true,"avatarColor":"#112233"}"##
        let cases: [(String, String)] = [
            (#"{"conversations":[\#(row),\#(row)]}"#, "duplicate id 'a'"),
            (#"{"conversations":[\#(row.replacingOccurrences(of: "#112233", with: "blue"))]}"#, "avatarColor 'blue'"),
            (#"{"conversations":[{"id":"a"}]}"#, "messages.json"),
        ]
        for (json, expected) in cases {
            try json.write(to: dir.appendingPathComponent("messages.json"), atomically: true, encoding: .utf8)
            var warnings: [String] = []
            #expect {
                _ = try MessagesFactory().make(assets: AssetStore(directory: dir.path), state: DeckState(), warnings: &warnings)
            } throws: { error in
                let text = (error as? AssetError)?.description ?? ""
                return text.contains(expected) && text.contains("messages.json")
            }
        }
    }
}
