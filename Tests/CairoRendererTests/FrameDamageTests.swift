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

    static func list(_ commands: [DrawCommand]) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for c in commands { list.append(c) }
        return list
    }

    static func rect(y: Double, height: Double, _ rgb: UInt32, x: Double = 20) -> DrawCommand {
        .fillRect(Rect(x: x, y: y, width: 200, height: height), .solid(Color(rgb: rgb)), cornerRadius: 0)
    }

    /// Damage after `before` then `after` (the first update is the whole frame).
    static func damage(_ before: [DrawCommand], _ after: [DrawCommand]) -> FrameDamage {
        let renderer = CairoRenderer(), tracker = DamageTracker()
        _ = tracker.update(list(before), renderer: renderer, width: width, height: height)
        return tracker.update(list(after), renderer: renderer, width: width, height: height)
    }

    static func covers(_ damage: FrameDamage, rows: ClosedRange<Int>) -> Bool {
        damage.rects.contains { $0.y <= rows.lowerBound && $0.maxY >= rows.upperBound }
    }

    /// A change beside an unchanged picture (rows 100-300) repaints the picture whole, not from a
    /// band starting inside it; a change on other rows leaves it alone.
    @Test func aChangeSharingRowsWithAPictureRepaintsThePictureWhole() {
        let picture = DrawCommand.image(path: "/nonexistent/p.png", Rect(x: 20, y: 100, width: 200, height: 200), alpha: 1, cornerRadius: 0)
        let before = [Self.rect(y: 0, height: 50, 0x112233), picture, Self.rect(y: 280, height: 20, 0x445566)]
        let besideIt = Self.damage(before, [before[0], picture, Self.rect(y: 280, height: 20, 0x778899)])
        #expect(Self.covers(besideIt, rows: 100...300), "\(besideIt.rects)")
        let elsewhere = Self.damage(before, [Self.rect(y: 0, height: 50, 0x778899), picture, before[2]])
        #expect(!elsewhere.isEmpty)
        #expect(elsewhere.rects.allSatisfy { $0.maxY < 100 }, "\(elsewhere.rects)")
    }

    /// Two overlapping commands that swap their order damage their overlap (painter's order),
    /// though each is still in the list.
    @Test func twoOverlappingCommandsSwappedDamageTheirOverlap() {
        let a = Self.rect(y: 100, height: 60, 0x112233), b = Self.rect(y: 130, height: 60, 0x445566)
        let far = Self.rect(y: 600, height: 20, 0x778899)
        let swapped = Self.damage([a, b, far], [b, a, far])
        #expect(Self.covers(swapped, rows: 130...160), "\(swapped.rects)")
        #expect(swapped.rects.allSatisfy { $0.maxY < 600 }, "\(swapped.rects)")
    }

    /// A command whose context changes in the middle of the list (now inside a clip) is damaged,
    /// though the command itself is equal.
    @Test func aCommandWhoseClipChangesIsDamaged() {
        let a = Self.rect(y: 100, height: 40, 0x112233), b = Self.rect(y: 300, height: 40, 0x445566)
        let c = Self.rect(y: 600, height: 20, 0x778899)
        let clipped = Self.damage([a, b, c], [a, .pushClip(Rect(x: 0, y: 300, width: 100, height: 40), cornerRadius: 0), b, .popClip, c])
        #expect(Self.covers(clipped, rows: 300...340), "\(clipped.rects)")
        #expect(clipped.rects.allSatisfy { $0.maxY < 600 && $0.y > 140 }, "\(clipped.rects)")
    }
}
