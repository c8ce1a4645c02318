import CairoRenderer
import Glibc
import InteractionEngine

/// Pictures dropped on the window (XDND, `text/uri-list`): what they become in the carousel.
///
/// One folder alone opens exactly as `--pictures DIR` would (`CarouselFactory.loadItems`:
/// the same items, ids and titles, so a saved selection made with `--pictures DIR` is found
/// again). Anything else (files, several folders, a mix) shows the pictures in the order
/// dropped, a folder's pictures in natural order where it stands; ids are the full paths
/// (two files of the same name in different folders stay apart), titles the file names.
/// A file is taken when its first bytes or its extension say picture (a `.png` the decoder
/// then fails on becomes a "can't show this picture" cell, as in a folder); what is not a
/// regular file, or not a picture, is skipped and named in one warning.
public enum DroppedPictures {
    /// The carousel's items for `paths`, or nil when none is usable; `warnings` gets what was skipped,
    /// and, when nothing is usable, why.
    public static func items(_ paths: [String], warnings: inout [String]) -> [CarouselItem]? {
        if paths.count == 1, isDirectory(paths[0]) {
            do throws(AssetError) {
                return try CarouselFactory.loadItems(from: AssetStore(directory: paths[0]), warnings: &warnings)
            } catch {
                warnings.append("dropped: " + error.description)
                return nil
            }
        }
        var items: [CarouselItem] = []
        var skipped: [PictureFolder.Skipped] = []
        var seen = Set<String>()
        func add(_ path: String, name: String) {
            guard seen.insert(path).inserted else { return }
            items.append(CarouselItem(id: path, title: PictureFolder.title(name), imagePath: path))
        }
        for path in paths {
            let name = PicturePath.string(fromBytes: Array(PicturePath.bytes(of: path).split(separator: UInt8(ascii: "/")).last ?? []))
            if isDirectory(path) {
                let listing = PictureFolder.list(path)
                if let summary = PictureFolder.summary(listing.skipped, of: listing.considered, in: path) { warnings.append(summary) }
                for entry in listing.entries { add(entry.path, name: entry.name) }
            } else if let problem = PictureFile.problem(atPath: path) {
                skipped.append(PictureFolder.Skipped(name: path, problem: problem))
            } else if PictureFolder.sniff(path) != nil
                        || PictureFolder.fileExtension(PicturePath.bytes(of: name)).map(PictureFormat.likelyExtensions.contains) == true {
                add(path, name: name)
            } else {
                skipped.append(PictureFolder.Skipped(name: path, problem: .notAPicture))
            }
        }
        if let summary = PictureFolder.summary(skipped, of: paths.count, in: "dropped files") { warnings.append(summary) }
        if items.isEmpty {
            warnings.append("dropped: no usable pictures among \(paths.count) item\(paths.count == 1 ? "" : "s"); the carousel is unchanged")
            return nil
        }
        return items
    }

    /// True when `path` is a folder (or a link to one).
    static func isDirectory(_ path: String) -> Bool {
        var z = PicturePath.bytes(of: path).map { CChar(bitPattern: $0) }
        z.append(0)
        var info = stat()
        return stat(z, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

extension Session {
    /// Opens what was dropped on the window in the carousel and shows it (`pictures` event).
    /// A drop with nothing usable changes nothing: a warning on stderr, in the window's notice
    /// and as a `drop-refused` event. `offered` is how many URIs the drop carried (those not
    /// naming a local file never reach `paths`). Returns whether the carousel took the drop.
    @discardableResult
    public func openDropped(_ paths: [String], offered: Int, at time: Millis) -> Bool {
        var warnings: [String] = []
        if paths.count < offered {
            let ignored = offered - paths.count
            warnings.append("dropped: \(ignored) of \(offered) item\(offered == 1 ? "" : "s") not a local file (or repeated), ignored")
        }
        let items = paths.isEmpty ? nil : DroppedPictures.items(paths, warnings: &warnings)
        if paths.isEmpty { warnings.append("dropped: nothing to show (no local files); the carousel is unchanged") }
        for warning in warnings { Session.warn(warning) }
        if !warnings.isEmpty { deck.showNotice(warnings.joined(separator: "\n")) }
        guard let items, deck.showPictures(items, at: time) else {
            emit(DeckEvent("drop-refused", ["offered": .int(offered), "paths": .int(paths.count)]))
            return false
        }
        return true
    }

    /// A drop that brought no file list at all (the source offered none, or failed to send it).
    public func refuseDrop(_ reason: String) {
        let message = "dropped: \(reason); the carousel is unchanged"
        Session.warn(message)
        deck.showNotice(message)
        emit(DeckEvent("drop-refused", ["offered": .int(0), "paths": .int(0)]))
    }
}
