import CCairo
@testable import CairoRenderer
import InteractionEngine
import Testing

/// A shape whose size and corner radius change every frame (a zoom drawn by its rectangle, not a
/// transform) on the compositor path: it is cut from the cached surface of its resting look while
/// its radius stays within `ShapeCache.nearbyLookSlack` of it, instead of drawn anew each frame
/// (issue 21 review: exact keys made `nearest(to:)` miss every frame). Counted, never timed.
@Suite struct ShapeZoomTests {
    /// A card-sized rounded gradient face zoomed by `k` about its origin, beside an opaque tile (an occluder:
    /// the compositor cuts nearby shapes only when the frame has one).
    static func list(zoom k: Double, radius: Double = 20) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.append(.fillRect(Rect(x: 300, y: 20, width: 60, height: 60), .solid(Color(rgb: 0x34C759)), cornerRadius: 0))
        // A gradient (solid faces are filled straight, never cached), zoomed by under
        // `ShapeCache.gradientStretchShare` of its size.
        list.append(.fillRect(Rect(x: 20, y: 20, width: 200 * k, height: 120 * k),
                              .verticalGradient(top: Color(rgb: 0x3A7BD5), bottom: Color(rgb: 0x00D2FF)),
                              cornerRadius: radius * k))
        return list
    }

    static func compositor() -> CairoRenderer {
        let renderer = CairoRenderer()
        renderer.occlusionCulling = true
        renderer.retainedLayers = true
        return renderer
    }

    /// Three frames at rest (the second caches the face), then `frames`, returning the shape cache's
    /// figures before and after them.
    static func play(_ frames: [DisplayList]) -> (atRest: ShapeStatistics, after: ShapeStatistics) {
        let renderer = compositor()
        let surface = ImageSurface(width: 400, height: 300)
        func draw(_ list: DisplayList) {
            let cr = cairo_create(surface.handle)!
            renderer.draw(list, on: cr)
            cairo_destroy(cr)
        }
        for _ in 0..<3 { draw(list(zoom: 1)) }
        let atRest = renderer.shapeStatistics
        for frame in frames { draw(frame) }
        return (atRest, renderer.shapeStatistics)
    }

    @Test func aSlowZoomIsCutFromTheRestingSurfaceEveryFrame() {
        // 0.2 % a frame: the radius grows by 0.04 device px a frame, 0.4 px over the ten frames.
        let zoom = (1...10).map { Self.list(zoom: 1 + 0.002 * Double($0)) }
        let (rest, after) = Self.play(zoom)
        #expect(rest.rasterised >= 1, "the resting face was never cached: \(rest)")
        #expect(after.cut - rest.cut == zoom.count, "\(after.cut - rest.cut) of \(zoom.count) zoomed frames cut: \(after)")
        #expect(after.rasterised == rest.rasterised, "the zoom rasterised \(after.rasterised - rest.rasterised) surfaces")
        #expect(after.drawnDirectly == rest.drawnDirectly, "the zoom drew \(after.drawnDirectly - rest.drawnDirectly) shapes anew")
    }

    /// One frame whose radius is the slack less or more a quarter of it from the resting one's
    /// (the size a pixel larger): cut below the slack, drawn anew above it.
    @Test(arguments: [-0.25, 0.25])
    func aRadiusChangeStraddlingTheSlack(side: Double) {
        let slack = ShapeCache.nearbyLookSlack
        let radius = 20 + slack + side * slack
        let (rest, after) = Self.play([Self.list(zoom: 1.005, radius: radius / 1.005)])
        let cut = after.cut - rest.cut, drawn = after.drawnDirectly - rest.drawnDirectly
        if side < 0 {
            #expect(cut == 1 && drawn == 0, "radius \(radius): cut \(cut), drawn anew \(drawn)")
        } else {
            #expect(cut == 0 && drawn == 1, "radius \(radius): cut \(cut), drawn anew \(drawn)")
        }
    }
}
