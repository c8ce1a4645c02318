@testable import CairoRenderer
import InteractionEngine
import Testing

/// A growing card's shadow copied in nine slices from its cached resting shadow (ShadowSlices.swift,
/// issue 21 item 3) instead of drawn whole at every size. Counted, never timed.
@Suite struct ShadowSliceTests {
    /// A card `height` px tall: its shadow, an opaque sheet and a 200 px gradient face on top.
    static func card(height: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let frame = Rect(x: 20, y: 30, width: 440, height: height)
        list.append(.shadow(frame, cornerRadius: 14, blur: 8, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.2)))
        list.append(.fillRect(frame, .solid(Color(rgb: 0xFFFFFF)), cornerRadius: 14))
        list.append(.fillRect(Rect(x: 20, y: 30, width: 440, height: 200),
                              .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
        return list
    }

    /// The card rests at 200 px, grows by 37 px a frame to 570 (past twice its height, where a cut in
    /// four from the resting shadow cannot reach), then rests: no shadow is drawn whole while it
    /// grows, the moving frames are within the tolerance and the resting ones the direct path's.
    @Test func aGrowingCardsShadowIsSlicedFromItsRestingShadow() {
        let heights: [Double] = [200, 200, 200] + (1...10).map { 200 + 37 * Double($0) } + [570, 570, 570]
        var directShadows: [Int] = [], sliced = 0
        let (frames, _) = HiddenPartsTests.play(heights.map { Self.card(height: $0) }, layers: true) { renderer in
            directShadows.append(renderer.shapeStatistics.shadowsDrawnDirectly)
            sliced = renderer.shapeStatistics.sliced
        }
        // The growing frames are 3...12; the one before them drew what the first frame drew.
        let grown = directShadows[12] - directShadows[2]
        #expect(grown == 0, "\(grown) shadows drawn whole while the card grew")
        #expect(sliced >= 10, "\(sliced) shadows sliced in 10 growing frames")
        let worst = frames.map(\.share).max() ?? 0
        #expect(worst <= LayerRepaintTests.LayerTolerance.maxShare, "a growing frame has \(worst * 100)% of its pixels off")
        let resting = frames.filter(\.resting)
        #expect(resting.count == 5 && resting.allSatisfy(\.identical), "\(resting.count) resting frames (two at 200 px, three at 570), or one differs from the direct path")
    }

    /// The source needs one middle column beyond its two corner slices (`cornerSlack` past the
    /// corner's reach): straddled at the smallest size that has it.
    @Test func aSourceNeedsAMiddleBeyondItsCorners() throws {
        let blur = 8.0, radius = 14.0
        let look = ShapeCache.Kind.shadow(radius: radius, blur: blur, Color.black.withAlpha(0.2))
        let extent = Int((Double(ShapeCache.shadowMargin(blur: blur)) + radius).rounded(.up)) + ShadowSlices.cornerSlack
        let smallest = 2 * extent + 1
        let middle = ShadowSlices.maximumRuns - 2, target = 2 * extent + middle
        let slices = try #require(ShadowSlices(source: smallest, smallest, look: look, target: target, target, look: look))
        #expect(slices.columns.first == .init(target: 0, length: extent, source: 0))
        #expect(slices.columns.last == .init(target: target - extent, length: extent, source: smallest - extent))
        #expect(slices.columns.count == ShadowSlices.maximumRuns)
        #expect(slices.columns.dropFirst().dropLast().allSatisfy { $0.length == 1 && $0.source == extent })
        #expect(ShadowSlices(source: smallest - 1, 400, look: look, target: target, target, look: look) == nil)
        // One more middle column than the runs allow.
        #expect(ShadowSlices(source: smallest, smallest, look: look, target: target + 1, target, look: look) == nil)
        let other = ShapeCache.Kind.shadow(radius: radius, blur: blur + 1, Color.black.withAlpha(0.2))
        #expect(ShadowSlices(source: 400, 400, look: other, target: 600, 300, look: look) == nil, "another look is never sliced")
    }
}
