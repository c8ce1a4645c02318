/// The Wallet scene: an overlapping stack of cards to scroll, fan out,
/// reorder by press-and-hold, and expand with a tap (SPEC W1-W10).
///
/// State lives in three places: the card order (the data), the scroll axis
/// (the offset) and the interaction (idle, pressing, scrolling, lifting,
/// dragging the expanded card). Every card's on-screen frame is its layout
/// frame, a pure function of the mode, the offset and its slot, plus a
/// decaying displacement (`Displacements`) that smooths over layout changes. A lifted
/// card is drawn from `WalletLift` alone, above everything.
public final class WalletScene: EventRecordingScene {
    public static let name = "wallet"
    public var name: String { Self.name }
    public let title = "Wallet"

    /// Stack or one card opened over a footer of the others.
    enum Mode: Sendable {
        case stack
        case expanded(WalletExpansion)
    }

    /// What the current press is doing.
    enum Interaction: Sendable {
        case idle
        /// Down, undecided; `caughtScroll` when the press stopped a moving stack (its tap does nothing);
        /// `holdSince`, when the press went down, while the card under it shows the hold building
        /// (a stack card, a press that caught nothing; see `holdFeedback`).
        case pressing(cardID: String?, caughtScroll: Bool, holdSince: Millis?)
        /// Dragging the stack by the pan's translation.
        case scrolling
        case lifting(WalletLift)
        /// Dragging the expanded card down (W10) by the pan's translation.
        case draggingExpanded
        /// The rest of a press that no longer does anything.
        case ignoring
    }

    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }
    /// The boundaries of this scene's presses (its tuned hold duration and movement).
    public internal(set) var gestureSettings = GestureSettings.standard
    public internal(set) var stateRevision = 0
    /// The cards in display order (the data's order).
    public internal(set) var cards: [WalletCard]
    /// The card with the keyboard focus ring.
    public internal(set) var focusedID: String?
    /// The auto-scroll curve shared with the grid (100 px top zone, 200 px bottom).
    public var edges: EdgeAutoScroll { metrics.edges }
    /// The live tuning values (see `WalletTunables`); `apply(_:at:)` replaces them.
    public internal(set) var metrics = WalletMetrics()

    public internal(set) var layout: WalletLayout
    var scroll: ScrollAxis
    var slotByID: [String: Int] = [:]
    var displacements = Displacements(.followsLayout)
    var mode: Mode = .stack
    var interaction: Interaction = .idle
    /// A card drawn above its slot while it settles (after a drop or a keyboard move). Not part
    /// of `interaction`: it lasts as long as the card's displacement, which plays on by itself
    /// while the next press begins (a lift of that same card takes it back, see `beginLift`).
    var raisedID: String?
    /// The card pressed while the hold builds (it shrinks a little, see `WalletMetrics.holdFeedbackScale`):
    /// read from `interaction`, so it ends with the press's undecided stage.
    var holdFeedback: WalletHoldFeedback? {
        guard case .pressing(let id?, _, let start?) = interaction else { return nil }
        return WalletHoldFeedback(id: id, start: start)
    }
    /// What the scene did since its last `update` or `tick` returned.
    var emitted: [SceneEvent] = []

    /// The wallet for `cards`, in the saved order when there is one (unknown ids
    /// in the save are dropped, cards it does not know go at the end).
    public init(cards: [WalletCard], saved: DeckState.WalletState? = nil,
                size: Size = Size(width: 480, height: 756)) {
        let ordered = applySavedOrder(saved?.order ?? [], to: cards, id: \.id)
        self.cards = ordered
        layout = WalletLayout(viewport: size, count: ordered.count)
        scroll = ScrollAxis()
        rebuildSlots(0..<ordered.count)
        configureScroll()
    }

    // MARK: Reading (tests and the overlay)

    /// The ids in display order.
    public var order: [String] { cards.map(\.id) }

    /// The scroll offset at `time` (content position at the top of the stage).
    public func offset(at time: Millis) -> Double { scroll.offset(at: time) }

    /// The id of the expanded card, if one is open.
    public var expandedID: String? {
        if case .expanded(let e) = mode { e.id } else { nil }
    }

    /// The id of the lifted card, while one is held.
    public var liftedID: String? {
        if case .lifting(let lift) = interaction { lift.id } else { nil }
    }

    /// The card's index in the order.
    public func index(of id: String) -> Int? { slotByID[id] }

    /// Where card `id` is (or would be) drawn at `time`, shown or hidden.
    public func frame(of id: String, at time: Millis) -> Rect? {
        if case .lifting(let lift) = interaction, lift.id == id { return lift.frame(at: time) }
        guard let slot = slotByID[id] else { return nil }
        return presentedFrame(id: id, slot: slot, offset: scroll.offset(at: time), at: time)
    }

    // MARK: DeckScene

    public func resize(to size: Size, at time: Millis) {
        layout.viewport = size
        if case .lifting(var lift) = interaction {
            // The lifted layer follows the new column at once (issue 22, item 3).
            lift.relayout(x: layout.cardX, width: layout.cardWidth, viewportHeight: size.height)
            interaction = .lifting(lift)
        }
        configureScroll()
        let x = scroll.offset(at: time)
        if !scroll.isDragging, !scroll.isAnimating(at: time), x != scroll.clamped(x) {
            scroll.scroll(to: x, at: time, animated: false)
        }
    }

    func receive(_ input: SceneInput) {
        switch input {
        case .resize(let size, let time):
            resize(to: size, at: time)
        case .wheel(let delta, _, _, let time, let duringPress):
            if !duringPress { wheel(delta, at: time) }
        case .key(let key, let modifiers, let time):
            handleKey(key, modifiers, at: time)
        case .gesture(let gesture):
            process(gesture)
        }
    }

    func advance(to time: Millis) {
        if case .lifting(var lift) = interaction {
            let x = scroll.offset(at: time)
            let next = lift.autoScrolledOffset(from: x, at: time, layout: layout, edges: edges,
                                               bounds: scroll.minOffset...scroll.maxOffset)
            interaction = .lifting(lift)
            if next != x { scroll.scroll(to: next, at: time, animated: false) }
            applySwaps(at: time)
        }
        scroll.tick(at: time)
        if case .expanded(let e) = mode, let end = e.dismissAt, time >= end {
            transition(at: time, spec: metrics.expandAnimation) { $0.mode = .stack }
        }
        displacements.prune(at: time)
        if let raised = raisedID, !displacements.contains(raised) { raisedID = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        // A still press draws only while the pressed card's hold feedback shrinks it (a press
        // off the cards, or one that caught the stack, waits for its deadline asleep).
        if scroll.isAnimating(at: time) || holdFeedbackAnimates(at: time) { return true }
        if case .lifting(let lift) = interaction, lift.rise.isAnimating(at: time) || lift.autoScroll != nil {
            return true
        }
        if case .expanded(let e) = mode, e.dismissAt != nil { return true }
        return displacements.isAnimating(at: time)
    }

    /// An open hand over what a drag moves (the stack, the expanded card), an
    /// arrow over the footer (it only takes taps); the deck shows a closed hand while pressed.
    public func cursor(at point: Point, time: Millis) -> CursorShape {
        guard case .expanded(let e) = mode else { return .openHand }
        return e.dismissAt == nil && layout.expandedFrame.contains(point) ? .openHand : .arrow
    }

    /// The drawn frames, where a fling or a lifted card will come to rest, and
    /// what the wallet is doing, for the interaction overlay.
    public func overlayHints(at time: Millis) -> OverlayHints {
        let drawn = drawnCards(at: time)
        var hints = OverlayHints(frames: drawn.map(\.frame))
        let offset = scroll.offset(at: time)
        switch interaction {
        case .lifting(let lift):
            hints.restingPoint = layout.stackFrame(index: lift.slot, offset: offset).center
            let scrolling = lift.autoScroll.map { $0 == .towardsStart ? ", auto-scroll ↑" : ", auto-scroll ↓" } ?? ""
            hints.status = "lifted \(lift.id): \(lift.fromIndex) → slot \(lift.slot)\(scrolling)"
        case .draggingExpanded:
            if case .expanded(let e) = mode {
                let half = Int(clamping: layout.expandedFrame.height / 2)
                hints.status = "dragging \(e.id) \(Int(clamping: e.dragDistance ?? 0)) px (closes past \(half) or > 1300 px/s)"
            }
        default:
            if let id = expandedID {
                hints.status = "expanded \(id)"
            } else {
                let stuck = cards.isEmpty ? "-" : cards[layout.stuckIndex(offset: offset)].id
                hints.status = "offset \(Int(clamping: offset.rounded()))  stuck \(stuck)"
            }
            if scroll.isAnimating(at: time) {
                let middle = layout.viewport.height / 2
                let y = middle + offset - scroll.projectedRestingOffset(at: time)
                if y >= 0 && y <= layout.viewport.height { hints.restingPoint = Point(x: layout.viewport.width / 2, y: y) }
            }
        }
        return hints
    }

    public func save(into state: inout DeckState) {
        state.wallet = DeckState.WalletState(order: order)
    }

    // MARK: Layout

    /// The cards to draw at `time`, bottom to top: those that intersect the
    /// viewport and are not hidden under another card (W1, W2), then the lifted one.
    public func drawnCards(at time: Millis) -> [LaidOutItem] {
        let offset = scroll.offset(at: time)
        var slots = Set(candidateSlots(offset: offset))
        for id in displacements.ids { if let s = slotByID[id] { slots.insert(s) } }
        let lifted = liftedID
        let viewport = Rect(origin: .zero, size: layout.viewport)
        var placed: [(z: Int, card: LaidOutItem)] = []
        for slot in slots {
            let id = cards[slot].id
            guard id != lifted else { continue }
            let frame = presentedFrame(id: id, slot: slot, offset: offset, at: time)
            guard frame.intersects(viewport) else { continue }
            let scale = holdFeedback?.id == id ? holdFeedbackScale(at: time) : 1
            placed.append((zIndex(id: id, slot: slot), LaidOutItem(id: id, index: slot, frame: frame, scale: scale)))
        }
        placed.sort { $0.z < $1.z }
        var drawn: [LaidOutItem] = []
        for (i, item) in placed.enumerated() {
            let covered = placed[(i + 1)...].contains { Self.covers($0.card.frame, item.card.frame) }
            if !covered { drawn.append(item.card) }
        }
        if case .lifting(let lift) = interaction {
            drawn.append(LaidOutItem(id: lift.id, index: lift.slot, frame: lift.frame(at: time),
                                     scale: lift.scale.value(at: time), isLifted: true))
        }
        return drawn
    }

    /// The slots the current mode may show: the visible range in the stack (and
    /// two below it, which show while the card above them moves away); the
    /// expanded card and its footer otherwise.
    func candidateSlots(offset: Double) -> [Int] {
        switch mode {
        case .stack:
            let range = layout.visibleRange(offset: offset)
            return Array(max(0, range.lowerBound - 2)..<range.upperBound)
        case .expanded(let e):
            return ([e.id] + e.footer).compactMap { slotByID[$0] }
        }
    }

    /// Later cards above earlier ones; a settling or expanded card above them all.
    private func zIndex(id: String, slot: Int) -> Int {
        if id == raisedID, displacements.contains(id) { return Int.max - 2 }
        if case .expanded(let e) = mode, e.id == id { return Int.max - 1 }
        return slot
    }

    /// True when `top` hides all of `bottom`.
    private static func covers(_ top: Rect, _ bottom: Rect) -> Bool {
        let e = 0.01
        return top.minX <= bottom.minX + e && top.maxX >= bottom.maxX - e
            && top.minY <= bottom.minY + e && top.maxY >= bottom.maxY - e
    }

    /// Where the layout puts card `id` at `slot` in `mode`.
    func targetFrame(id: String, slot: Int, offset: Double, mode: Mode) -> Rect {
        switch mode {
        case .stack:
            return layout.stackFrame(index: slot, offset: offset)
        case .expanded(let e):
            guard id == e.id else { return layout.footerFrame(position: e.footerPosition(of: id)) }
            if e.dismissAt != nil {
                // Slid off below the viewport, as narrow as the footer.
                let open = layout.expandedFrame
                return Rect(x: open.minX + e.shrinkInset, y: layout.viewport.height,
                            width: max(0, open.width - 2 * e.shrinkInset), height: open.height)
            }
            if let distance = e.dragDistance {
                return layout.draggedExpandedFrame(distance: distance, inset: e.shrinkInset)
            }
            return layout.expandedFrame
        }
    }

    /// Where card `id` is drawn: its layout frame plus its displacement.
    func presentedFrame(id: String, slot: Int, offset: Double, at time: Millis, mode: Mode? = nil) -> Rect {
        let layoutFrame = targetFrame(id: id, slot: slot, offset: offset, mode: mode ?? self.mode)
        let frame = displacements.frame(of: id, layoutFrame: layoutFrame, at: time)
        return holdFeedback?.id == id ? holdFeedbackFrame(frame, at: time) : frame
    }

    /// Gives `id` a displacement that takes it from `from` (where it is drawn
    /// now) to its layout frame `to`, keeping the velocity it already had
    /// (or `velocity`, px/s per component).
    func absorb(_ id: String, from: Rect, to: Rect, at time: Millis, spec: AnimationSpec,
                        velocity: Rect? = nil) {
        displacements.record(id, from: from, to: to, at: time, spec: spec, reduceMotion: reduceMotion,
                             velocity: velocity)
    }

    /// Changes the layout with `change` and animates every card that shows
    /// before or after from where it is on screen (no jump, W8).
    func transition(at time: Millis, spec: AnimationSpec, _ change: (WalletScene) -> Void) {
        let oldMode = mode
        let oldOffset = scroll.offset(at: time)
        var ids = Set(candidateSlots(offset: oldOffset).map { cards[$0].id })
        ids.formUnion(displacements.ids)
        var before: [String: Rect] = [:]
        for id in ids {
            guard let slot = slotByID[id] else { continue }
            before[id] = presentedFrame(id: id, slot: slot, offset: oldOffset, at: time, mode: oldMode)
        }
        change(self)
        let newOffset = scroll.offset(at: time)
        for slot in candidateSlots(offset: newOffset) where before[cards[slot].id] == nil {
            let id = cards[slot].id
            before[id] = presentedFrame(id: id, slot: slot, offset: oldOffset, at: time, mode: oldMode)
        }
        for (id, old) in before {
            guard let slot = slotByID[id], id != liftedID else { continue }
            let new = targetFrame(id: id, slot: slot, offset: newOffset, mode: mode)
            absorb(id, from: old, to: new, at: time, spec: spec)
        }
    }

    // MARK: Bookkeeping

    func rebuildSlots(_ range: some Sequence<Int>) {
        for i in range where cards.indices.contains(i) { slotByID[cards[i].id] = i }
    }

    private func configureScroll() {
        scroll.viewportLength = max(1, layout.viewport.height - layout.stageTop)
        scroll.contentLength = layout.contentHeight
        scroll.trailingInset = WalletMetrics.margin
        scroll.reduceMotion = reduceMotion
    }
}
