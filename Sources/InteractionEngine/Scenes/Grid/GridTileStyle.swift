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
    /// A pressed, lifted or landing tile's text is set at its resting size times its scale
    /// rounded to steps of this ratio (GestureDeck, issue 21): the tile's size changes every
    /// frame, and each new text size cost a fontconfig match and a fontset, 6-7 ms a frame of the
    /// landing. A quarter of the lift (1.05, `GridScene.liftScale`): 0.38 px of the 30.75 px
    /// initial at 1280 px, a handful of sizes per lift, loaded once (`GridScene.fontsToWarm`).
    static let textScaleStep = 0.0125
}
