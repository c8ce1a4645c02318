/// The wallet's tuning constants, with the seed's names where it has them
/// (seed 000_48af0388e7a0f0bb, `CollectionViewFlowLayout.m`).
public enum WalletMetrics {
    /// `kCellHeight`: every card is 200 px tall.
    public static let cardHeight: Double = 200
    /// `kCellSpace`: from one card's top to the next card's top.
    public static let cardSpacing: Double = 100
    /// The 0.25 of "p * index * 0.25": how much more each card moves than the one
    /// before it when the stack is pulled down past its top (W3).
    public static let spreadFactor: Double = 0.25
    /// Room between the viewport's sides (and top and bottom) and the cards.
    public static let margin: Double = 16
    /// Corner radius of a card face.
    public static let cornerRadius: Double = 14

    /// How far a lifted card rises (the seed's `frame.origin.y -= 30`).
    public static let liftRise: Double = 30
    /// `kComeUpAnimationDuration`: rise, drop and slide-off take 0.25 s.
    public static let liftDuration: Double = 0.25
    /// `kCanMoveDistance`: a neighbour whose slot top comes this close to the
    /// lifted card's top trades places with it.
    public static let canMoveDistance: Double = 30
    /// `kTopAutoScrollDistance` / `kBottomAutoScrollDistance` live in
    /// `EdgeAutoScroll.wallet`; the seed moved on only after the first motion
    /// towards the edge: a pointer must move at least this much (px) towards an
    /// edge to start auto-scrolling there.
    public static let autoScrollArmingMotion: Double = 0.5

    /// `kExpandBottomHeight`: an expanded card ends this far above the viewport's bottom.
    public static let expandBottomHeight: Double = 50
    /// `kExpandBottomFirstCellMarginOfTop`: the first footer card's distance below the expanded card.
    public static let footerFirstTop: Double = 10
    /// `kExpandBottomCellSpace`: between footer cards.
    public static let footerSpacing: Double = 10
    /// The footer's side inset step: the i-th footer card is inset (4 - i) * 5 px.
    public static let footerInsetStep: Double = 5
    /// Footer positions run 0...3; later cards share the last one.
    public static let footerLastPosition = 3
    /// A downward drag of the expanded card faster than this (px/s) closes it at once (seed: 1300).
    public static let closeFlingVelocity: Double = 1300

    /// Neighbours sliding into a new slot during a reorder.
    public static let slotAnimation = AnimationSpec.spring(.snappy)
    /// Frames moving between the stack and the expanded layout.
    public static let expandAnimation = AnimationSpec.spring(.smooth)
    /// Rise, drop and slide-off (0.25 s, ease-out like UIView's default).
    public static let liftAnimation = AnimationSpec.easeOut(liftDuration)
}
