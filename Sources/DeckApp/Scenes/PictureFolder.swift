import CairoRenderer
import Glibc
import InteractionEngine

/// A folder of pictures, listed fast and lazily: names and file kinds only.
///
/// One readdir pass; the file's kind comes from the directory entry, and only
/// links (and file systems that do not say) cost a stat. Nothing is opened
/// for reading except a name without an extension, whose first 16 bytes tell
/// whether it is a picture. Content problems (truncated, corrupt, lying
/// headers) are found by the decoder later and shown in the picture's cell.
public enum PictureFolder {
    /// A file left out, and why.
    public struct Skipped: Hashable, Sendable {
        public var name: String
        public var problem: PictureProblem
    }

    /// A picture found: its name in the folder (escaped bytes, see `PicturePath`) and its full path.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var path: String
    }

    /// How many skipped files one warning names before "and N more".
    public static let namedInWarning = 5

    /// The pictures directly in `directory` (hidden files ignored, names of other
    /// kinds of files ignored), in natural order of name, and what was skipped.
    public static func list(_ directory: String) -> (entries: [Entry], skipped: [Skipped], considered: Int) {
        var entries: [Entry] = []
        var skipped: [Skipped] = []
        var considered = 0
        let dirBytes = PicturePath.bytes(of: directory)
        guard let dir = withCPath(dirBytes, { opendir($0) }) else { return ([], [], 0) }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let nameBytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard let first = nameBytes.first, first != UInt8(ascii: ".") else { continue }
            let name = PicturePath.string(fromBytes: nameBytes)
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let ext = fileExtension(nameBytes)
            if let ext, !PictureFormat.likelyExtensions.contains(ext) { continue }
            let type = entry.pointee.d_type
            // Anything that is not a plain file is skipped without being opened.
            if type != UInt8(DT_REG) {
                if type == UInt8(DT_DIR) && ext == nil { continue }  // sub-folders are not pictures, nor worth a word
                if let problem = PictureFile.problem(atPath: path) {
                    considered += 1
                    skipped.append(Skipped(name: name, problem: problem))
                    continue
                }
            }
            if ext == nil && sniff(path) == nil { continue }  // a name without extension: only when its bytes say picture
            considered += 1
            entries.append(Entry(name: name, path: path))
        }
        let keys = entries.map { NaturalOrder.key($0.name) }
        let order = entries.indices.sorted { a, b in
            let c = NaturalOrder.compare(keys[a], keys[b])
            return c != 0 ? c < 0 : entries[a].name < entries[b].name
        }
        skipped.sort { NaturalOrder.precedes($0.name, $1.name) }
        return (order.map { entries[$0] }, skipped, considered)
    }

    /// The one warning naming what was skipped: "skipped 3 of 240 files: a.fifo (not a regular file), ...".
    public static func summary(_ skipped: [Skipped], of total: Int, in folder: String) -> String? {
        guard !skipped.isEmpty else { return nil }
        let named = skipped.prefix(namedInWarning).map { "\(PicturePath.displayName($0.name)) (\($0.problem))" }
        let more = skipped.count > namedInWarning ? " and \(skipped.count - namedInWarning) more" : ""
        return "carousel: \(PicturePath.displayName(folder)): skipped \(skipped.count) of \(total) files: "
            + named.joined(separator: ", ") + more
    }

    /// The title for a file name: the name without its extension, shown with U+FFFD for bytes that are not UTF-8.
    public static func title(_ name: String) -> String {
        let bytes = PicturePath.bytes(of: name)
        let base = fileExtension(bytes) == nil ? bytes : Array(bytes[..<(bytes.lastIndex(of: UInt8(ascii: "."))!)])
        return PicturePath.displayName(PicturePath.string(fromBytes: base))
    }

    /// The lowercased extension of a name, or nil when it has none (".hidden" has none).
    static func fileExtension(_ name: [UInt8]) -> String? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.count - 1 else { return nil }
        let ext = name[(dot + 1)...]
        guard ext.count <= 5, ext.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: ext, as: UTF8.self).lowercased()
    }

    /// The format of a regular file's first bytes (opened non-blocking, never following a link to a non-file).
    static func sniff(_ path: String) -> PictureFormat? {
        guard PictureFile.problem(atPath: path) == nil else { return nil }
        let fd = withCPath(PicturePath.bytes(of: path)) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: PictureFormat.signatureLength)
        let n = read(fd, &header, header.count)
        return n > 0 ? PictureFormat.sniff(header.prefix(n)) : nil
    }

    private static func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        var z = bytes.map { CChar(bitPattern: $0) }
        z.append(0)
        return z.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Natural order of names: digit runs compare as numbers, letters without case
/// ("img2" before "img10", "a" beside "A").
public enum NaturalOrder {
    /// A name cut into its comparable pieces, computed once per name.
    public struct Key: Sendable {
        fileprivate var parts: [Part]
    }

    fileprivate enum Part: Sendable {
        case text([UInt8])
        /// The digits without leading zeros.
        case number([UInt8])
    }

    public static func key(_ name: String) -> Key {
        var parts: [Part] = []
        var run: [UInt8] = []
        var digits = false
        func close() {
            guard !run.isEmpty else { return }
            if digits {
                let trimmed = Array(run.drop { $0 == UInt8(ascii: "0") })
                parts.append(.number(trimmed))
            } else {
                parts.append(.text(run))
            }
            run.removeAll()
        }
        for scalar in name.unicodeScalars {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if isDigit != digits { close(); digits = isDigit }
            if scalar.value < 0x80 {
                let v = UInt8(scalar.value)
                run.append(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)
            } else {
                run.append(contentsOf: Array(scalar.properties.lowercaseMapping.utf8))
            }
        }
        close()
        return Key(parts: parts)
    }

    /// Negative, zero or positive, like strcmp.
    public static func compare(_ a: Key, _ b: Key) -> Int {
        for (x, y) in zip(a.parts, b.parts) {
            switch (x, y) {
            case (.number(let m), .number(let n)):
                if m.count != n.count { return m.count - n.count }
                if let d = zip(m, n).first(where: { $0 != $1 }) { return Int(d.0) - Int(d.1) }
            case (.text(let s), .text(let t)):
                if let d = zip(s, t).first(where: { $0 != $1 }) { return Int(d.0) - Int(d.1) }
                if s.count != t.count { return s.count - t.count }
            case (.number, .text): return -1
            case (.text, .number): return 1
            }
        }
        return a.parts.count - b.parts.count
    }

    /// True when `a` sorts before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool { compare(key(a), key(b)) < 0 }
}
