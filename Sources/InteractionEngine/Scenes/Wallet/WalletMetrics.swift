/// The wallet's tuning constants, with the seed's names where it has them
/// (seed 000_48af0388e7a0f0bb, `CollectionViewFlowLayout.m`).
///
/// The `static` constants are the defaults; a scene reads its *instance* (`WalletScene.metrics`),
/// built from a `Tuning` over `WalletTunables.table`, so every value in the table is live.
public struct WalletMetrics: Sendable, Hashable {
    // MARK: Live values (declared in `WalletTunables.table`)

    public var holdDuration: Millis = 500
    public var holdAllowableMovement: Double = 10
    public var liftRise: Double = WalletMetrics.liftRise
    public var canMoveDistance: Double = WalletMetrics.canMoveDistance
    public var autoScrollZone: Double = WalletMetrics.autoScrollZone
    public var autoScrollMaxSpeed: Double = EdgeAutoScroll.defaultMaximumSpeed
    public var footerInsetStep: Double = WalletMetrics.footerInsetStep
    public var footerFirstTop: Double = WalletMetrics.footerFirstTop
    public var footerSpacing: Double = WalletMetrics.footerSpacing
    public var expandBottomHeight: Double = WalletMetrics.expandBottomHeight
    public var closeFlingVelocity: Double = WalletMetrics.closeFlingVelocity
    /// W10: released past this fraction of its height, the expanded card slides off (seed: half).
    public var dismissFraction: Double = 0.5
    public var holdFeedbackScale: Double = WalletMetrics.holdFeedbackScale
    public var liftAnimation: AnimationSpec = WalletMetrics.liftAnimation
    public var slotAnimation: AnimationSpec = WalletMetrics.slotAnimation
    public var expandAnimation: AnimationSpec = WalletMetrics.expandAnimation
    public var cancelReturnAnimation: AnimationSpec = WalletMetrics.cancelReturnAnimation

    /// The defaults.
    public init() {}

    /// The values of `tuning` (defaults for keys it leaves out).
    public init(_ tuning: Tuning) {
        let t = WalletTunables.table
        holdDuration = tuning.value(WalletTunables.holdDuration, in: t)
        holdAllowableMovement = tuning.value(WalletTunables.holdAllowableMovement, in: t)
        liftRise = tuning.value(WalletTunables.liftRise, in: t)
        canMoveDistance = tuning.value(WalletTunables.swapDistance, in: t)
        autoScrollZone = tuning.value(WalletTunables.autoScrollZone, in: t)
        autoScrollMaxSpeed = tuning.value(WalletTunables.autoScrollMaxSpeed, in: t)
        footerInsetStep = tuning.value(WalletTunables.footerInsetStep, in: t)
        footerFirstTop = tuning.value(WalletTunables.footerFirstTop, in: t)
        footerSpacing = tuning.value(WalletTunables.footerSpacing, in: t)
        expandBottomHeight = tuning.value(WalletTunables.expandBottomHeight, in: t)
        closeFlingVelocity = tuning.value(WalletTunables.closeFlingVelocity, in: t)
        dismissFraction = tuning.value(WalletTunables.dismissFraction, in: t)
        holdFeedbackScale = tuning.value(WalletTunables.holdFeedbackScale, in: t)
        liftAnimation = tuning.animation(WalletTunables.lift, in: t, default: Self.liftAnimation)
        slotAnimation = tuning.animation(WalletTunables.slot, in: t, default: Self.slotAnimation)
        expandAnimation = tuning.animation(WalletTunables.expand, in: t, default: Self.expandAnimation)
        cancelReturnAnimation = tuning.animation(WalletTunables.cancelReturn, in: t, default: Self.cancelReturnAnimation)
    }

    /// The auto-scroll zones and speed (the same zone at both edges, on the card's leading edge).
    public var edges: EdgeAutoScroll {
        EdgeAutoScroll(leadingZone: autoScrollZone, trailingZone: autoScrollZone, maximumSpeed: autoScrollMaxSpeed)
    }

    /// The live `holdFeedback(elapsed:holdDuration:)`, with this instance's scale.
    public func holdFeedback(elapsed: Millis, holdDuration: Millis) -> Double {
        guard holdDuration > 0, elapsed.isFinite else { return 1 }
        let p = min(max(elapsed / holdDuration, 0), 1)
        return 1 - (1 - holdFeedbackScale) * p * p
    }

    // MARK: Defaults

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
    /// px: a card taller than a face within this of the stack's width is expanding or collapsing
    /// (a reveal, issue 21 item 5) and is drawn at the stack's exact width. Half a pixel: the
    /// width a tap's hold feedback takes off in the first 96 ms (0.03 x (96/500)^2 x 450 px),
    /// snapped in one frame with no visible jump.
    public static let revealWidthSnap: Double = 0.5
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

/// The wallet's declared tunables (SPEC W3-W10).
public enum WalletTunables {
    public static let holdDuration = "wallet.holdDuration"
    public static let holdAllowableMovement = "wallet.holdAllowableMovement"
    public static let liftRise = "wallet.liftRise"
    public static let swapDistance = "wallet.swapDistance"
    public static let autoScrollZone = "wallet.autoScrollZone"
    public static let autoScrollMaxSpeed = "wallet.autoScrollMaxSpeed"
    public static let footerInsetStep = "wallet.footerInsetStep"
    public static let footerFirstTop = "wallet.footerFirstTop"
    public static let footerSpacing = "wallet.footerSpacing"
    public static let expandBottomHeight = "wallet.expandBottomHeight"
    public static let closeFlingVelocity = "wallet.closeFlingVelocity"
    public static let dismissFraction = "wallet.dismissFraction"
    public static let holdFeedbackScale = "wallet.holdFeedbackScale"
    public static let lift = "wallet.lift"
    public static let slot = "wallet.slotSpring"
    public static let expand = "wallet.expandSpring"
    public static let cancelReturn = "wallet.cancelReturn"

    public static let table: TunableTable = {
        let m = WalletMetrics.self
        var list = [
            Tunable(key: holdDuration, label: "Hold duration", group: "Wallet: hold", spec: "W4", unit: .ms,
                    default: 500, Provenance(.uikit, "minimumPressDuration 0.5 s"), range: 100...3000, step: 50),
            Tunable(key: holdAllowableMovement, label: "Hold movement", group: "Wallet: hold", spec: "W4", unit: .px,
                    default: 10, Provenance(.uikit, "allowableMovement 10 pt"), range: 0...40, step: 1),
            Tunable(key: holdFeedbackScale, label: "Press shrink", group: "Wallet: hold", spec: "W4", unit: .ratio,
                    default: m.holdFeedbackScale, Provenance(.gesturedeck, "iOS context-menu press, subtle"),
                    range: 0.8...1, step: 0.01),
            Tunable(key: liftRise, label: "Lift rise", group: "Wallet: reorder", spec: "W4", unit: .px,
                    default: m.liftRise, Provenance(.seed, "frame.origin.y -= 30"), range: 0...100, step: 1),
            Tunable(key: swapDistance, label: "Swap distance", group: "Wallet: reorder", spec: "W5", unit: .px,
                    default: m.canMoveDistance, Provenance(.seed, "kCanMoveDistance"), range: 1...95, step: 1),
            Tunable(key: autoScrollZone, label: "Auto-scroll zone", group: "Wallet: reorder", spec: "W6", unit: .px,
                    default: m.autoScrollZone, Provenance(.seed, "kTopAutoScrollDistance"), range: 0...300, step: 5),
            Tunable(key: autoScrollMaxSpeed, label: "Auto-scroll speed", group: "Wallet: reorder", spec: "W6",
                    unit: .pxPerSecond, default: EdgeAutoScroll.defaultMaximumSpeed,
                    Provenance(.seed, "10 px per frame in the simulator"), range: 50...4000, step: 10),
            Tunable(key: expandBottomHeight, label: "Expanded bottom gap", group: "Wallet: expand", spec: "W8",
                    unit: .px, default: m.expandBottomHeight, Provenance(.seed, "kExpandBottomHeight"),
                    range: 20...200, step: 1),
            Tunable(key: footerFirstTop, label: "Footer offset", group: "Wallet: expand", spec: "W8", unit: .px,
                    default: m.footerFirstTop, Provenance(.seed, "kExpandBottomFirstCellMarginOfTop"),
                    range: 0...40, step: 1),
            Tunable(key: footerSpacing, label: "Footer spacing", group: "Wallet: expand", spec: "W8", unit: .px,
                    default: m.footerSpacing, Provenance(.seed, "kExpandBottomCellSpace"), range: 0...30, step: 1),
            Tunable(key: footerInsetStep, label: "Footer inset step", group: "Wallet: expand", spec: "W8", unit: .px,
                    default: m.footerInsetStep, Provenance(.seed, "(4 - i) * 5"), range: 0...20, step: 1),
            Tunable(key: closeFlingVelocity, label: "Close fling", group: "Wallet: expand", spec: "W10",
                    unit: .pxPerSecond, default: m.closeFlingVelocity, Provenance(.seed, "1300 px/s"),
                    range: 100...10000, step: 50),
            Tunable(key: dismissFraction, label: "Dismiss fraction", group: "Wallet: expand", spec: "W10",
                    unit: .ratio, default: 0.5, Provenance(.seed, "past half the height"), range: 0.1...0.9, step: 0.05),
        ]
        list += Tunable.animation(lift, label: "Lift", spec: "W4", default: m.liftAnimation,
                                  Provenance(.seed, "kComeUpAnimationDuration 0.25 s"))
        list += Tunable.animation(slot, label: "Slot", spec: "W5", default: m.slotAnimation,
                                  Provenance(.gesturedeck, "SpringDescription.snappy"))
        list += Tunable.animation(expand, label: "Expand", spec: "W8", default: m.expandAnimation,
                                  Provenance(.gesturedeck, "SpringDescription.smooth"))
        list += Tunable.animation(cancelReturn, label: "Cancel return", spec: "G4", default: m.cancelReturnAnimation,
                                  Provenance(.gesturedeck, "SpringDescription.smooth"))
        return TunableTable(list)
    }()
}
