import Foundation
import Testing
import InteractionEngine
@testable import DeckApp

/// A trace keeps an input's pointer kind, and a mouse input's line keeps the bytes it always had.
@Suite struct TracePointerKindTests {
    @Test func aTouchInputKeepsItsKindAndAMouseLineIsUnchanged() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let mouse = TraceEntry.input(InputEvent(.pointerDown(Point(x: 1, y: 2), .primary), at: 5))
        let mouseLine = String(decoding: try encoder.encode(mouse), as: UTF8.self)
        #expect(mouseLine == #"{"input":{"pointerDown":{"_0":{"x":1,"y":2},"_1":"primary"}},"t":5}"#)
        let touch = TraceEntry.input(InputEvent(.pointerMove(Point(x: 3, y: 4)), at: 6, pointer: .touch))
        let decoded = try JSONDecoder().decode(TraceEntry.self, from: try encoder.encode(touch))
        #expect(decoded.event == InputEvent(.pointerMove(Point(x: 3, y: 4)), at: 6, pointer: .touch))
        let old = try JSONDecoder().decode(TraceEntry.self, from: Data(mouseLine.utf8))
        #expect(old.event?.pointerKind == .mouse)
        #expect(TraceEntry.frame(at: 7).event == nil)
    }
}
