/// The reorderable grid (SPEC G1-G6): press and hold a tile to lift it, drag
/// it, and the grid reflows around it live; release drops it into its slot.
///
/// The scene is a state machine (`State`): idle, pressed (deciding), panning
/// (scrolling), lifted (a tile follows the pointer) and settling (the drop or
/// cancel animation, during which input is ignored), each carrying its data. It drives `GridReorder`'s four
/// steps from the gesture arena (hold = begin, hold moves and auto-scroll =
/// update, release = end, Escape / right click = cancel) and from the
/// keyboard (Shift+arrows). Only visible tiles are laid out and drawn.
public final class GridScene: EventRecordingScene {
    public static let name = "grid"
    public var name: String { Self.name }
    public let title = "Grid"

    // MARK: Tuning (seed 001: UIView animateWithDuration 0.25, scale 1.05)

    /// Scale of the lifted tile (the seed's `CGAffineTransformMakeScale(1.05, 1.05)`).
    public static let liftScale = 1.05
    /// Lift and drop both take the seed's 0.25 s, ease in-out (UIView's default curve).
    public static let liftAnimation = AnimationSpec.easeInOut(0.25)
    public static let dropAnimation = AnimationSpec.easeInOut(0.25)
    /// Tiles displaced by a reflow glide to their new slots on this spring,
    /// retargeted from wherever they are when the order changes again.
    public static let reflowAnimation = AnimationSpec.spring(.smooth)
    /// Auto-scroll zones: 80 px at the top and at the bottom (tiles are about
    /// 100 px, so a zone is most of a row), on the shared wallet speed curve.
    public static let autoScroll = EdgeAutoScroll(leadingZone: 80, trailingZone: 80)
    /// The little "no" shake of a pinned tile that refuses to lift.
    public static let refusalSpring = SpringDescription.withDampingRatio(stiffness: 1200, ratio: 0.25)
    public static let refusalVelocity = 420.0
    /// While a press on a movable tile builds towards the hold, the tile shrinks to this
    /// scale (ease-in over the hold), then grows to `liftScale` as it lifts: iOS's press
    /// response, as in the wallet (`WalletMetrics.holdFeedbackScale`). A press that becomes
    /// a pan or a tap glides back on `reflowAnimation` (issue 22, item 9).
    public static let pressFeedbackScale = WalletMetrics.holdFeedbackScale
    /// The least part of a held tile kept inside the viewport: half, so its centre never
    /// leaves the window however far the pointer goes (issue 22, item 2).
    public static let keepInsideFraction = WalletMetrics.keepInsideFraction

    // MARK: State

    /// Where the scene's interaction stands, as tests read it (`state` without its payloads).
    public enum Phase: Equatable, Sendable {
        case idle
        /// A drag scrolls the grid.
        case panning
        /// A tile is held and follows the pointer.
        case lifted
        /// A dropped or cancelled tile is landing; input is ignored until `until`.
        case settling(until: Millis)
    }

    /// The scene's state machine: each stage carries what only it has, so a lift
    /// without a held tile, or a landing while another tile is held, cannot be written.
    enum State {
        /// Nothing held, nothing dragged, no press deciding.
        case idle
        /// A press is down and has not become a pan or a lift yet (its tap, if it is one, reads it).
        case pressed(Press)
        /// A drag scrolls the grid.
        case panning
        /// A tile is held and follows the pointer.
        case lifted(Lift)
        /// A dropped or cancelled tile is landing; input is ignored until its `until`.
        case settling(Landing)
    }

    /// A press that has not become a pan or a lift yet.
    struct Press {
        /// It stopped a moving scroll: it must not also tap or lift.
        var stoppedScroll: Bool
        /// The movable tile pressed while the hold builds (it shrinks), and when the press went down;
        /// nil on empty space, on a pinned tile, and once the press turned into something else.
        var feedback: (id: String, start: Millis)?
    }

    /// The held tile's own layer: it follows the pointer, never the layout.
    struct Lift {
        var id: String
        /// The pointer, in scene (viewport) coordinates.
        var pointer: Point
        var scale: AnimatedValue
        /// When auto-scroll last advanced.
        var lastAutoScroll: Millis
    }

    /// A tile landing in its slot after a release or a cancel.
    struct Landing {
        var id: String
        /// Centre in content coordinates.
        var center: AnimatedPoint
        var scale: AnimatedValue
        var slot: Int
        /// When it has landed (input is ignored until then, G4).
        var until: Millis
    }

    public internal(set) var reorder: GridReorder
    var state: State = .idle
    /// Where the interaction stands (`state` without its payloads).
    public var phase: Phase {
        switch state {
        case .idle, .pressed: .idle
        case .panning: .panning
        case .lifted: .lifted
        case .settling(let landing): .settling(until: landing.until)
        }
    }
    /// The boundaries of this scene's presses (its tuned hold duration and movement).
    public internal(set) var gestureSettings = GestureSettings.standard
    /// The live tuning values (see `GridTunables`).
    public internal(set) var metrics = GridMetrics()
    public internal(set) var stateRevision = 0
    public internal(set) var size: Size
    /// The keyboard focus (a slot), and whether its ring shows.
    public internal(set) var focus: Int?
    public internal(set) var focusVisible = false
    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }

    var scroll = ScrollAxis()
    /// Tiles gliding to new slots after a reflow (G3); slots are in content coordinates.
    var displacements = Displacements(.fixedSlots)
    /// A pinned tile shaking its head (G5). Not part of `state`: the shake (from a hold or a
    /// Shift+arrow on the pinned tile) plays on by itself while the press that caused it ends
    /// and the next one begins, whatever the interaction does meanwhile.
    var refusal: (id: String, offset: AnimatedValue)?
    /// What the scene did since its last `update` or `tick` returned.
    var emitted: [SceneEvent] = []

    /// The grid over `tiles`, in the saved order when `saved` has one.
    public init(tiles: [GridTile], saved: DeckState.GridState? = nil, size: Size = Size(width: 480, height: 756)) {
        let ordered = saved.map { applySavedOrder($0.order, to: tiles, id: \.id) } ?? tiles
        self.size = size
        reorder = GridReorder(items: ordered, width: size.width)
        scroll = ScrollAxis(viewportLength: size.height, contentLength: reorder.layout.contentHeight)
    }

    // MARK: Reading

    /// The layout in use.
    public var layout: GridLayout { reorder.layout }
    /// The committed order.
    public var order: [String] { reorder.items.map(\.id) }
    /// The scroll offset (content y at the top of the viewport) at `time`.
    public func scrollOffset(at time: Millis) -> Double { scroll.offset(at: time) }
    /// The id of the tile being held or landing.
    public var movingID: String? {
        switch state {
        case .lifted(let held): held.id
        case .settling(let landing): landing.id
        case .idle, .pressed, .panning: nil
        }
    }
    /// The press still deciding's tile feedback (see `Press.feedback`).
    var pressFeedback: (id: String, start: Millis)? {
        if case .pressed(let press) = state { press.feedback } else { nil }
    }
    /// How many tiles are gliding to new slots.
    var travellingTiles: Int { displacements.count }

    /// The visible tiles as drawn at `time`, in slot order, the held or landing tile last.
    ///
    /// Only rows intersecting the viewport (one extra row each side, for tiles
    /// gliding in or out) are looked at.
    public func visiblePlacements(at time: Millis) -> [LaidOutItem] { placements(at: time, inContent: false) }

    /// The visible tiles as `visiblePlacements`, their frames in the scroll container's content
    /// coordinates (`inContent`, the view's) or the viewport's. The view draws content frames as
    /// laid out: a viewport frame moved back by the offset is off by a rounding for about one
    /// tile row in twelve at a pitch such as 109.37 px, so a scroll's resting tiles looked moved
    /// to a compositor comparing frames (issue 21: strips stale, tiles drawn from commands).
    func placements(at time: Millis, inContent: Bool) -> [LaidOutItem] {
        let offset = scroll.offset(at: time)
        let shift = inContent ? 0 : -offset
        let viewport = Rect(x: 0, y: offset, width: size.width, height: size.height)
        let moving = movingID
        var result: [LaidOutItem] = []
        for index in layout.indices(intersectingTop: offset, height: size.height, extraRows: 1) {
            let tile = reorder.liveItems[index]
            guard tile.id != moving else { continue }
            var frame = displacements.frame(of: tile.id, layoutFrame: layout.frame(at: index), at: time)
            if pressFeedback?.id == tile.id { frame = pressFeedbackFrame(frame, at: time) }
            if let refusal, refusal.id == tile.id { frame = frame.offsetBy(dx: refusal.offset.value(at: time), dy: 0) }
            guard frame.intersects(viewport) else { continue }
            let scale = pressFeedback?.id == tile.id ? pressFeedbackScale(at: time) : 1
            result.append(LaidOutItem(id: tile.id, index: index, frame: frame.offsetBy(dx: 0, dy: shift), scale: scale))
        }
        if let top = movingPlacement(at: time) {
            result.append(LaidOutItem(id: top.id, index: top.index, frame: top.frame.offsetBy(dx: 0, dy: shift),
                                      scale: top.scale, isLifted: true))
        }
        return result
    }

    /// The held or landing tile in content coordinates: its frame already scaled.
    func movingPlacement(at time: Millis) -> LaidOutItem? {
        let side = layout.tileSize
        switch state {
        case .lifted(let lift):
            guard let movement = reorder.movement else { return nil }
            let center = heldCenter(lift, movement, at: time)
            let scale = lift.scale.value(at: time)
            return LaidOutItem(id: lift.id, index: movement.current, frame: square(center, side * scale),
                               scale: scale, isLifted: true)
        case .settling(let landing):
            let scale = landing.scale.value(at: time)
            return LaidOutItem(id: landing.id, index: landing.slot,
                               frame: square(landing.center.value(at: time), side * scale), scale: scale, isLifted: true)
        case .idle, .pressed, .panning:
            return nil
        }
    }

    func square(_ center: Point, _ side: Double) -> Rect {
        Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    /// The held tile's centre in content coordinates: under the pointer as it was
    /// grabbed, kept inside the viewport (`keepInsideFraction`).
    func heldCenter(_ held: Lift, _ movement: GridReorder.Movement, at time: Millis) -> Point {
        let c = held.pointer - movement.grabOffset
        let side = layout.tileSize * (1 - 2 * Self.keepInsideFraction) / 2
        let x = min(max(c.x, -side), max(-side, size.width + side))
        let y = min(max(c.y, -side), max(-side, size.height + side))
        return content(Point(x: x, y: y), at: time)
    }

    /// The press feedback's scale at `time` (1 without a press building a hold).
    func pressFeedbackScale(at time: Millis) -> Double {
        guard let feedback = pressFeedback else { return 1 }
        return 1 - (1 - WalletMetrics.holdFeedback(elapsed: time - feedback.start,
                                                   holdDuration: gestureSettings.holdDuration))
            * (1 - metrics.pressFeedbackScale) / (1 - WalletMetrics.holdFeedbackScale)
    }

    func pressFeedbackFrame(_ frame: Rect, at time: Millis) -> Rect {
        let s = pressFeedbackScale(at: time)
        return s == 1 ? frame : square(frame.center, frame.width * s)
    }

    /// The press stopped building a hold (pan, tap, cancel): the tile glides back to full size.
    func endPressFeedback(at time: Millis) {
        guard case .pressed(var press) = state, let feedback = press.feedback else { return }
        defer {
            press.feedback = nil
            state = .pressed(press)
        }
        guard let index = reorder.liveItems.firstIndex(where: { $0.id == feedback.id }) else { return }
        let slot = layout.frame(at: index)
        let now = pressFeedbackFrame(displacements.frame(of: feedback.id, layoutFrame: slot, at: time), at: time)
        displacements.record(feedback.id, from: now, to: slot, at: time, spec: metrics.reflowAnimation,
                             reduceMotion: reduceMotion)
    }

    /// A scene point in content coordinates.
    func content(_ point: Point, at time: Millis) -> Point {
        Point(x: point.x, y: point.y + scroll.offset(at: time))
    }

    // MARK: DeckScene

    public func resize(to newSize: Size, at time: Millis) {
        guard newSize.width.isFinite, newSize.height.isFinite else { return }
        size = Size(width: max(1, newSize.width), height: max(1, newSize.height))
        reorder.resize(width: size.width)
        displacements.removeAll()
        scroll.setContent(length: layout.contentHeight, viewport: size.height, at: time)
        // The held tile follows the new column width at once (its grab scaled with it).
        if case .lifted = state { updateMovement(at: time) }
        if case .settling(var landed) = state {
            landed.center.animate(to: layout.center(at: landed.slot), at: time, spec: metrics.dropAnimation,
                                  reduceMotion: reduceMotion)
            state = .settling(landed)
        }
        if let focus, focus >= reorder.items.count { self.focus = nil }
    }

    func receive(_ input: SceneInput) {
        if case .resize(let newSize, let time) = input {
            resize(to: newSize, at: time)
            return
        }
        finishLandingIfDone(at: input.time)
        // G4: while the dropped tile lands, input is ignored (like the seed's
        // `userInteractionEnabled = NO`; a press that starts then does nothing, see
        // `pressPolicy`); a press after it lands works normally.
        if case .settling = phase { return }
        switch input {
        case .wheel(let delta, _, _, let time, _):
            guard phase == .idle else { return }
            switch delta {
            case .steps(_, let dy): scroll.wheel(steps: dy, at: time)
            case .pixels(_, let dy): scroll.wheel(pixels: dy, at: time)
            }
        case .key(let key, let modifiers, let time):
            handleKey(key, modifiers, at: time)
        case .gesture(let gesture):
            process(gesture)
        case .resize:
            break
        }
    }

    func advance(to time: Millis) {
        finishLandingIfDone(at: time)
        autoScroll(at: time)
        scroll.tick(at: time)
        displacements.prune(at: time)
        if case .lifted(var held) = state, held.scale.settle(at: time) { state = .lifted(held) }
        if let shaking = refusal, !shaking.offset.isAnimating(at: time) { refusal = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        switch state {
        case .lifted, .settling: return true  // a press by itself draws nothing (it waits for the hold asleep)
        case .idle, .pressed, .panning: break
        }
        return scroll.isAnimating(at: time) || displacements.isAnimating(at: time)
            || (refusal?.offset.isAnimating(at: time) ?? false)
    }

    public func save(into state: inout DeckState) {
        state.grid = DeckState.GridState(order: order)
    }
}
