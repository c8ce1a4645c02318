import CairoRenderer
import Foundation
import InteractionEngine

/// Builds the carousel from `carousel/titles.json` and its pictures, or from a
/// folder of pictures (SPEC C1).
///
/// With `--assets DIR`: when `DIR/carousel/titles.json` exists it lists the
/// items (`[{"id", "title", "file"}]`, files relative to `DIR/carousel`).
/// Otherwise every picture directly in `DIR` or in `DIR/carousel` becomes an
/// item, in natural name order, titled by its file name without the extension
/// (`PictureFolder`). Anything that is not a regular file is skipped without
/// being opened, named in one summary warning. The renderer recognises and
/// decodes the pictures by content; a file it cannot show becomes a visible
/// "can't show this picture" cell.
public struct CarouselFactory: SceneFactory {
    public var name: String { CarouselScene.name }

    /// The sub-folder holding the titles list and the sample pictures.
    public static let folder = "carousel"
    /// The titles list inside `folder`.
    public static let titlesFile = "titles.json"
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
        let listed: Bool
        if FileManager.default.fileExists(atPath: assets.path(titlesName)) {
            let records = try assets.decode(titlesName, as: [CarouselTitleRecord].self)
            try requireUniqueIDs(records.map(\.id), in: assets.path(titlesName))
            let base = assets.path(folder)
            candidates = records.map { record in
                let path = record.file.hasPrefix("/") ? record.file : base + "/" + record.file
                return CarouselItem(id: record.id, title: record.title, imagePath: path)
            }
            origin = base
            listed = false
        } else {
            candidates = pictureFiles(in: assets, warnings: &warnings)
            origin = assets.directory
            listed = true
        }
        var items: [CarouselItem] = []
        var skipped: [PictureFolder.Skipped] = []
        // A folder's listing already left out what is not a regular file; a titles list is checked here.
        for item in candidates where listed || PictureFile.problem(atPath: item.imagePath) == nil {
            items.append(item)
        }
        for item in candidates where !listed {
            if let problem = PictureFile.problem(atPath: item.imagePath) {
                skipped.append(PictureFolder.Skipped(name: item.imagePath, problem: problem))
            }
        }
        if let summary = PictureFolder.summary(skipped, of: candidates.count, in: origin) { warnings.append(summary) }
        guard !items.isEmpty else {
            throw AssetError("\(PicturePath.displayName(origin)): no usable pictures for the carousel"
                + (candidates.isEmpty ? "" : " (\(candidates.count) skipped)"))
        }
        return items
    }

    /// Every picture directly in the assets folder and in its `carousel`
    /// sub-folder, in natural order of file name; ids are the paths relative
    /// to the assets folder, titles the names without extension. Files that are
    /// not regular files are left out here and named in one warning.
    static func pictureFiles(in assets: AssetStore, warnings: inout [String]) -> [CarouselItem] {
        var found: [(entry: PictureFolder.Entry, relative: String, key: NaturalOrder.Key)] = []
        for sub in ["", folder + "/"] {
            let dir = assets.directory + (sub.isEmpty ? "" : "/" + sub.dropLast())
            let listing = PictureFolder.list(dir)
            if let summary = PictureFolder.summary(listing.skipped, of: listing.considered, in: dir) {
                warnings.append(summary)
            }
            for entry in listing.entries {
                found.append((entry, sub + entry.name, NaturalOrder.key(entry.name)))
            }
        }
        if found.count > 1 && found.contains(where: { $0.relative.hasPrefix(folder + "/") }) {
            found.sort {
                let order = NaturalOrder.compare($0.key, $1.key)
                return order == 0 ? $0.relative < $1.relative : order < 0
            }
        }
        return found.map { file in
            CarouselItem(id: file.relative, title: PictureFolder.title(file.entry.name), imagePath: file.entry.path)
        }
    }
}
