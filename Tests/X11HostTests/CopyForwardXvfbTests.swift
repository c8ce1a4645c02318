import CCairo
import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

/// The presenter's second buffer copies from the first what it missed outside the frame's
/// damage instead of drawing it again (BufferCopyForward.swift), and holds the direct path's
/// pixels byte for byte.
@Suite struct CopyForwardXvfbTests {
    static let width = DamagePresentXvfbTests.width, height = DamagePresentXvfbTests.height

    /// The pixels (xRGB) of `surface` that differ from `reference`.
    static func differing(_ surface: OpaquePointer, _ reference: ImageSurface) -> Int {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return width * height }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var count = 0
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] & 0xFFFFFF != reference.pixel(x: x, y: y) & 0xFFFFFF { count += 1 }
        }
        return count
    }

    /// The messages scene's first frame, and the same with one unread badge's count changed (a
    /// change inside one row, beside the row's gradient avatar).
    static func badgeChange() throws -> (DisplayList, DisplayList) {
        var warnings: [String] = []
        let scene = try MessagesFactory().make(assets: AssetStore(directory: DamagePresentXvfbTests.assets), state: DeckState(),
                                               warnings: &warnings)
        let deck = Deck(scenes: [scene], size: Size(width: Double(Self.width), height: Double(Self.height)))
        deck.tick(at: 0)
        let before = deck.render(at: 0)
        // One unread badge's count changed: a change inside one row.
        var commands = before.commands
        let badge = try #require(commands.indices.dropFirst().first { i in
            if case .text(_, let r, _) = commands[i], case .fillRect(let pill, .solid(MessagesStyle.badge), _) = commands[i - 1] {
                return r == pill
            }
            return false
        }, "no unread badge in the messages scene")
        guard case .text(let count, let pill, let style) = commands[badge] else { return (before, before) }
        commands[badge] = .text(count == "7" ? "8" : "7", pill, style)
        var after = DisplayList()
        for c in commands { after.append(c) }
        return (before, after)
    }

    /// A band repainted beside the avatar holds it whole: cut by the band's edge, its gradient
    /// circle's rim was a level off the whole repaint (1 pixel), which the copy then carried.
    @Test func aBadgeBandRepaintsLikeTheWholeFrame() throws {
        let (before, after) = try Self.badgeChange()
        let renderer = CairoRenderer(), tracker = DamageTracker()
        let surface = renderer.image(of: before, width: Self.width, height: Self.height)
        _ = tracker.update(before, renderer: renderer, width: Self.width, height: Self.height)
        let damage = tracker.update(after, renderer: renderer, width: Self.width, height: Self.height)
        #expect(damage.area > 0 && damage.area < Self.width * Self.height / 4)
        renderer.draw(after, onto: surface, repainting: damage, bounds: tracker.commandBounds)
        #expect(Self.differing(surface.handle, CairoRenderer().image(of: after, width: Self.width, height: Self.height)) == 0)
    }

    @Test func theSecondBufferCopiesWhatItMissedAndDrawsOnlyTheDamage() throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = DamagePresentXvfbTests.mappedWindow(display)
        let (before, after) = try Self.badgeChange()
        let renderer = CairoRenderer()
        let compositor = try #require(FrameCompositor(display: display, window: window, width: Self.width, height: Self.height))
        let presenter = compositor.presenter
        try #require(presenter.transport != .putImage, "the copy needs two shared-memory buffers")
        let whole = Self.width * Self.height

        // Frame 1 into buffer 0: drawn whole (nothing to copy from).
        var drawn = renderer.frameCounts.commandsDrawn
        compositor.present(before, renderer: renderer)
        let firstDrawn = renderer.frameCounts.commandsDrawn - drawn
        #expect(presenter.lastCopiedForwardPixels == 0)
        #expect(firstDrawn > 20)

        // Frame 2 into buffer 1, which holds nothing yet: all but the badge's band is copied from buffer 0.
        drawn = renderer.frameCounts.commandsDrawn
        compositor.present(after, renderer: renderer)
        let damage = compositor.lastDamage.area
        #expect(damage > 0 && damage < whole / 4)
        #expect(presenter.lastCopiedForwardPixels == whole - damage)
        #expect(renderer.frameCounts.commandsDrawn - drawn < firstDrawn / 2, "frame 2 drew the whole window again")

        // Frame 3, the same list, into buffer 0, which missed frame 2's band: copied, nothing drawn.
        drawn = renderer.frameCounts.commandsDrawn
        compositor.present(after, renderer: renderer)
        #expect(compositor.lastDamage.isEmpty)
        #expect(presenter.lastCopiedForwardPixels == damage)
        #expect(renderer.frameCounts.commandsDrawn == drawn, "frame 3 drew what buffer 1 already held")

        // Both buffers hold the direct path's frame.
        let reference = CairoRenderer().image(of: after, width: Self.width, height: Self.height)
        for i in 0..<2 {
            let surface = try #require(presenter.bufferSurface(i))
            #expect(Self.differing(surface, reference) == 0, "buffer \(i)")
        }

        // After an Expose nothing is copied: the buffer drawn last no longer counts as whole.
        compositor.invalidate()
        compositor.present(after, renderer: renderer)
        #expect(presenter.lastCopiedForwardPixels == 0)
    }

    @Test func theRectanglesCopiedAreTheMissedOnesLessTheDamage() {
        let w = 100, h = 50
        func bands(_ rows: [(Int, Int)]) -> FrameDamage {
            FrameDamage(rects: rows.map { PixelRect(x: 0, y: $0.0, width: w, height: $0.1 - $0.0) }, width: w, height: h)
        }
        func rects(_ carried: FrameDamage, _ damage: FrameDamage) -> [PixelRect] {
            BufferCopyForward.rects(carried: carried, outside: damage, width: w, height: h)
        }
        func area(_ rs: [PixelRect]) -> Int { rs.reduce(0) { $0 + $1.area } }
        #expect(Set(rects(.full(width: w, height: h), bands([(10, 20), (30, 35)]))) ==
            [PixelRect(x: 0, y: 0, width: w, height: 10), PixelRect(x: 0, y: 20, width: w, height: 10),
             PixelRect(x: 0, y: 35, width: w, height: 15)])
        #expect(rects(bands([(5, 15)]), bands([(0, 8)])) == [PixelRect(x: 0, y: 8, width: w, height: 7)])
        #expect(rects(bands([(5, 15)]), bands([(0, 20)])).isEmpty)
        #expect(rects(bands([(5, 15)]), .none) == [PixelRect(x: 0, y: 5, width: w, height: 10)])
        #expect(rects(.none, bands([(0, 8)])).isEmpty)
        // Column-limited: a 40x20 missed rectangle less a 10x10 one inside it leaves a ring of
        // 700 pixels, none of them inside the damage.
        let missed = FrameDamage(rects: [PixelRect(x: 30, y: 10, width: 40, height: 20)], width: w, height: h)
        let cut = FrameDamage(rects: [PixelRect(x: 45, y: 15, width: 10, height: 10)], width: w, height: h)
        let ring = rects(missed, cut)
        #expect(area(ring) == 40 * 20 - 10 * 10)
        #expect(ring.allSatisfy { !$0.intersects(cut.rects[0]) && missed.rects[0].contains($0) })
        #expect(ring.indices.allSatisfy { i in ring.indices.allSatisfy { j in i == j || !ring[i].intersects(ring[j]) } })
    }

    /// The copy moves only the rectangle's columns: pixels beside it in its rows stay the target's.
    @Test func aCopiedRectangleLeavesItsRowsOutsideItAlone() {
        let source = ImageSurface(width: 64, height: 32), target = ImageSurface(width: 64, height: 32)
        for (surface, grey) in [(source, 1.0), (target, 0.0)] {
            let cr = cairo_create(surface.handle)!
            cairo_set_source_rgb(cr, grey, grey, grey)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        let copied = BufferCopyForward.copy([PixelRect(x: 10, y: 4, width: 20, height: 8)], from: source.handle, to: target.handle)
        #expect(copied == 20 * 8)
        cairo_surface_flush(target.handle)
        let data = cairo_image_surface_get_data(target.handle)!, stride = Int(cairo_image_surface_get_stride(target.handle))
        func white(_ x: Int, _ y: Int) -> Bool { data[y * stride + x * 4] == 255 }
        var whites = 0
        for y in 0..<32 { for x in 0..<64 where white(x, y) { whites += 1 } }
        #expect(whites == 20 * 8)
        #expect(white(10, 4) && white(29, 11) && !white(9, 4) && !white(30, 11) && !white(10, 3) && !white(10, 12))
    }
}
