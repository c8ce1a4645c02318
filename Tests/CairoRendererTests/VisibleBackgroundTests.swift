import CCairo
import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// The background clear painted only where later commands do not replace it
/// (VisibleBackground.swift, issue 21): the pixels it paints are counted and built from the
/// geometry of what covers them, and every frame equals the direct path's byte for byte.
@Suite struct VisibleBackgroundTests {
    static let size = (width: 480, height: 640)
    static let background = Color(rgb: 0xF2F2F7)

    /// Eight opaque rows of whole pixels (440 x 60, 8 px apart), a line of text on each.
    static let rows: [Rect] = (0..<8).map { Rect(x: 20, y: 20 + Double($0) * 68, width: 440, height: 60) }

    static func stack(label: String = "Row") -> DisplayList {
        var list = DisplayList()
        list.append(.clear(background))
        for (i, row) in rows.enumerated() {
            list.append(.fillRect(row, .solid(Color(rgb: 0xFFFFFF)), cornerRadius: 0))
            list.append(.text("\(label) \(i)", Rect(x: row.minX + 16, y: row.minY + 18, width: 300, height: 24),
                              TextStyle(size: 15, weight: .bold, color: Color(rgb: 0x1C1C1E))))
        }
        return list
    }

    /// A face's wholly covered pixels as the occlusion counts them: one pixel in from each
    /// side of a face of whole pixels and no radius.
    static func interior(_ r: Rect) -> PixelRect {
        PixelRect(x: Int(r.minX) + 1, y: Int(r.minY) + 1, width: Int(r.width) - 2, height: Int(r.height) - 2)
    }

    /// A buffer full of a colour no list here draws: a pixel the clear leaves out and nothing
    /// else paints shows.
    static func stale() -> ImageSurface {
        let (w, h) = size
        let surface = ImageSurface(width: w, height: h)
        let cr = cairo_create(surface.handle)!
        cairo_set_source_rgb(cr, 1, 0, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
        return surface
    }

    /// Draws `list` on `buffer` as the compositor does, repainting `repaint` (the whole frame when
    /// nil); returns the clear's figures for this draw alone.
    static func draw(_ list: DisplayList, on buffer: ImageSurface, with compositor: CairoRenderer, tracker: DamageTracker,
                     repaint: [PixelRect]? = nil) -> BackgroundStatistics {
        let (w, h) = size
        _ = tracker.update(list, renderer: compositor, width: w, height: h)
        let before = compositor.backgroundStatistics
        let damage = repaint.map { FrameDamage(rects: $0, width: w, height: h) } ?? FrameDamage.full(width: w, height: h)
        compositor.draw(list, onto: buffer, repainting: damage, bounds: tracker.commandBounds)
        var after = compositor.backgroundStatistics
        after.clears -= before.clears
        after.paintedPixels -= before.paintedPixels
        after.leftOutPixels -= before.leftOutPixels
        after.rectangles -= before.rectangles
        after.deferredPixels -= before.deferredPixels
        return after
    }

    static func compositor(layers: Bool) -> CairoRenderer {
        let renderer = CairoRenderer()
        renderer.occlusionCulling = true
        renderer.retainedLayers = layers
        return renderer
    }

    /// The rows' middles are left to the rows: the clear paints the frame (then a band of it)
    /// less the rows' interiors, and the pixels are the direct path's.
    @Test(arguments: [false, true])
    func aStackOfOpaqueRowsLeavesOnlyWhatShowsToTheClear(layers: Bool) {
        let (w, h) = Self.size
        let compositor = Self.compositor(layers: layers), tracker = DamageTracker(), direct = CairoRenderer()
        let buffer = Self.stale()
        let frame = PixelRect(x: 0, y: 0, width: w, height: h)
        let covered = Self.rows.map { Self.interior($0).area }.reduce(0, +)
        let first = Self.draw(Self.stack(), on: buffer, with: compositor, tracker: tracker)
        #expect(first.clears == 1)
        #expect(first.paintedPixels == frame.area - covered, "painted \(first.paintedPixels), uncovered \(frame.area - covered)")
        #expect(first.leftOutPixels == covered)
        #expect(DamageRepaintTests.identical(buffer, direct.image(of: Self.stack(), width: w, height: h)))

        // A band across rows 2-4 (a changed label would damage it): only its uncovered part is painted.
        let band = PixelRect(x: 0, y: 150, width: w, height: 190)
        let inBand = Self.rows.map { Self.interior($0).intersection(band).area }.reduce(0, +)
        let changed = Self.stack(label: "Line")
        let second = Self.draw(changed, on: buffer, with: compositor, tracker: tracker, repaint: [band])
        #expect(second.paintedPixels == band.area - inBand, "painted \(second.paintedPixels), uncovered \(band.area - inBand)")
        #expect(second.leftOutPixels == inBand)
        // Outside the band the buffer keeps the first frame: compare the band's rows alone.
        let whole = direct.image(of: changed, width: w, height: h)
        #expect(Self.sameRows(buffer, whole, band), "the repainted band differs from the direct path")
    }

    /// Faces whose pixels depend on what lies under them are not left out: a translucent face,
    /// an opaque face in an opacity group; an opaque face under a rounded clip is left out only
    /// inside the clip's wholly covered middle (its rounded corners are painted).
    @Test func facesThatDoNotReplaceTheirPixelsAreNotLeftOut() {
        let (w, h) = Self.size
        let frame = PixelRect(x: 0, y: 0, width: w, height: h)
        let face = Rect(x: 40, y: 40, width: 400, height: 300)
        let clip = Rect(x: 60.5, y: 60.25, width: 360, height: 260), radius = 40.0
        var translucent = DisplayList(), grouped = DisplayList(), clipped = DisplayList()
        translucent.append(.clear(Self.background))
        translucent.append(.fillRect(face, .solid(Color(rgb: 0x5E9CF5).withAlpha(0.9)), cornerRadius: 0))
        grouped.append(.clear(Self.background))
        grouped.append(.pushOpacity(0.8))
        grouped.append(.fillRect(face, .solid(Color(rgb: 0x5E9CF5)), cornerRadius: 0))
        grouped.append(.popOpacity)
        clipped.append(.clear(Self.background))
        clipped.clipped(to: clip, cornerRadius: radius) { list in
            list.append(.fillRect(face, .diagonalGradient(from: Color(rgb: 0x5E9CF5), to: Color(rgb: 0x2C5FC9)), cornerRadius: 0))
        }
        // The clip's straight middle, a pixel in (its corners' columns and its fractional edges out).
        let x0 = Int((clip.minX + radius).rounded(.up)) + 1, x1 = Int((clip.maxX - radius).rounded(.down)) - 1
        let y0 = Int(clip.minY.rounded(.up)) + 1, y1 = Int(clip.maxY.rounded(.down)) - 1
        let clipMiddle = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        for (name, list, leftOut) in [("translucent", translucent, 0), ("grouped", grouped, 0), ("clipped", clipped, clipMiddle.area)] {
            let compositor = Self.compositor(layers: true), tracker = DamageTracker(), direct = CairoRenderer()
            let buffer = Self.stale()
            let s = Self.draw(list, on: buffer, with: compositor, tracker: tracker)
            #expect(s.leftOutPixels == leftOut, "\(name): left out \(s.leftOutPixels), expected \(leftOut)")
            #expect(s.paintedPixels == frame.area - leftOut, "\(name): painted \(s.paintedPixels)")
            #expect(DamageRepaintTests.identical(buffer, direct.image(of: list, width: w, height: h)),
                    "\(name): the frame differs from the direct path")
        }
    }

    /// A scroll container copying strips replaces every row of the frame inside its clip: while
    /// the grid is flung the clear paints at most what lies outside the clip's interior, and the
    /// resting frames are the direct path's.
    @Test func aScrollingContainerLeavesItsViewportToItsStrips() {
        let (w, h) = ScrollTileTests.size
        let direct = CairoRenderer(), compositor = Self.compositor(layers: true)
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: w, height: h)
        let buffers = [ImageSurface(width: w, height: h), ImageSurface(width: w, height: h)]
        // The container's clip, 0,44 480x596 in device pixels, a pixel in.
        let viewport = PixelRect(x: 1, y: 45, width: w - 2, height: 596 - 2)
        let offsets = [0.0, 0.0] + (1...12).map { Double($0) * 13.37 } + Array(repeating: 12 * 13.37, count: 3)
        var previous: [DrawCommand]?
        var scrollingFrames = 0, restingMismatches = 0
        for offset in offsets {
            let list = ScrollTileTests.grid(offset: offset)
            var damage = tracker.update(list, renderer: compositor, width: w, height: h)
            damage = damage.union(FrameDamage(rects: compositor.settleRects, width: w, height: h), width: w, height: h)
            let (index, repaint) = ring.advance(with: damage, width: w, height: h)
            let copies = compositor.layerStatistics.stripCopies
            let before = compositor.backgroundStatistics
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            let painted = compositor.backgroundStatistics.paintedPixels - before.paintedPixels
            if compositor.layerStatistics.stripCopies > copies {
                scrollingFrames += 1
                let area = repaint.rects.map(\.area).reduce(0, +)
                let inside = repaint.rects.map { $0.intersection(viewport).area }.reduce(0, +)
                #expect(painted <= area - inside, "offset \(offset): painted \(painted) of \(area), \(inside) inside the viewport")
            }
            if previous == list.commands, !DamageRepaintTests.identical(direct.image(of: list, width: w, height: h), buffers[index]) {
                restingMismatches += 1
            }
            previous = list.commands
        }
        #expect(scrollingFrames >= 11, "\(scrollingFrames) frames copied strips")
        #expect(restingMismatches == 0)
    }

    /// The direct path (no occlusion) paints the clear whole.
    @Test func theDirectPathPaintsTheWholeClear() {
        let (w, h) = Self.size
        let direct = CairoRenderer()
        _ = direct.image(of: Self.stack(), width: w, height: h)
        #expect(direct.backgroundStatistics.leftOutPixels == 0)
        #expect(direct.backgroundStatistics.clears == 1)
    }

    /// Rows `band` of two surfaces are equal byte for byte.
    static func sameRows(_ a: ImageSurface, _ b: ImageSurface, _ band: PixelRect) -> Bool {
        a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                (band.y..<band.maxY).allSatisfy { y in memcmp(pa.baseAddress! + y * sa, pb.baseAddress! + y * sb, a.width * 4) == 0 }
            }
        }
    }
}
