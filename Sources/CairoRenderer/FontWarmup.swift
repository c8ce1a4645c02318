import CCairo
import CPangoCairo
import InteractionEngine

/// Fonts loaded before a frame needs them (issue 21: the wallet expand's first frame spent 8 ms
/// of its damage loading the details sheet's six fonts, which no face uses).
///
/// A font new to the process costs milliseconds at its first layout: fontconfig substitutes and
/// matches the pattern at that size, Pango builds the fontset and its fonts, Cairo makes a scaled
/// font and rasterises glyphs. Pango keeps all of it in the font map, which every renderer shares
/// (`TextLock.fontMap`, one for the process), so one warm-up serves them all, the raster worker's
/// thread too.
///
/// The host warms the fonts its scenes declare (`FontDeclaringScene`) in idle moments, one font
/// each time its loop would otherwise block in poll() (`warmNext`), so a press that comes during
/// the warm-up waits for one font at most, not all of them. It asks again whenever it goes idle:
/// a resize changes the grid's tile size and so its text steps, and a font-option change empties
/// the loaded set. Nothing is drawn to the window and no timer is set; once every declared font is
/// loaded the loop blocks in poll() as before.
extension CairoRenderer {
    /// Loads each of `fonts` not loaded yet (laid out and drawn offscreen); returns how many.
    @discardableResult
    public func warm(_ fonts: [TextFont]) -> Int { text.warm(fonts) }

    /// Loads the first of `fonts` not loaded yet and returns it; nil when every one is loaded.
    @discardableResult
    public func warmNext(_ fonts: [TextFont]) -> TextFont? {
        guard let next = fonts.first(where: { !text.fontsLoaded.contains($0) }) else { return nil }
        return text.warm([next]) == 1 ? next : nil
    }
}

extension TextCache {
    /// What a warm-up sets in each font: Latin with ascender and descender, digits and the
    /// currency signs the scenes use, and CJK, so the fontset's fallback font is loaded too (the
    /// wallet's "最近交易" heading).
    static let warmUpSample = "Ag09 ¥$€ 最近"

    /// Lays `warmUpSample` out in each font not loaded yet and draws it onto a small offscreen
    /// surface (the scaled font and its glyphs); the layouts are not kept. Returns how many.
    func warm(_ fonts: [TextFont]) -> Int {
        TextLock.held { warmLocked(fonts) }
    }

    private func warmLocked(_ fonts: [TextFont]) -> Int {
        let fresh = fonts.filter { !fontsLoaded.contains($0) }
        guard !fresh.isEmpty, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 256, 64) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        for font in fresh {
            let layout = makeLayout(Self.warmUpSample, style: TextStyle(size: font.size, weight: font.weight, monospace: font.monospace),
                                    width: 256)
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &ink, &logical)
            cairo_move_to(cr, 0, 0)
            pango_cairo_show_layout(cr, layout)
            cairo_new_path(cr)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return fresh.count
    }
}
