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
            let r = Rect(x: 16 + Double(n % columns) * pitch + dx, y: 16 + Double(n / columns) * pitch, width: side, height: side)
            list.append(.shadow(r, cornerRadius: 16, blur: 8, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.18)))
            list.append(.fillRect(r, .diagonalGradient(from: Color(rgb: 0x5B8DEF), to: Color(rgb: 0x2D5BB9)), cornerRadius: 16))
            list.append(.strokeRect(r, Color.white.withAlpha(0.16), lineWidth: 1, cornerRadius: 16))
            list.append(.text("Tile \(n)", Rect(x: r.minX + 12, y: r.maxY - 34, width: side - 24, height: 26),
                              TextStyle(size: 14, weight: .bold, color: .white)))
            list.append(.text("T", Rect(x: r.minX + 12, y: r.minY + 8, width: side / 2, height: side * 0.42),
                              TextStyle(size: side * 0.3, weight: .bold, color: Color.white.withAlpha(0.35))))
        }
        return list
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
