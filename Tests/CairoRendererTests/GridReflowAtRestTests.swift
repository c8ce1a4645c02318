import CCairo
@testable import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// The grid's reflow before any scroll (issue 21, item 7): its tiles are a scroll container at
/// offset zero too (`DisplayList.scrollContainer`), so the tiles sliding around a dragged one are
/// drawn over the container's strips, and the rest of the grid is copied from them, instead of
/// every tile drawn from its commands.
@Suite struct GridReflowAtRestTests {
    static let size = Size(width: 480, height: 800)

    /// The grid's frames while its second tile is pressed, lifted and dragged across the first
    /// row, then held there while the row reflows, at 60 Hz; the offset never leaves zero.
    static func lifts() throws -> (lists: [DisplayList], offsets: [Double]) {
        let deck = try Goldens.deck(scene: "grid", size: size)
        let scene = try #require(deck.current as? GridScene)
        let bar = Deck.barHeight
        // 4 columns of 103 px tiles, 115 px apart, at this width (SPEC G1).
        let start = Point(x: 16 + 115 + 51, y: bar + 16 + 51), across = Point(x: 16 + 3 * 115 + 51, y: start.y)
        var lists: [DisplayList] = [], offsets: [Double] = []
        var time: Millis = 0
        func frame() {
            time += 1000 / 60
            deck.tick(at: time)
            lists.append(deck.render(at: time))
            offsets.append(scene.scrollOffset(at: time))
        }
        deck.handle(InputEvent(.pointerDown(start, .primary), at: 0))
        for _ in 0..<40 { frame() }
        for step in 1...20 {
            deck.handle(InputEvent(.pointerMove(start + (across - start) * (Double(step) / 20)), at: time))
            frame()
        }
        for _ in 0..<30 { frame() }
        return (lists, offsets)
    }

    /// `list` as the engine drew it before the container was a group at rest: the identity
    /// translation and its pop left out.
    static func withoutRestingContainer(_ list: DisplayList) -> DisplayList {
        var out = DisplayList(), open: [Bool] = []
        for command in list.commands {
            switch command {
            case .pushTransform(let t):
                let identity = t.scale == 1 && t.translation == Point(x: 0, y: 0)
                open.append(identity)
                if !identity { out.append(command) }
            case .popTransform:
                if open.popLast() != true { out.append(command) }
            default:
                out.append(command)
            }
        }
        return out
    }

    static func play(_ lists: [DisplayList]) -> (window: WindowDrawing, stripCopies: Int, drawn: Int) {
        var window = WindowDrawing(width: Int(size.width), height: Int(size.height))
        for list in lists { window.draw(list) }
        return (window, window.statistics.stripCopies, window.compositor.frameCounts.commandsDrawn)
    }

    @Test func aReflowBeforeAnyScrollIsDrawnOverTheContainersStrips() throws {
        let (lists, offsets) = try Self.lifts()
        #expect(offsets.allSatisfy { $0 == 0 }, "the grid scrolled: \(Set(offsets))")
        let reflowing = zip(lists, lists.dropFirst()).filter { $0.0.commands != $0.1.commands }.count
        #expect(reflowing > 20, "\(reflowing) frames changed")
        let now = Self.play(lists), before = Self.play(lists.map(Self.withoutRestingContainer))
        #expect(now.stripCopies > 0, "no strip was copied in the reflow at rest")
        #expect(before.stripCopies == 0, "without the resting container \(before.stripCopies) strips were copied")
        #expect(now.drawn < before.drawn, "commands drawn: \(now.drawn) over strips, \(before.drawn) without")
        for (name, run) in [("over strips", now.window), ("without", before.window)] {
            #expect(run.restingMismatches == 0, "\(name): \(run.restingMismatches) of \(run.resting) resting frames differ from the direct path")
            #expect(run.worstShare <= LayerRepaintTests.LayerTolerance.maxShare, "\(name): a moving frame has \(run.worstShare * 100)% of its pixels off")
        }
    }
}

/// A sprite is copied as its ink only (`TileSprites.coverage`): the box of its pixels with any
/// alpha, its face's opaque middle with SOURCE and the rest OVER; the frame's pixels are those of
/// one OVER of the whole raster.
@Suite struct SpriteCoverageTests {
    /// A 120x130 sprite: a soft shadow and an opaque rounded face at (20, 18), 80x80, with a
    /// translucent outline, as a tile's run rasterises.
    static func sprite() -> ImageSurface {
        let surface = ImageSurface(width: 120, height: 130)
        let cr = cairo_create(surface.handle)!
        for grow in stride(from: 8.0, to: 0, by: -2) {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.05)
            cairo_rectangle(cr, 20 - grow, 22 - grow, 80 + 2 * grow, 80 + 2 * grow)
            cairo_fill(cr)
        }
        cairo_set_source_rgb(cr, 0.35, 0.55, 0.93)
        cairo_rectangle(cr, 20, 18, 80, 80)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.16)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, 20.5, 18.5, 79, 79)
        cairo_stroke(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
        return surface
    }

    @Test func theInkIsTheBoxOfEveryPixelWithAlphaAndTheMiddleIsOpaque() {
        let surface = Self.sprite()
        let raster = PixelRect(x: 300, y: 200, width: 120, height: 130)
        let middle = PixelRect(x: 322, y: 220, width: 76, height: 76)
        let (ink, opaque) = TileSprites.coverage(of: surface, raster: raster, opaqueHint: middle)
        // The shadow's outermost ring: (20 - 8, 22 - 8) to (100 + 8, 102 + 8) in the raster.
        #expect(ink == PixelRect(x: 312, y: 214, width: 96, height: 96), "ink \(ink)")
        #expect(opaque == middle)
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface.pixel(x: x, y: y) >> 24 != 0 {
                #expect(ink.contains(PixelRect(x: raster.x + x, y: raster.y + y, width: 1, height: 1)), "(\(x), \(y)) outside the ink")
            }
        }
        // A hint reaching a pixel past the opaque face (the outline's, translucent) is no middle.
        let wider = PixelRect(x: middle.x - 3, y: middle.y, width: middle.width, height: middle.height)
        #expect(TileSprites.coverage(of: surface, raster: raster, opaqueHint: wider).opaque == nil)
        #expect(TileSprites.coverage(of: ImageSurface(width: 8, height: 8), raster: PixelRect(x: 0, y: 0, width: 8, height: 8),
                                     opaqueHint: nil).ink.isEmpty)
    }

    @Test func copyingTheInkEqualsOneOverOfTheWholeRaster() {
        let surface = Self.sprite()
        let at = PixelRect(x: 37, y: 21, width: 120, height: 130)
        let (ink, opaque) = TileSprites.coverage(of: surface, raster: at, opaqueHint: PixelRect(x: 59, y: 41, width: 76, height: 76))
        #expect(opaque != nil)
        // A background with a pattern under the whole sprite, drawn twice.
        func background() -> ImageSurface {
            let target = ImageSurface(width: 200, height: 200)
            let cr = cairo_create(target.handle)!
            for i in 0..<20 {
                cairo_set_source_rgb(cr, Double(i % 5) / 5, Double(i % 3) / 3, 0.5)
                cairo_rectangle(cr, Double(i * 10), 0, 10, 200)
                cairo_fill(cr)
            }
            cairo_destroy(cr)
            return target
        }
        let split = background(), whole = background()
        let cr = cairo_create(split.handle)!
        CairoRenderer.composite(TileSprites.Placed(surface: surface, at: at, ink: ink, opaque: opaque), on: cr)
        cairo_destroy(cr)
        let reference = cairo_create(whole.handle)!
        cairo_set_source_surface(reference, surface.handle, Double(at.x), Double(at.y))
        cairo_rectangle(reference, Double(at.x), Double(at.y), Double(at.width), Double(at.height))
        cairo_fill(reference)
        cairo_destroy(reference)
        #expect(DamageRepaintTests.identical(split, whole), "the ink's copy differs from the whole raster's")
    }
}
