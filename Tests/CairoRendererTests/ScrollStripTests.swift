import CCairo
@testable import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// A scroll container laid out as the grid lays itself out (issue 21 item 7): only the tiles the
/// viewport shows are in the list, so rows enter at one edge and leave at the other while it
/// scrolls. A held strip stays valid for the rows it shows and takes the entering rows drawn onto
/// it, instead of being rasterised again each time a row comes or goes (counted, never timed).
@Suite struct ScrollStripTests {
    static let size = (width: 480, height: 640)
    /// The scene's area below the deck's 44 px bar.
    static let viewport = 596.0

    /// `ScrollTileTests.grid`'s 4 columns of tiles (400 of them), only those the viewport at `offset` shows.
    /// `marker`: the x of a tile drawn over the container, outside it (a landing tile moving).
    /// `initials`: each face also shows its initial, as the grid draws tiles (a label and an
    /// initial make each face a layer, `LayerCache.minimumInside`). `column`: the tiles in two
    /// columns from x 128, the container clipped to x 120-360 (a message list's column in a wide window).
    static func culledGrid(offset: Double, marker: Double? = nil, initials: Bool = false, column: Bool = false) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        let (columns, left) = column ? (2, 128.0) : (4, 16.0)
        func content(_ list: inout DisplayList) {
            list.transformed(by: Transform(translation: Point(x: 0, y: -offset))) { list in
                for i in 0..<400 {
                    let tile = Rect(x: left + Double(i % columns) * 114, y: 16 + Double(i / columns) * 114, width: 102, height: 102)
                    guard tile.maxY > offset, tile.minY < offset + viewport else { continue }
                    list.append(.shadow(tile, cornerRadius: 14, blur: 6, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.2)))
                    list.append(.fillRect(tile, .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 14))
                    list.append(.text("Tile \(i)", Rect(x: tile.minX + 12, y: tile.maxY - 34, width: 78, height: 24),
                                      TextStyle(size: 15, weight: .bold, color: .white)))
                    if initials {
                        list.append(.text("T", Rect(x: tile.minX + 12, y: tile.minY + 8, width: 50, height: 40),
                                          TextStyle(size: 30, weight: .bold, color: Color.white.withAlpha(0.35))))
                    }
                }
            }
        }
        list.transformed(by: Transform(translation: Point(x: 0, y: 44))) { list in
            list.clipped(to: Rect(x: 0, y: 0, width: 480, height: viewport)) { list in
                if column {
                    list.clipped(to: Rect(x: 120, y: 0, width: 240, height: viewport)) { content(&$0) }
                } else {
                    content(&list)
                }
            }
        }
        if let marker {
            list.append(.fillRect(Rect(x: marker, y: 300, width: 110, height: 110), .solid(Color(rgb: 0xE5484D)), cornerRadius: 14))
        }
        return list
    }

    @Test func aCulledFlingKeepsItsStripsAndExtendsTheEnteringOne() {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        // Still, a fling of 40 frames of 29.3 px (1172 px: about ten rows enter and ten leave), still again.
        let step = 29.3, frames = 40
        let offsets = [0.0, 0.0] + (1...frames).map { Double($0) * step } + Array(repeating: Double(frames) * step, count: 4)
        for offset in offsets { window.draw(Self.culledGrid(offset: offset)) }
        let s = window.statistics
        // The strips the fling shows: 640 rows at the start and 1172 more, in strips of 256 rows,
        // one more cut by each edge. Each is rasterised once; rasterising one each time a row
        // entered or left it (what keying a strip by all its commands did) is over twice as many.
        let strips = (Self.size.height + Int(Double(frames) * step)) / 256 + 2
        #expect(s.stripsRasterised <= strips, "\(s.stripsRasterised) strips rasterised, at most \(strips) expected")
        #expect(window.compositor.stripsExtended >= 8, "\(window.compositor.stripsExtended) strips extended with entering rows")
        #expect(window.compositor.stripsKept >= (frames - 1) * 2, "\(window.compositor.stripsKept) strips kept")
        #expect(s.stripCopies >= (frames - 1) * 3, "\(s.stripCopies) strip copies")
        #expect(window.resting == 5, "the first frame again and the four after the fling")
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    @Test func theRowsOfStripsNotMadeYetAreDrawnInOnePass() throws {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        // At rest, a scroll's first frame (drawn from its commands), then its second: its 3-4
        // strips are missing, one is rasterised (LayerCache.stripsPerFrame) and the rows of the
        // others are drawn from their commands.
        for offset in [0.0, 0.0, 29.3] { window.draw(Self.culledGrid(offset: offset)) }
        let before = window.compositor.frameCounts
        let offset = 58.6
        let list = Self.culledGrid(offset: offset)
        window.draw(list)
        let after = window.compositor.frameCounts
        #expect(after.layers.stripsRasterised - before.layers.stripsRasterised == LayerCache.stripsPerFrame)
        // The strip rasterised draws the tiles reaching its rows (content rows 0-257, a tile's
        // shadow reaching a few rows past its face); the rest of the content is drawn once, though
        // a row of tiles crosses the edge between the unmade strips (content row 512: tiles at
        // 472-574). Drawn strip by strip, that row's commands are drawn twice.
        let tiles = list.commands.compactMap { command -> Rect? in
            guard case .shadow(let tile, _, _, _, _) = command else { return nil }
            return tile
        }
        let perTile = list.commands.filter { if case .fillRect = $0 { true } else { false } }.count == tiles.count ? 3 : 0
        let reach = 8.0
        let firstStrip = tiles.filter { $0.minY - reach < 258 }.count * perTile
        let acrossEdge = tiles.filter { $0.minY - reach < 512 && $0.maxY + reach > 512 }.count * perTile
        let unmade = tiles.filter { $0.maxY + reach > 256 && $0.minY - reach < offset + Self.viewport }.count * perTile
        #expect(acrossEdge > 0)
        let drawn = after.commandsDrawn - before.commandsDrawn
        #expect(drawn < firstStrip + unmade + acrossEdge,
                "\(drawn) commands drawn: \(firstStrip) in the strip rasterised, \(unmade) in the unmade strips' rows, \(acrossEdge) across their edge")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    @Test func aLongFlingRasterisesStripsOntoTheSurfacesOfThoseItLetGo() {
        var reusing = WindowDrawing(width: Self.size.width, height: Self.size.height)
        var fresh = WindowDrawing(width: Self.size.width, height: Self.size.height)
        fresh.compositor.layers.reusesSpareStrips = false
        // 80 frames of 29.3 px (2344 px): strips scrolled away are dropped after
        // LayerCache.stripFrames frames unused, and those entering are rasterised.
        let offsets = [0.0, 0.0] + (1...80).map { Double($0) * 29.3 } + Array(repeating: 80 * 29.3, count: 3)
        let differing = WindowDrawing.differingFrames(&reusing, &fresh, offsets.map { Self.culledGrid(offset: $0) })
        #expect(reusing.compositor.layers.spareStripsReused >= 4, "\(reusing.compositor.layers.spareStripsReused) strips rasterised onto a spare surface")
        #expect(fresh.compositor.layers.spareStripsReused == 0)
        #expect(reusing.statistics.stripsRasterised == fresh.statistics.stripsRasterised)
        #expect(differing == 0, "\(differing) of \(offsets.count) frames differ from those drawn on fresh strips")
        #expect(reusing.restingMismatches == 0)
    }

    @Test func aContainerInAColumnHoldsStripsOfItsColumnsOnly() {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        let offsets = [0.0, 0.0] + (1...20).map { Double($0) * 23.1 } + Array(repeating: 20 * 23.1, count: 3)
        for offset in offsets { window.draw(Self.culledGrid(offset: offset, column: true)) }
        let sizes = window.compositor.layers.stripSizes
        #expect(window.statistics.stripsRasterised >= 3, "\(window.statistics.stripsRasterised) strips rasterised")
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0.width == 240 }, "strips held: \(sizes.map { "\($0.width)x\($0.height)" })")
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    @Test func stripsOutliveARestAndTheNextScrollCopiesThem() {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        // A short fling (its strips rasterised), 12 frames in which the container rests while a tile
        // over it moves (longer than the 8 frames an unused strip is kept, LayerCache.stripFrames),
        // then a scroll of 10 px: no new strip's rows.
        for offset in [0.0, 0.0] + (1...8).map({ Double($0) * 7.3 }) { window.draw(Self.culledGrid(offset: offset)) }
        for n in 0..<12 { window.draw(Self.culledGrid(offset: 8 * 7.3, marker: 100 + Double(n) * 3)) }
        let before = window.statistics
        window.draw(Self.culledGrid(offset: 8 * 7.3 + 10, marker: 136))
        let after = window.statistics
        #expect(after.stripsRasterised == before.stripsRasterised, "\(after.stripsRasterised - before.stripsRasterised) strips rasterised after the rest")
        // 640 rows: three strips and a part, all copied.
        #expect(after.stripCopies - before.stripCopies >= 3, "\(after.stripCopies - before.stripCopies) strips copied")
        #expect(window.restingMismatches == 0)
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare)
    }

    /// In the slack's mode (`LayerRasterising.slack`) no frame rasterises a strip: a resting
    /// container asks for those of the rows it shows, a scroll's frame for those it lacks (their
    /// rows drawn from their commands meanwhile), and the slack between frames makes them.
    @Test func inTheSlacksModeStripsAreMadeBetweenFramesAndCopiedByTheNext() {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        window.compositor.layerRasterising = .slack
        func frame(_ offset: Double) -> (rasterised: Int, copies: Int) {
            let before = window.statistics
            window.draw(Self.culledGrid(offset: offset))
            let after = window.statistics
            return (after.stripsRasterised - before.stripsRasterised, after.stripCopies - before.stripCopies)
        }
        func drain() -> Int {
            let before = window.compositor.stripsRasterisedInSlack
            window.compositor.rasteriseInSlack(within: .infinity, clock: { 0 })
            return window.compositor.stripsRasterisedInSlack - before
        }
        // At rest 10 px down (at 0 the list has no scroll transform): the first frame is new (its
        // content changed), the second asks for the strips of the rows the viewport shows.
        let rest = 10.0
        #expect(frame(rest).rasterised == 0)
        #expect(frame(rest).rasterised == 0)
        // The viewport's content rows `rest ..< rest + viewport` in strips of `stripHeight`.
        let shown = (Int(rest + Self.viewport) - 1) / LayerCache.stripHeight - Int(rest) / LayerCache.stripHeight + 1
        #expect(window.compositor.hasSlackWork)
        #expect(drain() == shown)
        #expect(!window.compositor.hasSlackWork, "nothing left to draw: the window blocks in poll()")
        // A fling of 30 frames of 21.7 px, a drain after each (as the window's loop spends its slack).
        var copies = 0, inFrames = 0, inSlack = shown
        for n in 1...30 {
            let drawn = frame(rest + Double(n) * 21.7)
            inFrames += drawn.rasterised
            copies += drawn.copies
            inSlack += drain()
        }
        #expect(inFrames == 0, "\(inFrames) strips rasterised by frames")
        // The same rest and fling drawn with strips rasterised by the frames (one a frame at most,
        // `stripsPerFrame`): the slack makes no more than they did.
        var inFrame = WindowDrawing(width: Self.size.width, height: Self.size.height)
        for offset in [rest, rest] + (1...30).map({ rest + Double($0) * 21.7 }) { inFrame.draw(Self.culledGrid(offset: offset)) }
        #expect(inSlack >= shown + 2 && inSlack <= inFrame.statistics.stripsRasterised,
                "\(inSlack) strips made in the slack, \(inFrame.statistics.stripsRasterised) by the frames")
        #expect(copies >= 30 * 3, "\(copies) strip copies in 30 frames")
        for _ in 0..<3 { _ = frame(rest + 30 * 21.7) }
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }

    /// A starved slack: given no time between frames (a 3840x2160 grid's frames outlast their
    /// interval), or too little for a strip (it leaves the strips asked unmade). From the first
    /// scroll frame on each frame rasterises the strips it lacks itself, `stripsPerFrame` a frame,
    /// as without the slack, instead of asking again and drawing their rows from commands.
    @Test(arguments: [nil, 1e-6]) func aStarvedSlackLeavesTheStripsToTheFrames(slack: Double?) {
        var window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        window.compositor.layerRasterising = .slack
        func spend() {
            guard let slack else { return }
            window.compositor.rasteriseInSlack(within: slack, clock: { 0 })
        }
        let rest = 10.0
        window.draw(Self.culledGrid(offset: rest))
        spend()
        window.draw(Self.culledGrid(offset: rest))
        #expect(window.compositor.hasSlackWork, "the resting container asked for its strips")
        spend()
        // A fling of 8 frames of 9.1 px.
        var perFrame: [Int] = []
        for n in 1...8 {
            let before = window.statistics.stripsRasterised
            window.draw(Self.culledGrid(offset: rest + Double(n) * 9.1))
            perFrame.append(window.statistics.stripsRasterised - before)
            spend()
        }
        #expect(window.compositor.stripsRasterisedInSlack == 0)
        // The viewport's three strips, one a frame from the first scroll frame on, then none.
        let shown = (Int(rest + Self.viewport) - 1) / LayerCache.stripHeight - Int(rest) / LayerCache.stripHeight + 1
        #expect(perFrame.allSatisfy { $0 <= LayerCache.stripsPerFrame }, "strips rasterised a frame: \(perFrame)")
        #expect(Array(perFrame.prefix(shown)) == Array(repeating: LayerCache.stripsPerFrame, count: shown), "strips rasterised a frame: \(perFrame)")
        #expect(perFrame.reduce(0, +) >= shown)
        for _ in 0..<3 { window.draw(Self.culledGrid(offset: rest + 8 * 9.1)) }
        #expect(window.restingMismatches == 0)
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare)
    }

    /// Strips whose estimated raster is over `LayerCache.slackStripLongest` are the frames' (a
    /// 3840x2160 strip), those under it the slack's; the estimate follows the slack's own rasters.
    @Test func onlyStripsCheapEnoughAreLeftToTheSlack() {
        let window = WindowDrawing(width: Self.size.width, height: Self.size.height)
        let renderer = window.compositor
        renderer.layerRasterising = .slack
        // The strip width whose first estimate is the limit: 10 % either side.
        let limit = LayerCache.slackStripLongest / (SlackCost.firstPerPixel * Double(LayerCache.stripHeight + 2))
        let narrow = PixelRect(x: 0, y: 0, width: Int(limit * 0.9), height: 800)
        let wide = PixelRect(x: 0, y: 0, width: Int(limit * 1.1), height: 800)
        #expect(renderer.slackTakes(strips: narrow))
        #expect(!renderer.slackTakes(strips: wide))
        // Rasters in the slack twice as slow as the first guess: the narrow strip is the frames' too.
        for _ in 0..<20 { renderer.stripCost.timed(2 * SlackCost.firstPerPixel * 1e6, pixels: 1e6) }
        #expect(!renderer.slackTakes(strips: narrow))
        renderer.layerRasterising = .inFrame
        #expect(!renderer.slackTakes(strips: PixelRect(x: 0, y: 0, width: 1, height: 1)))
    }
}
