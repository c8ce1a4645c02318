import CCairo

/// One drawn size of a picture: what the cache holds and the frame paints.
struct PictureKey: Hashable, Sendable {
    let path: String
    /// Device pixels.
    let width: Int
    let height: Int
    /// Device pixels, rounded.
    let cornerRadius: Int
    /// The radius the copy's corners are cut with, exactly (part of the identity: a copy cut at
    /// the radius of whichever request came first made a frame's pixels depend on history).
    let exactRadius: Double
}

/// Makes the copy of a decoded picture that is drawn: turned upright (EXIF),
/// scaled with CAIRO_FILTER_GOOD to fill the drawn size (cropped to keep its
/// proportions), corners already cut, so a frame only composites it.
enum PictureCopy {
    static func make(_ picture: DecodedPicture, width: Int, height: Int, cornerRadius: Double) -> ImageSurface {
        let source = picture.surface
        let radius = max(0, min(cornerRadius, Double(min(width, height)) / 2))
        let turned = picture.orientation >= 5
        let ow = Double(turned ? source.height : source.width), oh = Double(turned ? source.width : source.height)
        if picture.orientation == 1 && source.width == width && source.height == height && radius == 0 { return source }
        let copy = ImageSurface(width: width, height: height)
        let cr = cairo_create(copy.handle)!
        if radius > 0 {
            let w = Double(width), h = Double(height), r = radius, half = Double.pi / 2
            cairo_new_path(cr)
            cairo_arc(cr, w - r, r, r, -half, 0)
            cairo_arc(cr, w - r, h - r, r, 0, half)
            cairo_arc(cr, r, h - r, r, half, 2 * half)
            cairo_arc(cr, r, r, r, 2 * half, 3 * half)
            cairo_close_path(cr)
            cairo_clip(cr)
        }
        let kx = Double(width) / ow, ky = Double(height) / oh
        if picture.orientation == 1 && abs(kx / ky - 1) < 0.02 {
            // Nearly the same proportions: fill exactly (the bundled square pictures take this path).
            cairo_scale(cr, kx, ky)
        } else {
            let k = max(kx, ky)
            cairo_translate(cr, (Double(width) - ow * k) / 2, (Double(height) - oh * k) / 2)
            cairo_scale(cr, k, k)
            var m = cairo_matrix_t()
            let (xx, yx, xy, yy, x0, y0): (Double, Double, Double, Double, Double, Double) =
                switch picture.orientation {
                case 2: (-1, 0, 0, 1, ow, 0)
                case 3: (-1, 0, 0, -1, ow, oh)
                case 4: (1, 0, 0, -1, 0, oh)
                case 5: (0, 1, 1, 0, 0, 0)
                case 6: (0, 1, -1, 0, ow, 0)
                case 7: (0, -1, -1, 0, ow, oh)
                case 8: (0, -1, 1, 0, 0, oh)
                default: (1, 0, 0, 1, 0, 0)
                }
            cairo_matrix_init(&m, xx, yx, xy, yy, x0, y0)
            cairo_transform(cr, &m)
        }
        cairo_set_source_surface(cr, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        if picture.orientation != 1 || abs(kx / ky - 1) >= 0.02 {
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        }
        cairo_paint(cr)
        cairo_destroy(cr)
        return copy
    }

    /// The average colour of a drawn copy (straight RGB, 0...1), from an 8x8 grid of samples.
    static func averageColour(_ surface: ImageSurface) -> (r: Double, g: Double, b: Double) {
        var r = 0.0, g = 0.0, b = 0.0, n = 0.0
        for j in 0..<8 {
            for i in 0..<8 {
                let p = surface.pixel(x: (2 * i + 1) * surface.width / 16, y: (2 * j + 1) * surface.height / 16)
                let a = Double(p >> 24)
                guard a > 0 else { continue }
                r += Double(p >> 16 & 0xFF) / a
                g += Double(p >> 8 & 0xFF) / a
                b += Double(p & 0xFF) / a
                n += 1
            }
        }
        return n > 0 ? (r / n, g / n, b / n) : (0.75, 0.75, 0.78)
    }
}
