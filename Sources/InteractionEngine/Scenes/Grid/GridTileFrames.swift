/// The frames of tiles that are travelling between slots after a reflow (G3).
///
/// Only moving tiles have an entry; every other tile sits in its slot, so the
/// cost follows the number of tiles in motion, never the item count. An entry
/// counts only while it still heads for the tile's current slot: a stale one
/// (the tile moved again while off screen, or the layout changed) is ignored,
/// so a tile can never be drawn anywhere but in or on its way to its slot.
/// Frames are in content coordinates.
struct GridTileFrames: Sendable {
    private var frames: [String: AnimatedRect] = [:]

    /// How many tiles are in motion (tests read it).
    var count: Int { frames.count }

    /// Where tile `id`, whose slot is `slot`, is drawn at `time`.
    func frame(of id: String, slot: Rect, at time: Millis) -> Rect {
        guard let animated = frames[id], animated.target == slot else { return slot }
        return animated.value(at: time)
    }

    /// Sends tile `id` from where it is (`current`) to `slot`, retargeting any
    /// motion in flight from its present position and velocity.
    mutating func move(_ id: String, from current: Rect, to slot: Rect, at time: Millis,
                       spec: AnimationSpec, reduceMotion: Bool) {
        guard current != slot, !reduceMotion else {
            frames[id] = nil
            return
        }
        var animated = frames[id].flatMap { $0.value(at: time) == current ? $0 : nil } ?? AnimatedRect(current)
        animated.animate(to: slot, at: time, spec: spec, reduceMotion: reduceMotion)
        frames[id] = animated
    }

    /// True while any tile is still travelling.
    func isAnimating(at time: Millis) -> Bool {
        frames.values.contains { $0.isAnimating(at: time) }
    }

    /// Forgets the tiles that have arrived.
    mutating func prune(at time: Millis) {
        frames = frames.filter { $0.value.isAnimating(at: time) }
    }

    /// Puts every tile straight into its slot (after a resize).
    mutating func removeAll() {
        frames.removeAll()
    }
}
