import Foundation
import Testing
@testable import InteractionEngine

/// The message list as a scroll container (issue 21 item 7): the resting rows in content
/// coordinates under one translation by the scroll offset, an open row drawn over it.
@Suite struct MessagesScrollContainerTests {
    /// The translation of the list's only transform group, and the names drawn inside and after it.
    static func container(_ list: DisplayList) -> (translation: Point?, inside: [String], after: [String]) {
        var translation: Point?, depth = 0, inside: [String] = [], after: [String] = []
        for command in list.commands {
            switch command {
            case .pushTransform(let t):
                if depth == 0 { translation = t.translation }
                depth += 1
            case .popTransform: depth -= 1
            case .text(let s, _, _) where s.hasPrefix("Name "):
                if depth > 0 { inside.append(s) } else if translation != nil { after.append(s) }
            default: break
            }
        }
        return (translation, inside, after)
    }

    /// Where the name of row `name` is drawn, in the scene's coordinates.
    static func nameTop(_ name: String, in list: DisplayList) -> Double? {
        var dy = 0.0, stack: [Double] = []
        for command in list.commands {
            switch command {
            case .pushTransform(let t):
                stack.append(dy)
                dy += t.translation.y
            case .popTransform: dy = stack.popLast() ?? 0
            case .text(let s, let r, _) where s == name: return r.minY + dy
            default: break
            }
        }
        return nil
    }

    @Test func scrolledRowsAreDrawnUnderOneTranslationByTheOffset() {
        let d = MessagesDriver(count: 40)
        let still = d.scene.render(at: d.time)
        // Unscrolled, the container is there too, at no translation (DisplayList.scrollContainer).
        let resting = Self.container(still)
        #expect(resting.translation == Point(x: 0, y: 0), "unscrolled: \(String(describing: resting.translation))")
        #expect(resting.inside.count >= 10 && resting.after.isEmpty, "unscrolled: \(resting.inside.count) rows inside, \(resting.after) after")
        d.wheel(2)
        d.settle()
        let offset = d.scene.scrollOffset(at: d.time)
        #expect(offset == 120)
        let list = d.scene.render(at: d.time)
        let c = Self.container(list)
        #expect(c.translation == Point(x: 0, y: -offset))
        #expect(c.inside.count >= 10 && c.after.isEmpty, "\(c.inside.count) rows inside, \(c.after) after")
        // Row 5's name sits where it did before the container: 72 px rows, 12 px in, less the offset.
        #expect(Self.nameTop("Name 5", in: list) == 5 * 72 + 12 - offset)
    }

    @Test func anOpenRowIsDrawnOverTheContainer() {
        let d = MessagesDriver(count: 40)
        d.wheel(1)
        d.settle()
        d.swipe(row: 3, to: -150)
        d.release()
        d.settle()
        let open = try? #require(d.scene.openRowID)
        let list = d.scene.render(at: d.time)
        let c = Self.container(list)
        #expect(c.translation != nil)
        #expect(c.after.count == 1, "the open row \(open ?? "-") after the container: \(c.after)")
        #expect(!c.inside.contains(c.after.first ?? "?"))
    }
}
