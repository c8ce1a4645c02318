import Testing
@testable import InteractionEngine

/// `n` tiles with ids "t0", "t1"... ; the slots in `pinned` hold pinned tiles.
func gridTiles(_ n: Int, pinned: Set<Int> = []) -> [GridTile] {
    (0..<n).map { GridTile(id: "t\($0)", label: "T\($0)", color: Color(rgb: 0x3366CC), pinned: pinned.contains($0)) }
}

/// The default scene viewport (480 x 800 window less the 44 px bar): 4 columns of 103 px tiles, pitch 115.
let gridViewport = Size(width: 480, height: 756)

@Suite struct GridLayoutTests {
    @Test(arguments: [
        (200.0, 2), (247.0, 2), (355.0, 3), (462.0, 4), (480.0, 4), (559.0, 4), (560.0, 5), (1280.0, 11),
    ])
    func columnCountFollowsTheWidth(width: Double, columns: Int) {
        // columns = max(2, floor((width - 2·16 + 12) / (96 + 12)))
        #expect(GridLayout.columns(forWidth: width) == columns)
        let layout = GridLayout(width: width, count: 100)
        #expect(layout.columns == columns)
        // The row exactly fills the width between the margins.
        let last = layout.frame(at: columns - 1)
        #expect(abs(last.maxX - (width - GridLayout.margin)) < 1e-9)
        #expect(layout.tileSize >= GridLayout.minimumTileWidth || columns == GridLayout.minimumColumns)
    }

    @Test func slotsAreSquareAndNumberedRowByRow() {
        let layout = GridLayout(width: 480, count: 48)
        #expect(layout.columns == 4 && layout.tileSize == 103 && layout.pitch == 115)
        #expect(layout.frame(at: 0) == Rect(x: 16, y: 16, width: 103, height: 103))
        #expect(layout.frame(at: 5) == Rect(x: 131, y: 131, width: 103, height: 103))
        #expect(layout.rows == 12)
        #expect(layout.contentHeight == 32 + 12 * 115 - 12)
    }

    @Test func hitTestingFindsTilesAndNothingInTheGaps() {
        let layout = GridLayout(width: 480, count: 10)
        #expect(layout.index(at: Point(x: 67, y: 67)) == 0)
        #expect(layout.index(at: Point(x: 182, y: 182)) == 5)
        #expect(layout.index(at: Point(x: 125, y: 67)) == nil) // the 12 px gap
        #expect(layout.index(at: Point(x: 8, y: 67)) == nil) // the margin
        #expect(layout.index(at: Point(x: 297, y: 297)) == nil) // slot 10 does not exist
        #expect(layout.index(at: Point(x: 470, y: 67)) == nil)
    }

    @Test func visibleSlotsAreTheRowsCrossingTheViewport() {
        let layout = GridLayout(width: 480, count: 10_000)
        #expect(layout.indices(intersectingTop: 0, height: 756) == 0..<28) // rows 0...6
        // Rows 100...106 at y = 16 + 115·row; a viewport from 11 516 to 12 272.
        let range = layout.indices(intersectingTop: 16 + 115 * 100, height: 756)
        #expect(range == 400..<428)
        #expect(layout.indices(intersectingTop: 16 + 115 * 100, height: 756, extraRows: 1) == 396..<432)
        #expect(layout.indices(intersectingTop: layout.contentHeight - 756, height: 756).upperBound == 10_000)
        #expect(layout.indices(intersectingTop: -300, height: 200).isEmpty)
    }

    @Test func nearestSlotIsTheClosestExistingCentre() {
        let layout = GridLayout(width: 480, count: 10) // last row holds slots 8 and 9
        #expect(layout.nearestIndex(to: Point(x: 70, y: 60)) == 0)
        #expect(layout.nearestIndex(to: Point(x: -500, y: -500)) == 0)
        #expect(layout.nearestIndex(to: Point(x: 412, y: 297)) == 7) // under the empty slot 11: slot 7 is above it
        #expect(layout.nearestIndex(to: Point(x: 412, y: 5000)) == 9)
    }
}

@Suite struct GridReorderTests {
    static func reorder(_ n: Int = 48, pinned: Set<Int> = []) -> GridReorder {
        GridReorder(items: gridTiles(n, pinned: pinned), width: 480)
    }

    static func ids(_ list: [GridTile]) -> [String] { list.map(\.id) }

    @Test func beginUpdateEndMovesTheDataLikeRemoveThenInsert() {
        var r = Self.reorder(12)
        let c = r.layout
        #expect(r.beginMovement(at: c.center(at: 1) + Point(x: 10, y: -20)) == true)
        #expect(r.movement?.grabOffset == Point(x: 10, y: -20))
        // Held 10 px right of centre: the pointer at slot 6's centre + grab puts the tile's centre on slot 6.
        let reflow = r.updateMovement(target: c.center(at: 6) + Point(x: 10, y: -20))
        #expect(reflow?.from == 1 && reflow?.to == 6)
        #expect(Self.ids(r.liveItems) == ["t0", "t2", "t3", "t4", "t5", "t6", "t1", "t7", "t8", "t9", "t10", "t11"])
        #expect(Self.ids(r.items) == (0..<12).map { "t\($0)" }, "nothing is committed before end")
        let outcome = r.endMovement()
        #expect(outcome?.id == "t1" && outcome?.from == 1 && outcome?.to == 6)
        #expect(Self.ids(r.items) == Self.ids(r.liveItems))
        #expect(Self.ids(r.items)[6] == "t1")
        #expect(r.movement == nil)
    }

    @Test func cancelAfterSeveralReflowsRestoresEverything() {
        var r = Self.reorder(24, pinned: [10])
        let c = r.layout
        let before = Self.ids(r.items)
        #expect(r.beginMovement(at: c.center(at: 2)) == true)
        var reflows = 0
        for slot in [3, 7, 11, 15, 14, 5, 0] {
            if r.updateMovement(target: c.center(at: slot)) != nil { reflows += 1 }
        }
        #expect(reflows == 7)
        #expect(r.movement?.current == 0)
        #expect(Self.ids(r.liveItems) != before)
        let outcome = r.cancelMovement()
        #expect(outcome?.from == 0 && outcome?.to == 2)
        #expect(Self.ids(r.liveItems) == before && Self.ids(r.items) == before)
        #expect(r.movement == nil)
        // The reflow back maps every slot onto where its item was before the press.
        #expect(outcome?.reflow?.from == 0 && outcome?.reflow?.to == 2)
    }

    @Test func pinnedTilesRefuseToMoveAndAreNeverDisplaced() {
        var r = Self.reorder(24, pinned: [0, 9])
        let c = r.layout
        #expect(!r.canMoveItem(at: 0) && !r.canMoveItem(at: 9) && r.canMoveItem(at: 1))
        #expect(r.beginMovement(at: c.center(at: 9)) == false)
        #expect(r.movement == nil)
        // Moving t4 to slot 12 flows around the pinned t9; moving it over t9's slot does nothing.
        #expect(r.beginMovement(at: c.center(at: 4)) == true)
        #expect(r.updateMovement(target: c.center(at: 9)) == nil)
        #expect(r.movement?.current == 4)
        #expect(r.updateMovement(target: c.center(at: 12))?.to == 12)
        #expect(Self.ids(r.liveItems)[0...13] == ["t0", "t1", "t2", "t3", "t5", "t6", "t7", "t8", "t10", "t9",
                                                   "t11", "t12", "t4", "t13"])
        // ... and back over both pinned tiles to slot 1.
        #expect(r.updateMovement(target: c.center(at: 0)) == nil, "a pinned slot never captures")
        #expect(r.updateMovement(target: c.center(at: 1))?.to == 1)
        r.endMovement()
        #expect(r.items[0].id == "t0" && r.items[9].id == "t9")
        #expect(r.items[1].id == "t4")
        #expect(Set(Self.ids(r.items)) == Set((0..<24).map { "t\($0)" }))
    }

    @Test func beginOnEmptySpaceReturnsFalse() {
        var r = Self.reorder(10)
        #expect(r.beginMovement(at: Point(x: 125, y: 67)) == false) // gap between tiles
        #expect(r.beginMovement(at: Point(x: 5, y: 5)) == false) // margin
        #expect(r.beginMovement(at: Point(x: 297, y: 297)) == false) // past the last tile
        #expect(r.beginMovement(at: Point(x: .nan, y: 3)) == false)
        #expect(r.movement == nil)
        #expect(r.updateMovement(target: Point(x: 100, y: 100)) == nil)
        #expect(r.endMovement() == nil && r.cancelMovement() == nil)
    }

    @Test func beginTwiceKeepsTheFirstMovement() {
        var r = Self.reorder(10)
        #expect(r.beginMovement(at: r.layout.center(at: 1)) == true)
        #expect(r.beginMovement(at: r.layout.center(at: 2)) == false)
        #expect(r.movement?.id == "t1")
    }

    @Test func aSlotCapturesWithinHalfATileWidth() {
        var r = Self.reorder(12)
        let c = r.layout
        #expect(r.beginMovement(at: c.center(at: 0)) == true)
        // 103 px tiles: slot 1's centre is 115 px right. 60 px from it is not close enough.
        #expect(r.updateMovement(target: c.center(at: 1) - Point(x: 60, y: 0)) == nil)
        #expect(r.updateMovement(target: c.center(at: 1) - Point(x: 48, y: 0))?.to == 1)
    }

    @Test func jitterAcrossABoundaryDoesNotFlipTheTarget() {
        var r = Self.reorder(12)
        let c = r.layout
        #expect(r.beginMovement(at: c.center(at: 0)) == true)
        let y = c.center(at: 0).y
        // The boundary between slots 0 and 1 is half way between their centres (x = 125).
        // Jitter of ±6 px crosses it every time, so "nearest slot" alone would flip 40 times.
        let boundary = (c.center(at: 0).x + c.center(at: 1).x) / 2
        let jitter = (0..<40).map { boundary + ($0.isMultiple(of: 2) ? 6 : -6) }
        #expect(jitter.filter { c.nearestIndex(to: Point(x: $0, y: y)) == 1 }.count == 20)
        var changes = 0
        for x in jitter where r.updateMovement(target: Point(x: x, y: y)) != nil { changes += 1 }
        #expect(changes == 0 && r.movement?.current == 0)
        // Clearly past it, slot 1 captures; the same jitter then keeps slot 1.
        #expect(r.updateMovement(target: Point(x: boundary + 12, y: y))?.to == 1)
        for x in jitter where r.updateMovement(target: Point(x: x, y: y)) != nil { changes += 1 }
        #expect(changes == 0 && r.movement?.current == 1)
        // Going back needs the centre clearly on slot 0's side.
        #expect(r.updateMovement(target: Point(x: boundary - 12, y: y))?.to == 0)
        // No margin on top of the SPEC's half-tile capture (issue 22): the band is the spacing.
        let edge = GridReorder.hysteresisBand(c) / 2
        #expect(r.updateMovement(target: Point(x: boundary + edge - 0.5, y: y)) == nil)
        #expect(r.updateMovement(target: Point(x: boundary + edge + 0.5, y: y))?.to == 1)
    }

    @Test func moveItemSkipsPinnedDestinations() {
        var r = Self.reorder(12, pinned: [3])
        let outcome = r.moveItem(at: 2, toward: 3)
        #expect(outcome?.from == 2 && outcome?.to == 4)
        #expect(Self.ids(r.items)[2...4] == ["t4", "t3", "t2"])
        #expect(r.moveItem(at: 3, toward: 4) == nil, "pinned")
        #expect(r.moveItem(at: 11, toward: 12) == nil, "past the end")
    }

    @Test func reflowMapsSlotsBothWaysAroundPinnedOnes() {
        let forward = GridReflow(from: 1, to: 6, pinned: [3])
        // After: t0 t2 t4 t3 t5 t6 t1 : new slot -> old slot.
        #expect((0...7).map { forward.oldIndex(ofItemAt: $0) } == [0, 2, 4, 3, 5, 6, 1, 7])
        #expect((0...7).map { forward.newIndex(ofItemAt: $0) } == [0, 6, 1, 3, 2, 4, 5, 7])
        let backward = GridReflow(from: 6, to: 1, pinned: [3])
        #expect((0...7).map { backward.oldIndex(ofItemAt: $0) } == [0, 6, 1, 3, 2, 4, 5, 7])
        #expect((0...7).map { backward.newIndex(ofItemAt: $0) } == [0, 2, 4, 3, 5, 6, 1, 7])
        var items = gridTiles(8, pinned: [3])
        items.moveAroundPinned(from: 1, to: 6)
        #expect(Self.ids(items) == (0...7).map { "t\(forward.oldIndex(ofItemAt: $0))" })
    }
}

@Suite struct GridDataTests {
    static func file(_ records: [(String, String, String)]) -> GridTileFile {
        GridTileFile(tiles: records.map { GridTileFile.Record(id: $0.0, label: $0.1, color: $0.2, pinned: nil) })
    }

    @Test func validFileGivesTiles() throws {
        let tiles = try Self.file([("a", "Coral", "#FF6F61"), ("b", "Teal", "14A3A8")]).validatedTiles()
        #expect(tiles.map(\.id) == ["a", "b"])
        #expect(tiles[1].color == Color(rgb: 0x14A3A8) && !tiles[1].pinned)
    }

    @Test func badFilesSayWhatIsWrong() {
        #expect(throws: GridDataError("duplicate id 'a'")) {
            try Self.file([("a", "x", "#000000"), ("a", "y", "#FFFFFF")]).validatedTiles()
        }
        #expect(throws: GridDataError("tile 'a' has colour 'red', expected #RRGGBB")) {
            try Self.file([("a", "x", "red")]).validatedTiles()
        }
        #expect(throws: GridDataError("no tiles")) { try Self.file([]).validatedTiles() }
        #expect(throws: GridDataError("tiles[0] has an empty id")) { try Self.file([("", "x", "#000000")]).validatedTiles() }
    }
}
