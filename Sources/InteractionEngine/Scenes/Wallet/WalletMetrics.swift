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
    /// The widest a card gets, as a multiple of its height (issue 22: "about twice the card
    /// height", so a wide window shows cards, not 1248x200 banners). 2.25 rather than 2 so
    /// that the seed's 480 px window keeps its 448 px cards; wider windows centre the stack.
    public static let maxCardWidthRatio: Double = 2.25
    /// `maxCardWidthRatio * cardHeight`: 450 px.
    public static var maxCardWidth: Double { maxCardWidthRatio * cardHeight }

    /// How far a lifted card rises (the seed's `frame.origin.y -= 30`).
    public static let liftRise: Double = 30
    /// `kComeUpAnimationDuration`: rise, drop and slide-off take 0.25 s.
    public static let liftDuration: Double = 0.25
    /// `kCanMoveDistance`: a neighbour whose slot top comes this close to the
    /// lifted card's top trades places with it. The top compared is the card's
    /// *unraised* top (its drawn top plus the 30 px rise): measured on the drawn
    /// top, the rise made a swap up take 40 px of travel and a swap down 100 px
    /// (issue 22, item 9). Measured unraised, both take `swapTravel`.
    public static let canMoveDistance: Double = 30
    /// How far (px) the pointer carries a lifted card from its slot before it trades
    /// places with the neighbour above or below: the slot pitch less `canMoveDistance`.
    public static var swapTravel: Double { cardSpacing - canMoveDistance }
    /// `kTopAutoScrollDistance`: the zone at each edge, measured on the lifted card's
    /// *leading* edge (its top edge against the top zone, its bottom edge against the
    /// bottom zone), with the same speed curve by depth at both. The seed's
    /// `kBottomAutoScrollDistance` (200) was measured on the card's top edge: for a 200 px
    /// card that zone began only once the card's bottom crossed the window's bottom and
    /// reached full speed only with the whole card below it, so downward auto-scroll
    /// topped out near 300 px/s where upward reached 720 (issue 22, item 9). Measured on
    /// the leading edge, both directions reach full speed when that edge meets the window
    /// edge, which `keepInsideFraction` always allows.
    public static let autoScrollZone: Double = 100
    /// The least part of a lifted card kept inside the viewport, whatever the pointer
    /// does (issue 22, item 2): half, so its centre never leaves the window.
    public static let keepInsideFraction: Double = 0.5
    /// The seed moved on only after the first motion towards the edge: a pointer
    /// must move at least this much (px) towards an edge to start auto-scrolling there.
    public static let autoScrollArmingMotion: Double = 0.5
    /// While a press on a card builds towards the 0.5 s hold, the card shrinks to
    /// this scale (ease-in over the hold), then grows back as it lifts: iOS's
    /// context-menu press response, subtle (448 px cards lose 13 px). A press that
    /// becomes a pan or a tap springs back from wherever it got to.
    public static let holdFeedbackScale: Double = 0.97
    /// A cancel after auto-scrolling far scrolls back so the card's home slot shows, and
    /// the card flies home on the same spring as the scroll, so it travels in a straight
    /// line on screen (SPEC G4).
    public static let cancelReturnAnimation = AnimationSpec.spring(.smooth)

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

    /// The scale of a card pressed for `elapsed` ms of a `holdDuration` ms hold:
    /// 1 → `holdFeedbackScale`, ease-in (progress²), so a quick tap barely moves it.
    public static func holdFeedback(elapsed: Millis, holdDuration: Millis) -> Double {
        guard holdDuration > 0, elapsed.isFinite else { return 1 }
        let p = min(max(elapsed / holdDuration, 0), 1)
        return 1 - (1 - holdFeedbackScale) * p * p
    }

    /// Neighbours sliding into a new slot during a reorder.
    public static let slotAnimation = AnimationSpec.spring(.snappy)
    /// Frames moving between the stack and the expanded layout.
    public static let expandAnimation = AnimationSpec.spring(.smooth)
    /// Rise, drop and slide-off (0.25 s, ease-out like UIView's default).
    public static let liftAnimation = AnimationSpec.easeOut(liftDuration)
}
