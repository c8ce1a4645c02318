@testable import CairoRenderer
import Foundation
@testable import InteractionEngine
import Testing

/// The frame's occluders bucketed by cells (`OccluderIndex`, issue 21: a screen of moving grid
/// tiles at 3840x2160 asked each of ~650 faces about each moving command's box). Exact: it finds
/// every face a box meets, and a frame draws the same pixels with it as without.
@Suite struct OccluderIndexTests {
    /// A small linear congruential generator: the same rectangles on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        mutating func rect() -> PixelRect {
            // Mostly tiles, some a screen wide (past `maximumCells`), some off the screen's left and top.
            let wide = next(0...9) == 0
            return PixelRect(x: next(-300...3800), y: next(-300...2100),
                             width: wide ? next(17_000...40_000) : next(1...400), height: next(1...300))
        }
    }

    @Test func candidatesHoldEveryLaterFaceMeetingTheBox() throws {
        var numbers = Numbers(state: 21)
        let occluders = (0..<300).map { (index: $0 * 3, rect: numbers.rect()) }
        let index = try #require(OccluderIndex(occluders))
        var asked = 0, answered = 0, candidates = 0, after = 0
        for _ in 0..<400 {
            let box = numbers.rect()
            let start = numbers.next(0...occluders.count)
            let meeting = occluders.indices.filter { $0 >= start && !occluders[$0].rect.intersection(box).isEmpty }
            asked += 1
            var found: [Int] = []
            guard let finished = index.forEachCandidate(meeting: box, from: start, { found.append($0); return true }) else { continue }
            answered += 1
            #expect(finished)
            #expect(Set(meeting).isSubset(of: Set(found)), "box \(box) from \(start): missed \(Set(meeting).subtracting(found).sorted())")
            #expect(found.allSatisfy { $0 >= start })
            // Stopped by its body: no position after the one it declined.
            if let first = found.first {
                var seen = 0
                #expect(index.forEachCandidate(meeting: box, from: start, { _ in seen += 1; return false }) == false)
                #expect(seen == 1, "\(seen) positions after the first declined (\(first))")
            }
            candidates += found.count
            after += occluders.count - start
        }
        #expect(answered > asked / 2, "\(answered) of \(asked) boxes answered from the cells")
        // Bucketed: a box is shown a small part of the faces after it, not all of them.
        #expect(candidates * 4 < after, "\(candidates) candidates of \(after) faces after the boxes")
    }

    @Test func tooFewFacesHaveNoIndex() {
        let faces = (0..<(OccluderIndex.minimumCount - 1)).map { (index: $0, rect: PixelRect(x: $0 * 10, y: 0, width: 8, height: 8)) }
        #expect(OccluderIndex(faces) == nil)
        #expect(OccluderIndex(faces + [(index: 999, rect: PixelRect(x: 0, y: 20, width: 8, height: 8))]) != nil)
    }

    /// 80 tiles of 108 px in ten columns on a 1280x800 window, each slid right by `slide` (a
    /// reflow of every tile shown), a tile lifted over them.
    static func tiles(slide: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for i in 0..<80 {
            let tile = Rect(x: 16 + Double(i % 10) * 120 + slide, y: 16 + Double(i / 10) * 96, width: 108, height: 84)
            list.append(.shadow(tile, cornerRadius: 14, blur: 6, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.2)))
            list.append(.fillRect(tile, .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
            list.append(.text("Tile \(i)", Rect(x: tile.minX + 12, y: tile.maxY - 34, width: 78, height: 24),
                              TextStyle(size: 15, weight: .bold, color: .white)))
        }
        list.append(.fillRect(Rect(x: 300 + slide * 3, y: 200, width: 130, height: 130), .solid(Color(rgb: 0xE5484D)), cornerRadius: 14))
        return list
    }

    @Test func aReflowOfEveryTileDrawsTheSamePixelsWithTheIndexAsWithout() {
        var indexed = WindowDrawing(width: 1280, height: 800), scanned = WindowDrawing(width: 1280, height: 800)
        scanned.compositor.indexesOccluders = false
        let slides = [0.0, 0.0] + (1...12).map { Double($0) * 3.7 } + [44.4, 44.4]
        let differing = WindowDrawing.differingFrames(&indexed, &scanned, slides.map { Self.tiles(slide: $0) })
        #expect(differing == 0, "\(differing) of \(slides.count) frames differ with the index")
        #expect(indexed.compositor.indexedShowings > 0, "no moving command was looked up in the index")
        #expect(scanned.compositor.indexedShowings == 0)
        #expect(indexed.restingMismatches == 0)
    }
}
