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

    /// A text and style apart from its box (`fitting`).
    private struct LineKey: Hashable {
        let text: String
        let style: TextStyle
    }

    private let context: OpaquePointer
    private var layouts: [Key: OpaquePointer] = [:]
    /// One line of leading text that fits its box, by the box width of its held layout and its
    /// logical width (Pango units): Pango lays it out the same in any box at least that wide (no
    /// ellipsis, the line at the box's left edge), so a box that changes width every frame (a
    /// wallet footer card narrowing, its labels' boxes with it) reuses that layout.
    private var fitting: [LineKey: (width: Int, natural: Int32)] = [:]
    /// Lookups answered by a held layout of another box width (`fitting`; tests count them).
    private(set) var widthsShared = 0
    /// Measured once per layout: the damage asks for every new or moved text's bounds.
    private var extentsOf: [Key: Extents] = [:]
    private var order: [Key] = []
    private let capacity = 2048
    /// Bumped when the font options change: text measured before may measure differently now.
    private(set) var generation = 0
    /// Layouts made, and extents measured with Pango (tests count them).
    private(set) var layoutsMade = 0
    private(set) var extentsMeasured = 0
    /// The fonts this cache has laid text out in or warmed (`TextFont`: kind, weight, size).
    /// A font new to the process costs milliseconds in its first layout (fontconfig matching
    /// the size, a fontset, a scaled font); text in one already loaded costs microseconds.
    private(set) var fontsLoaded: Set<TextFont> = []
    /// Damage bounds estimated from the same text at another size (`estimatedExtents`).
    private(set) var extentsEstimated = 0
    /// The damage estimates the bounds of text in a font not loaded yet (a size that animates)
    /// instead of loading it; off (the default), every text is laid out and measured. Off because
    /// the estimate is wider than the ink (up to a pixel a glyph across, for the glyph advances'
    /// rounding), and the layer planner reads the same bounds: the grid tile's label no longer
    /// lay wholly inside its face's middle, so a lifting tile was not stretched
    /// (`LayerStretchTests`). The grid's text steps and the fonts' warm-up load the sizes instead.
    var estimatesNewFonts = false
    /// The last exact extents of each text, whatever its size (what an estimate scales), kept
    /// while `estimatesNewFonts` is on.
    private var measuredAtSomeSize: [SizeFreeKey: Measured] = [:]

    private struct SizeFreeKey: Hashable {
        let text: String
        let weight: TextStyle.Weight
        let monospace: Bool
        let alignment: TextStyle.Alignment
        let maxLines: Int

        init(_ key: Key) {
            text = key.text
            weight = key.style.weight
            monospace = key.style.monospace
            alignment = key.style.alignment
            maxLines = key.style.maxLines
        }
    }

    private struct Measured {
        let size: Double
        let width: Int
        let extents: Extents
        /// The line's logical left edge and width, and whether Pango ellipsized it.
        let lineX: Double
        let lineWidth: Double
        let ellipsized: Bool
    }

    /// Every Pango call below runs under `TextLock` (Cairo's scaled fonts are shared by all
    /// threads), and the context is made from the process's one font map.
    init() {
        context = TextLock.held {
            let context = pango_font_map_create_context(TextLock.fontMap)!
            // Fixed font options: the same pixels on every machine with the same fonts.
            let options = cairo_font_options_create()
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            return context
        }
    }

    /// Merges `options` (a `cairo_font_options_t*`: the screen's antialiasing, hinting and
    /// subpixel order) over the fixed ones; every cached layout is shaped again.
    func merge(fontOptions options: OpaquePointer) {
        TextLock.held { mergeLocked(options) }
    }

    private func mergeLocked(_ options: OpaquePointer) {
        let merged = cairo_font_options_copy(pango_cairo_context_get_font_options(context))
        cairo_font_options_merge(merged, options)
        pango_cairo_context_set_font_options(context, merged)
        cairo_font_options_destroy(merged)
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts = [:]
        extentsOf = [:]
        fitting = [:]
        order = []
        // Text measures differently now, and fonts are made again for the new options.
        measuredAtSomeSize = [:]
        fontsLoaded = []
        generation += 1
    }

    /// The address of the font map the context was made from (`TextLock.fontMap`; tests compare them).
    var fontMap: UInt { TextLock.held { UInt(bitPattern: pango_context_get_font_map(context)) } }

    /// The options text is drawn with now (owned by the context: copy to keep).
    var fontOptions: OpaquePointer { TextLock.held { pango_cairo_context_get_font_options(context) } }

    deinit {
        // Freeing a layout can free the last reference to a font and its scaled font.
        TextLock.held {
            for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
            g_object_unref(UnsafeMutableRawPointer(context))
        }
    }

    /// A layout for `text` in a box `width` pixels wide (ellipsized to fit). The cache owns it;
    /// hold `TextLock` while using it (`CairoRenderer.drawText`).
    func layout(_ text: String, style: TextStyle, width: Double) -> OpaquePointer {
        TextLock.held { layout(key(text, style: style, width: width)) }
    }

    /// The key of `text` in a box `width` pixels wide: that of a held layout of another width
    /// that Pango would lay out the same (`fitting`), else its own.
    private func key(_ text: String, style: TextStyle, width: Double) -> Key {
        let own = Key(text: text, style: style, width: Int(width.rounded()))
        guard style.alignment == .leading, style.maxLines <= 1, layouts[own] == nil,
              let fit = fitting[LineKey(text: text, style: style)], fit.natural <= Int32(max(1, own.width)) * PANGO_SCALE else { return own }
        let held = Key(text: text, style: style, width: fit.width)
        guard layouts[held] != nil else { return own }
        widthsShared += 1
        return held
    }

    /// The ink and logical extents of `text`'s layout in a box `width` pixels wide.
    func extents(_ text: String, style: TextStyle, width: Double) -> Extents {
        let key = key(text, style: style, width: width)
        if let known = extentsOf[key] { return known }
        return TextLock.held { measure(key) }
    }

    private func measure(_ key: Key) -> Extents {
        let style = key.style
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
        // Kept only for the estimate (off by default): no work on the frame's path without it.
        if estimatesNewFonts {
            if measuredAtSomeSize.count >= capacity { measuredAtSomeSize = [:] }
            measuredAtSomeSize[SizeFreeKey(key)] = Measured(size: style.size, width: key.width, extents: extents,
                                                            lineX: Double(logical.x), lineWidth: Double(logical.width),
                                                            ellipsized: pango_layout_is_ellipsized(layout) != 0)
        }
        // Kept as long as its layout (evicted with it).
        if layouts[key] != nil { extentsOf[key] = extents }
        return extents
    }

    /// Sizes within this ratio of a measured one are estimated from it (the grid's lift is
    /// 1.05, GridMetrics.liftScale; a wider ratio risks a fallback font's other metrics).
    static let estimateRatio = 1.25
    /// Pixels an estimated box is grown by on each side, beyond the glyph advances' rounding
    /// (half a pixel a glyph at each size, across). Slight hinting snaps glyph outlines and the
    /// line height to whole pixels, and the centred line moves by half of that: over the 2,115
    /// texts, sizes, weights, alignments and ratios of `TextEstimateTests` the scaled box missed
    /// the exact one by up to 0.42 px without it. 1 px holds them all, none fails (the test
    /// checks both).
    static let estimateMargin = 1.0

    /// The extents the damage bounds a text by: measured, as `extents`, or, when the text's font
    /// is not loaded yet (a size that animates), estimated from the same text measured at another
    /// size (`estimatedExtents`), which loads nothing. A damage bound only has to hold the ink the
    /// text can paint; drawing the text lays it out exactly.
    func damageExtents(_ text: String, style: TextStyle, width: Double) -> Extents {
        let key = key(text, style: style, width: width)
        if let known = extentsOf[key] { return known }
        if estimatesNewFonts, !fontsLoaded.contains(TextFont(style)), let estimate = estimatedExtents(key) {
            extentsEstimated += 1
            return estimate
        }
        return extents(text, style: style, width: width)
    }

    /// The extents of the same text (weight, family, alignment, one line) last measured at a size
    /// within `estimateRatio` of this one, scaled to this size about where the alignment anchors
    /// the line and grown by `estimateMargin`; nil when there is none, when that line was
    /// ellipsized, set where its alignment does not put it (a right-to-left line), or would not
    /// fit its box at this size (Pango would ellipsize it).
    func estimatedExtents(_ text: String, style: TextStyle, width: Double, margin: Double = estimateMargin) -> Extents? {
        estimatedExtents(Key(text: text, style: style, width: Int(width.rounded())), margin: margin)
    }

    private func estimatedExtents(_ key: Key, margin g: Double = estimateMargin) -> Extents? {
        let style = key.style
        guard style.maxLines <= 1, let m = measuredAtSomeSize[SizeFreeKey(key)], !m.ellipsized, m.size > 0 else { return nil }
        let r = style.size / m.size
        guard r >= 1 / Self.estimateRatio, r <= Self.estimateRatio else { return nil }
        let oldWidth = Double(m.width), newWidth = Double(key.width)
        let (oldAnchor, newAnchor, lineX): (Double, Double, Double) = switch style.alignment {
        case .leading: (0, 0, 0)
        case .center: (oldWidth / 2, newWidth / 2, (oldWidth - m.lineWidth) / 2)
        case .trailing: (oldWidth, newWidth, oldWidth - m.lineWidth)
        }
        // Pango rounds each glyph's advance to a whole pixel at both sizes: the line's width is
        // off its scaled width by up to half a pixel per glyph, once at each size.
        let glyphs = Double(key.text.unicodeScalars.count)
        let gx = g + 0.5 * glyphs * (1 + r)
        guard abs(m.lineX - lineX) <= 1, m.lineWidth * r + gx <= newWidth else { return nil }
        let b = m.extents.box
        let box = Rect(x: newAnchor + (b.minX - oldAnchor) * r - gx, y: b.minY * r - g,
                       width: b.width * r + 2 * gx, height: b.height * r + 2 * g)
        return Extents(box: box, height: m.extents.height * r)
    }

    /// The held layout of `key`, made when missing (its callers hold `TextLock`).
    private func layout(_ key: Key) -> OpaquePointer {
        if let cached = layouts[key] { return cached }
        layoutsMade += 1
        let layout = makeLayout(key.text, style: key.style, width: key.width)
        if layouts.count >= capacity, let oldest = order.first {
            order.removeFirst()
            extentsOf[oldest] = nil
            if let old = layouts.removeValue(forKey: oldest) { g_object_unref(UnsafeMutableRawPointer(old)) }
            let line = LineKey(text: oldest.text, style: oldest.style)
            if fitting[line]?.width == oldest.width { fitting[line] = nil }
        }
        if key.style.alignment == .leading, key.style.maxLines <= 1 {
            // Narrower than its box and at its left edge (a right-to-left line Pango sets at the
            // right edge is not), not ellipsized: the same in any box at least as wide as the line.
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let line = LineKey(text: key.text, style: key.style)
            if pango_layout_is_ellipsized(layout) == 0, logical.x == 0, logical.width < Int32(max(1, key.width)) * PANGO_SCALE,
               fitting[line].map({ layouts[Key(text: key.text, style: key.style, width: $0.width)] == nil }) ?? true {
                fitting[line] = (key.width, logical.width)
            }
        }
        layouts[key] = layout
        order.append(key)
        return layout
    }

    /// A new layout (the caller owns it) of `text` in a box `width` pixels wide; its font counts
    /// as loaded from now on.
    func makeLayout(_ text: String, style: TextStyle, width: Int) -> OpaquePointer {
        TextLock.held { makeLayoutLocked(text, style: style, width: width) }
    }

    private func makeLayoutLocked(_ text: String, style: TextStyle, width: Int) -> OpaquePointer {
        fontsLoaded.insert(TextFont(style))
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.monospace ? "DejaVu Sans Mono, monospace" : "DejaVu Sans, WenQuanYi Micro Hei, sans-serif")
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, weight(style.weight))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(1, width)) * PANGO_SCALE)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, style.maxLines <= 1 ? -1 : -Int32(style.maxLines))
        if style.maxLines <= 1 { pango_layout_set_single_paragraph_mode(layout, 1) }
        pango_layout_set_alignment(layout, alignment(style.alignment))
        pango_layout_set_text(layout, text, -1)
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
