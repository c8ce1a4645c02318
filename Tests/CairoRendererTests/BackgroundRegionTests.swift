import CCairo
@testable import CairoRenderer
import InteractionEngine
import Testing

/// `VisibleBackground.subtract`: the covered rectangle is taken out of the clear's region when
/// the result stays within `maximumRectangles`, and the region is left exactly as it was when it
/// would not (the subtraction is worked once, on a copy that becomes the region).
@Suite struct BackgroundRegionTests {
    static func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.area } }

    @Test func aCoveredMiddleIsTakenOutAndOneOutsideChangesNothing() {
        var region = VisibleBackground.region([PixelRect(x: 0, y: 0, width: 100, height: 100)])
        defer { cairo_region_destroy(region) }
        #expect(VisibleBackground.subtract(PixelRect(x: 20, y: 30, width: 40, height: 10), from: &region))
        let left = VisibleBackground.rectangles(of: region)
        #expect(Self.area(left) == 100 * 100 - 40 * 10)
        #expect(left.count == 4, "above, left, right, below: \(left)")
        #expect(!left.contains { $0.intersects(PixelRect(x: 20, y: 30, width: 40, height: 10)) })
        // Outside the region: nothing to take out, and it counts as done.
        #expect(VisibleBackground.subtract(PixelRect(x: 200, y: 200, width: 10, height: 10), from: &region))
        #expect(VisibleBackground.rectangles(of: region) == left)
    }

    /// Holes on a diagonal split a band into more rectangles with each one: the one that would
    /// pass `maximumRectangles` is refused and the region stays as the holes before it left it.
    @Test func aSubtractionPastTheRectangleLimitLeavesTheRegionAsItWas() {
        let limit = VisibleBackgroundMetrics.maximumRectangles
        let side = 4 * (limit + 2)
        var region = VisibleBackground.region([PixelRect(x: 0, y: 0, width: side, height: side)])
        defer { cairo_region_destroy(region) }
        var taken = 0
        var refused: PixelRect?
        for i in 0..<(limit + 2) {
            let hole = PixelRect(x: 4 * i + 1, y: 4 * i + 1, width: 2, height: 2)
            let before = VisibleBackground.rectangles(of: region)
            if VisibleBackground.subtract(hole, from: &region) {
                taken += 1
                #expect(Int(cairo_region_num_rectangles(region)) <= limit)
                #expect(Self.area(VisibleBackground.rectangles(of: region)) == side * side - 4 * taken)
            } else {
                refused = hole
                #expect(VisibleBackground.rectangles(of: region) == before, "a refused hole leaves the region unchanged")
                break
            }
        }
        #expect(refused != nil, "holes on a diagonal pass \(limit) rectangles before \(limit + 2) of them")
        #expect(taken >= 2)
    }
}
