/// The EXIF orientation tag (0x0112) of a JPEG, read from its APP1 segment.
///
/// Phone cameras store the sensor's pixels as they come and record how to
/// turn them: 1 upright, 3 upside down, 6 turned a quarter clockwise to view,
/// 8 a quarter anticlockwise, 2/4/5/7 their mirror images.
enum ExifOrientation {
    /// 1...8; 1 when the file has no (valid) orientation.
    static func jpeg(_ bytes: [UInt8]) -> Int {
        var i = 2  // after SOI
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }  // start of scan: no more metadata
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length >= 8, Array(bytes[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiff(bytes, start: i + 10, end: i + 2 + length) ?? 1
            }
            i += 2 + length
        }
        return 1
    }

    /// The orientation in a TIFF block (`II*\0` or `MM\0*`) spanning `start..<end`.
    static func tiff(_ bytes: [UInt8], start: Int, end: Int) -> Int? {
        guard end - start >= 8 else { return nil }
        let little: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(start + 2) == 42, let ifd = u32(start + 4), let entries = u16(start + ifd) else { return nil }
        for e in 0..<min(entries, 512) {
            let entry = start + ifd + 2 + e * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
