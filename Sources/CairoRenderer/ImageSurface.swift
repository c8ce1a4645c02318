import CCairo
import Glibc
import InteractionEngine

/// An ARGB32 Cairo image surface that owns its pixels: the headless canvas.
public final class ImageSurface {
    /// The `cairo_surface_t*`.
    public let handle: OpaquePointer
    public let width: Int
    public let height: Int

    /// A blank surface; sizes are clamped to at least 1x1.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        handle = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
    }

    init(adopting surface: OpaquePointer) {
        handle = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(handle) }

    /// Decodes a PNG file with Cairo; throws a message naming the file and the problem.
    public static func load(png path: String) throws(RenderError) -> ImageSurface {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw RenderError("\(path): could not be read")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            throw RenderError("\(path): not a readable PNG (\(reason))")
        }
        return ImageSurface(adopting: surface)
    }

    /// Writes the surface as a PNG file.
    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(handle)
        errno = 0
        let status = cairo_surface_write_to_png(handle, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            let cause = errno == EFBIG ? ": over the file size limit" : errno == ENOSPC ? ": the disk is full"
                : errno != 0 ? ": \(String(cString: strerror(errno)))" : ""
            throw RenderError("\(path): could not write PNG (\(String(cString: cairo_status_to_string(status)))\(cause))")
        }
    }

    /// Lends the pixel rows (premultiplied ARGB32: B, G, R, A bytes on little-endian machines)
    /// and the row stride in bytes.
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        cairo_surface_flush(handle)
        let stride = Int(cairo_image_surface_get_stride(handle))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(handle)!)
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height), stride)
    }

    /// The surface encoded as a PNG file's bytes (to write atomically, or to offer on the clipboard).
    public func pngData() throws(RenderError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        cairo_surface_flush(handle)
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(handle, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("could not encode a PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        return sink.bytes
    }

    /// The pixel at (x, y) as premultiplied 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(handle)
        let stride = Int(cairo_image_surface_get_stride(handle))
        let data = cairo_image_surface_get_data(handle)!
        return data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    /// Compares two surfaces channel by channel.
    ///
    /// Returns the share of pixels (0...1) that differ by more than
    /// `channelTolerance` in any channel, or 1 when the sizes differ.
    public func differingFraction(from other: ImageSurface, channelTolerance: Int = 8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        cairo_surface_flush(handle)
        cairo_surface_flush(other.handle)
        let strideA = Int(cairo_image_surface_get_stride(handle))
        let strideB = Int(cairo_image_surface_get_stride(other.handle))
        let a = cairo_image_surface_get_data(handle)!
        let b = cairo_image_surface_get_data(other.handle)!
        var differing = 0
        for y in 0..<height {
            let rowA = a.advanced(by: y * strideA), rowB = b.advanced(by: y * strideB)
            for x in 0..<width {
                for c in 0..<4 where abs(Int(rowA[x * 4 + c]) - Int(rowB[x * 4 + c])) > channelTolerance {
                    differing += 1
                    break
                }
            }
        }
        return Double(differing) / Double(width * height)
    }
}

/// A rendering failure with a message fit for a person.
public enum RenderProblemKind: ProblemKind {}
public typealias RenderError = Problem<RenderProblemKind>

extension ImageSurface {
    /// A surface of `raster`'s size holding what `draw` paints of those device pixels under
    /// `matrix` (a frame's user-to-device matrix), moved by the raster's whole-pixel origin so
    /// the drawing keeps its sub-pixel phase (layers, tile sprites).
    static func rasterising(_ raster: PixelRect, matrix: cairo_matrix_t, _ draw: (OpaquePointer) -> Void) -> ImageSurface {
        let surface = ImageSurface(width: raster.width, height: raster.height)
        let cr = cairo_create(surface.handle)!
        var m = matrix
        m.x0 -= Double(raster.x)
        m.y0 -= Double(raster.y)
        cairo_set_matrix(cr, &m)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
        return surface
    }

    /// A surface of `raster`'s size whose pixels are the frame's device pixels inside `raster`
    /// (a device offset, not a moved matrix): what `draw` paints at device coordinates, such as a
    /// held layer's raster copied under the identity matrix, lands where the frame would have it.
    /// `draw` sets its own matrix (scroll strips, tile sprites).
    /// `onto`: a surface of `raster`'s size to draw on instead of a new one (what it holds is
    /// left under what `draw` paints: `draw` paints every pixel).
    static func rasterisingDevicePixels(_ raster: PixelRect, onto reused: ImageSurface? = nil,
                                        _ draw: (OpaquePointer) -> Void) -> ImageSurface {
        let surface = reused.flatMap { $0.width == raster.width && $0.height == raster.height ? $0 : nil }
            ?? ImageSurface(width: raster.width, height: raster.height)
        cairo_surface_set_device_offset(surface.handle, -Double(raster.x), -Double(raster.y))
        let cr = cairo_create(surface.handle)!
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
        cairo_surface_set_device_offset(surface.handle, 0, 0)
        return surface
    }
}
