@testable import CairoRenderer
import Testing

/// The boxes repainted exactly after picture cells were drawn from rasters (PictureRasters.settleBoxes):
/// no cell crosses a box's rows' edges (a picture repainted from a band starting inside it is 1/255
/// off in a row), and cells on other rows are left out (one box of every cell took in the whole carousel
/// at 3840x2160: the band and titles between the strip and the preview).
@Suite struct PictureSettleBoxTests {
    static func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    /// True when no cell crosses a box's rows partly: each cell on a box's rows is wholly inside it.
    static func cutsNoCell(_ boxes: [PixelRect], _ cells: [PixelRect]) -> Bool {
        cells.allSatisfy { cell in boxes.allSatisfy { !($0.y < cell.maxY && cell.y < $0.maxY) || $0.contains(cell) } }
    }

    @Test func aDrawnCellOverlappingAStillOneTakesItInWhole() {
        let moving = Self.r(100, 100, 200, 200), still = Self.r(250, 120, 200, 200)
        let boxes = PictureRasters.settleBoxes(drawn: [moving], cells: [moving, still])
        #expect(boxes == [moving.union(still)], "\(boxes)")
    }

    @Test func farApartGroupsStayApart() {
        // The preview's cards above, the strip's items far below: two boxes, the gap between left out.
        let preview = [Self.r(300, 100, 400, 400), Self.r(650, 150, 300, 300)]
        let strip = [Self.r(100, 1500, 150, 150), Self.r(240, 1500, 150, 150)]
        let boxes = PictureRasters.settleBoxes(drawn: [preview[0], strip[1]], cells: preview + strip)
        #expect(boxes.count == 2, "\(boxes)")
        #expect(Self.cutsNoCell(boxes, preview + strip), "\(boxes)")
        let gap = Self.r(0, 600, 2000, 800)
        #expect(boxes.allSatisfy { !$0.intersects(gap) }, "\(boxes) repaint the gap")
    }

    @Test func aChainOfTouchingCellsBecomesOneBox() {
        // Each item's shadow reaches its neighbour's: one drawn item pulls in the whole row.
        let row = (0..<6).map { Self.r(100 + 140 * $0, 500, 150, 150) }
        let boxes = PictureRasters.settleBoxes(drawn: [row[2]], cells: row)
        #expect(boxes.count == 1 && Self.cutsNoCell(boxes, row), "\(boxes)")
        #expect(boxes.first.map { $0.contains(row[0]) && $0.contains(row[5]) } == true, "\(boxes)")
    }

    /// Growing one box may bring it onto rows of a cell it did not reach: it goes on until no cell
    /// is cut (cells stepping down the window, each sharing rows with the next only).
    @Test func growingUntilNoCellIsCut() {
        let a = Self.r(0, 0, 100, 100), b = Self.r(500, 90, 100, 100), c = Self.r(1000, 180, 100, 100)
        let far = Self.r(0, 400, 100, 100)
        let boxes = PictureRasters.settleBoxes(drawn: [a], cells: [a, b, c, far])
        #expect(Self.cutsNoCell(boxes, [a, b, c, far]), "\(boxes)")
        #expect(boxes == [a.union(b).union(c)], "\(boxes)")
    }

    /// Two boxes side by side on shared rows would band each other: the repainted region's bands
    /// start at the lower box's top, cutting the other's picture there. They are one box.
    @Test func boxesSharingRowsBecomeOne() {
        let left = Self.r(0, 100, 200, 300), right = Self.r(600, 381, 200, 300)
        let boxes = PictureRasters.settleBoxes(drawn: [left, right], cells: [left, right])
        #expect(boxes == [left.union(right)], "\(boxes)")
    }

    /// A still cell on the drawn box's rows is taken in though it does not touch it: the damage
    /// widens the box to whole rows, which would cut that cell (the centre preview card beside the
    /// right-hand ones).
    @Test func aStillCellOnTheSameRowsIsTakenIn() {
        let drawn = Self.r(900, 130, 300, 290), centre = Self.r(450, 100, 380, 380)
        let boxes = PictureRasters.settleBoxes(drawn: [drawn], cells: [drawn, centre])
        #expect(boxes == [drawn.union(centre)], "\(boxes)")
    }

    @Test func nothingDrawnRepaintsNothing() {
        #expect(PictureRasters.settleBoxes(drawn: [], cells: [Self.r(0, 0, 10, 10)]).isEmpty)
    }
}
