import CairoRenderer

/// The one stderr line about pictures that could not be shown (their cells say why too).
public enum PictureWarnings {
    /// "carousel: could not show 2 pictures: a.jpg (truncated JPEG file), b.png (not a picture)", or nil.
    public static func summary(_ failures: [String: String]) -> String? {
        guard !failures.isEmpty else { return nil }
        let sorted = failures.sorted { $0.key < $1.key }
        let named = sorted.prefix(PictureFolder.namedInWarning).map { "\(PicturePath.displayName($0.key)) (\($0.value))" }
        let more = sorted.count > PictureFolder.namedInWarning ? " and \(sorted.count - PictureFolder.namedInWarning) more" : ""
        let count = sorted.count == 1 ? "1 picture" : "\(sorted.count) pictures"
        return "carousel: could not show \(count): " + named.joined(separator: ", ") + more
    }
}
