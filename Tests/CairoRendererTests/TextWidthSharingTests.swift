@testable import CairoRenderer
import CCairo
import CPangoCairo
import Foundation
@testable import InteractionEngine
import Testing

/// A label whose box changes width every frame (the wallet's footer cards narrowing as a card
/// expands: 22-32 texts measured a frame) is laid out once: a leading line that fits its box is
/// the same layout in any box at least as wide (`TextCache.fitting`). Counted, and compared pixel
/// for pixel with a layout made for each width.
@Suite struct TextWidthSharingTests {
    static let style = TextStyle(size: 17, weight: .medium)

    /// The pixels of `layout` drawn at (2, 2) on a 400x40 surface.
    static func pixels(_ layout: OpaquePointer) -> [UInt8] {
        let surface = ImageSurface(width: 400, height: 40)
        let cr = cairo_create(surface.handle)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_move_to(cr, 2, 2)
        TextLock.held {
            pango_cairo_show_layout(cr, layout)
            cairo_destroy(cr)
        }
        return surface.withPixels { buffer, _ in Array(buffer) }
    }

    /// The line's logical width of `text` in a box far wider than it (px, rounded up).
    static func naturalWidth(_ text: String, _ style: TextStyle) -> Int {
        let layout = TextCache().makeLayout(text, style: style, width: 4000)
        var logical = PangoRectangle()
        TextLock.held {
            pango_layout_get_extents(layout, nil, &logical)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return Int((Double(logical.width) / Double(PANGO_SCALE)).rounded(.up))
    }

    @Test func aLeadingLineThatFitsIsLaidOutOnceForEveryWiderBox() throws {
        let text = "American Express"
        let natural = Self.naturalWidth(text, Self.style)
        let cache = TextCache()
        let widths = [Double(natural + 40), Double(natural + 12), Double(natural) + 3.4, Double(natural + 80)]
        for width in widths {
            let shared = cache.layout(text, style: Self.style, width: width)
            let own = cache.makeLayout(text, style: Self.style, width: Int(width.rounded()))
            defer { TextLock.held { g_object_unref(UnsafeMutableRawPointer(own)) } }
            let same = Self.pixels(shared) == Self.pixels(own)
            #expect(same, "box \(width): the shared layout draws other pixels")
            _ = cache.extents(text, style: Self.style, width: width)
        }
        #expect(cache.layoutsMade == 1, "\(cache.layoutsMade) layouts for one line in \(widths.count) wider boxes")
        #expect(cache.widthsShared >= widths.count - 1)
    }

    @Test func aBoxNarrowerThanTheLineGetsItsOwnEllipsizedLayout() throws {
        let text = "American Express"
        let natural = Self.naturalWidth(text, Self.style)
        let cache = TextCache()
        _ = cache.layout(text, style: Self.style, width: Double(natural + 40))
        // Just wide enough: shared; a pixel narrower than the line: Pango ellipsizes it.
        _ = cache.layout(text, style: Self.style, width: Double(natural))
        #expect(cache.layoutsMade == 1)
        let narrow = cache.layout(text, style: Self.style, width: Double(natural - 1))
        #expect(cache.layoutsMade == 2)
        #expect(TextLock.held { pango_layout_is_ellipsized(narrow) } != 0)
    }

    @Test func centredTrailingAndRightToLeftLinesKeepALayoutPerWidth() throws {
        for (text, alignment) in [("Gold Card", TextStyle.Alignment.center), ("VISA", .trailing), ("שלום עולם", .leading)] {
            var style = Self.style
            style.alignment = alignment
            let cache = TextCache()
            let natural = Self.naturalWidth(text, style)
            for width in [natural + 30, natural + 50] {
                let held = cache.layout(text, style: style, width: Double(width))
                let own = cache.makeLayout(text, style: style, width: width)
                defer { TextLock.held { g_object_unref(UnsafeMutableRawPointer(own)) } }
                let same = Self.pixels(held) == Self.pixels(own)
                #expect(same, "\(text) in \(width) px: the held layout draws other pixels")
            }
            #expect(cache.layoutsMade == 2, "\(text) (\(alignment)): \(cache.layoutsMade) layouts for two box widths")
        }
    }
}
