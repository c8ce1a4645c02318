/// The tunable look of a `CarouselStrip` (SPEC C6), in pixels at 1x layout.
///
/// The defaults are the seed's constants. A scene that scales its layout with
/// the window passes `scaled(by:)`; factors and alphas do not scale.
public struct CarouselOptions: Hashable, Sendable {
    /// Width of one item, which is also the picture's side (seed:
    /// `sizeForItemAtIndexPath` returns 64 wide, the image's width).
    public var itemWidth: Double
    /// Gap between neighbouring items. The seed keeps the flow layout's default
    /// line spacing (10); 16 makes the pitch equal `activeDistance`, so at rest
    /// exactly one item is zoomed and opaque while its neighbours sit on the
    /// boundary.
    public var spacing: Double
    /// Extra scale at the very centre: zoom = 1 + zoomFactor·(1 - |d|/activeDistance)
    /// (seed: `ScaleFactor = 0.2`).
    public var zoomFactor: Double
    /// Items whose centre is strictly closer than this to the strip's centre
    /// are zoomed, opaque and on top (seed: `ActiveDistance = 80`, `ABS(d) < ActiveDistance`).
    public var activeDistance: Double
    /// Whether each item shows its name below the picture.
    public var showsTitles: Bool
    /// Alpha of the items outside `activeDistance` (seed: `attributes.alpha = 0.5`).
    public var inactiveAlpha: Double

    public init(itemWidth: Double = 64, spacing: Double = 16, zoomFactor: Double = 0.2,
                activeDistance: Double = 80, showsTitles: Bool = true, inactiveAlpha: Double = 0.5) {
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.zoomFactor = zoomFactor
        self.activeDistance = activeDistance
        self.showsTitles = showsTitles
        self.inactiveAlpha = inactiveAlpha
    }

    /// The seed's strip: 64 px items, zoom 0.2 within 80 px, others at half alpha.
    public static let standard = CarouselOptions()

    /// Distance between the starts (and centres) of neighbouring items.
    public var pitch: Double { itemWidth + spacing }

    /// The options with every length multiplied by `factor` (a larger window).
    public func scaled(by factor: Double) -> CarouselOptions {
        var copy = self
        copy.itemWidth *= factor
        copy.spacing *= factor
        copy.activeDistance *= factor
        return copy
    }

    /// The options with nonsense replaced by something drawable: widths at
    /// least 1 px, no negative spacing or distance, a zoom that never turns an
    /// item inside out, alpha within 0...1. Non-finite values fall back to the
    /// defaults.
    public var sanitized: CarouselOptions {
        let d = CarouselOptions.standard
        func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        return CarouselOptions(
            itemWidth: max(1, finite(itemWidth, d.itemWidth)),
            spacing: max(0, finite(spacing, d.spacing)),
            zoomFactor: min(max(finite(zoomFactor, d.zoomFactor), -0.9), 4),
            activeDistance: max(0, finite(activeDistance, d.activeDistance)),
            showsTitles: showsTitles,
            inactiveAlpha: min(max(finite(inactiveAlpha, d.inactiveAlpha), 0), 1))
    }
}
