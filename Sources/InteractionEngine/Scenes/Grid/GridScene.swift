/// The reorderable grid (SPEC G1-G6): press and hold a tile to lift it, drag
/// it, and the grid reflows around it live; release drops it into its slot.
///
/// The scene is a state machine (`Phase`): idle, panning (scrolling),
/// lifted (a tile follows the pointer) and settling (the drop or cancel
/// animation, during which input is ignored). It drives `GridReorder`'s four
/// steps from the gesture arena (hold = begin, hold moves and auto-scroll =
/// update, release = end, Escape / right click = cancel) and from the
/// keyboard (Shift+arrows). Only visible tiles are laid out and drawn.
public final class GridScene: DeckScene {
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

    /// Where the scene's interaction stands.
    public enum Phase: Equatable, Sendable {
        case idle
        /// A drag scrolls the grid.
        case panning
        /// A tile is held and follows the pointer.
        case lifted
        /// A dropped or cancelled tile is landing; input is ignored until `until`.
        case settling(until: Millis)
    }

    /// The held tile's own layer: it follows the pointer, never the layout.
    private struct Lift {
        var id: String
        /// The pointer, in scene (viewport) coordinates.
        var pointer: Point
        var scale: AnimatedValue
        /// When auto-scroll last advanced.
        var lastAutoScroll: Millis
    }

    /// A tile landing in its slot after a release or a cancel.
    private struct Landing {
        var id: String
        /// Centre in content coordinates.
        var center: AnimatedPoint
        var scale: AnimatedValue
        var slot: Int
    }

    public internal(set) var reorder: GridReorder
    public private(set) var phase: Phase = .idle
    /// The boundaries of this scene's presses (its tuned hold duration and movement).
    public internal(set) var gestureSettings = GestureSettings.standard
    /// The live tuning values (see `GridTunables`).
    public internal(set) var metrics = GridMetrics()
    public private(set) var stateRevision = 0
    public private(set) var size: Size
    /// The keyboard focus (a slot), and whether its ring shows.
    public private(set) var focus: Int?
    public private(set) var focusVisible = false
    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }

    var scroll = ScrollAxis()
    private var frames = GridTileFrames()
    private var lift: Lift?
    private var landing: Landing?
    private var refusal: (id: String, offset: AnimatedValue)?
    /// The movable tile pressed while the hold builds, and when the press went down.
    private var pressFeedback: (id: String, start: Millis)?
    /// The press stopped a moving scroll: it must not also tap or lift.
    private var pressStoppedScroll = false
    /// What the scene did since its last `update` or `tick` returned.
    private var emitted: [SceneEvent] = []

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
    public var movingID: String? { lift?.id ?? landing?.id }
    /// How many tiles are gliding to new slots.
    var travellingTiles: Int { frames.count }

    /// Where a tile is drawn, in scene coordinates.
    public struct Placement: Hashable, Sendable {
        public var id: String
        public var index: Int
        public var frame: Rect
        public var scale: Double
        public var lifted: Bool
    }

    /// The visible tiles as drawn at `time`, in slot order, the held or landing tile last.
    ///
    /// Only rows intersecting the viewport (one extra row each side, for tiles
    /// gliding in or out) are looked at.
    public func visiblePlacements(at time: Millis) -> [Placement] {
        let offset = scroll.offset(at: time)
        let viewport = Rect(x: 0, y: offset, width: size.width, height: size.height)
        let moving = movingID
        var result: [Placement] = []
        for index in layout.indices(intersectingTop: offset, height: size.height, extraRows: 1) {
            let tile = reorder.liveItems[index]
            guard tile.id != moving else { continue }
            var frame = frames.frame(of: tile.id, slot: layout.frame(at: index), at: time)
            if pressFeedback?.id == tile.id { frame = pressFeedbackFrame(frame, at: time) }
            if let refusal, refusal.id == tile.id { frame = frame.offsetBy(dx: refusal.offset.value(at: time), dy: 0) }
            guard frame.intersects(viewport) else { continue }
            result.append(Placement(id: tile.id, index: index, frame: frame.offsetBy(dx: 0, dy: -offset),
                                    scale: 1, lifted: false))
        }
        if let top = movingPlacement(at: time) {
            result.append(Placement(id: top.id, index: top.index, frame: top.frame.offsetBy(dx: 0, dy: -offset),
                                    scale: top.scale, lifted: true))
        }
        return result
    }

    /// The held or landing tile in content coordinates: its frame already scaled.
    private func movingPlacement(at time: Millis) -> Placement? {
        let side = layout.tileSize
        if let lift, let movement = reorder.movement {
            let center = heldCenter(lift, movement, at: time)
            let scale = lift.scale.value(at: time)
            return Placement(id: lift.id, index: movement.current, frame: square(center, side * scale),
                             scale: scale, lifted: true)
        }
        if let landing {
            let scale = landing.scale.value(at: time)
            return Placement(id: landing.id, index: landing.slot,
                             frame: square(landing.center.value(at: time), side * scale), scale: scale, lifted: true)
        }
        return nil
    }

    private func square(_ center: Point, _ side: Double) -> Rect {
        Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    /// The held tile's centre in content coordinates: under the pointer as it was
    /// grabbed, kept inside the viewport (`keepInsideFraction`).
    private func heldCenter(_ held: Lift, _ movement: GridReorder.Movement, at time: Millis) -> Point {
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

    private func pressFeedbackFrame(_ frame: Rect, at time: Millis) -> Rect {
        let s = pressFeedbackScale(at: time)
        return s == 1 ? frame : square(frame.center, frame.width * s)
    }

    /// The press stopped building a hold (pan, tap, cancel): the tile glides back to full size.
    private func endPressFeedback(at time: Millis) {
        guard let feedback = pressFeedback else { return }
        defer { pressFeedback = nil }
        guard let index = reorder.liveItems.firstIndex(where: { $0.id == feedback.id }) else { return }
        let slot = layout.frame(at: index)
        let now = pressFeedbackFrame(frames.frame(of: feedback.id, slot: slot, at: time), at: time)
        frames.move(feedback.id, from: now, to: slot, at: time, spec: metrics.reflowAnimation, reduceMotion: reduceMotion)
    }

    /// A scene point in content coordinates.
    private func content(_ point: Point, at time: Millis) -> Point {
        Point(x: point.x, y: point.y + scroll.offset(at: time))
    }

    // MARK: DeckScene

    public func resize(to newSize: Size, at time: Millis) {
        guard newSize.width.isFinite, newSize.height.isFinite else { return }
        size = Size(width: max(1, newSize.width), height: max(1, newSize.height))
        reorder.resize(width: size.width)
        frames.removeAll()
        scroll.setContent(length: layout.contentHeight, viewport: size.height, at: time)
        // The held tile follows the new column width at once (its grab scaled with it).
        if lift != nil { updateMovement(at: time) }
        if var landed = landing {
            landed.center.animate(to: layout.center(at: landed.slot), at: time, spec: metrics.dropAnimation,
                                  reduceMotion: reduceMotion)
            landing = landed
        }
        if let focus, focus >= reorder.items.count { self.focus = nil }
    }

    @discardableResult
    public func update(_ input: SceneInput) -> [SceneEvent] {
        receive(input)
        return takeEmitted()
    }

    @discardableResult
    public func tick(at time: Millis) -> [SceneEvent] {
        advance(to: time)
        return takeEmitted()
    }

    /// What happened since the last `update` or `tick` (or a direct call), oldest first.
    private func takeEmitted() -> [SceneEvent] {
        defer { emitted.removeAll() }
        return emitted
    }

    private func receive(_ input: SceneInput) {
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

    /// G1: a hold only on a tile; a press that stops a moving grid only pans; a press
    /// while a dropped tile lands does nothing at all (G4).
    public func pressPolicy(at p: Point, time: Millis) -> PressPolicy {
        if case .settling(let until) = phase, time < until { return .ignored }
        return PressPolicy(mayHold: layout.index(at: content(p, at: time)) != nil, panAxes: .both,
                           catchesMotion: scroll.isAnimating(at: time))
    }

    private func advance(to time: Millis) {
        finishLandingIfDone(at: time)
        autoScroll(at: time)
        scroll.tick(at: time)
        frames.prune(at: time)
        if var held = lift, held.scale.settle(at: time) { lift = held }
        if let shaking = refusal, !shaking.offset.isAnimating(at: time) { refusal = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        if lift != nil { return true }  // a press by itself draws nothing (it waits for the hold asleep)
        if case .settling = phase { return true }
        return scroll.isAnimating(at: time) || frames.isAnimating(at: time)
            || (refusal?.offset.isAnimating(at: time) ?? false)
    }

    public func save(into state: inout DeckState) {
        state.grid = DeckState.GridState(order: order)
    }

    // MARK: Gestures

    private func process(_ event: GestureEvent) {
        switch event {
        case .pressed, .holdBegan, .holdMoved, .holdEnded: break
        default: endPressFeedback(at: event.time)
        }
        switch event {
        case .pressed(let p, let time):
            focusVisible = false
            pressStoppedScroll = scroll.isAnimating(at: time)
            // A press that stops a moving grid never lifts or selects (its policy's caught-motion rule).
            if pressStoppedScroll { scroll.stop(at: time) }
            // G1: holding on empty space does nothing (a drag there still scrolls).
            if !pressStoppedScroll, let index = layout.index(at: content(p, at: time)),
               reorder.canMoveItem(at: index) {
                pressFeedback = (reorder.liveItems[index].id, time)
            }
        case .tap(let p, let time):
            guard !pressStoppedScroll, let index = layout.index(at: content(p, at: time)) else { break }
            focus = index
            emitted.append(.select(id: reorder.liveItems[index].id))
        case .holdBegan(let p, let time):
            beginLift(at: p, time: time)
        case .holdMoved(let p, _, let time):
            guard var held = lift else { break }
            held.pointer = p
            lift = held
            updateMovement(at: time)
        case .holdEnded(let p, _, let time):
            if var held = lift {
                held.pointer = p
                lift = held
                drop(at: time)
            }
        case .panBegan(_, _, let translation, _, let time):
            // The arena's translation already starts where the pointer crossed the slop.
            phase = .panning
            scroll.beginDrag(at: time)
            scroll.drag(translation: translation.y, at: time)
        case .panChanged(_, let translation, _, let time):
            scroll.drag(translation: translation.y, at: time)
        case .panEnded(_, _, let velocity, let time):
            scroll.endDrag(velocity: velocity.y, at: time)
            phase = .idle
        case .cancelled(let time):
            if lift != nil {
                cancel(at: time)
            } else if phase == .panning {
                scroll.endDrag(velocity: 0, at: time)
                phase = .idle
            }
        case .released:
            break
        }
    }

    /// G2: the hold began: begin the movement, or shake a pinned tile that refuses.
    private func beginLift(at point: Point, time: Millis) {
        let at = content(point, at: time)
        guard reorder.beginMovement(at: at), let movement = reorder.movement else {
            if let index = layout.index(at: at) { refuse(reorder.liveItems[index].id, at: time) }
            return
        }
        // The press feedback completes into the lift: the tile grows from where it got to.
        var scale = AnimatedValue(pressFeedbackScale(at: time))
        pressFeedback = nil
        scale.animate(to: metrics.liftScale, at: time, spec: metrics.liftAnimation, reduceMotion: reduceMotion)
        lift = Lift(id: movement.id, pointer: point, scale: scale, lastAutoScroll: time)
        phase = .lifted
        focus = movement.source
        emitted.append(.lift(id: movement.id, index: movement.source))
    }

    /// G3: the pointer (or the content under it) moved: update the target and animate any reflow.
    private func updateMovement(at time: Millis) {
        guard let held = lift, let movement = reorder.movement else { return }
        if let reflow = reorder.updateMovement(target: heldCenter(held, movement, at: time) + movement.grabOffset) {
            animate(reflow, at: time)
        }
    }

    /// G4: release: commit, land the tile in its slot, report and save.
    private func drop(at time: Millis) {
        updateMovement(at: time)
        let start = movingPlacement(at: time)
        guard let held = lift, let outcome = reorder.endMovement() else { return }
        land(held, from: start, in: outcome.to, at: time)
        if outcome.from != outcome.to {
            stateRevision += 1
            emitted.append(.reorder(id: outcome.id, from: outcome.from, to: outcome.to))
        }
        focus = outcome.to
        emitted.append(.drop(id: outcome.id, index: outcome.to))
    }

    /// G4: Escape, right click or a lost grab: everything returns to where it was.
    private func cancel(at time: Millis) {
        let start = movingPlacement(at: time)
        guard let held = lift, let outcome = reorder.cancelMovement() else { return }
        if let back = outcome.reflow { animate(back, at: time) }
        land(held, from: start, in: outcome.to, at: time)
        // SPEC G4: after a long auto-scroll the home slot may be off screen: scroll back on
        // the landing's own curve, so the tile flies home in a straight line on screen.
        let home = revealOffset(outcome.to, from: scroll.offset(at: time))
        if home != scroll.offset(at: time) { scroll.scroll(to: home, at: time, animated: true, spec: metrics.dropAnimation) }
        focus = outcome.to
        emitted.append(.cancel(id: outcome.id))
    }

    /// Starts the landing animation of the held tile into `slot`.
    private func land(_ held: Lift, from start: Placement?, in slot: Int, at time: Millis) {
        var center = AnimatedPoint(start?.frame.center ?? layout.center(at: slot))
        center.animate(to: layout.center(at: slot), at: time, spec: metrics.dropAnimation, reduceMotion: reduceMotion)
        var scale = AnimatedValue(held.scale.value(at: time))
        scale.animate(to: 1, at: time, spec: metrics.dropAnimation, reduceMotion: reduceMotion)
        lift = nil
        landing = Landing(id: held.id, center: center, scale: scale, slot: slot)
        phase = .settling(until: reduceMotion ? time : time + metrics.dropDuration)
        finishLandingIfDone(at: time)
    }

    private func finishLandingIfDone(at time: Millis) {
        guard case .settling(let until) = phase, time >= until else { return }
        landing = nil
        phase = .idle
    }

    /// G5: a pinned tile refuses to lift: it shakes its head briefly.
    private func refuse(_ id: String, at time: Millis) {
        var offset = AnimatedValue(0)
        offset.animate(to: 0, at: time, spec: .spring(Self.refusalSpring), reduceMotion: reduceMotion,
                       initialVelocity: Self.refusalVelocity)
        refusal = (id, offset)
    }

    /// Sends the tiles a reflow moved to their new slots; only those whose old
    /// or new slot is on screen (the others simply are where they belong).
    private func animate(_ reflow: GridReflow, at time: Millis) {
        let offset = scroll.offset(at: time)
        let visible = layout.indices(intersectingTop: offset, height: size.height, extraRows: 1)
        let lo = max(reflow.range.lowerBound, visible.lowerBound)
        let hi = min(reflow.range.upperBound, visible.upperBound - 1)
        guard lo <= hi else { return }
        let moving = reorder.movement?.id
        var sent = Set<String>()
        func send(_ newIndex: Int, from oldIndex: Int) {
            let tile = reorder.liveItems[newIndex]
            guard tile.id != moving, !tile.pinned, sent.insert(tile.id).inserted else { return }
            let current = frames.frame(of: tile.id, slot: layout.frame(at: oldIndex), at: time)
            frames.move(tile.id, from: current, to: layout.frame(at: newIndex), at: time,
                        spec: metrics.reflowAnimation, reduceMotion: reduceMotion)
        }
        for index in lo...hi {
            send(index, from: reflow.oldIndex(ofItemAt: index))
            send(reflow.newIndex(ofItemAt: index), from: index)
        }
    }

    // MARK: Auto-scroll

    /// While a tile is held near the top or bottom edge, scroll by the
    /// shared curve for the time elapsed, and keep reflowing.
    private func autoScroll(at time: Millis) {
        guard var held = lift else { return }
        let elapsed = AnimationClock.current.seconds(from: held.lastAutoScroll, to: time)  // slowed by slow motion
        held.lastAutoScroll = max(held.lastAutoScroll, time)
        lift = held
        let current = scroll.offset(at: time)
        let next = metrics.autoScroll.advance(offset: current, pointer: held.pointer.y, viewportLength: size.height,
                                           seconds: elapsed, minOffset: scroll.minOffset, maxOffset: scroll.maxOffset)
        guard next != current else { return }
        scroll.scroll(to: next, at: time, animated: false)
        updateMovement(at: time)
    }

    // MARK: Keyboard (SPEC I3)

    private func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        let count = reorder.items.count
        guard count > 0 else { return }
        let columns = layout.columns
        let step: Int? = switch key {
        case .left: -1
        case .right: 1
        case .up: -columns
        case .down: columns
        default: nil
        }
        if let step {
            let from = focus ?? firstVisibleIndex(at: time)
            let to = from + step
            // Left/right stay within the list; up/down stay within the column.
            guard focus != nil, (0..<count).contains(to) else {
                focus = from
                focusVisible = true
                reveal(from, at: time)
                return
            }
            if modifiers.contains(.shift) {
                moveFocused(from, to: to, at: time)
            } else {
                focus = to
                focusVisible = true
                reveal(to, at: time)
            }
            return
        }
        switch key {
        case .enter, .space:
            if let focus, focus < count {
                focusVisible = true
                emitted.append(.select(id: reorder.liveItems[focus].id))
            }
        case .escape:
            focusVisible = false
        case .home:
            scroll.scroll(to: scroll.minOffset, at: time, animated: true)
        case .end:
            scroll.scroll(to: scroll.maxOffset, at: time, animated: true)
        case .pageUp, .pageDown:
            let page = size.height * 0.9 * (key == .pageUp ? -1 : 1)
            scroll.scroll(to: scroll.projectedRestingOffset(at: time) + page, at: time, animated: true)
        default:
            break
        }
    }

    /// Shift+arrows: the focused tile moves one slot (or row) through the four steps.
    private func moveFocused(_ index: Int, to destination: Int, at time: Millis) {
        focusVisible = true
        guard reorder.canMoveItem(at: index) else {
            refuse(reorder.liveItems[index].id, at: time)
            return
        }
        guard let outcome = reorder.moveItem(at: index, toward: destination) else { return }
        if let reflow = outcome.reflow { animate(reflow, at: time) }
        focus = outcome.to
        stateRevision += 1
        emitted.append(.reorder(id: outcome.id, from: outcome.from, to: outcome.to))
        reveal(outcome.to, at: time)
    }

    private func firstVisibleIndex(at time: Millis) -> Int {
        let visible = layout.indices(intersectingTop: scroll.offset(at: time) + GridLayout.margin,
                                     height: size.height - 2 * GridLayout.margin)
        return visible.first ?? 0
    }

    /// Scrolls just enough for slot `index` to be fully visible.
    private func reveal(_ index: Int, at time: Millis) {
        let offset = scroll.projectedRestingOffset(at: time)
        let target = revealOffset(index, from: offset)
        if target != offset { scroll.scroll(to: target, at: time, animated: true) }
    }

    /// The offset nearest `offset` that shows slot `index` whole, with its margin.
    private func revealOffset(_ index: Int, from offset: Double) -> Double {
        let frame = layout.frame(at: index)
        let margin = GridLayout.margin
        var target = offset
        if frame.minY - margin < offset {
            target = frame.minY - margin
        } else if frame.maxY + margin > offset + size.height {
            target = frame.maxY + margin - size.height
        }
        return scroll.clamped(target)
    }
}
