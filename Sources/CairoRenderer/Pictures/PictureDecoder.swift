import CCairo
import CJPEG
import CPNG
import CWebP
import Glibc

/// A decoded picture, possibly smaller than the file (DCT scaling, box filter),
/// with the EXIF orientation still to apply when it is drawn.
final class DecodedPicture {
    let surface: ImageSurface
    /// EXIF orientation, 1...8 (1: as stored).
    let orientation: Int
    let format: PictureFormat
    /// The file's own size, before any scaling.
    let fileWidth: Int
    let fileHeight: Int

    init(surface: ImageSurface, orientation: Int, format: PictureFormat, fileWidth: Int, fileHeight: Int) {
        self.surface = surface
        self.orientation = orientation
        self.format = format
        self.fileWidth = fileWidth
        self.fileHeight = fileHeight
    }

    /// True when it is decoded at the file's full size (nothing sharper exists).
    var isFullSize: Bool { surface.width >= fileWidth && surface.height >= fileHeight }

    /// Whether it has enough pixels to fill `width` x `height` (upright) device pixels.
    func covers(width: Int, height: Int) -> Bool {
        if isFullSize { return true }
        let (w, h) = orientation >= 5 ? (height, width) : (width, height)
        return surface.width >= w && surface.height >= h
    }
}

/// Decodes picture files by their content: JPEG (libjpeg-turbo, DCT-domain
/// scaling), PNG (Cairo, or libpng row by row for big ones), WebP (libwebp,
/// scaled while decoding), HEIC and AVIF (libheif, box-filtered after). Every decoder is asked for the smallest picture
/// that still covers the drawn size, so a 12-megapixel photo costs what a
/// thumbnail costs.
enum PictureDecoder {
    /// Decodes `path` to at least `width` x `height` upright device pixels (when the file has them).
    /// `gate`: on a decoding thread that steps aside while a frame draws (checked between PNG rows).
    static func decode(_ path: String, width: Int, height: Int, gate: PictureFrameGate? = nil)
        throws(PictureProblem) -> DecodedPicture {
        let bytes = try PictureFile.read(path)
        guard let format = PictureFormat.sniff(bytes) else { throw .notAPicture }
        let needW = Int((Double(width) * PictureMetrics.sourceHeadroom).rounded(.up))
        let needH = Int((Double(height) * PictureMetrics.sourceHeadroom).rounded(.up))
        switch format {
        case .jpeg: return try decodeJPEG(bytes, width: needW, height: needH)
        case .png: return try decodePNG(bytes, path: path, width: needW, height: needH, gate: gate)
        case .webp: return try decodeWebP(bytes, width: needW, height: needH)
        case .heif, .avif: return try decodeHEIF(bytes, format: format, width: needW, height: needH)
        default: throw .unsupported(format)
        }
    }

    // MARK: JPEG

    private static func decodeJPEG(_ bytes: [UInt8], width: Int, height: Int) throws(PictureProblem) -> DecodedPicture {
        guard let tj = tjInitDecompress() else { throw .unreadable("libjpeg-turbo could not start") }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
        }
        guard header == 0, w > 0, h > 0 else {
            throw bytes.count < 600 ? .truncated(.jpeg) : .corrupt(.jpeg, String(cString: tjGetErrorStr2(tj)))
        }
        let orientation = ExifOrientation.jpeg(bytes)
        let (needW, needH) = orientation >= 5 ? (height, width) : (width, height)
        // The smallest DCT scale (1/8 ... 1) that still covers the need.
        var count: Int32 = 0
        let factors = tjGetScalingFactors(&count)
        var best = (num: Int32(1), denom: Int32(1))
        var bestPixels = Int.max
        for i in 0..<Int(count) {
            guard let f = factors?[i], f.num <= f.denom else { continue }
            let sw = Int((w * f.num + f.denom - 1) / f.denom), sh = Int((h * f.num + f.denom - 1) / f.denom)
            if sw >= min(needW, Int(w)) && sh >= min(needH, Int(h)) && sw * sh < bestPixels {
                best = (f.num, f.denom)
                bestPixels = sw * sh
            }
        }
        let sw = Int((w * best.num + best.denom - 1) / best.denom), sh = Int((h * best.num + best.denom - 1) / best.denom)
        guard sw * sh * 4 <= PictureMetrics.maximumSourceBytes else { throw .tooLarge(width: Int(w), height: Int(h)) }
        let surface = ImageSurface(width: sw, height: sh)
        cairo_surface_flush(surface.handle)
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let data = cairo_image_surface_get_data(surface.handle)!
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        var status: Int32
        if cmyk {
            var buffer = [UInt8](repeating: 0, count: sw * sh * 4)
            status = bytes.withUnsafeBufferPointer { src in
                buffer.withUnsafeMutableBufferPointer { dst in
                    tjDecompress2(tj, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(sw), Int32(sw * 4), Int32(sh),
                                  Int32(TJPF_CMYK.rawValue), 0)
                }
            }
            // Adobe CMYK JPEGs store inverted inks: R = C'K'/255 with C' = 255 - C.
            for y in 0..<sh {
                let row = data.advanced(by: y * stride)
                for x in 0..<sw {
                    let p = (y * sw + x) * 4
                    let c = UInt32(buffer[p]), m = UInt32(buffer[p + 1]), yl = UInt32(buffer[p + 2]), k = UInt32(buffer[p + 3])
                    row[x * 4] = UInt8((yl * k + 127) / 255)
                    row[x * 4 + 1] = UInt8((m * k + 127) / 255)
                    row[x * 4 + 2] = UInt8((c * k + 127) / 255)
                    row[x * 4 + 3] = 0xFF
                }
            }
        } else {
            status = bytes.withUnsafeBufferPointer { src in
                tjDecompress2(tj, src.baseAddress, UInt(src.count), data, Int32(sw), Int32(stride), Int32(sh),
                              Int32(TJPF_BGRA.rawValue), 0)
            }
        }
        if status != 0 {
            let message = String(cString: tjGetErrorStr2(tj))
            if message.contains("Premature end") || message.contains("premature end") { throw .truncated(.jpeg) }
            // A warning (extraneous bytes and the like) still yields the whole picture.
            if tjGetErrorCode(tj) != Int32(TJERR_WARNING.rawValue) { throw .corrupt(.jpeg, message) }
        }
        cairo_surface_mark_dirty(surface.handle)
        return DecodedPicture(surface: surface, orientation: orientation, format: .jpeg, fileWidth: Int(w), fileHeight: Int(h))
    }

    // MARK: PNG

    private static func decodePNG(_ bytes: [UInt8], path: String, width: Int, height: Int, gate: PictureFrameGate?)
        throws(PictureProblem) -> DecodedPicture {
        guard bytes.count >= 33 else { throw .truncated(.png) }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard word(8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw .corrupt(.png, "no IHDR") }
        let w = word(16), h = word(20)
        guard w > 0, h > 0 else { throw .corrupt(.png, "empty picture") }
        guard w <= 1_000_000, h <= 1_000_000 else { throw .tooLarge(width: w, height: h) }
        if w * h <= PictureMetrics.wholePNGPixels, let whole = try? decodeWholePNG(bytes, width: w, height: h) {
            return whole
        }
        // Large, or refused by Cairo (whose status says little): libpng names the problem.
        return try decodePNGRows(bytes, fileWidth: w, fileHeight: h, width: width, height: height, gate: gate)
    }

    /// Cairo's own PNG reader, from the bytes in memory (the path the bundled pictures always took).
    private static func decodeWholePNG(_ bytes: [UInt8], width: Int, height: Int) throws(PictureProblem) -> DecodedPicture {
        final class Cursor {
            let bytes: [UInt8]
            var offset = 0
            var ranOut = false
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let cursor = Cursor(bytes)
        let context = Unmanaged.passRetained(cursor)
        defer { context.release() }
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let cursor = Unmanaged<Cursor>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard cursor.offset + n <= cursor.bytes.count else {
                cursor.ranOut = true
                return CAIRO_STATUS_READ_ERROR
            }
            cursor.bytes.withUnsafeBufferPointer { src in
                data!.update(from: src.baseAddress! + cursor.offset, count: n)
            }
            cursor.offset += n
            return CAIRO_STATUS_SUCCESS
        }, context.toOpaque())!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if cursor.ranOut { throw .truncated(.png) }
            throw .corrupt(.png, String(cString: cairo_status_to_string(status)))
        }
        return DecodedPicture(surface: ImageSurface(adopting: surface), orientation: 1, format: .png,
                              fileWidth: width, fileHeight: height)
    }

    /// libpng row by row, each `factor` x `factor` block averaged as the rows
    /// arrive: an 8192x8192 PNG never exists at full size in memory.
    private static func decodePNGRows(_ bytes: [UInt8], fileWidth w: Int, fileHeight h: Int, width: Int, height: Int,
                                      gate: PictureFrameGate?) throws(PictureProblem) -> DecodedPicture {
        let factor = max(1, min(w / max(1, width), h / max(1, height)))
        let ow = max(1, w / factor), oh = max(1, h / factor)
        guard ow * oh * 4 <= PictureMetrics.maximumSourceBytes else { throw .tooLarge(width: w, height: h) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(PictureProblem) -> DecodedPicture in
            var png = gd_png()
            defer { gd_png_close(&png) }
            guard gd_png_open(&png, buffer.baseAddress, buffer.count) == 0 else { throw pngProblem(png) }
            return try readPNGRows(&png, fileWidth: w, fileHeight: h, factor: factor, width: ow, height: oh, gate: gate)
        }
    }

    private static func readPNGRows(_ png: inout gd_png, fileWidth w: Int, fileHeight h: Int, factor: Int,
                                    width ow: Int, height oh: Int, gate: PictureFrameGate?) throws(PictureProblem)
        -> DecodedPicture {
        let passes = Int(png.passes)
        let surface = ImageSurface(width: ow, height: oh)
        cairo_surface_flush(surface.handle)
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let data = cairo_image_surface_get_data(surface.handle)!
        var sums = [UInt32](repeating: 0, count: ow * 4)
        func flush(into y: Int, rows: Int) {
            let out = data.advanced(by: y * stride)
            let n = UInt32(factor * rows)
            for x in 0..<ow {
                let a = sums[x * 4 + 3]
                // Average straight colour weighted by alpha, then premultiply (Cairo ARGB32).
                let alpha = (a + n / 2) / n
                for c in 0..<3 {
                    let weighted = a == 0 ? 0 : (sums[x * 4 + c] + a / 2) / a  // straight colour, 0...255
                    out[x * 4 + c] = UInt8((weighted * alpha + 127) / 255)
                }
                out[x * 4 + 3] = UInt8(alpha)
            }
            for i in sums.indices { sums[i] = 0 }
        }
        if passes > 1 {
            // Interlaced: the passes fill the whole picture, so it must fit whole.
            guard w * h * 4 <= PictureMetrics.maximumSourceBytes else { throw .tooLarge(width: w, height: h) }
            var whole = [UInt8](repeating: 0, count: w * h * 4)
            for _ in 0..<passes {
                for y in 0..<h {
                    if y % PictureMetrics.gateRows == 0 { gate?.stepAside() }
                    let ok = whole.withUnsafeMutableBufferPointer { gd_png_read_row(&png, $0.baseAddress! + y * w * 4) }
                    guard ok == 0 else { throw pngProblem(png) }
                }
            }
            for oy in 0..<oh {
                for dy in 0..<factor { accumulate(whole, offset: (oy * factor + dy) * w * 4, into: &sums, width: ow, factor: factor) }
                flush(into: oy, rows: factor)
            }
        } else {
            var row = [UInt8](repeating: 0, count: w * 4)
            var rowsInBlock = 0, oy = 0
            for y in 0..<h {
                if y % PictureMetrics.gateRows == 0 { gate?.stepAside() }
                let ok = row.withUnsafeMutableBufferPointer { gd_png_read_row(&png, $0.baseAddress!) }
                guard ok == 0 else { throw pngProblem(png) }
                guard oy < oh else { continue }
                accumulate(row, offset: 0, into: &sums, width: ow, factor: factor)
                rowsInBlock += 1
                if rowsInBlock == factor {
                    flush(into: oy, rows: factor)
                    rowsInBlock = 0
                    oy += 1
                }
            }
        }
        cairo_surface_mark_dirty(surface.handle)
        return DecodedPicture(surface: surface, orientation: 1, format: .png, fileWidth: w, fileHeight: h)
    }

    /// Adds one straight-alpha BGRA row into the per-column sums (colour weighted by alpha).
    private static func accumulate(_ row: [UInt8], offset: Int, into sums: inout [UInt32], width ow: Int, factor: Int) {
        row.withUnsafeBufferPointer { r in
            sums.withUnsafeMutableBufferPointer { s in
                for x in 0..<ow {
                    var b: UInt32 = 0, g: UInt32 = 0, red: UInt32 = 0, a: UInt32 = 0
                    var p = offset + x * factor * 4
                    for _ in 0..<factor {
                        let alpha = UInt32(r[p + 3])
                        b += UInt32(r[p]) * alpha
                        g += UInt32(r[p + 1]) * alpha
                        red += UInt32(r[p + 2]) * alpha
                        a += alpha
                        p += 4
                    }
                    s[x * 4] += b
                    s[x * 4 + 1] += g
                    s[x * 4 + 2] += red
                    s[x * 4 + 3] += a
                }
            }
        }
    }

    private static func pngProblem(_ png: gd_png) -> PictureProblem {
        var copy = png
        let message = withUnsafeBytes(of: &copy.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if message.contains("Read Error") || message.contains("Not enough image data") || message.contains("unexpected end")
            || message.contains("truncated") {
            return .truncated(.png)
        }
        return .corrupt(.png, message.isEmpty ? "libpng error" : message)
    }

    // MARK: WebP

    private static func decodeWebP(_ bytes: [UInt8], width: Int, height: Int) throws(PictureProblem) -> DecodedPicture {
        var config = WebPDecoderConfig()
        guard gd_webp_init_config(&config) != 0 else { throw .unreadable("libwebp version mismatch") }
        let features = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        if features == VP8_STATUS_NOT_ENOUGH_DATA { throw .truncated(.webp) }
        guard features == VP8_STATUS_OK else { throw .corrupt(.webp, "status \(features.rawValue)") }
        if config.input.has_animation != 0 { throw .animated(.webp) }
        let w = Int(config.input.width), h = Int(config.input.height)
        guard w > 0, h > 0 else { throw .corrupt(.webp, "empty picture") }
        // Scale while decoding to the smallest size covering the need (never up).
        let k = min(1, max(Double(width) / Double(w), Double(height) / Double(h)))
        let sw = max(1, Int((Double(w) * k).rounded(.up))), sh = max(1, Int((Double(h) * k).rounded(.up)))
        guard sw * sh * 4 <= PictureMetrics.maximumSourceBytes else { throw .tooLarge(width: w, height: h) }
        let surface = ImageSurface(width: sw, height: sh)
        cairo_surface_flush(surface.handle)
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        if sw != w || sh != h {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(sw)
            config.options.scaled_height = Int32(sh)
        }
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = cairo_image_surface_get_data(surface.handle)
        config.output.u.RGBA.stride = Int32(stride)
        config.output.u.RGBA.size = stride * sh
        let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        WebPFreeDecBuffer(&config.output)
        if status == VP8_STATUS_NOT_ENOUGH_DATA { throw .truncated(.webp) }
        guard status == VP8_STATUS_OK else { throw .corrupt(.webp, "status \(status.rawValue)") }
        cairo_surface_mark_dirty(surface.handle)
        return DecodedPicture(surface: surface, orientation: 1, format: .webp, fileWidth: w, fileHeight: h)
    }
}
