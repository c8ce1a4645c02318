/// Light or dark: the deck's look (`--theme`; `auto` follows the desktop in the host).
public enum Appearance: String, Sendable, Codable, CaseIterable {
    case light, dark
}

/// The colours every scene shares, for one appearance.
///
/// The dark palette is designed, not inverted: the surfaces step up from a black
/// background as iOS's dark system colours do (systemBackground #000000,
/// secondarySystemBackground #1C1C1E, tertiary #2C2C2E, separator #38383A,
/// secondaryLabel about #98989F), text is near-white rather than white, and the
/// coloured things (cards, tiles, avatars, action buttons, pictures) keep their
/// colours. The light palette is the one the goldens were drawn with.
public struct Palette: Sendable, Hashable {
    public var appearance: Appearance
    /// Behind every scene.
    public var background: Color
    public var barBackground: Color
    public var separator: Color
    public var text: Color
    public var secondaryText: Color
    public var accent: Color
    public var focusRing: Color
    public var shadow: Color
    /// What content sits on: message rows, the expanded card's sheet.
    public var surface: Color
    /// A raised surface: pinned message rows.
    public var raisedSurface: Color
    /// The carousel's band behind the strip, top to bottom.
    public var bandTop: Color
    public var bandBottom: Color
    /// Money coming in, on the expanded card.
    public var positive: Color
    /// A pressed row or button is shaded with this.
    public var pressedShade: Color

    public static let light = Palette(
        appearance: .light, background: Color(rgb: 0xF2F2F7), barBackground: Color(rgb: 0xFBFBFD),
        separator: Color(rgb: 0xD1D1D6), text: Color(rgb: 0x1C1C1E), secondaryText: Color(rgb: 0x6E6E73),
        accent: Color(rgb: 0x0A84FF), focusRing: Color(rgb: 0x0A84FF), shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.28),
        surface: .white, raisedSurface: Color(rgb: 0xEEF1F7), bandTop: .white, bandBottom: Color(rgb: 0xF7F7FA),
        positive: Color(rgb: 0x1E9E57), pressedShade: Color.black.withAlpha(0.05))

    public static let dark = Palette(
        appearance: .dark, background: Color(rgb: 0x000000), barBackground: Color(rgb: 0x1C1C1E),
        separator: Color(rgb: 0x38383A), text: Color(rgb: 0xF2F2F7), secondaryText: Color(rgb: 0x98989F),
        accent: Color(rgb: 0x0A84FF), focusRing: Color(rgb: 0x409CFF), shadow: Color(red: 0, green: 0, blue: 0, alpha: 0.6),
        surface: Color(rgb: 0x1C1C1E), raisedSurface: Color(rgb: 0x2C2C2E), bandTop: Color(rgb: 0x1C1C1E),
        bandBottom: Color(rgb: 0x141416), positive: Color(rgb: 0x30D158), pressedShade: Color.white.withAlpha(0.07))

    /// A tinted badge (a transaction's initial): its fill's alpha over the surface, and its
    /// letter, darker than the tint in the light and lighter in the dark.
    public var tintFillAlpha: Double { appearance == .dark ? 0.24 : 0.14 }
    public func ink(onTint tint: Color) -> Color {
        appearance == .dark ? tint.mixed(with: .white, 0.5) : tint.mixed(with: .black, 0.2)
    }

    public static func of(_ appearance: Appearance) -> Palette {
        appearance == .dark ? .dark : .light
    }

    /// The palette a display list is being built with: the deck binds it around rendering,
    /// so painters read `Theme` and every deck (and every test) has its own.
    @TaskLocal public static var current: Palette = .light
}

/// The shared colours of the palette being drawn with, so the deck reads as one application.
public enum Theme {
    public static var background: Color { Palette.current.background }
    public static var barBackground: Color { Palette.current.barBackground }
    public static var separator: Color { Palette.current.separator }
    public static var text: Color { Palette.current.text }
    public static var secondaryText: Color { Palette.current.secondaryText }
    public static var accent: Color { Palette.current.accent }
    public static var focusRing: Color { Palette.current.focusRing }
    public static var shadow: Color { Palette.current.shadow }
    public static var surface: Color { Palette.current.surface }
    /// Dark ink for text on a light-coloured card, tile or avatar, in either appearance.
    public static let inkOnLight = Color(rgb: 0x1C1C1E)
}
