/// The Wallet scene: an overlapping stack of cards to scroll, fan out,
/// reorder by press-and-hold, and expand with a tap (SPEC W1-W10).
///
/// State lives in three places: the card order (the data), the scroll axis
/// (the offset) and the interaction (idle, pressing, scrolling, lifting,
/// dragging the expanded card). Every card's on-screen frame is its layout
/// frame, a pure function of the mode, the offset and its slot, plus a
/// decaying `WalletDisplacement` that smooths over layout changes. A lifted
/// card is drawn from `WalletLift` alone, above everything.
public final class WalletScene: DeckScene {
    public let name = "wallet"
    public let title = "Wallet"

    /// A card as drawn at some moment: which one, where, and whether it is the lifted layer.
    public struct DrawnCard: Hashable, Sendable {
        public let id: String
        public let frame: Rect
        public let isLifted: Bool
    }

    /// Stack or one card opened over a footer of the others.
    enum Mode: Sendable {
        case stack
        case expanded(WalletExpansion)
    }

    /// What the current press is doing.
    enum Interaction: Sendable {
        case idle
        /// Down, undecided; `caughtScroll` when the press stopped a moving stack (its tap does nothing).
        case pressing(cardID: String?, caughtScroll: Bool)
        /// Dragging the stack; `origin` is the pan translation the content follows from.
        case scrolling(origin: Double)
        case lifting(WalletLift)
        /// Dragging the expanded card down (W10).
        case draggingExpanded(origin: Double)
        /// The rest of a press that no longer does anything.
        case ignoring
    }

    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }
    public private(set) var gestureArena = GestureArena()
    public private(set) var stateRevision = 0
    /// The cards in display order (the data's order).
    public private(set) var cards: [WalletCard]
    /// The card with the keyboard focus ring.
    public private(set) var focusedID: String?
    /// The auto-scroll curve shared with the grid (100 px top zone, 200 px bottom).
    public let edges = EdgeAutoScroll.wallet

    public private(set) var layout: WalletLayout
    private var scroll: ScrollAxis
    private var slotByID: [String: Int] = [:]
    private var displacements: [String: WalletDisplacement] = [:]
    private(set) var mode: Mode = .stack
    private(set) var interaction: Interaction = .idle
    /// A card drawn above its slot while it settles (after a drop or a keyboard move).
    private var raisedID: String?
    private var pending: [DeckEvent] = []

    /// The wallet for `cards`, in the saved order when there is one (unknown ids
    /// in the save are dropped, cards it does not know go at the end).
    public init(cards: [WalletCard], saved: DeckState.WalletState? = nil,
                size: Size = Size(width: 480, height: 756)) {
        let ordered = applySavedOrder(saved?.order ?? [], to: cards, id: \.id)
        self.cards = ordered
        layout = WalletLayout(viewport: size, count: ordered.count)
        scroll = ScrollAxis()
        gestureArena.allowedPanAxes = .vertical
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
        configureScroll()
        let x = scroll.offset(at: time)
        if !scroll.isDragging, !scroll.isAnimating(at: time), x != scroll.clamped(x) {
            scroll.scroll(to: x, at: time, animated: false)
        }
    }

    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .resize(let size):
            resize(to: size, at: event.time)
        case .wheel(let delta, _, _):
            wheel(delta, at: event.time)
        case .key(.escape, _) where gestureArena.isActive:
            process(gestureArena.handle(event))
        case .key(let key, let modifiers):
            handleKey(key, modifiers, at: event.time)
        case .pointerDown, .pointerMove, .pointerUp, .pointerCancel:
            process(gestureArena.handle(event))
        default:
            break
        }
    }

    public func tick(at time: Millis) {
        process(gestureArena.tick(at: time))
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
            transition(at: time, spec: WalletMetrics.expandAnimation) { $0.mode = .stack }
        }
        for (id, var d) in displacements {
            d.settle(at: time)
            if d.isSettled(at: time) {
                displacements[id] = nil
                if raisedID == id { raisedID = nil }
            } else {
                displacements[id] = d
            }
        }
        if let raised = raisedID, displacements[raised] == nil { raisedID = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        if gestureArena.isActive || scroll.isAnimating(at: time) { return true }
        if case .lifting(let lift) = interaction, lift.rise.isAnimating(at: time) || lift.autoScroll != nil {
            return true
        }
        if case .expanded(let e) = mode, e.dismissAt != nil { return true }
        return displacements.values.contains { $0.isAnimating(at: time) }
    }

    public func nextDeadline() -> Millis? { gestureArena.nextDeadline() }

    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        guard !cards.isEmpty else {
            WalletCardPainter.paintEmpty(in: Rect(origin: .zero, size: layout.viewport), into: &list)
            return list
        }
        let drawn = drawnCards(at: time)
        for card in drawn {
            guard let slot = slotByID[card.id] else { continue }
            WalletCardPainter.paint(cards[slot], in: card.frame, lifted: card.isLifted, into: &list)
        }
        if case .stack = mode, let ring = focusRingFrame(in: drawn) {
            WalletCardPainter.paintFocusRing(around: ring, into: &list)
        }
        return list
    }

    /// The part of the focused card that shows (down to the top of the card
    /// drawn over it), for the focus ring; nil when it is not drawn.
    private func focusRingFrame(in drawn: [DrawnCard]) -> Rect? {
        guard let index = drawn.firstIndex(where: { $0.id == focusedID && !$0.isLifted }) else { return nil }
        let frame = drawn[index].frame
        var bottom = frame.maxY
        for above in drawn[(index + 1)...] where above.frame.minY > frame.minY && above.frame.minX < frame.maxX
            && above.frame.maxX > frame.minX {
            bottom = min(bottom, above.frame.minY)
        }
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(bottom - frame.minY, 24))
    }

    public func drainEvents() -> [DeckEvent] {
        defer { pending.removeAll() }
        return pending
    }

    public func save(into state: inout DeckState) {
        state.wallet = DeckState.WalletState(order: order)
    }

    // MARK: Layout

    /// The cards to draw at `time`, bottom to top: those that intersect the
    /// viewport and are not hidden under another card (W1, W2), then the lifted one.
    public func drawnCards(at time: Millis) -> [DrawnCard] {
        let offset = scroll.offset(at: time)
        var slots = Set(candidateSlots(offset: offset))
        for id in displacements.keys { if let s = slotByID[id] { slots.insert(s) } }
        let lifted = liftedID
        let viewport = Rect(origin: .zero, size: layout.viewport)
        var placed: [(z: Int, card: DrawnCard)] = []
        for slot in slots {
            let id = cards[slot].id
            guard id != lifted else { continue }
            let frame = presentedFrame(id: id, slot: slot, offset: offset, at: time)
            guard frame.intersects(viewport) else { continue }
            placed.append((zIndex(id: id, slot: slot), DrawnCard(id: id, frame: frame, isLifted: false)))
        }
        placed.sort { $0.z < $1.z }
        var drawn: [DrawnCard] = []
        for (i, item) in placed.enumerated() {
            let covered = placed[(i + 1)...].contains { Self.covers($0.card.frame, item.card.frame) }
            if !covered { drawn.append(item.card) }
        }
        if case .lifting(let lift) = interaction {
            drawn.append(DrawnCard(id: lift.id, frame: lift.frame(at: time), isLifted: true))
        }
        return drawn
    }

    /// The slots the current mode may show: the visible range in the stack (and
    /// two below it, which show while the card above them moves away); the
    /// expanded card and its footer otherwise.
    private func candidateSlots(offset: Double) -> [Int] {
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
        if id == raisedID, displacements[id] != nil { return Int.max - 2 }
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
    private func targetFrame(id: String, slot: Int, offset: Double, mode: Mode) -> Rect {
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
    private func presentedFrame(id: String, slot: Int, offset: Double, at time: Millis, mode: Mode? = nil) -> Rect {
        let frame = targetFrame(id: id, slot: slot, offset: offset, mode: mode ?? self.mode)
        guard let d = displacements[id] else { return frame }
        return WalletDisplacement.apply(d.value(at: time), to: frame)
    }

    /// Gives `id` a displacement that takes it from `from` (where it is drawn
    /// now) to its layout frame `to`, keeping the velocity it already had
    /// (or `velocity`, px/s per component).
    private func absorb(_ id: String, from: Rect, to: Rect, at time: Millis, spec: AnimationSpec,
                        velocity: Rect? = nil) {
        let jump = WalletDisplacement.jump(from: from, to: to)
        let carried = velocity ?? displacements[id]?.velocity(at: time) ?? .zero
        guard jump != .zero || carried != .zero else {
            displacements[id] = nil
            return
        }
        displacements[id] = WalletDisplacement(jump: jump, velocity: carried, at: time, spec: spec,
                                               reduceMotion: reduceMotion)
    }

    /// Changes the layout with `change` and animates every card that shows
    /// before or after from where it is on screen (no jump, W8).
    private func transition(at time: Millis, spec: AnimationSpec, _ change: (WalletScene) -> Void) {
        let oldMode = mode
        let oldOffset = scroll.offset(at: time)
        var ids = Set(candidateSlots(offset: oldOffset).map { cards[$0].id })
        ids.formUnion(displacements.keys)
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

    // MARK: Gestures

    private func process(_ events: [GestureEvent]) {
        for event in events { process(event) }
    }

    private func process(_ event: GestureEvent) {
        switch event {
        case .pressed(let p, let t):
            pressed(at: p, time: t)
        case .tap(let p, let t):
            tapped(at: p, time: t)
        case .holdBegan(let p, let t):
            beginLift(at: p, time: t)
        case .holdMoved(let p, _, let t):
            moveLift(to: p, time: t)
        case .holdEnded(_, _, let t):
            dropLift(at: t)
        case .panBegan(let start, let p, _, let t):
            panBegan(translation: p.y - start.y, time: t)
        case .panChanged(_, let translation, let velocity, let t):
            panChanged(translation: translation.y, velocity: velocity.y, time: t)
        case .panEnded(_, let translation, let velocity, let t):
            panEnded(translation: translation.y, velocity: velocity.y, time: t)
        case .cancelled(let t):
            cancelled(at: t)
        case .released:
            interaction = .idle
        }
    }

    private func pressed(at p: Point, time: Millis) {
        switch mode {
        case .stack:
            let hit = card(at: p, time: time)
            gestureArena.holdEnabled = hit != nil
            gestureArena.panEnabled = true
            var caught = false
            if scroll.isAnimating(at: time), scroll.overscroll(at: time) == 0 {
                // A press stops a moving stack, as a finger does; its tap only stops it.
                scroll.stop(at: time)
                caught = true
            }
            interaction = .pressing(cardID: hit, caughtScroll: caught)
        case .expanded(let e):
            let onCard = e.dismissAt == nil && card(at: p, time: time) == e.id
            gestureArena.holdEnabled = false
            gestureArena.panEnabled = onCard
            interaction = .pressing(cardID: onCard ? e.id : nil, caughtScroll: false)
        }
    }

    private func tapped(at p: Point, time: Millis) {
        defer { interaction = .idle }
        if case .pressing(_, true) = interaction { return }
        switch mode {
        case .stack:
            if let id = card(at: p, time: time) { expand(id, at: time) }
        case .expanded(let e):
            // A tap on the expanded card or on the footer closes it (W9).
            if e.dismissAt == nil { collapse(at: time) }
        }
    }

    /// The topmost card under `p` (not the lifted one).
    private func card(at p: Point, time: Millis) -> String? {
        drawnCards(at: time).last { !$0.isLifted && $0.frame.contains(p) }?.id
    }

    private func panBegan(translation: Double, time: Millis) {
        switch mode {
        case .stack:
            scroll.beginDrag(at: time)
            interaction = .scrolling(origin: translation)
        case .expanded(let e):
            guard case .pressing(e.id?, _) = interaction, e.dismissAt == nil else {
                interaction = .ignoring
                return
            }
            interaction = .draggingExpanded(origin: translation)
        }
    }

    private func panChanged(translation: Double, velocity: Double, time: Millis) {
        switch interaction {
        case .scrolling(let origin):
            scroll.drag(translation: translation - origin, at: time)
        case .draggingExpanded(let origin):
            if velocity > WalletMetrics.closeFlingVelocity {
                // A hard downward fling closes at once (W10).
                dismissExpanded(at: time)
                interaction = .ignoring
                return
            }
            setExpandedDrag(distance: translation - origin)
        default:
            break
        }
    }

    private func panEnded(translation: Double, velocity: Double, time: Millis) {
        defer { interaction = .idle }
        switch interaction {
        case .scrolling(let origin):
            scroll.drag(translation: translation - origin, at: time)
            scroll.endDrag(velocity: velocity, at: time)
        case .draggingExpanded(let origin):
            setExpandedDrag(distance: translation - origin)
            let distance = translation - origin
            if distance > layout.expandedFrame.height / 2 || velocity > WalletMetrics.closeFlingVelocity {
                dismissExpanded(at: time)
            } else {
                springBackExpanded(velocity: velocity, at: time)
            }
        default:
            break
        }
    }

    private func cancelled(at time: Millis) {
        switch interaction {
        case .lifting:
            cancelLift(at: time)
        case .scrolling:
            scroll.endDrag(velocity: 0, at: time)
        case .draggingExpanded:
            springBackExpanded(velocity: 0, at: time)
        default:
            break
        }
        interaction = .idle
    }

    // MARK: Wheel and keys

    private func wheel(_ delta: WheelDelta, at time: Millis) {
        guard case .stack = mode, !gestureArena.isActive else { return }
        switch delta {
        case .steps(_, let dy): scroll.wheel(steps: dy, at: time)
        case .pixels(_, let dy): scroll.wheel(pixels: dy, at: time)
        }
    }

    private func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        guard !gestureArena.isActive else { return }
        switch key {
        case .up, .down:
            guard case .stack = mode else { return }
            let step = key == .up ? -1 : 1
            if modifiers.contains(.shift) {
                moveFocusedCard(by: step, at: time)
            } else {
                moveFocus(by: step, at: time)
            }
        case .enter, .space:
            if expandedID != nil {
                collapse(at: time)
            } else if let id = focusedID {
                expand(id, at: time)
            }
        case .escape:
            if expandedID != nil { collapse(at: time) }
        default:
            break
        }
    }

    /// Moves the focus ring to the previous or next card (the top visible one
    /// first) and scrolls it into view.
    private func moveFocus(by step: Int, at time: Millis) {
        guard !cards.isEmpty else { return }
        let target: Int
        if let id = focusedID, let slot = slotByID[id] {
            target = min(max(slot + step, 0), cards.count - 1)
        } else {
            target = layout.stuckIndex(offset: scroll.projectedRestingOffset(at: time))
        }
        focusedID = cards[target].id
        scrollIntoView(slot: target, at: time)
    }

    /// Shift+arrow: moves the focused card one slot, committed and saved like a drop.
    private func moveFocusedCard(by step: Int, at time: Millis) {
        guard let id = focusedID, let from = slotByID[id] else { return moveFocus(by: step, at: time) }
        let to = from + step
        guard cards.indices.contains(to) else { return }
        let offset = scroll.offset(at: time)
        let neighbour = cards[to].id
        let movingFrame = presentedFrame(id: id, slot: from, offset: offset, at: time)
        let neighbourFrame = presentedFrame(id: neighbour, slot: to, offset: offset, at: time)
        swapSlots(from, to)
        absorb(id, from: movingFrame, to: layout.stackFrame(index: to, offset: offset), at: time,
               spec: WalletMetrics.slotAnimation)
        absorb(neighbour, from: neighbourFrame, to: layout.stackFrame(index: from, offset: offset), at: time,
               spec: WalletMetrics.slotAnimation)
        raisedID = id
        commitMove(id: id, from: from, to: to)
        scrollIntoView(slot: to, at: time)
    }

    /// Scrolls so that card `slot`'s face is in view (its top strip at least).
    private func scrollIntoView(slot: Int, at time: Millis) {
        let current = scroll.projectedRestingOffset(at: time)
        let top = Double(slot) * WalletMetrics.cardSpacing
        let bottom = top + WalletMetrics.cardHeight
        let room = layout.viewport.height - layout.stageTop - WalletMetrics.margin
        var target = current
        if top < current {
            target = top
        } else if bottom > current + room {
            target = bottom - room
        }
        if scroll.clamped(target) != scroll.clamped(current) || current != scroll.offset(at: time) {
            scroll.scroll(to: target, at: time, animated: true)
        }
    }

    // MARK: Reordering (W4-W7)

    private func beginLift(at p: Point, time: Millis) {
        guard case .stack = mode, let id = card(at: p, time: time), let slot = slotByID[id] else {
            interaction = .ignoring
            return
        }
        if scroll.isAnimating(at: time) || scroll.overscroll(at: time) != 0 {
            let x = scroll.offset(at: time)
            transition(at: time, spec: WalletMetrics.slotAnimation) { scene in
                scene.scroll.scroll(to: scene.scroll.clamped(x), at: time, animated: false)
            }
        }
        let offset = scroll.offset(at: time)
        let frame = presentedFrame(id: id, slot: slot, offset: offset, at: time)
        displacements[id] = nil
        if raisedID == id { raisedID = nil }
        focusedID = focusedID == nil ? nil : id
        interaction = .lifting(WalletLift(id: id, index: slot, frame: frame, pointerY: p.y, at: time,
                                          reduceMotion: reduceMotion))
        pending.append(DeckEvent("lift", ["id": .string(id), "index": .int(slot)]))
    }

    private func moveLift(to p: Point, time: Millis) {
        guard case .lifting(var lift) = interaction else { return }
        lift.pointerMoved(to: p.y, at: time, layout: layout, edges: edges)
        interaction = .lifting(lift)
        applySwaps(at: time)
    }

    /// Trades places with neighbours until the lifted card sits in the slot its
    /// position asks for (W5). Neighbours slide from where they are; the
    /// lifted card's layer is untouched.
    private func applySwaps(at time: Millis) {
        guard case .lifting(var lift) = interaction else { return }
        let offset = scroll.offset(at: time)
        var steps = 0
        while let next = lift.nextSlot(at: time, offset: offset, layout: layout), steps < cards.count {
            let neighbour = cards[next].id
            let old = presentedFrame(id: neighbour, slot: next, offset: offset, at: time)
            swapSlots(lift.slot, next)
            absorb(neighbour, from: old, to: layout.stackFrame(index: lift.slot, offset: offset), at: time,
                   spec: WalletMetrics.slotAnimation)
            lift.slot = next
            steps += 1
        }
        interaction = .lifting(lift)
    }

    private func dropLift(at time: Millis) {
        guard case .lifting(let lift) = interaction else { return }
        interaction = .idle
        let offset = scroll.offset(at: time)
        // The card settles into its slot over 0.25 s (W7), above the others until it lands.
        absorb(lift.id, from: lift.frame(at: time), to: layout.stackFrame(index: lift.slot, offset: offset),
               at: time, spec: WalletMetrics.liftAnimation)
        raisedID = lift.id
        if lift.slot != lift.fromIndex { commitMove(id: lift.id, from: lift.fromIndex, to: lift.slot) }
        pending.append(DeckEvent("drop", ["id": .string(lift.id), "index": .int(lift.slot)]))
    }

    /// Puts the lifted card back where it started; the order is as before the lift.
    private func cancelLift(at time: Millis) {
        guard case .lifting(let lift) = interaction else { return }
        interaction = .idle
        let offset = scroll.offset(at: time)
        let from = lift.slot, to = lift.fromIndex
        let range = min(from, to)...max(from, to)
        // Only the cards that show need to slide; the others just change slot.
        let visible = layout.visibleRange(offset: offset)
        let shown = range.clamped(to: max(0, visible.lowerBound - 2)...max(0, visible.upperBound))
        var before: [String: Rect] = [:]
        for slot in shown where slot < cards.count && cards[slot].id != lift.id {
            before[cards[slot].id] = presentedFrame(id: cards[slot].id, slot: slot, offset: offset, at: time)
        }
        let card = cards.remove(at: from)
        cards.insert(card, at: to)
        rebuildSlots(range)
        for (id, old) in before {
            guard let slot = slotByID[id] else { continue }
            absorb(id, from: old, to: layout.stackFrame(index: slot, offset: offset), at: time,
                   spec: WalletMetrics.slotAnimation)
        }
        absorb(lift.id, from: lift.frame(at: time), to: layout.stackFrame(index: to, offset: offset),
               at: time, spec: WalletMetrics.liftAnimation)
        raisedID = lift.id
        pending.append(DeckEvent("cancel", ["id": .string(lift.id)]))
    }

    private func swapSlots(_ a: Int, _ b: Int) {
        cards.swapAt(a, b)
        slotByID[cards[a].id] = a
        slotByID[cards[b].id] = b
    }

    /// Records a committed move: one `reorder` event and a state revision.
    private func commitMove(id: String, from: Int, to: Int) {
        stateRevision += 1
        pending.append(DeckEvent("reorder", ["id": .string(id), "from": .int(from), "to": .int(to)]))
    }

    // MARK: Expanding (W8-W10)

    /// Opens card `id` over a footer of the cards that were showing (W8).
    private func expand(_ id: String, at time: Millis) {
        guard case .stack = mode, let slot = slotByID[id] else { return }
        let offset = scroll.offset(at: time)
        let shown = layout.visibleRange(offset: offset).filter { $0 != slot }.map { cards[$0].id }
        let before = layout.visibleRange(offset: offset).filter { $0 < slot }.count
        let inset = WalletLayout.footerInset(position: before)
        transition(at: time, spec: WalletMetrics.expandAnimation) { scene in
            // Scrolling is off while expanded: the stack rests where it was (in bounds).
            scene.scroll.scroll(to: offset, at: time, animated: false)
            scene.mode = .expanded(WalletExpansion(id: id, footer: shown, shrinkInset: inset))
        }
        pending.append(DeckEvent("expand", ["id": .string(id)]))
    }

    /// Closes the expanded card back into the stack (W9).
    private func collapse(at time: Millis) {
        guard case .expanded(let e) = mode else { return }
        transition(at: time, spec: WalletMetrics.expandAnimation) { $0.mode = .stack }
        pending.append(DeckEvent("collapse", ["id": .string(e.id)]))
    }

    private func setExpandedDrag(distance: Double) {
        guard case .expanded(var e) = mode else { return }
        // Upwards it resists like a scroll edge; downwards it follows 1:1.
        e.dragDistance = distance >= 0 ? distance
            : -RubberBand.offset(-distance, dimension: layout.viewport.height)
        mode = .expanded(e)
    }

    /// Slides the expanded card off the bottom (0.25 s), then collapses (W10).
    private func dismissExpanded(at time: Millis) {
        guard case .expanded(var e) = mode, e.dismissAt == nil, let slot = slotByID[e.id] else { return }
        let offset = scroll.offset(at: time)
        let from = presentedFrame(id: e.id, slot: slot, offset: offset, at: time)
        e.dragDistance = nil
        e.dismissAt = time + WalletMetrics.liftDuration * 1000
        mode = .expanded(e)
        absorb(e.id, from: from, to: targetFrame(id: e.id, slot: slot, offset: offset, mode: mode), at: time,
               spec: WalletMetrics.liftAnimation)
        pending.append(DeckEvent("collapse", ["id": .string(e.id)]))
    }

    /// Returns a dragged expanded card to its place, carrying the release velocity.
    private func springBackExpanded(velocity: Double, at time: Millis) {
        guard case .expanded(var e) = mode, let slot = slotByID[e.id] else { return }
        let offset = scroll.offset(at: time)
        let from = presentedFrame(id: e.id, slot: slot, offset: offset, at: time)
        e.dragDistance = nil
        mode = .expanded(e)
        absorb(e.id, from: from, to: layout.expandedFrame, at: time, spec: WalletMetrics.expandAnimation,
               velocity: Rect(x: 0, y: velocity, width: 0, height: 0))
    }

    // MARK: Bookkeeping

    private func rebuildSlots(_ range: some Sequence<Int>) {
        for i in range where cards.indices.contains(i) { slotByID[cards[i].id] = i }
    }

    private func configureScroll() {
        scroll.viewportLength = max(1, layout.viewport.height - layout.stageTop)
        scroll.contentLength = layout.contentHeight
        scroll.trailingInset = WalletMetrics.margin
        scroll.reduceMotion = reduceMotion
    }
}

/// One card opened over the footer of the others (W8).
struct WalletExpansion: Sendable {
    let id: String
    /// The other cards that showed when it opened, in order: footer positions 0, 1, 2, 3, 3...
    let footer: [String]
    /// How far the expanded card narrows when dragged all the way down: the
    /// inset of the footer position it came from (the seed's `currentCellShrinkMarginLeft`).
    let shrinkInset: Double
    private let positions: [String: Int]
    /// How far the card is dragged down (W10), while it is.
    var dragDistance: Double?
    /// When the slide-off ends and the stack comes back, once dismissed.
    var dismissAt: Millis?

    init(id: String, footer: [String], shrinkInset: Double) {
        self.id = id
        self.footer = footer
        self.shrinkInset = shrinkInset
        var positions: [String: Int] = [:]
        for (i, other) in footer.enumerated() { positions[other] = i }
        self.positions = positions
    }

    /// Card `id`'s footer position (3 for the cards past the fourth, and those not in the footer).
    func footerPosition(of id: String) -> Int {
        min(positions[id] ?? WalletMetrics.footerLastPosition, WalletMetrics.footerLastPosition)
    }
}
