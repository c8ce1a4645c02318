import CCairo
import CPangoCairo
import InteractionEngine

/// Pango layouts kept between frames, keyed by text, style and box.
///
/// Laying out text is the most expensive part of a frame; the same labels are
/// drawn every frame, so each is shaped once.
final class TextCache {
    private struct Key: Hashable {
        let text: String
        let style: TextStyle
        let width: Int
    }

    /// A layout's ink and logical extents together, relative to where it is drawn from, and its
    /// height (what `drawText` centres), in pixels.
    struct Extents {
        let box: Rect
        let height: Double
    }

    private let context: OpaquePointer
    private var layouts: [Key: OpaquePointer] = [:]
    /// Measured once per layout: the damage asks for every new or moved text's bounds.
    private var extentsOf: [Key: Extents] = [:]
    private var order: [Key] = []
    private let capacity = 2048
    /// Bumped when the font options change: text measured before may measure differently now.
    private(set) var generation = 0
    /// Layouts made, and extents measured with Pango (tests count them).
    private(set) var layoutsMade = 0
    private(set) var extentsMeasured = 0

    init() {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        // Fixed font options: the same pixels on every machine with the same fonts.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Merges `options` (a `cairo_font_options_t*`: the screen's antialiasing, hinting and
    /// subpixel order) over the fixed ones; every cached layout is shaped again.
    func merge(fontOptions options: OpaquePointer) {
        let merged = cairo_font_options_copy(pango_cairo_context_get_font_options(context))
        cairo_font_options_merge(merged, options)
        pango_cairo_context_set_font_options(context, merged)
        cairo_font_options_destroy(merged)
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts = [:]
        extentsOf = [:]
        order = []
        generation += 1
    }

    /// The options text is drawn with now (owned by the context: copy to keep).
    var fontOptions: OpaquePointer { pango_cairo_context_get_font_options(context) }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// A layout for `text` in a box `width` pixels wide (ellipsized to fit).
    func layout(_ text: String, style: TextStyle, width: Double) -> OpaquePointer {
        layout(Key(text: text, style: style, width: Int(width.rounded())))
    }

    /// The ink and logical extents of `text`'s layout in a box `width` pixels wide.
    func extents(_ text: String, style: TextStyle, width: Double) -> Extents {
        let key = Key(text: text, style: style, width: Int(width.rounded()))
        if let known = extentsOf[key] { return known }
        let layout = layout(key)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        let x0 = Double(min(ink.x, logical.x)), y0 = Double(min(ink.y, logical.y))
        let x1 = Double(max(ink.x + ink.width, logical.x + logical.width))
        let y1 = Double(max(ink.y + ink.height, logical.y + logical.height))
        let extents = Extents(box: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), height: Double(h))
        extentsMeasured += 1
        // Kept as long as its layout (evicted with it).
        if layouts[key] != nil { extentsOf[key] = extents }
        return extents
    }

    private func layout(_ key: Key) -> OpaquePointer {
        let text = key.text, style = key.style
        if let cached = layouts[key] { return cached }
        layoutsMade += 1
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.monospace ? "DejaVu Sans Mono, monospace" : "DejaVu Sans, WenQuanYi Micro Hei, sans-serif")
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, weight(style.weight))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(1, key.width)) * PANGO_SCALE)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, style.maxLines <= 1 ? -1 : -Int32(style.maxLines))
        if style.maxLines <= 1 { pango_layout_set_single_paragraph_mode(layout, 1) }
        pango_layout_set_alignment(layout, alignment(style.alignment))
        pango_layout_set_text(layout, text, -1)
        if layouts.count >= capacity, let oldest = order.first {
            order.removeFirst()
            extentsOf[oldest] = nil
            if let old = layouts.removeValue(forKey: oldest) { g_object_unref(UnsafeMutableRawPointer(old)) }
        }
        layouts[key] = layout
        order.append(key)
        return layout
    }

    private func weight(_ w: TextStyle.Weight) -> PangoWeight {
        switch w {
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .bold: PANGO_WEIGHT_BOLD
        }
    }

    private func alignment(_ a: TextStyle.Alignment) -> PangoAlignment {
        switch a {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
    }
}
