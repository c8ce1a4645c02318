import Foundation
import InteractionEngine

/// Builds the carousel from `carousel/titles.json` and its PNGs, or from a
/// folder of plain PNGs (SPEC C1).
///
/// With `--assets DIR`: when `DIR/carousel/titles.json` exists it lists the
/// items (`[{"id", "title", "file"}]`, files relative to `DIR/carousel`).
/// Otherwise every `*.png` directly in `DIR` or in `DIR/carousel` becomes an
/// item, in natural name order, titled by its file name without the extension.
/// Each picture is checked by its first 33 bytes (PNG signature and a sane
/// IHDR); an unreadable or broken file is skipped with a warning. The
/// renderer decodes the pictures; nothing here decodes pixels.
public struct CarouselFactory: SceneFactory {
    public let name = "carousel"

    /// The sub-folder holding the titles list and the sample pictures.
    public static let folder = "carousel"
    /// The titles list inside `folder`.
    public static let titlesFile = "titles.json"
    /// The largest picture side accepted; larger ones are skipped, not decoded.
    public static let maximumSide: UInt32 = 8192

    public init() {}

    public func make(assets: AssetStore, state: DeckState, warnings: inout [String]) throws(AssetError) -> any DeckScene {
        // --pictures: the user's own folder, titled by file name.
        let source = assets.picturesDirectory.map { AssetStore(directory: $0) } ?? assets
        let items = try Self.loadItems(from: source, warnings: &warnings)
        return CarouselScene(items: items, state: state.carousel)
    }

    /// The usable items of `assets`; throws naming the folder when there are none.
    public static func loadItems(from assets: AssetStore, warnings: inout [String]) throws(AssetError) -> [CarouselItem] {
        let titlesName = folder + "/" + titlesFile
        let candidates: [CarouselItem]
        let origin: String
        if FileManager.default.fileExists(atPath: assets.path(titlesName)) {
            let records = try assets.decode(titlesName, as: [CarouselTitleRecord].self)
            try requireUniqueIDs(records.map(\.id), in: assets.path(titlesName))
            let base = assets.path(folder)
            candidates = records.map { record in
                let path = record.file.hasPrefix("/") ? record.file : base + "/" + record.file
                return CarouselItem(id: record.id, title: record.title, imagePath: path)
            }
            origin = base
        } else {
            candidates = pictureFiles(in: assets)
            origin = assets.directory
        }
        var items: [CarouselItem] = []
        for item in candidates {
            if let problem = pngProblem(atPath: item.imagePath) {
                warnings.append("carousel: \(item.imagePath): \(problem); skipped")
            } else {
                items.append(item)
            }
        }
        guard !items.isEmpty else {
            throw AssetError("\(origin): no usable PNG pictures for the carousel"
                + (candidates.isEmpty ? "" : " (\(candidates.count) skipped)"))
        }
        return items
    }

    /// Every `*.png` directly in the assets folder and in its `carousel`
    /// sub-folder, in natural order of file name; ids are the paths relative
    /// to the assets folder, titles the names without extension.
    static func pictureFiles(in assets: AssetStore) -> [CarouselItem] {
        var found: [(name: String, relative: String)] = []
        for sub in ["", folder + "/"] {
            let dir = assets.directory + (sub.isEmpty ? "" : "/" + sub.dropLast())
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for name in names where name.lowercased().hasSuffix(".png") && !name.hasPrefix(".") {
                found.append((name, sub + name))
            }
        }
        found.sort {
            let order = $0.name.compare($1.name, options: [.numeric, .caseInsensitive])
            return order == .orderedSame ? $0.relative < $1.relative : order == .orderedAscending
        }
        return found.map { file in
            let title = String(file.name.dropLast(4))
            return CarouselItem(id: file.relative, title: title, imagePath: assets.path(file.relative))
        }
    }

    /// Why the file at `path` is not a usable PNG, or nil when it looks like one.
    ///
    /// Reads only the first 33 bytes: the 8-byte signature, then the IHDR
    /// chunk (length 13, type, width, height), whose sides must be 1...8192.
    public static func pngProblem(atPath path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // Foundation lists a name that is not UTF-8 with U+FFFD in it: no file has that name.
            return path.unicodeScalars.contains("\u{FFFD}") ? "its name is not valid UTF-8, so it cannot be opened (rename it)" : "missing"
        }
        guard !isDirectory.boolValue else { return "a folder, not a picture" }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read" }
        defer { try? handle.close() }
        let header: [UInt8]
        do {
            header = [UInt8](try handle.read(upToCount: 33) ?? Data())
        } catch {
            return "cannot be read"
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard header.count >= 8, Array(header[0..<8]) == signature else { return "not a PNG file" }
        guard header.count == 33 else { return "truncated PNG file" }
        func word(_ at: Int) -> UInt32 {
            header[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard word(8) == 13, Array(header[12..<16]) == Array("IHDR".utf8) else { return "damaged PNG file (no IHDR)" }
        let width = word(16), height = word(20)
        guard width > 0, height > 0 else { return "damaged PNG file (empty picture)" }
        guard width <= maximumSide, height <= maximumSide else {
            return "picture too large (\(width)x\(height), the limit is \(maximumSide)x\(maximumSide))"
        }
        return nil
    }
}
