/// A font as the renderer loads it for text: the family kind, the weight and the size.
///
/// The first text set in a font the process has not used yet costs milliseconds (fontconfig
/// matches the size, Pango builds a fontset, Cairo a scaled font); text in a font already used
/// costs microseconds. A scene names the fonts it will need later than its first frame (the
/// wallet's details sheet) so the host can load them ahead of time (`FontDeclaringScene`).
public struct TextFont: Hashable, Sendable {
    /// The text's size in pixels (`TextStyle.size`).
    public var size: Double
    public var weight: TextStyle.Weight
    public var monospace: Bool

    public init(size: Double, weight: TextStyle.Weight = .regular, monospace: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospace = monospace
    }

    /// The font `style` is set in (its colour, alignment and line count do not choose the font).
    public init(_ style: TextStyle) {
        self.init(size: style.size, weight: style.weight, monospace: style.monospace)
    }
}

/// A scene whose later states draw text in fonts its first frames do not use.
public protocol FontDeclaringScene: DeckScene {
    /// The fonts to load before they are first needed (the host loads them in idle moments).
    var fontsToWarm: [TextFont] { get }
}

extension Deck {
    /// Every font the deck's scenes declare, each once, in the scenes' order.
    public var fontsToWarm: [TextFont] {
        var seen = Set<TextFont>(), fonts: [TextFont] = []
        for case let scene as any FontDeclaringScene in scenes {
            for font in scene.fontsToWarm where seen.insert(font).inserted { fonts.append(font) }
        }
        return fonts
    }
}
