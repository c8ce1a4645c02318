import CairoRenderer
import InteractionEngine
import Testing

/// How damage is shaped (issue 21): full-width bands, merged when they touch, at most
/// `FrameDamage.maxRects` of them, else their bounding box; an unchanged list has none.
@Suite struct FrameDamageTests {
    static let width = 480, height = 800

    /// `n` disjoint 4-pixel rectangles, 10 px apart.
    static func separate(_ n: Int) -> [PixelRect] {
        (0..<n).map { PixelRect(x: 100, y: 10 * $0, width: 20, height: 4) }
    }

    @Test func rectanglesBecomeFullWidthBandsClippedToTheFrame() {
        let damage = FrameDamage(rects: [PixelRect(x: 100, y: -5, width: 20, height: 15)], width: Self.width, height: Self.height)
        #expect(damage.rects == [PixelRect(x: 0, y: 0, width: Self.width, height: 10)])
    }

    @Test func touchingBandsMerge() {
        let damage = FrameDamage(rects: [PixelRect(x: 0, y: 10, width: 5, height: 10), PixelRect(x: 300, y: 15, width: 5, height: 10)],
                                 width: Self.width, height: Self.height)
        #expect(damage.rects == [PixelRect(x: 0, y: 10, width: Self.width, height: 15)])
    }

    @Test func atMostMaxRectsBandsElseTheirBox() {
        let limit = FrameDamage.maxRects
        let kept = FrameDamage(rects: Self.separate(limit), width: Self.width, height: Self.height)
        #expect(kept.rects.count == limit)
        #expect(kept.area == limit * Self.width * 4)
        let boxed = FrameDamage(rects: Self.separate(limit + 1), width: Self.width, height: Self.height)
        #expect(boxed.rects == [PixelRect(x: 0, y: 0, width: Self.width, height: 10 * limit + 4)])
    }

    @Test func anUnchangedListHasNoDamageAndInvalidateRepaintsAll() {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.append(.fillRect(Rect(x: 20, y: 30, width: 100, height: 40), .solid(Color(rgb: 0x3A7BD5)), cornerRadius: 8))
        let renderer = CairoRenderer(), tracker = DamageTracker()
        let first = tracker.update(list, renderer: renderer, width: Self.width, height: Self.height)
        #expect(first == .full(width: Self.width, height: Self.height))
        #expect(tracker.update(list, renderer: renderer, width: Self.width, height: Self.height).isEmpty)
        var moved = DisplayList()
        moved.append(.clear(Color(rgb: 0xF2F2F7)))
        moved.append(.fillRect(Rect(x: 20, y: 300, width: 100, height: 40), .solid(Color(rgb: 0x3A7BD5)), cornerRadius: 8))
        let damage = tracker.update(moved, renderer: renderer, width: Self.width, height: Self.height)
        // The old place and the new one, each grown by the antialiasing slack.
        #expect(damage.rects.count == 2)
        #expect(damage.rects.allSatisfy { $0.height <= 40 + 2 * 2 + 1 })
        tracker.invalidate()
        #expect(tracker.update(moved, renderer: renderer, width: Self.width, height: Self.height) == .full(width: Self.width, height: Self.height))
    }
}
