import CairoRenderer
import Foundation
import InteractionEngine
import Testing
@testable import CairoRenderer

/// A scroll strip is rasterised from its commands with the layers already held copied in, and
/// none rasterised for it (`LayerCache.stripsRasteriseLayers` off): such a raster was drawn only
/// to be copied once into the strip (counted, never timed).
@Suite struct StripLayerTests {
    /// `ScrollStripTests.culledGrid` with each face's initial (each face a layer) flung from its second frame on: tiles are met for the first time while the
    /// container scrolls, so strips and layers are made in the same frames.
    /// The window, and the layers rasterised in the frames that rasterised a strip.
    static func fling(stripsRasteriseLayers: Bool) -> (window: WindowDrawing, layersWithStrips: Int) {
        var window = WindowDrawing(width: ScrollStripTests.size.width, height: ScrollStripTests.size.height)
        window.compositor.layers.stripsRasteriseLayers = stripsRasteriseLayers
        let step = 37.5, frames = 30
        let offsets = [0.0] + (1...frames).map { Double($0) * step } + Array(repeating: Double(frames) * step, count: 3)
        var withStrips = 0
        for offset in offsets {
            let before = window.statistics
            window.draw(ScrollStripTests.culledGrid(offset: offset, initials: true))
            let after = window.statistics
            if after.stripsRasterised > before.stripsRasterised { withStrips += after.rasterised - before.rasterised }
        }
        return (window, withStrips)
    }

    @Test func aStripRasterisesNoLayerForItself() {
        let (now, nowLayers) = Self.fling(stripsRasteriseLayers: false), (before, beforeLayers) = Self.fling(stripsRasteriseLayers: true)
        let a = now.statistics, b = before.statistics
        #expect(a.stripsRasterised > 3, "\(a.stripsRasterised) strips rasterised: the fling did not use its strips")
        #expect(a.stripsRasterised == b.stripsRasterised)
        #expect(nowLayers < beforeLayers, "layers rasterised in the strips' frames: \(nowLayers) without rasters for the strips, \(beforeLayers) with")
        #expect(now.resting == 3 && now.restingMismatches == 0, "\(now.restingMismatches) of \(now.resting) resting frames differ")
        #expect(now.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(now.worstShare * 100)% of its pixels off")
    }
}
