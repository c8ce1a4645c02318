import CairoRenderer
import InteractionEngine
import Testing

/// One rasterisation per shape (issue 22, item 9): a shape drawn the first time
/// (straight onto the target, uncached) and drawn again from the shape cache
/// give the same pixels, at whole and at fractional positions and scales.
@Suite struct ShapeRasterisationTests {
    /// Every pixel of `a` and `b`, compared exactly; returns how many differ.
    static func differingPixels(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 } }
        return count
    }

    /// A list with one shape of each cached kind at `origin`.
    static func list(origin: Point) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let rect = Rect(x: origin.x, y: origin.y, width: 147, height: 90)
        list.append(.shadow(rect, cornerRadius: 14, blur: 8, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.2)))
        list.append(.fillRect(rect, .diagonalGradient(from: Color(rgb: 0x3A7BD5), to: Color(rgb: 0x00D2FF)), cornerRadius: 14))
        // The wallet's outline: 1 px, inset half a pixel from the face.
        list.append(.strokeRect(rect.insetBy(dx: 0.5, dy: 0.5), Color.white.withAlpha(0.6), lineWidth: 1, cornerRadius: 13.5))
        return list
    }

    @Test(arguments: [Point(x: 16, y: 16), Point(x: 16.5, y: 16.5), Point(x: 20.25, y: 31.7)], [1.0, 2.0])
    func uncachedAndCachedDrawingsAreIdentical(origin: Point, scale: Double) {
        let renderer = CairoRenderer()
        renderer.scale = scale
        let list = Self.list(origin: origin)
        let first = renderer.image(of: list, width: 200, height: 140)   // every shape drawn directly
        _ = renderer.image(of: list, width: 200, height: 140)           // second sight: now cached
        let cached = renderer.image(of: list, width: 200, height: 140)  // every shape from the cache
        #expect(Self.differingPixels(first, cached) == 0, "origin \(origin) at scale \(scale)")
    }
}
