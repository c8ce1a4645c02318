@testable import CairoRenderer
import InteractionEngine
import Testing

/// How damage is shaped (issue 21 item 7): row bands split into the column spans of what
/// changed, clipped to the frame, at most `FrameDamage.maxRects` of them (the
/// cheapest pair merged first), each holding whole the pictures it touches; an unchanged list
/// has none.
@Suite struct FrameDamageTests {
    static let width = 480, height = 800

    /// `n` disjoint 4-pixel rectangles, 10 px apart.
    static func separate(_ n: Int) -> [PixelRect] {
        (0..<n).map { PixelRect(x: 100, y: 10 * $0, width: 20, height: 4) }
    }

    @Test func rectanglesKeepTheirColumnsClippedToTheFrame() {
        let damage = FrameDamage(rects: [PixelRect(x: 100, y: -5, width: 20, height: 15)], width: Self.width, height: Self.height)
        #expect(damage.rects == [PixelRect(x: 100, y: 0, width: 20, height: 10)])
        let edge = FrameDamage(rects: [PixelRect(x: Self.width - 5, y: 10, width: 20, height: 5)], width: Self.width, height: Self.height)
        #expect(edge.rects == [PixelRect(x: Self.width - 5, y: 10, width: 5, height: 5)])
    }

    @Test func overlappingRectanglesMergeAndSideBySideOnesDoNot() {
        let overlapping = FrameDamage(rects: [PixelRect(x: 0, y: 10, width: 50, height: 10), PixelRect(x: 40, y: 15, width: 20, height: 10)],
                                      width: Self.width, height: Self.height)
        #expect(overlapping.rects == [PixelRect(x: 0, y: 10, width: 60, height: 15)])
        // Two cards' columns in the same rows stay two rectangles of their band's rows: the gutter
        // between them is not repainted.
        let apart = FrameDamage(rects: [PixelRect(x: 0, y: 10, width: 5, height: 10), PixelRect(x: 300, y: 15, width: 5, height: 10)],
                                width: Self.width, height: Self.height)
        #expect(apart.rects == [PixelRect(x: 0, y: 10, width: 5, height: 15), PixelRect(x: 300, y: 10, width: 5, height: 15)])
    }

    @Test func atMostMaxRectsRectanglesTheCheapestPairMerged() {
        let limit = FrameDamage.maxRects
        let kept = FrameDamage(rects: Self.separate(limit), width: Self.width, height: Self.height)
        #expect(kept.rects.count == limit)
        #expect(kept.area == limit * 20 * 4)
        // One more: the two nearest (the one 2 px below the last, not 6) are merged, nothing else grows.
        var more = Self.separate(limit)
        more.append(PixelRect(x: 100, y: 10 * (limit - 1) + 6, width: 20, height: 4))
        let merged = FrameDamage(rects: more, width: Self.width, height: Self.height)
        #expect(merged.rects.count == limit)
        #expect(merged.area == (limit + 1) * 20 * 4 + 20 * 2)
        #expect(merged.rects.contains(PixelRect(x: 100, y: 10 * (limit - 1), width: 20, height: 10)))
        // Far more than the pair limit (a fling's tiles): still at most maxRects, all inside their box.
        let many = (0..<200).map { PixelRect(x: 13 * ($0 % 30), y: 9 * $0, width: 6, height: 4) }
        let boxed = FrameDamage(rects: many, width: Self.width, height: Self.height)
        #expect(boxed.rects.count <= limit)
        #expect(many.allSatisfy { r in boxed.rects.contains { $0.contains(r.intersection(PixelRect(x: 0, y: 0, width: Self.width, height: Self.height))) } })
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

    /// A list at rest has no damage, yet what it must hold stays with it: a layer's settle
    /// rectangle joined to it (the compositor's next frame) widens to the columns of the rounded
    /// face it cuts (grid-mid-drag at rest: a settle box cut the neighbouring tile, a pixel a level off).
    @Test func aSettleRectangleJoinedToARestingFrameHoldsTheColumnsOfAShapeItCuts() {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.append(.fillRect(Rect(x: 20, y: 30, width: 100, height: 40), .solid(Color(rgb: 0x3A7BD5, alpha: 0.14)), cornerRadius: 16))
        let renderer = CairoRenderer(), tracker = DamageTracker()
        _ = tracker.update(list, renderer: renderer, width: Self.width, height: Self.height)
        let resting = tracker.update(list, renderer: renderer, width: Self.width, height: Self.height)
        #expect(resting.isEmpty)
        let settle = PixelRect(x: 100, y: 40, width: 100, height: 10)
        let joined = resting.union(FrameDamage(rects: [settle], width: Self.width, height: Self.height), width: Self.width, height: Self.height)
        #expect(joined.rects.contains { $0.x <= 20 && $0.maxX >= settle.maxX }, "\(joined.rects)")
    }

    /// Holding a picture whole is column-limited too: a change beside the picture in its rows
    /// leaves it out; one that touches its side repaints all its columns and rows.
    @Test func aChangeTouchingAPictureSideHoldsItWholeAndOneBesideItDoesNot() {
        let picture = DrawCommand.image(path: "/nonexistent/p.png", Rect(x: 20, y: 100, width: 200, height: 200), alpha: 1, cornerRadius: 0)
        let before = [picture, Self.rect(y: 150, height: 20, 0x445566, x: 260)]
        let beside = Self.damage(before, [picture, Self.rect(y: 150, height: 20, 0x778899, x: 260)])
        #expect(!beside.isEmpty)
        #expect(beside.rects.allSatisfy { $0.x >= 260 - 3 }, "\(beside.rects)")
        let touching = [picture, Self.rect(y: 150, height: 20, 0x445566, x: 210)]
        let across = Self.damage(touching, [picture, Self.rect(y: 150, height: 20, 0x778899, x: 210)])
        #expect(across.rects.contains { $0.x <= 20 && $0.maxX >= 220 && $0.y <= 100 && $0.maxY >= 300 }, "\(across.rects)")
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

    /// Rectangles inside the one before them, or holding it, change no band: banding a list with
    /// such rectangles added gives the bands of the list without them (and every rectangle's
    /// pixels stay covered).
    @Test func rectanglesInsideOrAroundTheirPredecessorChangeNoBand() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let plain = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                PixelRect(x: Int.random(in: 0...1200, using: &generator), y: Int.random(in: 0...700, using: &generator),
                          width: Int.random(in: 1...200, using: &generator), height: Int.random(in: 1...120, using: &generator))
            }
            var nested: [PixelRect] = []
            for r in plain {
                switch Int.random(in: 0...2, using: &generator) {
                case 0: nested += [r, PixelRect(x: r.x + r.width / 4, y: r.y + r.height / 4, width: r.width / 2, height: r.height / 2)]
                case 1: nested += [PixelRect(x: r.x + r.width / 4, y: r.y + r.height / 4, width: r.width / 2, height: r.height / 2), r]
                default: nested += [r, r]
                }
            }
            let bands = DamageRectangles.banded(plain)
            #expect(DamageRectangles.banded(nested) == bands)
            for r in plain {
                #expect(DamageRectangles.subtracting(bands, from: r).isEmpty, "\(r) left out of \(bands)")
            }
        }
    }
}
