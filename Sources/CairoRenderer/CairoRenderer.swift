import CCairo
import CPangoCairo
import InteractionEngine

/// Paints engine display lists with Cairo: the one drawing path for the window and for PNGs.
///
/// It keeps text layouts and scaled images between frames, so a frame only
/// pays for what changed. Not thread-safe: one renderer per drawing thread.
public final class CairoRenderer {
    private let text = TextCache()
    private let images = ImageCache()

    /// Device pixels per layout pixel (2 on a HiDPI screen).
    public var scale: Double = 1

    public init() {}

    /// Picture files that could not be decoded, with the reason.
    public var imageFailures: [String: String] { images.failures }

    /// Draws `list` onto the Cairo context `cr` (a `cairo_t*`).
    public func draw(_ list: DisplayList, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        var currentScale = scale
        var scaleStack: [Double] = []
        var opacityStack: [Double] = []
        for command in list.commands {
            switch command {
            case .clear(let color):
                cairo_save(cr)
                cairo_identity_matrix(cr)
                setColor(cr, color)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_restore(cr)
            case .fillRect(let rect, let paint, let radius):
                roundedRect(cr, rect, radius)
                setPaint(cr, paint, rect)
                cairo_fill(cr)
            case .strokeRect(let rect, let color, let width, let radius):
                roundedRect(cr, rect.insetBy(dx: width / 2, dy: width / 2), radius)
                setColor(cr, color)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .shadow(let rect, let radius, let blur, let offset, let color):
                drawShadow(cr, rect.offsetBy(dx: offset.x, dy: offset.y), radius, blur, color)
            case .fillCircle(let center, let radius, let paint):
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                setPaint(cr, paint, Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
                cairo_fill(cr)
            case .strokeCircle(let center, let radius, let color, let width):
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                setColor(cr, color)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .line(let from, let to, let color, let width):
                strokePolyline(cr, [from, to], color, width)
            case .polyline(let points, let color, let width):
                strokePolyline(cr, points, color, width)
            case .text(let string, let rect, let style):
                drawText(cr, string, rect, style)
            case .image(let path, let rect, let alpha, let radius):
                drawImage(cr, path, rect, alpha, radius, deviceScale: currentScale)
            case .pushClip(let rect, let radius):
                cairo_save(cr)
                roundedRect(cr, rect, radius)
                cairo_clip(cr)
            case .popClip:
                cairo_restore(cr)
            case .pushTransform(let t):
                cairo_save(cr)
                cairo_translate(cr, t.translation.x, t.translation.y)
                cairo_scale(cr, t.scale, t.scale)
                scaleStack.append(currentScale)
                currentScale *= t.scale
            case .popTransform:
                cairo_restore(cr)
                currentScale = scaleStack.popLast() ?? scale
            case .pushOpacity(let alpha):
                cairo_push_group(cr)
                opacityStack.append(alpha)
            case .popOpacity:
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, opacityStack.popLast() ?? 1)
            }
        }
        cairo_restore(cr)
    }

    /// Renders `list` into a new image of `width` x `height` layout pixels.
    public func image(of list: DisplayList, width: Int, height: Int) -> ImageSurface {
        let surface = ImageSurface(width: Int((Double(width) * scale).rounded()),
                                   height: Int((Double(height) * scale).rounded()))
        let cr = cairo_create(surface.handle)!
        draw(list, on: cr)
        cairo_destroy(cr)
        return surface
    }

    // MARK: Primitives

    private func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private func setPaint(_ cr: OpaquePointer, _ paint: Paint, _ rect: Rect) {
        switch paint {
        case .solid(let color):
            setColor(cr, color)
        case .diagonalGradient(let from, let to):
            setGradient(cr, cairo_pattern_create_linear(rect.minX, rect.minY, rect.maxX, rect.maxY), from, to)
        case .verticalGradient(let top, let bottom):
            setGradient(cr, cairo_pattern_create_linear(rect.minX, rect.minY, rect.minX, rect.maxY), top, bottom)
        }
    }

    private func setGradient(_ cr: OpaquePointer, _ pattern: OpaquePointer?, _ a: Color, _ b: Color) {
        guard let pattern else { return }
        cairo_pattern_add_color_stop_rgba(pattern, 0, a.red, a.green, a.blue, a.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, b.red, b.green, b.blue, b.alpha)
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }

    private func roundedRect(_ cr: OpaquePointer, _ r: Rect, _ radius: Double) {
        cairo_new_path(cr)
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        if rad <= 0 {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        let half = Double.pi / 2
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -half, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, half)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, half, 2 * half)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, 2 * half, 3 * half)
        cairo_close_path(cr)
    }

    private func strokePolyline(_ cr: OpaquePointer, _ points: [Point], _ color: Color, _ width: Double) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        setColor(cr, color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// A soft shadow from a few stacked translucent rounded rectangles: cheap and close to a blur.
    private func drawShadow(_ cr: OpaquePointer, _ rect: Rect, _ radius: Double, _ blur: Double, _ color: Color) {
        let layers = 4
        for i in 0..<layers {
            let spread = blur * (1 - Double(i) / Double(layers))
            roundedRect(cr, rect.insetBy(dx: -spread / 2, dy: -spread / 2), radius + spread / 2)
            setColor(cr, color.withAlpha(color.alpha / Double(layers)))
            cairo_fill(cr)
        }
    }

    private func drawText(_ cr: OpaquePointer, _ string: String, _ rect: Rect, _ style: TextStyle) {
        guard !string.isEmpty, rect.width > 0 else { return }
        let layout = text.layout(string, style: style, width: rect.width)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        setColor(cr, style.color)
        cairo_move_to(cr, rect.minX, rect.minY + (rect.height - Double(h)) / 2)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
    }

    private func drawImage(_ cr: OpaquePointer, _ path: String, _ rect: Rect, _ alpha: Double, _ radius: Double,
                           deviceScale: Double) {
        let pw = Int((rect.width * deviceScale).rounded()), ph = Int((rect.height * deviceScale).rounded())
        cairo_save(cr)
        roundedRect(cr, rect, radius)
        cairo_clip(cr)
        if let picture = images.image(path, width: pw, height: ph) {
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(picture.width), rect.height / Double(picture.height))
            cairo_set_source_surface(cr, picture.handle, 0, 0)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            // A visible placeholder, never a crash, for a picture that could not be read.
            cairo_set_source_rgba(cr, 0.75, 0.75, 0.78, alpha)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }
}
