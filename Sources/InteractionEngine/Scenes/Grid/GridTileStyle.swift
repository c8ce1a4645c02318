/// How a grid tile looks: a rounded, softly shaded colour square with its label,
/// a pin badge when pinned, and a deeper shadow while lifted (G2). The look's main
/// numbers; `GridTilePainter` (GridView.swift) draws with them (the pin glyph's own
/// proportions stay beside its drawing).
enum GridTileStyle {
    static let cornerRadius: Double = 16
    /// Resting shadow: close and light.
    static let restingShadow = (blur: 8.0, offset: Point(x: 0, y: 2), alpha: 0.12)
    /// Lifted shadow: wide, lower and darker, so the tile reads as above the grid.
    static let liftedShadow = (blur: 30.0, offset: Point(x: 0, y: 14), alpha: 0.46)
    /// Radius of the white disc behind the pin.
    static let badgeRadius: Double = 11
}
