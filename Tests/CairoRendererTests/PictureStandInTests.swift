@testable import CairoRenderer
import InteractionEngine
import Testing

/// Moving picture cells past a frame's raster share drawn from a raster of the same cell at a
/// nearby snapped scale (PictureRasters.standIn, `PictureMetrics.standInScaleReach`) instead of
/// directly (a new picture size decoded and a new shadow drawn in that frame).
@Suite struct PictureStandInTests {
    /// The reach straddled: a raster `reach - delta` away stands in, one `reach + delta` away does not.
    @Test func aRasterWithinTheReachStandsInAndOneBeyondDoesNot() {
        let reach = PictureMetrics.standInScaleReach, delta = reach / 8
        for scale in [0.88, 1.0, 1.2] {
            let inside = scale * (1 + reach - delta), outside = scale * (1 + reach + delta)
            #expect(PictureRasters.nearest([inside], to: scale, reach: reach) == 0, "\(inside) for \(scale)")
            #expect(PictureRasters.nearest([outside], to: scale, reach: reach) == nil, "\(outside) for \(scale)")
            let below = scale * (1 - reach + delta), under = scale * (1 - reach - delta)
            #expect(PictureRasters.nearest([below], to: scale, reach: reach) == 0, "\(below) for \(scale)")
            #expect(PictureRasters.nearest([under], to: scale, reach: reach) == nil, "\(under) for \(scale)")
        }
    }

    /// The nearest scale wins, and of two as near the larger (downscaled, it stays sharp).
    @Test func theNearestScaleWinsAndTheLargerOnATie() {
        let step = PictureMetrics.rasterScaleStep
        #expect(PictureRasters.nearest([1 - 2 * step, 1 + step, 1 - step / 2], to: 1, reach: 0.12) == 2)
        #expect(PictureRasters.nearest([1 - step, 1 + step], to: 1, reach: 0.12) == 1)
        #expect(PictureRasters.nearest([], to: 1, reach: 0.12) == nil)
    }

    /// The carousel's drag and fling (PictureRasterTests.play): cells past the share are drawn from
    /// stand-ins, moving frames within the tolerance and resting ones the direct path's. (A moving
    /// cell still drawn directly is one seen for the first time, with no raster of it at any
    /// scale: 36 of them here, against 10 stand-ins; without stand-ins all 46 were.)
    @Test func cellsPastTheShareAreDrawnFromStandIns() throws {
        let o = try PictureRasterTests.play()
        let f = o.figures
        #expect(f.standIns > 0, "no stand-in drawn: \(f)")
        #expect(f.standIns <= f.composites, "\(f)")
        #expect(o.restingMismatches.isEmpty, "resting frames unlike the direct path at \(o.restingMismatches) ms")
        #expect(o.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "worst moving share \(o.worstShare)")
    }
}
