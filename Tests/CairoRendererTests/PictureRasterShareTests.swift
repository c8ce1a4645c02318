@testable import CairoRenderer
import InteractionEngine
import Testing

/// A frame makes at most `PictureMetrics.rastersPerFrameWithStandIn` rasters of picture cells
/// that already have a stand-in, and a cell's raster is painted from a picture held at a nearby
/// size rather than decoding its own (PictureNearbySize.swift), on PictureRasterTests' carousel
/// drag and fling at 1280x800.
@Suite struct PictureRasterShareTests {
    /// Played with a renderer set up by `configure`: the cells' counts, the inline decodes, the
    /// resting frames unlike the direct path and the worst moving share.
    static func play(_ configure: (CairoRenderer) -> Void = { _ in })
        throws -> (figures: PictureRasterFigures, decodes: Int, mismatches: Int, worst: Double, evictions: Int) {
        var renderer: CairoRenderer?
        let o = try PictureRasterTests.play(configure: { r in configure(r); renderer = r })
        return (o.figures, renderer?.pictureFigures.inlineDecodes ?? -1, o.restingMismatches.count, o.worstShare,
                o.statistics.evictions)
    }

    @Test func cellsWithAStandInWaitAndRastersPaintHeldPictures() throws {
        let on = try Self.play()
        #expect(on.figures.rastersDeferred > 0, "no raster waited for a frame of its own: \(on.figures)")
        #expect(on.figures.nearbyPictures > 0, "no raster painted a held nearby size: \(on.figures)")
        #expect(on.mismatches == 0, "\(on.mismatches) resting frames unlike the direct path")
        #expect(on.worst <= LayerRepaintTests.LayerTolerance.maxShare, "worst moving share \(on.worst)")
        // Without the nearby sizes every raster's picture is decoded at its own size: more decodes.
        let off = try Self.play { $0.pictureRasters.nearbyAllowed = false }
        #expect(off.figures.nearbyPictures == 0, "\(off.figures)")
        #expect(on.decodes < off.decodes, "decodes \(on.decodes) with nearby sizes, \(off.decodes) without")
    }

    /// A held size within `PictureMetrics.standInScaleReach` stands in for a raster's picture, one
    /// beyond it does not; nor does one whose corners were cut at another share of its width.
    @Test func aNearbyHeldSizeWithinTheReachStandsIn() {
        let reach = PictureMetrics.standInScaleReach, delta = reach / 4
        func key(_ w: Int, radius share: Double = 0.1) -> PictureKey {
            PictureKey(path: "p.png", width: w, height: w, cornerRadius: Int((Double(w) * share).rounded()),
                       exactRadius: Double(w) * share)
        }
        let want = key(400)
        for (width, held) in [(Int(400 * (1 + reach - delta)), true), (Int(400 * (1 + reach + delta)), false),
                              (Int(400 * (1 - reach + delta)), true), (Int(400 * (1 - reach - delta)), false)] {
            let store = PictureStore(budget: 64 << 20)
            store.insert(key(width), ImageSurface(width: 2, height: 2), average: (0.5, 0.5, 0.5), fadeStart: -.infinity)
            #expect((store.nearbySize(of: want, reach: reach) != nil) == held, "\(width) px for 400 px")
        }
        let store = PictureStore(budget: 64 << 20)
        store.insert(key(404, radius: 0.2), ImageSurface(width: 2, height: 2), average: (0.5, 0.5, 0.5), fadeStart: -.infinity)
        #expect(store.nearbySize(of: want, reach: reach) == nil, "corners cut at twice the share")
    }
}
