import InteractionEngine

/// `--theme`: light, dark, or auto (the desktop's choice: a dark XSETTINGS theme in the
/// window; headless output has no desktop and draws light).
public enum ThemeChoice: String, CaseIterable, Sendable, Equatable {
    case light, dark, auto

    public func appearance(desktopPrefersDark: Bool) -> Appearance {
        switch self {
        case .light: .light
        case .dark: .dark
        case .auto: desktopPrefersDark ? .dark : .light
        }
    }
}
