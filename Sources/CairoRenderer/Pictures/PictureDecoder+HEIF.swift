import CCairo
import CHeif

/// HEIC and AVIF stills through libheif (its HEVC and AV1 plugins). libheif
/// decodes whole (HEVC has no scaled decode) and applies the file's own
/// rotation and mirroring; the picture is then box-filtered down to the size
/// asked for, so only the small copy outlives the call.
extension PictureDecoder {
    static func decodeHEIF(_ bytes: [UInt8], format: PictureFormat, width: Int, height: Int) throws(PictureProblem)
        -> DecodedPicture {
        guard let context = heif_context_alloc() else { throw .unreadable("out of memory") }
        defer { heif_context_free(context) }
        func problem(_ error: heif_error) -> PictureProblem {
            if error.subcode == heif_suberror_End_of_data { return .truncated(format) }
            if error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype {
                return .unsupported(format)
            }
            return .corrupt(format, error.message.map { String(cString: $0) } ?? "libheif error")
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(PictureProblem) -> DecodedPicture in
            var error = heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
            guard error.code == heif_error_Ok else { throw problem(error) }
            var handle: OpaquePointer?
            error = heif_context_get_primary_image_handle(context, &handle)
            guard error.code == heif_error_Ok, let handle else { throw problem(error) }
            defer { heif_image_handle_release(handle) }
            let w = Int(heif_image_handle_get_width(handle)), h = Int(heif_image_handle_get_height(handle))
            guard w > 0, h > 0 else { throw .corrupt(format, "empty picture") }
            guard w * h * 4 <= PictureMetrics.maximumSourceBytes else { throw .tooLarge(width: w, height: h) }
            var image: OpaquePointer?
            error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
            guard error.code == heif_error_Ok, let image else { throw problem(error) }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw .corrupt(format, "no pixels")
            }
            let iw = Int(heif_image_get_width(image, heif_channel_interleaved))
            let ih = Int(heif_image_get_height(image, heif_channel_interleaved))
            let factor = max(1, min(iw / max(1, width), ih / max(1, height)))
            let ow = max(1, iw / factor), oh = max(1, ih / factor)
            let surface = ImageSurface(width: ow, height: oh)
            cairo_surface_flush(surface.handle)
            let outStride = Int(cairo_image_surface_get_stride(surface.handle))
            let out = cairo_image_surface_get_data(surface.handle)!
            let n = UInt32(factor * factor)
            for oy in 0..<oh {
                let row = out.advanced(by: oy * outStride)
                for ox in 0..<ow {
                    var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                    for dy in 0..<factor {
                        var p = plane.advanced(by: (oy * factor + dy) * Int(stride) + ox * factor * 4)
                        for _ in 0..<factor {
                            let alpha = UInt32(p[3])
                            r += UInt32(p[0]) * alpha
                            g += UInt32(p[1]) * alpha
                            b += UInt32(p[2]) * alpha
                            a += alpha
                            p += 4
                        }
                    }
                    // Straight colour weighted by alpha, then premultiplied for Cairo (B, G, R, A in memory).
                    let alpha = (a + n / 2) / n
                    func channel(_ sum: UInt32) -> UInt8 {
                        let straight = a == 0 ? 0 : (sum + a / 2) / a
                        return UInt8((straight * alpha + 127) / 255)
                    }
                    row[ox * 4] = channel(b)
                    row[ox * 4 + 1] = channel(g)
                    row[ox * 4 + 2] = channel(r)
                    row[ox * 4 + 3] = UInt8(alpha)
                }
            }
            cairo_surface_mark_dirty(surface.handle)
            return DecodedPicture(surface: surface, orientation: 1, format: format, fileWidth: w, fileHeight: h)
        }
    }
}
