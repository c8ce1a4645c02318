/// The Messages scene: a QQ-style conversation list whose rows swipe left to
/// reveal Pin, Mark read and Delete (SPEC S1-S8, seed 002).
///
/// One `GestureArena` serves the whole list. The first motion past the slop
/// decides what a press is (S8): a vertical `panBegan` scrolls the list, a
/// horizontal one swipes the row under the press; the other stays out for the
/// rest of that press. A tap selects a row, closes the open row, or presses a
/// revealed button.
///
/// Rows sit in fixed slots, so only the visible ones are laid out and drawn.
/// Rows that change places (pin, unpin, delete) carry a displacement that
/// springs to zero; a deleted row fades out underneath the rows sliding up.
public final class MessagesScene: EventRecordingScene {
    public static let name = "messages"
    public var name: String { Self.name }
    public let title = "Messages"

    /// The rows in display order, with the user's changes.
    public internal(set) var list: MessageList
    public internal(set) var stateRevision = 0
    /// The row whose buttons are shown (or opening); at most one (S6).
    public var openRowID: String? { openedRow?.id }
    /// The row last selected by a tap or Enter.
    public internal(set) var selectedID: String?
    /// The row with the keyboard focus ring, once the keyboard was used.
    public internal(set) var focusedID: String?
    /// Which button of the open, focused row has the keyboard focus.
    public var focusedButton: Int? { openedRow?.focusedButton }
    /// The open row and its button focus: a button cannot keep the focus once its row has closed.
    var openedRow: OpenRow?

    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }
    /// The boundaries of this scene's presses.
    public internal(set) var gestureSettings = GestureSettings.standard
    var scroll: ScrollAxis
    /// The live tuning values (see `MessagesTunables`).
    public internal(set) var metrics = MessagesMetrics()
    var layout: MessagesLayout
    /// Swipe offsets (≤ 0) of rows that are not at rest closed.
    var swipes: [String: AnimatedValue] = [:]
    /// Displacements of rows moving to new slots after an edit: offsets riding on the rows' slots (content coordinates).
    var displacements = Displacements(.followsLayout)
    /// The row drawn above the others while it moves (a pinned row flying up). Not part of
    /// `press`: it lasts as long as the row's displacement, which plays on by itself after
    /// the tap or key that moved it, while the next press scrolls or swipes.
    var liftedID: String?
    /// Deleted rows fading out where they were.
    var ghosts: [Ghost] = []
    var press: Press = .idle
    /// What the scene did since its last `update` or `tick` returned.
    var emitted: [SceneEvent] = []
    let painter = MessageRowPainter()

    /// What the current press is doing.
    enum Press {
        case idle
        /// Down and undecided, on `rowID` (nil: below the rows), perhaps on a
        /// button of the open row; `caughtScroll` when it stopped a moving list.
        case down(rowID: String?, action: SwipeAction?, caughtScroll: Bool)
        /// Dragging a closed row: content = `start` + the pan's x translation.
        case swiping(rowID: String, start: Double)
        /// Dragging the open row, which closes on release (S4).
        case closing(rowID: String, start: Double)
        /// Scrolling the list by the pan's y translation.
        case scrolling
        /// The press does nothing more (S6: dragging a row while another was open).
        case consumed
    }

    /// The row whose buttons are shown.
    struct OpenRow {
        var id: String
        /// Which of its buttons has the keyboard focus (Right moves it in, Left back out).
        var focusedButton: Int?
    }

    /// A deleted row fading out in its old place.
    struct Ghost {
        var row: MessageRow
        var contentY: Double
        var swipeOffset: Double
        var fade: AnimatedValue
    }

    /// How rows slide into new slots (delete, pin, unpin).
    static let moveSpec = AnimationSpec.spring(.smooth)
    /// How a deleted row fades out.
    static let ghostFadeSpec = AnimationSpec.easeOut(0.3)

    /// A list of `conversations` restored from `saved` (see `MessageList`),
    /// laid out for a viewport of `size` until the deck calls `resize`.
    public init(conversations: [MessageConversation], saved: DeckState.MessagesState? = nil,
                size: Size = Size(width: 480, height: 756)) {
        list = MessageList(conversations: conversations, saved: saved)
        layout = MessagesLayout(width: size.width, viewportHeight: size.height)
        scroll = ScrollAxis(viewportLength: size.height, contentLength: layout.contentLength(rowCount: list.count))
    }

    // MARK: Reading (tests and the overlay)

    /// The list's scroll offset at `time`.
    public func scrollOffset(at time: Millis) -> Double { scroll.offset(at: time) }

    /// How far row `id`'s content is slid left at `time` (0 closed, -openWidth open).
    public func swipeOffset(of id: String, at time: Millis) -> Double {
        swipes[id]?.value(at: time) ?? 0
    }

    /// Where row `id` is drawn at `time` (scene coordinates), when it is on screen.
    public func rowFrame(of id: String, at time: Millis) -> Rect? {
        placedRows(at: time).first { $0.id == id }?.frame
    }

    /// The visible part of button `action` of row `id` at `time`, when it shows.
    public func buttonFrame(_ action: SwipeAction, of id: String, at time: Millis) -> Rect? {
        guard let placed = placedRows(at: time).first(where: { $0.id == id }) else { return nil }
        return visibleButtons(of: placed, at: time).first { $0.action == action }?.frame
    }

    // MARK: DeckScene

    public func resize(to size: Size, at time: Millis) {
        layout = MessagesLayout(width: max(1, size.width), viewportHeight: max(1, size.height))
        scroll.setContent(length: layout.contentLength(rowCount: list.count), viewport: layout.viewportHeight, at: time)
    }

    func receive(_ input: SceneInput) {
        switch input {
        case .gesture(let gesture):
            handle(gesture)
        case .key(let key, let modifiers, let time):
            handleKey(key, modifiers, at: time)
        case .wheel(let delta, _, _, let time, _):
            handleWheel(delta, at: time)
        case .resize(let size, let time):
            resize(to: size, at: time)
        }
    }

    func advance(to time: Millis) {
        scroll.tick(at: time)
        swipes = swipes.compactMapValues { value in
            var v = value
            _ = v.settle(at: time)
            return !v.isAnimating(at: time) && v.value(at: time) == 0 ? nil : v
        }
        displacements.prune(at: time)
        ghosts.removeAll { !$0.fade.isAnimating(at: time) }
        if let lifted = liftedID, !displacements.contains(lifted) { liftedID = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        scroll.isAnimating(at: time)  // a press by itself draws nothing
            || swipes.values.contains { $0.isAnimating(at: time) }
            || displacements.isAnimating(at: time)
            || ghosts.contains { $0.fade.isAnimating(at: time) }
    }

    public func save(into state: inout DeckState) {
        state.messages = list.savedState
    }

    /// An arrow over the revealed buttons (they are clicked, not dragged);
    /// otherwise the hands of every draggable scene.
    public func cursor(at point: Point, time: Millis) -> CursorShape {
        return button(at: point, time: time) == nil ? .openHand : .arrow
    }

    /// Row frames, where a moving row or list will rest, and the swipe state.
    public func overlayHints(at time: Millis) -> OverlayHints {
        let placed = placedRows(at: time)
        var rest: Point?
        var status: [String] = []
        if let open = openRowID { status.append("open \(open)") }
        if let moving = placed.first(where: { swipes[$0.id]?.isAnimating(at: time) ?? false }),
           let value = swipes[moving.id] {
            rest = Point(x: moving.frame.maxX + value.target, y: moving.frame.midY)
        } else if scroll.isAnimating(at: time) {
            let y = layout.viewportHeight / 2 + scroll.offset(at: time) - scroll.projectedRestingOffset(at: time)
            if y >= 0 && y <= layout.viewportHeight { rest = Point(x: layout.width / 2, y: y) }
        }
        switch press {
        case .swiping(let id, _):
            let width = list[id]?.openWidth ?? 0
            status.append("swipe \(id) \(Int(clamping: swipeOffset(of: id, at: time).rounded())) of -\(Int(clamping: width)) (opens at -\(Int(clamping: width / 2)))")
        case .closing(let id, _): status.append("closing \(id)")
        case .scrolling: status.append("scrolling")
        case .consumed: status.append("press consumed (S6)")
        case .idle, .down: break
        }
        status.append("offset \(Int(clamping: scroll.offset(at: time).rounded())) px, \(list.count) rows")
        return OverlayHints(frames: placed.map(\.frame), restingPoint: rest, status: status.joined(separator: " · "))
    }

    /// The rows on screen at `time`, in drawing order (the lifted row last).
    func placedRows(at time: Millis) -> [LaidOutItem] {
        let offset = scroll.offset(at: time)
        let range = layout.visibleRange(offset: offset, rowCount: list.count, margin: 1)
        var indices = Array(range)
        // Rows sliding in from outside the window are few (they moved this frame).
        let moving = displacements.ids.compactMap { list.index(of: $0) }.filter { !range.contains($0) }
        indices += moving.sorted()
        var placed: [LaidOutItem] = []
        var lifted: LaidOutItem?
        for index in indices {
            let row = list.rows[index]
            let frame = contentFrame(of: row.id, index: index, at: time).offsetBy(dx: 0, dy: -offset)
            guard frame.maxY > 0, frame.minY < layout.viewportHeight else { continue }
            if row.id == liftedID {
                lifted = LaidOutItem(id: row.id, index: index, frame: frame, isLifted: true)
            } else {
                placed.append(LaidOutItem(id: row.id, index: index, frame: frame))
            }
        }
        if let lifted { placed.append(lifted) }
        return placed
    }

    /// The topmost row under `point`.
    func row(at point: Point, time: Millis) -> String? {
        placedRows(at: time).last { $0.frame.contains(point) }?.id
    }

    /// The buttons of a placed row that the content does not cover.
    func visibleButtons(of placed: LaidOutItem, at time: Millis) -> [(action: SwipeAction, frame: Rect)] {
        let revealed = -swipeOffset(of: placed.id, at: time)
        guard revealed > 0.5 else { return [] }
        let actions = list.rows[placed.index].actions
        let frames = MessagesLayout.buttonFrames(count: actions.count, in: placed.frame, revealed: revealed)
        let edge = placed.frame.maxX - revealed
        return zip(actions, frames).compactMap { action, frame in
            let left = max(frame.minX, edge)
            guard left < frame.maxX else { return nil }
            return (action, Rect(x: left, y: frame.minY, width: frame.maxX - left, height: frame.height))
        }
    }

    /// The button of the open row under `point`.
    func button(at point: Point, time: Millis) -> SwipeAction? {
        guard let open = openRowID,
              let placed = placedRows(at: time).last(where: { $0.frame.contains(point) }),
              placed.id == open
        else { return nil }
        return visibleButtons(of: placed, at: time).first { $0.frame.contains(point) }?.action
    }

    // MARK: Commands

    func select(_ id: String) {
        selectedID = id
        if focusedID != nil { focusedID = id }
        emitted.append(.select(id: id))
    }

    /// Opens row `id` (closing any other open row, S6) and reports `open-row`;
    /// `velocity` (px/s) is a release's, carried into the spring.
    public func openRow(_ id: String, at time: Millis, velocity: Double? = nil) {
        guard let row = list[id] else { return }
        if let open = openRowID, open != id { closeRow(open, at: time) }
        if openRowID != id {
            openedRow = OpenRow(id: id)
            emitted.append(.openRow(id: id))
        }
        animateSwipe(id, to: -row.openWidth, spec: metrics.openAnimation, at: time, velocity: velocity)
    }

    /// Closes row `id`, reporting `close-row` when it was the open row.
    public func closeRow(_ id: String, at time: Millis, velocity: Double? = nil) {
        if openRowID == id {
            openedRow = nil
            emitted.append(.closeRow(id: id))
        }
        animateSwipe(id, to: 0, spec: metrics.closeAnimation, at: time, velocity: velocity)
    }

    func animateSwipe(_ id: String, to target: Double, spec: AnimationSpec, at time: Millis,
                              velocity: Double? = nil) {
        var value = swipes[id] ?? AnimatedValue(0)
        let carried = velocity.map { metrics.carriedVelocity($0, from: value.value(at: time), to: target, spec: spec) }
        value.animate(to: target, at: time, spec: spec, reduceMotion: reduceMotion, initialVelocity: carried)
        swipes[id] = value
    }

    /// Performs a button's action on row `id` (S7): reports `action`, closes
    /// the row, and counts a revision so the change is saved at once.
    public func perform(_ action: SwipeAction, on id: String, at time: Millis) {
        guard list[id] != nil else { return }
        switch action {
        case .delete:
            delete(id, at: time)
        case .markRead:
            guard list.markRead(id) else { return }
            emitted.append(.action(kind: action, id: id))
            closeRow(id, at: time)
        case .pin, .unpin:
            let before = displayedPositions(at: time)
            guard action == .pin ? list.pin(id) : list.unpin(id) else { return }
            emitted.append(.action(kind: action, id: id))
            closeRow(id, at: time)
            liftedID = id
            slideToNewSlots(from: before, at: time)
        }
        stateRevision += 1
    }

    func delete(_ id: String, at time: Millis) {
        guard let index = list.index(of: id), let row = list[id] else { return }
        let before = displayedPositions(at: time)
        var fade = AnimatedValue(1)
        fade.animate(to: 0, at: time, spec: metrics.ghostFadeAnimation, reduceMotion: reduceMotion)
        if fade.isAnimating(at: time) {
            ghosts.append(Ghost(row: row, contentY: before[id] ?? layout.slotY(index),
                                swipeOffset: swipeOffset(of: id, at: time), fade: fade))
        }
        list.delete(id)
        swipes[id] = nil
        displacements.remove(id)
        if openRowID == id { openedRow = nil }
        if selectedID == id { selectedID = nil }
        if focusedID == id {
            focusedID = list.isEmpty ? nil : list.rows[min(index, list.count - 1)].id
            openedRow?.focusedButton = nil
        }
        emitted.append(.action(kind: .delete, id: id))
        slideToNewSlots(from: before, at: time)
        scroll.setContent(length: layout.contentLength(rowCount: list.count), viewport: layout.viewportHeight, at: time)
    }

    /// Content y of every row that is (or may come) on screen, displacement included.
    func displayedPositions(at time: Millis) -> [String: Double] {
        let range = layout.visibleRange(offset: scroll.offset(at: time), rowCount: list.count, margin: 1)
        var positions: [String: Double] = [:]
        let indices = Array(range) + displacements.ids.compactMap { list.index(of: $0) }
        for index in indices {
            let id = list.rows[index].id
            positions[id] = contentFrame(of: id, index: index, at: time).minY
        }
        return positions
    }

    /// After an edit: rows start where they were drawn and spring into their new slots.
    func slideToNewSlots(from before: [String: Double], at time: Millis) {
        for (id, oldY) in before {
            guard let index = list.index(of: id) else { continue }
            displacements.record(id, from: layout.rowFrame(y: oldY), to: layout.rowFrame(y: layout.slotY(index)),
                                 at: time, spec: metrics.moveAnimation, reduceMotion: reduceMotion)
        }
    }

    /// Where the row at `index` is drawn in content coordinates: its slot plus its displacement.
    func contentFrame(of id: String, index: Int, at time: Millis) -> Rect {
        displacements.frame(of: id, layoutFrame: layout.rowFrame(y: layout.slotY(index)), at: time)
    }
}
