@testable import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// The compositor's per-frame work outside painting (issue 21): the damage tracker measures only
/// the commands that changed (the others keep the last list's bounds), says which commands are
/// unchanged (what HiddenParts.swift asks), text extents are measured once per layout, and a
/// layer key is hashed once. Counted, never timed.
@Suite struct DamageOverheadTests {
    static let width = 480, height = 640

    /// A background, `rows` rows (a face, a label, a line) and a badge on row `badgeRow` reading `badge`.
    static func rows(_ rows: Int = 8, badge: String = "3", badgeRow: Int = 2, offset: Double = 0) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.transformed(by: Transform(translation: Point(x: 0, y: offset))) { list in
            for row in 0..<rows {
                let y = 20 + Double(row) * 70
                list.append(.fillRect(Rect(x: 10, y: y, width: 460, height: 64), .solid(Color(rgb: 0xFFFFFF)), cornerRadius: 10))
                list.append(.text("Row \(row)", Rect(x: 24, y: y + 8, width: 300, height: 22), TextStyle(size: 15, weight: .bold)))
                list.append(.line(from: Point(x: 24, y: y + 40), to: Point(x: 300, y: y + 40), Color(rgb: 0xC7C7CC), width: 1))
                if row == badgeRow {
                    list.append(.text(badge, Rect(x: 420, y: y + 8, width: 30, height: 22), TextStyle(size: 13, alignment: .center)))
                }
            }
        }
        return list
    }

    /// Drawing commands of `list` (not its pushes and pops).
    static func drawing(_ list: DisplayList) -> Int {
        list.commands.filter {
            switch $0 {
            case .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: false
            default: true
            }
        }.count
    }

    /// Index of the badge's text command in `rows(...)`.
    static func badgeIndex(_ list: DisplayList) -> Int {
        list.commands.firstIndex { if case .text(let s, let r, _) = $0 { s.count <= 2 && r.minX == 420 } else { false } }!
    }

    @Test func aListWithOneChangedCommandHasOneChangedFlagAndMeasuresOneCommand() {
        let renderer = CairoRenderer(), tracker = DamageTracker()
        let first = Self.rows()
        _ = tracker.update(first, renderer: renderer, width: Self.width, height: Self.height)
        #expect(tracker.commandBounds.unchanged.allSatisfy { $0 }, "a list compared with none counts as unchanged (drawn whole)")
        #expect(tracker.measured == Self.drawing(first), "every drawing command measured once")

        let changed = Self.rows(badge: "4")
        let damage = tracker.update(changed, renderer: renderer, width: Self.width, height: Self.height)
        let flags = tracker.commandBounds.unchanged
        let badge = Self.badgeIndex(changed)
        #expect(flags.count == changed.commands.count)
        #expect(!flags[badge], "the changed badge counts as changed")
        #expect(flags.indices.filter { !flags[$0] } == [badge], "only the badge changed: \(flags.indices.filter { !flags[$0] })")
        #expect(tracker.measured == 1, "\(tracker.measured) commands measured: only the badge is new")
        // The damage is the badge's old and new bounds: one band inside its row.
        #expect(damage.rects.count == 1 && damage.rects[0].height < 70, "damage \(damage.rects)")

        // Equal lists: nothing measured, nothing changed.
        _ = tracker.update(changed, renderer: renderer, width: Self.width, height: Self.height)
        #expect(tracker.measured == 0)
        #expect(tracker.commandBounds.unchanged.allSatisfy { $0 })
    }

    @Test func theBoundsTakenFromTheLastListAreThoseMeasuredAfresh() {
        // A scroll (every command's context moves), a change, a row more, a rest, a row less.
        // Then a scroll with a change (the badge must not keep the old badge's ink box), one with
        // a row more, and one at another scale.
        let lists = [Self.rows(), Self.rows(offset: -3.5), Self.rows(badge: "12", offset: -3.5), Self.rows(9, badge: "12", offset: -3.5),
                     Self.rows(9, badge: "12", offset: -3.5), Self.rows(7, badge: "12", badgeRow: 5, offset: -3.5),
                     Self.rows(7, badge: "7", badgeRow: 5, offset: -11.25), Self.rows(8, badge: "7", badgeRow: 5, offset: -20),
                     Self.scaled(Self.rows(8, badge: "7", badgeRow: 5, offset: -20), by: 1.5)]
        let renderer = CairoRenderer(), fresh = CairoRenderer(), tracker = DamageTracker()
        var measured: [Int] = []
        for list in lists {
            _ = tracker.update(list, renderer: renderer, width: Self.width, height: Self.height)
            measured.append(tracker.measured)
            var expected = [PixelRect?](repeating: nil, count: list.commands.count)
            for item in fresh.paintedItems(of: list, width: Self.width, height: Self.height) { expected[item.index] = item.bounds }
            #expect(tracker.commandBounds.rects == expected)
        }
        // The scroll moves every command but the background's clear (outside the transform);
        // the change only the badge; the rest nothing.
        #expect(measured[1] == Self.drawing(lists[1]) - 1)
        #expect(measured[2] == 1)
        #expect(measured[4] == 0)
    }

    /// `list` drawn under a scale (a zoomed view: texts of another size in device pixels).
    static func scaled(_ list: DisplayList, by scale: Double) -> DisplayList {
        var out = DisplayList()
        out.append(list.commands[0])
        out.transformed(by: Transform(scale: scale, translation: Point(x: 0, y: 0))) { inner in
            for command in list.commands.dropFirst() { inner.append(command) }
        }
        return out
    }

    @Test func aScrolledTextKeepsItsInkBoxInsteadOfLookingItUpAgain() {
        let renderer = CairoRenderer(), tracker = DamageTracker()
        _ = tracker.update(Self.rows(), renderer: renderer, width: Self.width, height: Self.height)
        #expect(tracker.textBoxesKept == 0)
        let texts = Self.rows().texts.count
        for frame in 1...3 {
            _ = tracker.update(Self.rows(offset: -2.5 * Double(frame)), renderer: renderer, width: Self.width, height: Self.height)
            #expect(tracker.textBoxesKept == texts, "frame \(frame): \(tracker.textBoxesKept) of \(texts) texts kept their box")
        }
        // The badge changed while scrolling: every text but it keeps its box.
        _ = tracker.update(Self.rows(badge: "12", offset: -10), renderer: renderer, width: Self.width, height: Self.height)
        #expect(tracker.textBoxesKept == texts - 1)
        // Another scale: none does.
        _ = tracker.update(Self.scaled(Self.rows(badge: "12", offset: -10), by: 2), renderer: renderer, width: Self.width, height: Self.height)
        #expect(tracker.textBoxesKept == 0)
    }

    @Test func aTextsExtentsAreMeasuredOnceForARunOfFrames() {
        let renderer = CairoRenderer(), tracker = DamageTracker()
        // Scrolling moves every text each frame (new bounds), with the same strings and boxes.
        for frame in 0..<10 {
            _ = tracker.update(Self.rows(offset: -Double(frame)), renderer: renderer, width: Self.width, height: Self.height)
        }
        let texts = Self.rows().texts.count
        #expect(renderer.text.extentsMeasured == texts, "\(renderer.text.extentsMeasured) extents measured for \(texts) texts")
        #expect(renderer.text.layoutsMade == texts)
        // Drawing them lays out nothing more.
        _ = renderer.image(of: Self.rows(offset: -9), width: Self.width, height: Self.height)
        #expect(renderer.text.layoutsMade == texts)
    }

    @Test func withoutATrackerTheRendererMatchesTheLastListItDrew() {
        let renderer = CairoRenderer()
        renderer.retainedLayers = true
        let first = Self.rows(), second = Self.rows(badge: "4")
        #expect(renderer.unchangedCommands(first) == nil, "nothing drawn yet: every command counts as unchanged")
        _ = renderer.image(of: first, width: Self.width, height: Self.height)
        let flags = renderer.unchangedCommands(second) ?? []
        #expect(flags.indices.filter { !flags[$0] } == [Self.badgeIndex(second)])
    }

    @Test func commandsThatMoveUpTheListAreFoundInOrder() {
        // old: a b c d e; new: a c b d x e (b moved after c, x is new).
        let old = ["a", "b", "c", "d", "e"], new = ["a", "c", "b", "d", "x", "e"]
        let (head, tail, matched) = CommandMatch.match(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] }
        #expect(head == 1 && tail == 1)
        // c matches old c (past b); b is then behind and counts as changed; d matches; x is new.
        #expect(matched == [0, 2, -1, 3, -1, 4])
    }

    @Test func layerKeysAreEqualByTheirContentAndHashedOnce() {
        let commands: [DrawCommand] = [.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), .solid(.black), cornerRadius: 2),
                                       .text("a", Rect(x: 1, y: 1, width: 8, height: 8), TextStyle(size: 12))]
        let a = LayerKey(scale: 1, tx: 0.25, ty: 0, commands: commands)
        let b = LayerKey(scale: 1, tx: 0.25, ty: 0, commands: Array(commands[...]))
        #expect(a == b && a.hashValue == b.hashValue && a.hashed == b.hashed)
        #expect(a != LayerKey(scale: 1, tx: 0.25, ty: 0, commands: [commands[0]]))
        #expect(a != LayerKey(scale: 1, tx: 0.5, ty: 0, commands: commands))
        #expect(a != LayerKey(scale: 1, tx: 0.25, ty: 0, commands: commands, strip: true))
        #expect(Set([a, b]).count == 1)
    }
}
