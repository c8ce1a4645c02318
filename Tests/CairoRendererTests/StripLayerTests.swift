import CairoRenderer
import Foundation
import InteractionEngine
import Testing
@testable import CairoRenderer

/// A scroll strip is rasterised from its commands with the layers already held copied in, and
/// none rasterised for it (`LayerCache.stripsRasteriseLayers` off): such a raster was drawn only
/// to be copied once into the strip (counted, never timed).
@Suite struct StripLayerTests {
    /// `ScrollStripTests.culledGrid` with tiles as the grid draws them: a label and an initial on
    /// each face, so each face is a layer (`LayerCache.minimumInside`).
    static func grid(offset: Double) -> DisplayList {
        let viewport = ScrollStripTests.viewport
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        list.transformed(by: Transform(translation: Point(x: 0, y: 44))) { list in
            list.clipped(to: Rect(x: 0, y: 0, width: 480, height: viewport)) { list in
                list.transformed(by: Transform(translation: Point(x: 0, y: -offset))) { list in
                    for i in 0..<400 {
                        let tile = Rect(x: 16 + Double(i % 4) * 114, y: 16 + Double(i / 4) * 114, width: 102, height: 102)
                        guard tile.maxY > offset, tile.minY < offset + viewport else { continue }
                        list.append(.shadow(tile, cornerRadius: 14, blur: 6, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.2)))
                        list.append(.fillRect(tile, .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
                        list.append(.text("Tile \(i)", Rect(x: tile.minX + 12, y: tile.maxY - 34, width: 78, height: 24),
                                          TextStyle(size: 15, weight: .bold, color: .white)))
                        list.append(.text("T", Rect(x: tile.minX + 12, y: tile.minY + 8, width: 50, height: 40),
                                          TextStyle(size: 30, weight: .bold, color: Color.white.withAlpha(0.35))))
                    }
                }
            }
        }
        return list
    }

    /// `grid` flung from its second frame on: tiles are met for the first time while the
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
            window.draw(Self.grid(offset: offset))
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
