import CCairo
import CairoRenderer
import Foundation
import InteractionEngine

/// Copy-forward between the presenter's buffers (issue 21: the settle frames).
///
/// A buffer repaints at its turn this frame's damage plus what it missed while the other
/// buffer was drawn (`BufferDamage`). The buffer drawn last holds the last frame whole, and
/// outside this frame's damage the last frame's pixels are this frame's, so what the buffer
/// missed outside the damage is copied from it row for row instead of drawn again. Before, the
/// frame after a scroll came to rest drew the whole window a second time: the rest frame repaints
/// every row exactly (the strips were copied to the nearest pixel) into one buffer, and the next
/// frame repainted the same rows into the other from their commands (the compare bench's grid
/// #466 and #552: about 450 commands, 8.7 ms of CPU, for a frame whose own damage was empty).
///
/// What the buffer missed less this frame's damage is a set of disjoint rectangles; each is
/// copied row by row, one `memcpy` of its width per row (a run of whole rows in one).
enum BufferCopyForward {
    /// The pixels of `carried` (what the buffer missed) outside `damage` (this frame's), as
    /// disjoint rectangles inside the `width` x `height` frame.
    static func rects(carried: FrameDamage, outside damage: FrameDamage, width: Int, height: Int) -> [PixelRect] {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        // Carried rectangles do not overlap one another (FrameDamage merges them).
        return carried.subtracting(damage).map { $0.intersection(frame) }.filter { !$0.isEmpty }
    }

    /// Copies `rects` of image surface `source` into `target` (the same size and a 32-bit
    /// format); the number of pixels copied, 0 when the surfaces do not match.
    static func copy(_ rects: [PixelRect], from source: OpaquePointer, to target: OpaquePointer) -> Int {
        guard !rects.isEmpty else { return 0 }
        let width = Int(cairo_image_surface_get_width(source)), height = Int(cairo_image_surface_get_height(source))
        let stride = Int(cairo_image_surface_get_stride(source))
        let format = cairo_image_surface_get_format(source)
        guard width == Int(cairo_image_surface_get_width(target)), height == Int(cairo_image_surface_get_height(target)),
              stride == Int(cairo_image_surface_get_stride(target)), format == cairo_image_surface_get_format(target),
              format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return 0 }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else { return 0 }
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        var pixels = 0
        for rect in rects {
            let r = rect.intersection(frame)
            guard !r.isEmpty else { continue }
            if r.x == 0, r.width == width {
                memcpy(to + r.y * stride, from + r.y * stride, r.height * stride)
            } else {
                for row in r.y..<r.maxY {
                    let offset = row * stride + r.x * 4
                    memcpy(to + offset, from + offset, r.width * 4)
                }
            }
            cairo_surface_mark_dirty_rectangle(target, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            pixels += r.area
        }
        return pixels
    }
}
