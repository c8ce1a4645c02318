/// File names as bytes, carried in a `String` without loss.
///
/// Linux file names are bytes; a name that is not UTF-8 cannot live in a
/// Swift `String` as is. Each byte of an invalid sequence is kept as one
/// scalar of a private-use block (U+10FE00 + byte), so the path opens again
/// byte for byte, and `displayName` shows U+FFFD in its place.
public enum PicturePath {
    /// First scalar of the block that stands for raw bytes (Supplementary Private Use Area-B).
    static let escapeBase: UInt32 = 0x10FE00

    /// The string for a file name's bytes.
    public static func string(fromBytes bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isEscape) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let length = validSequenceLength(bytes, at: i)
            if length > 0, let text = String(validating: bytes[i..<i + length], as: UTF8.self),
               let scalar = text.unicodeScalars.first, !isEscape(scalar) {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The bytes to hand to `open()` for a string made by `string(fromBytes:)` (or any path).
    public static func bytes(of path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        return out
    }

    /// The path for people: escaped bytes shown as U+FFFD.
    public static func displayName(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isEscape) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase && scalar.value <= escapeBase + 0xFF
    }

    /// Length of the UTF-8 sequence a lead byte announces, when enough bytes follow (0 for a stray byte).
    private static func validSequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 && lead < 0xF5 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { return 0 }
        return length
    }
}
