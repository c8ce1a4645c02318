/// How far items are drawn from their layout frames while they slide to new
/// slots, each offset decaying to nothing (the wallet's cards, the messages'
/// rows, the grid's tiles).
///
/// An item's on-screen frame is always `layout frame + displacement`. When the
/// layout moves an item (a swap, a reflow, an edit, an expand) its displacement
/// absorbs the jump at that instant and then animates back to zero, keeping
/// its velocity: the item moves on from exactly where it was, even mid-flight,
/// while the layout itself stays a pure function of the scene's state. (Core
/// Animation calls these additive animations.) Only moving items have an
/// entry, so the cost follows the number of items in motion, never the count.
struct Displacements: Sendable {
    /// What a layout frame is, which decides whether an entry can go stale.
    enum Anchoring: Sendable {
        /// Layout frames move on their own (the wallet's stack follows its
        /// scroll offset): a displacement applies to whatever frame the item
        /// has now, and a motion's velocity is always carried on.
        case followsLayout
        /// Layout frames are fixed slots (content coordinates): an entry counts
        /// only while the item's layout frame is the one it was recorded
        /// against. A stale one (the item moved again while off screen, or the
        /// layout changed) is ignored, so an item is never drawn anywhere but
        /// in or on its way to its slot.
        case fixedSlots
    }

    private struct Entry: Sendable {
        /// x, y, width and height deltas; all head for 0.
        var delta: AnimatedRect
        /// The layout frame the jump was measured against.
        var layoutFrame: Rect
    }

    let anchoring: Anchoring
    private var entries: [String: Entry] = [:]

    init(_ anchoring: Anchoring) {
        self.anchoring = anchoring
    }

    /// How many items are in motion.
    var count: Int { entries.count }

    /// The items in motion, in no particular order.
    var ids: some Collection<String> { entries.keys }

    /// True while item `id` has a displacement (settled or not).
    func contains(_ id: String) -> Bool { entries[id] != nil }

    /// Where item `id`, whose layout frame is `layoutFrame`, is drawn at `time`.
    func frame(of id: String, layoutFrame: Rect, at time: Millis) -> Rect {
        guard let entry = live(id, layoutFrame: layoutFrame) else { return layoutFrame }
        return Self.apply(entry.delta.value(at: time), to: layoutFrame)
    }

    /// How fast each component of item `id`'s displacement changes at `time`, in px/s.
    func velocity(of id: String, at time: Millis) -> Rect {
        guard let delta = entries[id]?.delta else { return .zero }
        return Rect(x: delta.x.velocity(at: time), y: delta.y.velocity(at: time),
                    width: delta.width.velocity(at: time), height: delta.height.velocity(at: time))
    }

    /// Gives item `id` a displacement that takes it from `drawn` (where it is
    /// drawn now) to its new layout frame `layoutFrame`, animated with `spec`.
    ///
    /// It moves at `velocity` (px/s per component) when given; otherwise it
    /// keeps the velocity of the motion it is on (with `.fixedSlots`, only
    /// when `drawn` is where that motion has it: a stale entry, or a frame the
    /// scene altered, starts from rest). An item that would not move (no jump,
    /// no velocity, or `reduceMotion`) keeps no entry.
    mutating func record(_ id: String, from drawn: Rect, to layoutFrame: Rect, at time: Millis,
                         spec: AnimationSpec, reduceMotion: Bool, velocity: Rect? = nil) {
        let carried = velocity ?? carriedVelocity(of: id, drawn: drawn, at: time)
        let jump = Self.jump(from: drawn, to: layoutFrame)
        var delta = AnimatedRect(jump)
        delta.x.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion, initialVelocity: carried.minX)
        delta.y.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion, initialVelocity: carried.minY)
        delta.width.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion,
                            initialVelocity: carried.width)
        delta.height.animate(to: 0, at: time, spec: spec, reduceMotion: reduceMotion,
                             initialVelocity: carried.height)
        entries[id] = delta.isAnimating(at: time) ? Entry(delta: delta, layoutFrame: layoutFrame) : nil
    }

    /// True while any item is still moving.
    func isAnimating(at time: Millis) -> Bool {
        entries.values.contains { $0.delta.isAnimating(at: time) }
    }

    /// Forgets the items that have arrived.
    mutating func prune(at time: Millis) {
        entries = entries.filter { $0.value.delta.isAnimating(at: time) }
    }

    /// Puts item `id` straight into its layout frame.
    mutating func remove(_ id: String) {
        entries[id] = nil
    }

    /// Puts every item straight into its layout frame (after a resize).
    mutating func removeAll() {
        entries.removeAll()
    }

    /// The entry that still applies to an item whose layout frame is `layoutFrame`.
    private func live(_ id: String, layoutFrame: Rect) -> Entry? {
        guard let entry = entries[id] else { return nil }
        switch anchoring {
        case .followsLayout: return entry
        case .fixedSlots: return entry.layoutFrame == layoutFrame ? entry : nil
        }
    }

    private func carriedVelocity(of id: String, drawn: Rect, at time: Millis) -> Rect {
        guard let entry = entries[id] else { return .zero }
        switch anchoring {
        case .followsLayout:
            return velocity(of: id, at: time)
        case .fixedSlots:
            let now = Self.apply(entry.delta.value(at: time), to: entry.layoutFrame)
            return now == drawn ? velocity(of: id, at: time) : .zero
        }
    }

    /// `frame` moved and resized by the delta `d`.
    private static func apply(_ d: Rect, to frame: Rect) -> Rect {
        Rect(x: frame.minX + d.minX, y: frame.minY + d.minY,
             width: frame.width + d.width, height: frame.height + d.height)
    }

    /// The delta that takes `to` onto `from`, component by component.
    private static func jump(from: Rect, to: Rect) -> Rect {
        Rect(x: from.minX - to.minX, y: from.minY - to.minY,
             width: from.width - to.width, height: from.height - to.height)
    }
}
