@testable import CairoRenderer
import InteractionEngine
import Testing

/// Moving tiles as one sprite copy each (TileSprites.swift, the grid's reflow): 16 tiles slide
/// across their rows for 20 frames, then rest; drawn as the window draws (damage, two buffers,
/// occlusion, layers, settle repaints). Each tile's sprite is rasterised once (the second frame
/// it moves, at most `TileSprites.perFrame` a frame) and copied in every later moving frame;
/// moving frames stay within the layer tolerance, resting ones equal the direct path byte for byte.
@Suite struct TileSpriteTests {
    static let width = 480, height = 640
    static let side = 96.0, pitch = 112.0, columns = 4, rows = 5
    /// Tiles 4-19 (rows 2-5) slide right by `slide` px.
    static let sliding = 4..<20

    static func grid(slide: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for n in 0..<(columns * rows) {
            let dx = sliding.contains(n) ? slide : 0
            tile(n: n, Rect(x: 16 + Double(n % columns) * pitch + dx, y: 16 + Double(n / columns) * pitch, width: side, height: side),
                 into: &list)
        }
        return list
    }

    /// Tile `n` at `r` as the grid draws one: shadow, face, outline, label, initial.
    static func tile(n: Int, _ r: Rect, into list: inout DisplayList) {
        list.append(.shadow(r, cornerRadius: 16, blur: 8, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.18)))
        list.append(.fillRect(r, .diagonalGradient(from: Color(rgb: 0x5B8DEF), to: Color(rgb: 0x2D5BB9)), cornerRadius: 16))
        list.append(.strokeRect(r, Color.white.withAlpha(0.16), lineWidth: 1, cornerRadius: 16))
        list.append(.text("Tile \(n)", Rect(x: r.minX + 12, y: r.maxY - 34, width: r.width - 24, height: 26),
                          TextStyle(size: 14, weight: .bold, color: .white)))
        list.append(.text("T", Rect(x: r.minX + 12, y: r.minY + 8, width: r.width / 2, height: r.height * 0.42),
                          TextStyle(size: r.width * 0.3, weight: .bold, color: Color.white.withAlpha(0.35))))
    }

    @Test func slidingTilesAreCopiedAsSpritesAndRestExactly() {
        let (w, h) = (Self.width, Self.height)
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        compositor.retainedLayers = true
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: w, height: h)
        let buffers = [ImageSurface(width: w, height: h), ImageSurface(width: w, height: h)]
        // Still for two frames, 20 frames sliding by a non-integral step, then still for four.
        let moves = 20
        let slides = [0.0, 0.0] + (1...moves).map { Double($0) * 0.73 } + Array(repeating: Double(moves) * 0.73, count: 4)
        var previous: [DrawCommand]?
        var worst = 0.0, resting = 0, restingMismatches = 0, mostInAFrame = 0
        for slide in slides {
            let list = Self.grid(slide: slide)
            var damage = tracker.update(list, renderer: compositor, width: w, height: h)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: w, height: h), width: w, height: h)
            let (index, repaint) = ring.advance(with: damage, width: w, height: h)
            let before = compositor.spritesRasterised
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            mostInAFrame = max(mostInAFrame, compositor.spritesRasterised - before)
            let whole = direct.image(of: list, width: w, height: h)
            if previous == list.commands {
                resting += 1
                if !DamageRepaintTests.identical(whole, buffers[index]) { restingMismatches += 1 }
            } else {
                worst = max(worst, Double(LayerRepaintTests.farPixels(buffers[index], whole)) / Double(w * h))
            }
            previous = list.commands
        }
        let tiles = Self.sliding.count
        // Each sliding tile's sprite once: a frame makes at most its share, so 16 take 3 frames.
        #expect(compositor.spritesRasterised == tiles, "\(compositor.spritesRasterised) sprites rasterised for \(tiles) tiles")
        #expect(mostInAFrame == TileSprites.perFrame, "at most \(mostInAFrame) sprites in a frame")
        let framesToMake = (tiles + TileSprites.perFrame - 1) / TileSprites.perFrame
        // Copied in every moving frame after its own was made (the first moving frame makes none).
        let fewest = tiles * (moves - 1 - framesToMake)
        #expect(compositor.spriteCopies >= fewest && compositor.spriteCopies <= tiles * moves,
                "\(compositor.spriteCopies) sprite copies (\(fewest)...\(tiles * moves))")
        #expect(resting == 5, "the first frame again and the four after the slide")
        #expect(restingMismatches == 0, "\(restingMismatches) resting frames differ from the direct path")
        #expect(worst <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(worst * 100)% of its pixels off")
    }

    /// Commands drawn over the slide and whether every frame held the pixel rules, with sprites
    /// copying the faces' held layers in (`fromHeldLayers`) or drawing the faces' commands.
    static func slide(fromHeldLayers: Bool) -> (drawn: Int, sprites: Int, worst: Double, restingMismatches: Int) {
        let slides = [0.0, 0.0, 0.0] + (1...12).map { Double($0) * 0.73 } + Array(repeating: 12 * 0.73, count: 4)
        var compositor: CairoRenderer?
        let played = GridLandingFontTests.play(slides.map { grid(slide: $0) }, width: width, height: height, countingFrom: 0) { n, renderer in
            if n == 0 { renderer.sprites.fromHeldLayers = fromHeldLayers; compositor = renderer }
        }
        return (compositor?.commandsDrawn ?? 0, compositor?.spritesRasterised ?? 0, played.worstShare, played.restingDiffer)
    }

    @Test func aSpriteCopiesItsFacesHeldLayerInsteadOfDrawingItsText() {
        let held = Self.slide(fromHeldLayers: true), drawn = Self.slide(fromHeldLayers: false)
        let tiles = Self.sliding.count
        #expect(held.sprites == tiles && drawn.sprites == tiles, "one sprite a tile: \(held.sprites), \(drawn.sprites)")
        // Each sprite leaves out at least one of the face's texts (inside the face's middle, copied with its layer).
        #expect(held.drawn <= drawn.drawn - tiles, "commands drawn: \(held.drawn) copying the faces, \(drawn.drawn) drawing them")
        for run in [held, drawn] {
            #expect(run.restingMismatches == 0, "\(run.restingMismatches) resting frames differ from the direct path")
            #expect(run.worst <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(run.worst * 100)% of its pixels off")
        }
    }
}

/// Sprites made ahead of a reflow (`CairoRenderer.prefetchSprites`): while a tile lifted over a
/// still scroll container is dragged, cheap frames rasterise the shown tiles' sprites, so the
/// first frame of a reflow sending all of them sliding copies each in one go instead of drawing
/// their commands (the bench's grid: 356 commands in the first frame of its reflow across the rows).
@Suite struct TileSpritePrefetchTests {
    /// A container scrolled to `offset` as ScrollTileTests draws it: rows 2-7 show.
    static let offset = 250.5
    static let drags = 8, slides = 6

    /// 60 tiles as the grid draws them (shadow, face, outline, label, initial) in a scroll
    /// container below a 44 px bar scrolled to `offset`, those of `sliding` slid right by `slide`,
    /// and a tile lifted over them at `lifted`.
    static func grid(slide: Double, lifted: Point, sliding: Range<Int> = 0..<60, offset: Double = offset) -> DisplayList {
        ScrollTileTests.container(offset: offset, slide: { sliding.contains($0) ? slide : 0 }, lifted: lifted) { i, r, list in
            TileSpriteTests.tile(n: i, r, into: &list)
        }
    }

    struct Run {
        var liftDrawn: [Int] = []
        var prefetched = 0
        var firstSlideDrawn = 0, firstSlideCopies = 0, lastSlideCopies = 0
        var window: WindowDrawing
    }

    /// Still, the lifted tile dragged 3 px a frame for `drags` frames over the still container,
    /// then every tile sliding 0.9 px a frame for `slides` frames, then still again.
    /// `afterDraw` runs after each frame (a slack's drain), `madeInFrames` counts the sprites the
    /// drag's frames made themselves (not after them).
    static func run(configure: (CairoRenderer) -> Void, afterDraw: (CairoRenderer) -> Void = { _ in },
                    madeInFrames: UnsafeMutablePointer<Int>? = nil) -> Run {
        let (w, h) = ScrollTileTests.size
        var run = Run(window: WindowDrawing(width: w, height: h))
        configure(run.window.compositor)
        func list(drag: Int, slide: Double) -> DisplayList { grid(slide: slide, lifted: Point(x: 200 + 3 * Double(drag), y: 300)) }
        func draw(_ list: DisplayList) {
            run.window.draw(list)
            afterDraw(run.window.compositor)
        }
        for _ in 0..<3 { draw(list(drag: 0, slide: 0)) }
        for drag in 1...drags {
            let before = run.window.compositor.frameCounts.commandsDrawn, made = run.window.compositor.spritesPrefetched
            run.window.draw(list(drag: drag, slide: 0))
            // What the frame itself drew: a sprite made ahead draws its run's shadow, outline and label too.
            let ahead = run.window.compositor.spritesPrefetched - made
            madeInFrames?.pointee += ahead
            run.liftDrawn.append(run.window.compositor.frameCounts.commandsDrawn - before - 3 * ahead)
            afterDraw(run.window.compositor)
        }
        run.prefetched = run.window.compositor.spritesPrefetched
        for step in 1...slides {
            let before = run.window.compositor.frameCounts
            draw(list(drag: drags, slide: 0.9 * Double(step)))
            let copies = run.window.compositor.frameCounts.spriteCopies - before.spriteCopies
            if step == 1 {
                run.firstSlideDrawn = run.window.compositor.frameCounts.commandsDrawn - before.commandsDrawn
                run.firstSlideCopies = copies
            }
            run.lastSlideCopies = copies
        }
        for _ in 0..<4 { draw(list(drag: drags, slide: 0.9 * Double(slides))) }
        return run
    }

    /// The tiles whose rows the container shows (device rows 44..<640 of the window).
    static var shownTiles: Int {
        (0..<60).filter { i in
            let top = 44 + 16 + Double(i / 4) * 114 - offset
            return top + 102 > 44 && top < Double(ScrollTileTests.size.height)
        }.count
    }

    @Test func aDraggedTileOverAStillContainerMakesTheShownTilesSpritesAhead() {
        let ahead = Self.run { _ in }
        let none = Self.run { $0.spritePrefetchPerFrame = 0 }
        // The shown tiles a sliding frame copies once their sprites are made (by the slide's last
        // frame without any made ahead): those whose face is a layer (a face the container's clip
        // or the window's edge cuts wholly through its middle is not).
        let tiles = none.lastSlideCopies
        #expect(tiles > Self.shownTiles / 2 && tiles <= Self.shownTiles, "\(tiles) of \(Self.shownTiles) shown tiles copied as sprites")
        // The drag's frames are cheap enough, and make every such tile's sprite, at most a frame's share each.
        #expect(ahead.liftDrawn.allSatisfy { $0 <= TileSprites.prefetchBelowCommands }, "lift frames drew \(ahead.liftDrawn)")
        #expect(ahead.prefetched == tiles, "\(ahead.prefetched) sprites made ahead for \(tiles) tiles")
        #expect(Self.drags * TileSprites.prefetchPerFrame >= tiles)
        #expect(none.prefetched == 0)
        // The first sliding frame copies every shown tile's sprite; without them it draws their runs.
        #expect(ahead.firstSlideCopies >= tiles && none.firstSlideCopies == 0,
                "first sliding frame: \(ahead.firstSlideCopies) copies ahead, \(none.firstSlideCopies) without")
        // A copy stands for at least a tile's shadow, outline and label (its face and initial go with its held layer).
        #expect(ahead.firstSlideDrawn <= none.firstSlideDrawn - 3 * tiles,
                "first sliding frame drew \(ahead.firstSlideDrawn) commands with sprites ahead, \(none.firstSlideDrawn) without")
        for run in [ahead, none] {
            #expect(run.window.restingMismatches == 0, "\(run.window.restingMismatches) resting frames differ from the direct path")
            #expect(run.window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare,
                    "a moving frame has \(run.window.worstShare * 100)% of its pixels off")
        }
    }

    /// In the slack's mode (`LayerRasterising.slack`) the drag's frames only ask for the sprites
    /// ahead; the slack after each makes them, and the first sliding frame copies them as with
    /// sprites made in the frames.
    @Test func theSlackMakesTheSpritesAheadTheFramesFound() {
        let inFrames = Self.run { _ in }
        var madeByFrames = 0
        let slack = Self.run(configure: { $0.layerRasterising = .slack },
                             afterDraw: { $0.rasteriseInSlack(within: .infinity, clock: { 0 }) }, madeInFrames: &madeByFrames)
        let tiles = inFrames.prefetched
        #expect(tiles > Self.shownTiles / 2)
        #expect(madeByFrames == 0, "the drag's frames made \(madeByFrames) sprites themselves")
        #expect(slack.prefetched == tiles && slack.window.compositor.spritesMadeInSlack == tiles,
                "\(slack.window.compositor.spritesMadeInSlack) of \(slack.prefetched) sprites made ahead in the slack, \(tiles) in frames")
        #expect(slack.firstSlideCopies >= tiles, "first sliding frame: \(slack.firstSlideCopies) copies for \(tiles) sprites")
        #expect(slack.window.restingMismatches == 0, "\(slack.window.restingMismatches) resting frames differ from the direct path")
        #expect(slack.window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare)
        // Without a drain nothing is made ahead (asked only).
        let undrained = Self.run { $0.layerRasterising = .slack }
        #expect(undrained.prefetched == 0)
    }

    /// In the slack's mode a frame only asks, so it asks whatever it drew (`spritePrefetchBelowCommands`
    /// set under the cheapest drag frame, where frames would make none) and for up to
    /// `TileSprites.slackAsksPerFrame` sprites, not a frame's `prefetchPerFrame`.
    @Test func theSlackIsAskedForSpritesWhateverTheFrameDrew() {
        let measured = Self.run { $0.spritePrefetchPerFrame = 0 }
        let cheapest = measured.liftDrawn.min() ?? 0
        let tiles = Self.run { _ in }.prefetched
        var mostAsked = 0
        let slack = Self.run(configure: { $0.layerRasterising = .slack; $0.spritePrefetchBelowCommands = cheapest - 1 },
                             afterDraw: { r in
                                 mostAsked = max(mostAsked, r.sprites.asked.count)
                                 r.rasteriseInSlack(within: .infinity, clock: { 0 })
                             })
        #expect(tiles > TileSprites.prefetchPerFrame, "\(tiles) tiles: too few to tell a frame's share from the slack's")
        #expect(slack.prefetched == tiles, "\(slack.prefetched) of \(tiles) sprites made ahead in the slack")
        #expect(mostAsked == min(tiles, TileSprites.slackAsksPerFrame), "a frame asked for \(mostAsked) sprites for \(tiles) tiles")
        #expect(slack.firstSlideCopies >= tiles)
        #expect(slack.window.restingMismatches == 0)
    }

    /// In the slack's mode, while the slack has time between frames, a tile sliding without a
    /// sprite asks the slack for it: the frames rasterise none (they draw its run as before), the
    /// slack makes them and the later sliding frames copy them. Given no time, the frames
    /// rasterise them as before, `TileSprites.perFrame` a frame. No sprites made ahead here.
    @Test func slidingTilesAskTheSlackForTheirSpritesWhenItHasTime() {
        func slide(drained: Bool) -> (inFrames: [Int], madeInSlack: Int, lastCopies: Int, window: WindowDrawing) {
            let (w, h) = ScrollTileTests.size
            var window = WindowDrawing(width: w, height: h)
            window.compositor.layerRasterising = .slack
            window.compositor.spritePrefetchPerFrame = 0
            func drain() { if drained { window.compositor.rasteriseInSlack(within: .infinity, clock: { 0 }) } }
            let lifted = Point(x: 200, y: 300)
            for _ in 0..<3 {
                window.draw(Self.grid(slide: 0, lifted: lifted))
                drain()
            }
            var inFrames: [Int] = [], lastCopies = 0
            for step in 1...Self.slides {
                let before = window.compositor.frameCounts
                window.draw(Self.grid(slide: 0.9 * Double(step), lifted: lifted))
                inFrames.append(window.compositor.frameCounts.spritesRasterised - before.spritesRasterised)
                lastCopies = window.compositor.frameCounts.spriteCopies - before.spriteCopies
                drain()
            }
            for _ in 0..<4 { window.draw(Self.grid(slide: 0.9 * Double(Self.slides), lifted: lifted)) }
            return (inFrames, window.compositor.spritesMadeInSlack, lastCopies, window)
        }
        let drained = slide(drained: true), starved = slide(drained: false)
        #expect(drained.inFrames.allSatisfy { $0 == 0 }, "frames rasterised \(drained.inFrames) sprites with the slack given time")
        #expect(drained.madeInSlack > Self.shownTiles / 2, "\(drained.madeInSlack) sprites made in the slack for \(Self.shownTiles) tiles")
        #expect(drained.lastCopies >= starved.lastCopies && drained.lastCopies > Self.shownTiles / 2,
                "the last sliding frame copied \(drained.lastCopies) sprites, \(starved.lastCopies) without the slack")
        #expect(starved.madeInSlack == 0)
        #expect(starved.inFrames.allSatisfy { $0 <= TileSprites.perFrame } && starved.inFrames.max() == TileSprites.perFrame,
                "frames rasterised \(starved.inFrames) sprites with no slack")
        for run in [drained, starved] {
            #expect(run.window.restingMismatches == 0, "\(run.window.restingMismatches) resting frames differ from the direct path")
            #expect(run.window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare)
        }
    }

    /// Only a frame that drew at most `spritePrefetchBelowCommands` makes sprites ahead: set just
    /// under the cheapest drag frame nothing is made, set at the dearest every frame makes its share.
    @Test func onlyCheapFramesMakeSpritesAhead() {
        let measured = Self.run { $0.spritePrefetchPerFrame = 0 }
        let cheapest = measured.liftDrawn.min() ?? 0, dearest = measured.liftDrawn.max() ?? 0
        let under = Self.run { $0.spritePrefetchBelowCommands = cheapest - 1 }
        let at = Self.run { $0.spritePrefetchBelowCommands = dearest }
        #expect(cheapest > 0)
        #expect(under.prefetched == 0, "\(under.prefetched) made ahead in frames drawing \(measured.liftDrawn), limit \(cheapest - 1)")
        #expect(at.prefetched == measured.lastSlideCopies, "\(at.prefetched) made ahead with the limit at \(dearest)")
    }
}

/// The strips of a scrolling container are not copied under the faces of the tiles sliding over
/// them (`drawScrollGroup`'s covered middles): those pixels are the faces' whatever the strip holds.
@Suite struct CoveredStripTests {
    @Test func stripsAreNotCopiedUnderSlidingFaces() {
        var window = WindowDrawing(width: ScrollTileTests.size.width, height: ScrollTileTests.size.height)
        // Still; 20 frames scrolling 3.7 px a frame while rows 3-5 (12 of 60 tiles) slide 0.9 px a frame; still again.
        var frames: [(Double, Double)] = [(0, 0), (0, 0)]
        frames += (1...20).map { (Double($0) * 3.7, Double($0) * 0.9) }
        frames += Array(repeating: (20 * 3.7, 20 * 0.9), count: 4)
        var coveredWhileSliding = 0
        for (n, (offset, slide)) in frames.enumerated() {
            let before = window.statistics.stripPixelsCovered
            window.draw(TileSpritePrefetchTests.grid(slide: slide, lifted: Point(x: 200, y: 300), sliding: 12..<24, offset: offset))
            if n >= 2 && n < 22 { coveredWhileSliding += window.statistics.stripPixelsCovered - before }
        }
        // Each sliding face's middle is about 98 x 98 px; most frames show some of the sliding rows over copied strips.
        #expect(coveredWhileSliding > 10 * 98 * 98, "\(coveredWhileSliding) strip pixels left out under sliding faces")
        #expect(window.statistics.stripCopies > 0)
        #expect(window.resting == 5)
        #expect(window.restingMismatches == 0, "\(window.restingMismatches) resting frames differ from the direct path")
        #expect(window.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "a moving frame has \(window.worstShare * 100)% of its pixels off")
    }
}
