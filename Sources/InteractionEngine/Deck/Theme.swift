/// The colours every scene shares, so the deck reads as one application.
public enum Theme {
    public static let background = Color(rgb: 0xF2F2F7)
    public static let barBackground = Color(rgb: 0xFBFBFD)
    public static let separator = Color(rgb: 0xD1D1D6)
    public static let text = Color(rgb: 0x1C1C1E)
    public static let secondaryText = Color(rgb: 0x6E6E73)
    public static let accent = Color(rgb: 0x0A84FF)
    public static let focusRing = Color(rgb: 0x0A84FF)
    public static let shadow = Color(red: 0, green: 0, blue: 0, alpha: 0.28)
}
