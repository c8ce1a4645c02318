/// What a picture file holds, recognised by its first bytes (never by its name).
public enum PictureFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
    case gif = "GIF"
    case heif = "HEIF"
    case avif = "AVIF"
    case bmp = "BMP"
    case tiff = "TIFF"

    /// How many leading bytes `sniff` looks at.
    public static let signatureLength = 16

    /// The format the bytes start with, or nil when they are no known picture.
    public static func sniff<C: Collection>(_ header: C) -> PictureFormat? where C.Element == UInt8 {
        let b = Array(header.prefix(signatureLength))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + bytes.count && Array(b[offset..<offset + bytes.count]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = b.count >= 12 ? String(decoding: b[8..<12], as: UTF8.self) : ""
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heif }
        }
        if starts(Array("BM".utf8)) && b.count >= 14 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        return nil
    }

    /// Names that probably hold a picture, so a folder listing can skip the rest
    /// without opening them (a name without an extension is sniffed instead).
    public static let likelyExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "webp", "gif", "heic", "heif", "avif", "bmp", "tif", "tiff",
    ]
}
