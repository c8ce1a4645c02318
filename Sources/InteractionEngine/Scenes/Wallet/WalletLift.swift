/// A card held up by press-and-hold and moved through the stack (W4-W7).
///
/// The lifted card is its own layer: its frame comes from the pointer and the
/// rise alone, never from the stack layout, so nothing the layout does
/// (sticking, swapping, scrolling) can make it flicker.
struct WalletLift: Sendable {
    /// Which way the stack auto-scrolls while the card is held near an edge.
    enum AutoScroll: Sendable, Equatable {
        /// Towards the start (the offset falls): the card is near the top.
        case towardsStart
        /// Towards the end: the card is near the bottom.
        case towardsEnd
    }

    let id: String
    /// The card's index when it was lifted (`reorder`'s `from`, and where a cancel puts it back).
    let fromIndex: Int
    /// The slot it occupies now.
    var slot: Int
    /// Its frame when lifted, in scene coordinates.
    let startFrame: Rect
    /// The pointer's y when lifted.
    let pointerStartY: Double
    /// The pointer's latest y.
    var pointerY: Double
    /// 0 → 30 over 0.25 s.
    var rise: AnimatedValue
    /// The engaged auto-scroll, if any.
    var autoScroll: AutoScroll?
    /// When auto-scroll last advanced the offset (its integration step starts here).
    var lastScrollTick: Millis

    init(id: String, index: Int, frame: Rect, pointerY: Double, at time: Millis, reduceMotion: Bool) {
        self.id = id
        fromIndex = index
        slot = index
        startFrame = frame
        pointerStartY = pointerY
        self.pointerY = pointerY
        rise = AnimatedValue(0)
        rise.animate(to: WalletMetrics.liftRise, at: time, spec: WalletMetrics.liftAnimation,
                     reduceMotion: reduceMotion)
        lastScrollTick = time
    }

    /// The lifted card's frame at `time`: where it was, raised, moved with the pointer.
    func frame(at time: Millis) -> Rect {
        startFrame.offsetBy(dx: 0, dy: pointerY - pointerStartY - rise.value(at: time))
    }

    /// Moves the pointer to `y` and engages or releases auto-scroll the way the
    /// seed does: a card entering an edge zone starts scrolling only when the
    /// pointer moved towards that edge; once scrolling, the zone alone decides.
    mutating func pointerMoved(to y: Double, at time: Millis, layout: WalletLayout, edges: EdgeAutoScroll) {
        let motion = y - pointerY
        pointerY = y
        let velocity = edges.velocity(pointer: frame(at: time).minY, viewportLength: layout.viewport.height)
        let zone: AutoScroll? = velocity < 0 ? .towardsStart : velocity > 0 ? .towardsEnd : nil
        if autoScroll == nil {
            let arming = WalletMetrics.autoScrollArmingMotion
            if zone == .towardsStart && motion < -arming || zone == .towardsEnd && motion > arming {
                autoScroll = zone
                lastScrollTick = time
            }
        } else {
            autoScroll = zone
        }
    }

    /// The offset after auto-scrolling from the last step to `time` (px/s, so the
    /// distance depends on elapsed time, not on the frame rate), kept in bounds.
    mutating func autoScrolledOffset(from offset: Double, at time: Millis, layout: WalletLayout,
                                     edges: EdgeAutoScroll, bounds: ClosedRange<Double>) -> Double {
        defer { lastScrollTick = max(lastScrollTick, time) }
        guard let autoScroll else { return offset }
        let seconds = max(0, time - lastScrollTick) / 1000
        let next = edges.advance(offset: offset, pointer: frame(at: time).minY,
                                 viewportLength: layout.viewport.height, seconds: seconds,
                                 minOffset: bounds.lowerBound, maxOffset: bounds.upperBound)
        // Never scroll against the engaged direction (a zone left mid-frame).
        switch autoScroll {
        case .towardsStart: return min(offset, next)
        case .towardsEnd: return max(offset, next)
        }
    }

    /// The slot the card should move to next, one step at a time: the next
    /// slot once the lifted top comes within 30 px of that slot's top (or goes
    /// past it), likewise the previous one; nil to stay.
    func nextSlot(at time: Millis, offset: Double, layout: WalletLayout) -> Int? {
        let top = frame(at: time).minY
        let reach = WalletMetrics.canMoveDistance
        if slot + 1 < layout.count, top > layout.slotTop(index: slot + 1, offset: offset) - reach {
            return slot + 1
        }
        if slot > 0, top < layout.slotTop(index: slot - 1, offset: offset) + reach {
            return slot - 1
        }
        return nil
    }
}
