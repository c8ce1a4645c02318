/// One picture of the carousel: what the strip shows and the preview enlarges.
///
/// The engine never opens the picture: it hands `imagePath` to the renderer in
/// an `.image(path:...)` command, and the renderer decodes the PNG.
public struct CarouselItem: Hashable, Sendable {
    /// Stable identifier, saved as the selection.
    public var id: String
    /// The name shown below the picture.
    public var title: String
    /// The PNG file to draw.
    public var imagePath: String

    public init(id: String, title: String, imagePath: String) {
        self.id = id
        self.title = title
        self.imagePath = imagePath
    }
}

/// One entry of `carousel/titles.json`: `{"id": ..., "title": ..., "file": ...}`.
///
/// The seed reads a plist of titles beside an asset catalogue of pictures;
/// this is the same list, with the picture's file named explicitly (relative
/// to the folder holding `titles.json`).
public struct CarouselTitleRecord: Codable, Hashable, Sendable {
    public var id: String
    public var title: String
    public var file: String

    public init(id: String, title: String, file: String) {
        self.id = id
        self.title = title
        self.file = file
    }
}
