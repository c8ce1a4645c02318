@testable import CairoRenderer
import Foundation
import Glibc
import Testing

/// Issue 17: pictures recognised by content and decoded near the drawn size.
@Suite struct PictureDecodingTests {
    /// A drawn copy of `path` at `width` x `height` device pixels, through the same path as a frame.
    private func drawn(_ path: String, _ width: Int, _ height: Int) -> PictureDelivery {
        PictureProducer().produce(PictureKey(path: path, width: width, height: height, cornerRadius: 0, exactRadius: 0))
    }

    private func expectColour(_ pixel: UInt32, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 8,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let c = channels(pixel)
        #expect(abs(c.r - r) <= tolerance && abs(c.g - g) <= tolerance && abs(c.b - b) <= tolerance && c.a == 255,
                "pixel \(c), wanted (\(r), \(g), \(b))", sourceLocation: sourceLocation)
    }

    /// A 12-megapixel JPEG drawn at 240 px is decoded at 1/8 scale (DCT domain), not whole.
    @Test func jpegDecodesAtTheDCTScaleThatCoversTheDrawnSize() throws {
        let f = try PictureFixtures()
        let photo = try f.convert(["-size", "4000x3000", "xc:#3366cc"], to: "photo.jpg")
        let picture = try PictureDecoder.decode(photo, width: 240, height: 240)
        #expect(picture.format == .jpeg && picture.fileWidth == 4000 && picture.fileHeight == 3000)
        #expect(picture.surface.width == 500 && picture.surface.height == 375, "\(picture.surface.width)x\(picture.surface.height)")
        expectColour(picture.surface.pixel(x: 250, y: 180), 0x33, 0x66, 0xCC)
        // Asked for the full size, it decodes the full size.
        let whole = try PictureDecoder.decode(photo, width: 4000, height: 3000)
        #expect(whole.surface.width == 4000)
    }

    @Test func progressiveJPEG() throws {
        let f = try PictureFixtures()
        let path = try f.convert(["-size", "640x480", "xc:#cc3333", "-interlace", "JPEG"], to: "progressive.jpg")
        #expect(try f.bytes("progressive.jpg").contains(0xC2) )  // SOF2: progressive DCT
        let copy = try #require(drawn(path, 100, 100).surface)
        expectColour(copy.pixel(x: 50, y: 50), 0xCC, 0x33, 0x33)
    }

    /// Adobe CMYK JPEGs store inverted inks; red must come out red.
    @Test func cmykJPEGShowsItsColours() throws {
        let f = try PictureFixtures()
        let path = try f.convert(["-size", "64x64", "xc:red", "-colorspace", "CMYK"], to: "cmyk.jpg")
        let picture = try PictureDecoder.decode(path, width: 64, height: 64)
        expectColour(picture.surface.pixel(x: 32, y: 32), 255, 0, 0, tolerance: 12)
    }

    /// EXIF orientation 6 (turn a quarter clockwise to view): the dark corner
    /// stored at the top left is shown at the top right, and the picture is upright (portrait).
    @Test func exifOrientationSixIsDrawnUpright() throws {
        let f = try PictureFixtures()
        _ = try f.convert(["-size", "300x200", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 99,99"], to: "base.jpg")
        let stored = try f.bytes("base.jpg")
        let turned = try f.write("turned.jpg", f.withOrientation(stored, 6))
        let plain = try f.write("plain.jpg", f.withOrientation(stored, 1))
        #expect(ExifOrientation.jpeg(try f.bytes("turned.jpg")) == 6)
        #expect(ExifOrientation.jpeg(stored) == 1)
        let upright = try #require(drawn(turned, 200, 300).surface)
        expectColour(upright.pixel(x: 190, y: 10), 0, 0, 0, tolerance: 40)    // top right: the dark corner
        expectColour(upright.pixel(x: 10, y: 10), 255, 255, 255, tolerance: 40)
        expectColour(upright.pixel(x: 10, y: 290), 255, 255, 255, tolerance: 40)
        let asStored = try #require(drawn(plain, 300, 200).surface)
        expectColour(asStored.pixel(x: 10, y: 10), 0, 0, 0, tolerance: 40)
        expectColour(asStored.pixel(x: 290, y: 10), 255, 255, 255, tolerance: 40)
    }

    @Test func grayscaleAnd16BitPNG() throws {
        let f = try PictureFixtures()
        let gray = try f.convert(["-size", "64x64", "xc:#646464", "-colorspace", "Gray", "-depth", "8"], to: "gray.png")
        #expect(try f.bytes("gray.png")[25] == 0)  // IHDR colour type 0: grayscale
        expectColour(try #require(drawn(gray, 32, 32).surface).pixel(x: 16, y: 16), 100, 100, 100, tolerance: 3)
        let deepPath = try f.convert(["-size", "64x64", "xc:#20a0e0"], to: "deep.png", format: "PNG48")
        #expect(try f.bytes("deep.png")[24] == 16)  // IHDR bit depth 16
        expectColour(try #require(drawn(deepPath, 32, 32).surface).pixel(x: 16, y: 16), 0x20, 0xA0, 0xE0, tolerance: 3)
    }

    /// A PNG above the whole-decode limit is read row by row and box-filtered:
    /// a 2600x2600 picture drawn at 100 px is held at 130 px, never whole.
    @Test func largePNGIsDecodedDownscaledRowByRow() throws {
        let f = try PictureFixtures()
        let big = try f.convert(["-size", "2600x2600", "xc:#10c040"], to: "big.png")
        #expect(2600 * 2600 > PictureMetrics.wholePNGPixels)
        let picture = try PictureDecoder.decode(big, width: 100, height: 100)
        #expect(picture.fileWidth == 2600 && picture.surface.width == 130 && picture.surface.height == 130,
                "\(picture.surface.width)x\(picture.surface.height)")
        expectColour(picture.surface.pixel(x: 65, y: 65), 0x10, 0xC0, 0x40, tolerance: 2)
        // 16-bit and grayscale go through the row path too.
        let deepGray = try f.convert(["-size", "2100x2100", "xc:#808080", "-colorspace", "Gray", "-depth", "16"], to: "deep-gray.png")
        expectColour(try PictureDecoder.decode(deepGray, width: 100, height: 100).surface.pixel(x: 10, y: 10),
                     0x80, 0x80, 0x80, tolerance: 3)
    }

    @Test func webpIsDecodedScaled() throws {
        let f = try PictureFixtures()
        let path = try f.convert(["-size", "800x600", "xc:#e0a020", "-define", "webp:lossless=true"], to: "photo.webp")
        let picture = try PictureDecoder.decode(path, width: 80, height: 80)
        #expect(picture.format == .webp && picture.fileWidth == 800)
        #expect(picture.surface.width < 800 && picture.surface.height >= 100, "\(picture.surface.width)x\(picture.surface.height)")
        expectColour(picture.surface.pixel(x: 20, y: 20), 0xE0, 0xA0, 0x20, tolerance: 3)
    }

    /// The first bytes decide, never the name: a JPEG called .png, a PNG without extension.
    @Test func formatComesFromTheBytes() throws {
        let f = try PictureFixtures()
        let jpeg = try f.convert(["-size", "64x64", "xc:#00ff00"], to: "real.jpg")
        let lying = try f.write("lying.png", try f.bytes("real.jpg"))
        _ = jpeg
        #expect(try PictureDecoder.decode(lying, width: 32, height: 32).format == .jpeg)
        expectColour(try #require(drawn(lying, 32, 32).surface).pixel(x: 16, y: 16), 0, 255, 0, tolerance: 6)
        #expect(PictureFormat.sniff(Array("GIF89a...".utf8)) == .gif)
        #expect(PictureFormat.sniff([0, 0, 0, 24] + Array("ftypheic".utf8)) == .heif)
        #expect(PictureFormat.sniff(Array("hello world".utf8)) == nil)
    }

    /// A FIFO named like a picture is never opened for reading (opening one blocks without a writer).
    @Test func fifoIsSkippedWithoutHanging() throws {
        let f = try PictureFixtures()
        #expect(mkfifo(f.file("x.png"), 0o644) == 0)
        let started = Date()
        #expect(PictureFile.problem(atPath: f.file("x.png")) == .notRegularFile("a FIFO"))
        #expect(throws: PictureProblem.notRegularFile("a FIFO")) { _ = try PictureDecoder.decode(f.file("x.png"), width: 10, height: 10) }
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func truncatedAndCorruptFilesNameTheirProblem() throws {
        let f = try PictureFixtures()
        _ = try f.convert(["-size", "640x480", "plasma:fractal"], to: "whole.jpg")
        let whole = try f.bytes("whole.jpg")
        let cut = try f.write("cut.jpg", Array(whole.prefix(whole.count * 6 / 10)))
        #expect(throws: PictureProblem.truncated(.jpeg)) { _ = try PictureDecoder.decode(cut, width: 100, height: 100) }
        _ = try f.convert(["-size", "640x480", "plasma:fractal"], to: "whole.png")
        let png = try f.bytes("whole.png")
        let cutPNG = try f.write("cut.png", Array(png.prefix(png.count / 2)))
        #expect(throws: PictureProblem.truncated(.png)) { _ = try PictureDecoder.decode(cutPNG, width: 100, height: 100) }
        let junk = try f.write("junk.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
        #expect(throws: (any Error).self) { _ = try PictureDecoder.decode(junk, width: 100, height: 100) }
        let empty = try f.write("empty.png", [])
        #expect(throws: PictureProblem.empty) { _ = try PictureDecoder.decode(empty, width: 100, height: 100) }
        let gif = try f.write("anim.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40))
        #expect(throws: PictureProblem.unsupported(.gif)) { _ = try PictureDecoder.decode(gif, width: 100, height: 100) }
    }

    /// Non-UTF-8 names survive the trip through a String and open byte for byte.
    @Test func nonUTF8NamesOpenByteForByte() throws {
        let f = try PictureFixtures()
        _ = try f.convert(["-size", "64x64", "xc:#0000ff"], to: "blue.jpg")
        let nameBytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let path = PicturePath.string(fromBytes: Array(f.path.utf8) + [UInt8(ascii: "/")] + nameBytes)
        #expect(PicturePath.bytes(of: path) == Array(f.path.utf8) + [UInt8(ascii: "/")] + nameBytes)
        #expect(PicturePath.displayName(path).hasSuffix("caf\u{FFFD}.jpg"))
        let data = try f.bytes("blue.jpg")
        let fd = PictureFile.withCString(PicturePath.bytes(of: path)) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        expectColour(try #require(drawn(path, 32, 32).surface).pixel(x: 16, y: 16), 0, 0, 255, tolerance: 8)
        // A valid name is left as it is.
        #expect(PicturePath.string(fromBytes: Array("Été 2024.jpg".utf8)) == "Été 2024.jpg")
    }

    /// HEIC and AVIF stills through libheif, box-filtered to the drawn size.
    @Test(arguments: [("photo.heic", PictureFormat.heif), ("photo.avif", PictureFormat.avif)])
    func heifAndAvif(name: String, format: PictureFormat) throws {
        let f = try PictureFixtures()
        let path = try f.convert(["-size", "640x480", "xc:#2080d0", "-quality", "90"], to: name)
        #expect(PictureFormat.sniff(try f.bytes(name)) == format)
        let picture = try PictureDecoder.decode(path, width: 100, height: 100)
        #expect(picture.format == format && picture.fileWidth == 640 && picture.fileHeight == 480)
        // The need is 100 px x 1.25 headroom = 125: factor 480 / 125 = 3, so 213x160.
        #expect(picture.surface.width == 213 && picture.surface.height == 160, "\(picture.surface.width)x\(picture.surface.height)")
        expectColour(picture.surface.pixel(x: 80, y: 60), 0x20, 0x80, 0xD0, tolerance: 10)
        let cut = try f.write("cut-" + name, Array(try f.bytes(name).prefix(300)))
        #expect(throws: (any Error).self) { _ = try PictureDecoder.decode(cut, width: 100, height: 100) }
    }
}
