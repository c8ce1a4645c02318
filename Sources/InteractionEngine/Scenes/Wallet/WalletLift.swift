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
    /// Its frame when lifted, in scene coordinates, unscaled (x and width follow a resize).
    var startFrame: Rect
    /// The viewport's height: the card's centre stays within 0...this (half of it inside).
    var viewportHeight: Double
    /// From the hold feedback's scale-down back to 1 as it rises.
    var scale: AnimatedValue
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

    init(id: String, index: Int, frame: Rect, pointerY: Double, at time: Millis, reduceMotion: Bool,
         viewportHeight: Double = .infinity, pressedScale: Double = 1, metrics: WalletMetrics = WalletMetrics()) {
        self.id = id
        fromIndex = index
        slot = index
        startFrame = frame
        self.viewportHeight = viewportHeight
        scale = AnimatedValue(pressedScale)
        scale.animate(to: 1, at: time, spec: metrics.liftAnimation, reduceMotion: reduceMotion)
        pointerStartY = pointerY
        self.pointerY = pointerY
        rise = AnimatedValue(0)
        rise.animate(to: metrics.liftRise, at: time, spec: metrics.liftAnimation,
                     reduceMotion: reduceMotion)
        lastScrollTick = time
    }

    /// The lifted card's frame at `time`: where it was, raised, moved with the pointer,
    /// its centre kept inside the viewport (issue 22, item 2), scaled back up from the
    /// hold feedback.
    func frame(at time: Millis) -> Rect {
        let frame = unscaledFrame(at: time)
        let s = scale.value(at: time)
        guard s != 1 else { return frame }
        let w = frame.width * s, h = frame.height * s
        return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
    }

    /// The frame at full size: what swaps and auto-scroll measure.
    func unscaledFrame(at time: Millis) -> Rect {
        let top = startFrame.minY + pointerY - pointerStartY - rise.value(at: time)
        let h = startFrame.height
        let outside = h * (1 - WalletMetrics.keepInsideFraction)
        let kept = viewportHeight.isFinite ? min(max(top, -outside), max(-outside, viewportHeight - h + outside)) : top
        return Rect(x: startFrame.minX, y: kept, width: startFrame.width, height: h)
    }

    /// Follows a resize: the column's new x and width, the new viewport height (issue 22, item 3).
    mutating func relayout(x: Double, width: Double, viewportHeight: Double) {
        startFrame = Rect(x: x, y: startFrame.minY, width: width, height: startFrame.height)
        self.viewportHeight = viewportHeight
    }

    /// The auto-scroll velocity for the card where it is: its top edge against the top
    /// zone, its bottom edge against the bottom zone, the same zone and curve at both
    /// edges (`WalletMetrics.autoScrollZone`).
    func edgeVelocity(at time: Millis, edges: EdgeAutoScroll, viewportLength: Double) -> Double {
        let frame = unscaledFrame(at: time)
        let up = min(0, edges.velocity(pointer: frame.minY, viewportLength: viewportLength))
        let down = max(0, edges.velocity(pointer: frame.maxY, viewportLength: viewportLength))
        return up + down
    }

    /// Moves the pointer to `y` and engages or releases auto-scroll the way the
    /// seed does: a card entering an edge zone starts scrolling only when the
    /// pointer moved towards that edge; once scrolling, the zone alone decides.
    mutating func pointerMoved(to y: Double, at time: Millis, layout: WalletLayout, edges: EdgeAutoScroll) {
        let motion = y - pointerY
        pointerY = y
        let velocity = edgeVelocity(at: time, edges: edges, viewportLength: layout.viewport.height)
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
        let seconds = AnimationClock.current.seconds(from: lastScrollTick, to: time)  // slowed by slow motion
        let velocity = edgeVelocity(at: time, edges: edges, viewportLength: layout.viewport.height)
        let next = min(max(offset + velocity * seconds, bounds.lowerBound), max(bounds.lowerBound, bounds.upperBound))
        // Never scroll against the engaged direction (a zone left mid-frame).
        switch autoScroll {
        case .towardsStart: return min(offset, next)
        case .towardsEnd: return max(offset, next)
        }
    }

    /// The slot the card should move to next, one step at a time: the next
    /// slot once the lifted card's unraised top comes within 30 px of that
    /// slot's top (or goes past it), likewise the previous one; nil to stay.
    /// Unraised, so a swap takes `WalletMetrics.swapTravel` either way.
    func nextSlot(at time: Millis, offset: Double, layout: WalletLayout) -> Int? {
        let top = unscaledFrame(at: time).minY + rise.value(at: time)
        let reach = layout.metrics.canMoveDistance
        if slot + 1 < layout.count, top > layout.slotTop(index: slot + 1, offset: offset) - reach {
            return slot + 1
        }
        if slot > 0, top < layout.slotTop(index: slot - 1, offset: offset) + reach {
            return slot - 1
        }
        return nil
    }
}
