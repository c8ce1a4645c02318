@testable import CairoRenderer
import InteractionEngine
import Testing

/// Mostly hidden shapes that come to rest together are cached one a frame
/// (`ShapeCache.hiddenRasterisationsPerFrame`, issue 21: the wallet's footer faces at #320). Counted.
@Suite struct HiddenRasterBudgetTests {
    /// Three cards `width` px wide stacked 20 px apart at `y`, each mostly under a fourth card that does not move.
    static func stack(y: Double, width: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let colours: [UInt32] = [0x5E9CF5, 0xE5484D, 0x30A46C, 0x8E4EC6]
        for i in 0..<4 {
            let card = i < 3 ? Rect(x: 30, y: y + 20 * Double(i), width: width, height: 200)
                : Rect(x: 20, y: 140, width: 440, height: 200)
            list.append(.fillRect(card, .diagonalGradient(from: Color(rgb: colours[i]), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
        }
        return list
    }

    /// The three lower faces move and narrow by whole pixels (cut from their first size), then creep
    /// by a twentieth of a pixel a frame at a new size (the tail of a footer's spring: the same
    /// device pixel and size, a new command): at most the frame's share of them is cached in any
    /// frame, the rest wait drawn clipped, and the resting frames are the direct path's.
    @Test func mostlyHiddenShapesComingToRestAreCachedOneAFrame() {
        let creep = (1...6).map { 0.05 * Double($0) }
        let steps: [(y: Double, width: Double)] = [(40, 420), (40, 420), (43, 416), (46, 412), (49, 408)]
            + creep.map { (49 + $0, 404 + $0) } + Array(repeating: (49.3, 404.3), count: 3)
        var rasterised: [Int] = [], deferred = 0
        let (frames, _) = HiddenPartsTests.play(steps.map { Self.stack(y: $0.y, width: $0.width) }, layers: true) { renderer in
            rasterised.append(renderer.shapeStatistics.rasterised)
            deferred = renderer.shapeStatistics.hiddenRasterisationsDeferred
        }
        // Frames 5...10 creep; per frame, the faces cached there.
        let creeping = (5...10).map { rasterised[$0] - rasterised[$0 - 1] }
        let budget = ShapeCache.hiddenRasterisationsPerFrame
        #expect(creeping.max() == budget, "faces cached per creeping frame: \(creeping), allowed \(budget)")
        #expect(creeping.reduce(0, +) >= 3, "the three lower faces were not all cached while creeping: \(creeping)")
        #expect(deferred >= 3 - budget, "\(deferred) rasterisations left for a later frame")
        let worst = frames.map(\.share).max() ?? 0
        #expect(worst <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(worst * 100)% of its pixels off")
        let resting = frames.filter(\.resting)
        #expect(resting.count == 4 && resting.allSatisfy(\.identical), "\(resting.count) resting frames, or one differs")
    }
}
