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
/// Damage is made of whole-width bands (`FrameDamage`), so the rows to copy are the carried
/// bands' rows less the damage's, each run of rows one `memcpy`.
enum BufferCopyForward {
    /// The row ranges of `carried` (what the buffer missed) outside `damage` (this frame's), in
    /// order, each `lowerBound..<upperBound`; both are whole-width bands of a `height`-row frame.
    static func rows(carried: FrameDamage, outside damage: FrameDamage, height: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let cuts = damage.rects.map { max(0, $0.y)..<min(height, $0.maxY) }.filter { !$0.isEmpty }
            .sorted { $0.lowerBound < $1.lowerBound }
        let spans = carried.rects.map { max(0, $0.y)..<min(height, $0.maxY) }.filter { !$0.isEmpty }
            .sorted { $0.lowerBound < $1.lowerBound }
        for span in spans {
            var start = span.lowerBound
            for cut in cuts where cut.upperBound > start && cut.lowerBound < span.upperBound {
                if cut.lowerBound > start { out.append(start..<cut.lowerBound) }
                start = max(start, cut.upperBound)
            }
            if start < span.upperBound { out.append(start..<span.upperBound) }
        }
        // Carried bands may overlap one another: merge the runs.
        var merged: [Range<Int>] = []
        for run in out.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, run.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, run.upperBound)
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// Copies `rows` of image surface `source` into `target` (the same size and format); the
    /// number of pixels copied, 0 when the surfaces do not match.
    static func copy(_ rows: [Range<Int>], from source: OpaquePointer, to target: OpaquePointer) -> Int {
        guard !rows.isEmpty else { return 0 }
        let width = Int(cairo_image_surface_get_width(source)), height = Int(cairo_image_surface_get_height(source))
        let stride = Int(cairo_image_surface_get_stride(source))
        guard width == Int(cairo_image_surface_get_width(target)), height == Int(cairo_image_surface_get_height(target)),
              stride == Int(cairo_image_surface_get_stride(target)),
              cairo_image_surface_get_format(source) == cairo_image_surface_get_format(target) else { return 0 }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else { return 0 }
        var pixels = 0
        for run in rows {
            let top = max(0, run.lowerBound), bottom = min(height, run.upperBound)
            guard bottom > top else { continue }
            memcpy(to + top * stride, from + top * stride, (bottom - top) * stride)
            cairo_surface_mark_dirty_rectangle(target, 0, Int32(top), Int32(width), Int32(bottom - top))
            pixels += (bottom - top) * width
        }
        return pixels
    }
}
