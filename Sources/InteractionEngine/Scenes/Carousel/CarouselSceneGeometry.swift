/// Where the carousel scene puts its parts for a viewport size.
///
/// Everything scales with the window by `scale = clamp(min(width / 480,
/// height / 600), 1, 2)`: 1 at the default 480-wide window, up to 2 on a large
/// one, and never so much that a wide but short window runs out of height. The
/// strip (the seed's 150 px tall collection view, full width) sits in the
/// lower part; the large preview of the centred item is centred above it.
public struct CarouselSceneGeometry: Hashable, Sendable {
    /// The viewport at which `scale` is 1 (and the smallest one scaled up from).
    public static let referenceSize = Size(width: 480, height: 600)
    /// The largest layout scale.
    public static let maximumScale = 2.0
    /// Height of the strip, titles included (seed: `rct.size.height = 150`).
    public static let stripHeight = 150.0
    /// Room below the strip.
    public static let stripBottomMargin = 28.0
    /// Side of the large picture when there is room for it.
    public static let previewSide = 240.0
    /// Smallest large picture worth drawing; below it only the text is shown.
    public static let minimumPreviewSide = 48.0
    /// Margins around the preview group.
    public static let margin = 24.0
    /// Gap between the large picture and its name, the name's and the counter's line boxes.
    public static let titleGap = 18.0
    public static let titleHeight = 30.0
    public static let counterHeight = 20.0

    public let size: Size
    /// Layout pixels per reference pixel.
    public let scale: Double
    /// The strip's frame: full width, `stripHeight · scale` tall.
    public let strip: Rect
    /// The large picture (zero-sized when the window is too small for it).
    public let preview: Rect
    /// The line boxes of the centred item's name and of its position ("7 / 16").
    public let titleBox: Rect
    public let counterBox: Rect
    /// The options the strip gets: the scene's, scaled.
    public let stripOptions: CarouselOptions

    public init(size: Size, options: CarouselOptions) {
        let w = size.width.isFinite ? max(1, size.width) : 1
        let h = size.height.isFinite ? max(1, size.height) : 1
        self.size = Size(width: w, height: h)
        let ref = Self.referenceSize
        let s = min(max(min(w / ref.width, h / ref.height), 1), Self.maximumScale)
        scale = s
        stripOptions = options.scaled(by: s)

        let stripHeight = min(Self.stripHeight * s, h)
        let stripTop = max(0, h - stripHeight - Self.stripBottomMargin * s)
        strip = Rect(x: 0, y: stripTop, width: w, height: stripHeight)

        let margin = Self.margin * s
        let textBlock = (Self.titleGap + Self.titleHeight + Self.counterHeight) * s
        let available = stripTop - 2 * margin
        var side = min(Self.previewSide * s, available - textBlock, w - 2 * margin)
        if side < Self.minimumPreviewSide * s { side = 0 }
        let groupHeight = side + (side > 0 ? textBlock : textBlock - Self.titleGap * s)
        let top = margin + max(0, (available - groupHeight) / 2)
        preview = Rect(x: (w - side) / 2, y: top, width: side, height: side)
        let titleTop = side > 0 ? preview.maxY + Self.titleGap * s : top
        titleBox = Rect(x: margin, y: titleTop, width: max(0, w - 2 * margin), height: Self.titleHeight * s)
        counterBox = Rect(x: margin, y: titleBox.maxY, width: titleBox.width, height: Self.counterHeight * s)
    }
}
