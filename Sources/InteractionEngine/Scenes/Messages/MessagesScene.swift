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
public final class MessagesScene: DeckScene {
    public static let name = "messages"
    public var name: String { Self.name }
    public let title = "Messages"

    /// The rows in display order, with the user's changes.
    public private(set) var list: MessageList
    public private(set) var stateRevision = 0
    /// The row whose buttons are shown (or opening); at most one (S6).
    public private(set) var openRowID: String?
    /// The row last selected by a tap or Enter.
    public private(set) var selectedID: String?
    /// The row with the keyboard focus ring, once the keyboard was used.
    public private(set) var focusedID: String?
    /// Which button of the open, focused row has the keyboard focus.
    public private(set) var focusedButton: Int?

    public var reduceMotion = false {
        didSet { scroll.reduceMotion = reduceMotion }
    }
    /// The boundaries of this scene's presses.
    public internal(set) var gestureSettings = GestureSettings.standard
    var scroll: ScrollAxis
    /// The live tuning values (see `MessagesTunables`).
    public internal(set) var metrics = MessagesMetrics()
    private var layout: MessagesLayout
    /// Swipe offsets (≤ 0) of rows that are not at rest closed.
    private var swipes: [String: AnimatedValue] = [:]
    /// Vertical displacements of rows moving to new slots after an edit.
    private var displacements: [String: AnimatedValue] = [:]
    /// The row drawn above the others while it moves (a pinned row flying up).
    private var liftedID: String?
    /// Deleted rows fading out where they were.
    private var ghosts: [Ghost] = []
    private var press: Press = .idle
    /// What the scene did since its last `update` or `tick` returned.
    private var emitted: [SceneEvent] = []
    private let painter = MessageRowPainter()

    /// What the current press is doing.
    private enum Press {
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

    /// A deleted row fading out in its old place.
    private struct Ghost {
        var row: MessageRow
        var contentY: Double
        var swipeOffset: Double
        var fade: AnimatedValue
    }

    /// A row laid out for this frame.
    private struct PlacedRow {
        var index: Int
        var row: MessageRow
        var frame: Rect
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
        placedRows(at: time).first { $0.row.id == id }?.frame
    }

    /// The visible part of button `action` of row `id` at `time`, when it shows.
    public func buttonFrame(_ action: SwipeAction, of id: String, at time: Millis) -> Rect? {
        guard let placed = placedRows(at: time).first(where: { $0.row.id == id }) else { return nil }
        return visibleButtons(of: placed, at: time).first { $0.action == action }?.frame
    }

    // MARK: DeckScene

    public func resize(to size: Size, at time: Millis) {
        layout = MessagesLayout(width: max(1, size.width), viewportHeight: max(1, size.height))
        scroll.setContent(length: layout.contentLength(rowCount: list.count), viewport: layout.viewportHeight, at: time)
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

    /// No holds in this scene; a press that stops a moving list only pans (it never selects
    /// or opens a row).
    public func pressPolicy(at point: Point, time: Millis) -> PressPolicy {
        PressPolicy(mayHold: false, panAxes: .both, catchesMotion: scroll.isAnimating(at: time))
    }

    private func advance(to time: Millis) {
        scroll.tick(at: time)
        swipes = swipes.compactMapValues { value in
            var v = value
            _ = v.settle(at: time)
            return !v.isAnimating(at: time) && v.value(at: time) == 0 ? nil : v
        }
        displacements = displacements.compactMapValues { value in
            var v = value
            _ = v.settle(at: time)
            return v.isAnimating(at: time) ? v : nil
        }
        ghosts.removeAll { !$0.fade.isAnimating(at: time) }
        if let lifted = liftedID, displacements[lifted] == nil { liftedID = nil }
    }

    public func needsFrame(at time: Millis) -> Bool {
        scroll.isAnimating(at: time)  // a press by itself draws nothing
            || swipes.values.contains { $0.isAnimating(at: time) }
            || displacements.values.contains { $0.isAnimating(at: time) }
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
        if let moving = placed.first(where: { swipes[$0.row.id]?.isAnimating(at: time) ?? false }),
           let value = swipes[moving.row.id] {
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

    // MARK: Rendering

    public func render(at time: Millis) -> DisplayList {
        let rows = renderRows(at: time)
        guard layout.rowWidth < layout.width else { return rows }
        // A wide window: the centred column clips what slides out of it (a swiped row).
        var out = DisplayList()
        out.clipped(to: Rect(x: layout.rowX, y: 0, width: layout.rowWidth, height: layout.viewportHeight)) {
            $0.append(contentsOf: rows)
        }
        return out
    }

    private func renderRows(at time: Millis) -> DisplayList {
        var out = DisplayList()
        let offset = scroll.offset(at: time)
        let viewport = Rect(x: 0, y: 0, width: layout.width, height: layout.viewportHeight)
        for ghost in ghosts {
            let alpha = ghost.fade.value(at: time)
            let frame = layout.rowFrame(y: ghost.contentY - offset)
            guard alpha > 0.01, frame.intersects(viewport) else { continue }
            out.withOpacity(alpha) { list in
                painter.paint(ghost.row, RowAppearance(frame: frame, swipeOffset: ghost.swipeOffset), into: &list)
            }
        }
        for placed in placedRows(at: time) {
            if placed.row.id == liftedID {
                out.append(.shadow(placed.frame, cornerRadius: 0, blur: 12, offset: Point(x: 0, y: 3),
                                   color: Theme.shadow.withAlpha(0.18)))
            }
            painter.paint(placed.row, appearance(of: placed, at: time), into: &out)
        }
        if list.isEmpty && ghosts.isEmpty {
            out.append(.text("No conversations", viewport.insetBy(dx: 20, dy: 0),
                             TextStyle(size: 15, color: Theme.secondaryText, alignment: .center)))
        }
        return out
    }

    private func appearance(of placed: PlacedRow, at time: Millis) -> RowAppearance {
        let id = placed.row.id
        var look = RowAppearance(frame: placed.frame, swipeOffset: swipeOffset(of: id, at: time))
        look.selected = id == selectedID
        look.focused = id == focusedID
        if case .down(let rowID, let action, let caught) = press, rowID == id {
            if let action, id == openRowID {
                look.pressedAction = action
            } else {
                look.pressed = openRowID == nil && !caught
            }
        }
        if id == focusedID, id == openRowID, let b = focusedButton, placed.row.actions.indices.contains(b) {
            look.focusedAction = placed.row.actions[b]
        }
        return look
    }

    /// The rows on screen at `time`, in drawing order (the lifted row last).
    private func placedRows(at time: Millis) -> [PlacedRow] {
        let offset = scroll.offset(at: time)
        let range = layout.visibleRange(offset: offset, rowCount: list.count, margin: 1)
        var indices = Array(range)
        // Rows sliding in from outside the window are few (they moved this frame).
        let moving = displacements.keys.compactMap { list.index(of: $0) }.filter { !range.contains($0) }
        indices += moving.sorted()
        var placed: [PlacedRow] = []
        var lifted: PlacedRow?
        for index in indices {
            let row = list.rows[index]
            let y = layout.slotY(index) + (displacements[row.id]?.value(at: time) ?? 0) - offset
            let frame = layout.rowFrame(y: y)
            guard frame.maxY > 0, frame.minY < layout.viewportHeight else { continue }
            if row.id == liftedID {
                lifted = PlacedRow(index: index, row: row, frame: frame)
            } else {
                placed.append(PlacedRow(index: index, row: row, frame: frame))
            }
        }
        if let lifted { placed.append(lifted) }
        return placed
    }

    /// The topmost row under `point`.
    private func row(at point: Point, time: Millis) -> String? {
        placedRows(at: time).last { $0.frame.contains(point) }?.row.id
    }

    /// The buttons of a placed row that the content does not cover.
    private func visibleButtons(of placed: PlacedRow, at time: Millis) -> [(action: SwipeAction, frame: Rect)] {
        let revealed = -swipeOffset(of: placed.row.id, at: time)
        guard revealed > 0.5 else { return [] }
        let actions = placed.row.actions
        let frames = MessagesLayout.buttonFrames(count: actions.count, in: placed.frame, revealed: revealed)
        let edge = placed.frame.maxX - revealed
        return zip(actions, frames).compactMap { action, frame in
            let left = max(frame.minX, edge)
            guard left < frame.maxX else { return nil }
            return (action, Rect(x: left, y: frame.minY, width: frame.maxX - left, height: frame.height))
        }
    }

    /// The button of the open row under `point`.
    private func button(at point: Point, time: Millis) -> SwipeAction? {
        guard let open = openRowID,
              let placed = placedRows(at: time).last(where: { $0.frame.contains(point) }),
              placed.row.id == open
        else { return nil }
        return visibleButtons(of: placed, at: time).first { $0.frame.contains(point) }?.action
    }

    // MARK: Pointer

    private func handle(_ gesture: GestureEvent) {
        switch gesture {
        case .pressed(let point, let time):
            let caught = scroll.isAnimating(at: time)
            // It only stops the list: no select, no row opened (its policy's caught-motion rule).
            if caught { scroll.stop(at: time) }
            press = .down(rowID: row(at: point, time: time), action: button(at: point, time: time),
                          caughtScroll: caught)
        case .tap(let point, let time):
            tapped(at: point, time: time)
            press = .idle
        case .panBegan(_, _, let translation, let axis, let time):
            panBegan(translation: translation, axis: axis, at: time)
        case .panChanged(_, let translation, _, let time):
            panChanged(translation: translation, at: time)
        case .panEnded(_, let translation, let velocity, let time):
            panChanged(translation: translation, at: time)
            panEnded(velocity: velocity, at: time)
        case .cancelled(let time):
            panEnded(velocity: .zero, at: time, cancelled: true)
        case .released:
            press = .idle
        case .holdBegan, .holdMoved, .holdEnded:
            break  // holds are switched off in this scene
        }
    }

    /// S4: a tap on a button acts; with a row open any tap only closes it; else it selects.
    private func tapped(at point: Point, time: Millis) {
        guard case .down(let rowID, let action, let caught) = press else { return }
        if let action, let open = openRowID {
            perform(action, on: open, at: time)
        } else if let open = openRowID {
            closeRow(open, at: time)
        } else if let rowID, !caught {
            select(rowID)
        }
    }

    /// S8: the first motion past the slop decides between the list and the row.
    private func panBegan(translation: Point, axis: Axis, at time: Millis) {
        guard case .down(let rowID, _, let caught) = press else { return }
        if axis == .vertical {
            if let open = openRowID { closeRow(open, at: time) }  // S5
            scroll.beginDrag(at: time)
            press = .scrolling
            return panChanged(translation: translation, at: time)
        }
        guard let rowID, !caught else {
            press = .consumed
            return
        }
        let start = swipeOffset(of: rowID, at: time)
        if openRowID == rowID {
            closeRow(rowID, at: time)  // S4: dragging the open row closes it
            swipes[rowID] = AnimatedValue(start)
            press = .closing(rowID: rowID, start: start)
        } else if let open = openRowID {
            closeRow(open, at: time)  // S6: close the open row, leave this one shut
            press = .consumed
        } else {
            swipes[rowID] = AnimatedValue(start)
            press = .swiping(rowID: rowID, start: start)
        }
        panChanged(translation: translation, at: time)
    }

    private func panChanged(translation: Point, at time: Millis) {
        switch press {
        case .scrolling:
            scroll.drag(translation: translation.y, at: time)
        case .swiping(let id, let start):
            let width = list[id]?.openWidth ?? 0
            swipes[id] = AnimatedValue(metrics.dragOffset(raw: start + translation.x, openWidth: width))
        case .closing(let id, let start):
            // Follows the pointer towards closed only; the row closes on release anyway.
            swipes[id] = AnimatedValue(min(0, max(start, start + translation.x)))
        case .idle, .down, .consumed:
            break
        }
    }

    /// Release (or cancel, with zero velocity): S3 decides a swiped row.
    private func panEnded(velocity: Point, at time: Millis, cancelled: Bool = false) {
        switch press {
        case .scrolling:
            scroll.endDrag(velocity: velocity.y, at: time)
        case .swiping(let id, _):
            let width = list[id]?.openWidth ?? 0
            if !cancelled, metrics.opensOnRelease(offset: swipeOffset(of: id, at: time), velocity: velocity.x,
                                                  openWidth: width) {
                openRow(id, at: time, velocity: velocity.x)
            } else {
                closeRow(id, at: time, velocity: cancelled ? 0 : velocity.x)
            }
        case .closing(let id, _):
            closeRow(id, at: time, velocity: velocity.x)
        case .idle, .down, .consumed:
            break
        }
        press = .idle
    }

    private func handleWheel(_ delta: WheelDelta, at time: Millis) {
        switch press {
        case .swiping, .closing: return
        default: break
        }
        switch delta {
        case .steps(_, let dy) where dy != 0:
            if let open = openRowID { closeRow(open, at: time) }  // S5
            scroll.wheel(steps: dy, at: time)
        case .pixels(_, let dy) where dy != 0 && dy.isFinite:
            if let open = openRowID { closeRow(open, at: time) }
            scroll.wheel(pixels: dy, at: time)
        default:
            break
        }
    }

    // MARK: Keyboard

    private func handleKey(_ key: Key, _ modifiers: Modifiers, at time: Millis) {
        if modifiers.contains(.shift) {
            // SPEC I3: Shift+arrows move the focused row (within its group); sideways does nothing.
            switch key {
            case .up: moveFocusedRow(by: -1, at: time)
            case .down: moveFocusedRow(by: 1, at: time)
            case .left, .right: break
            default: handleKey(key, modifiers.subtracting(.shift), at: time)
            }
            return
        }
        switch key {
        case .up: moveFocus(by: -1, at: time)
        case .down: moveFocus(by: 1, at: time)
        case .pageUp: moveFocus(by: -pageRows, at: time)
        case .pageDown: moveFocus(by: pageRows, at: time)
        case .home: focus(index: 0, at: time)
        case .end: focus(index: list.count - 1, at: time)
        case .right:
            guard let id = focusedID, let row = list[id] else { return moveFocus(by: 0, at: time) }
            if openRowID != id {
                openRow(id, at: time)
            } else {
                focusedButton = min((focusedButton ?? -1) + 1, row.actions.count - 1)
            }
        case .left:
            if let id = focusedID, id == openRowID, let b = focusedButton {
                focusedButton = b > 0 ? b - 1 : nil
            } else if let open = openRowID {
                closeRow(open, at: time)
            }
        case .enter, .space:
            if let id = focusedID, id == openRowID, let b = focusedButton, let row = list[id],
               row.actions.indices.contains(b) {
                perform(row.actions[b], on: id, at: time)
                if let index = list.index(of: id) { reveal(index: index, at: time) }
            } else if let open = openRowID {
                closeRow(open, at: time)
            } else if let id = focusedID {
                select(id)
            }
        case .delete, .backspace:
            if let id = focusedID { perform(.delete, on: id, at: time) }
        case .escape:
            if let open = openRowID { closeRow(open, at: time) }
        default:
            break
        }
    }

    /// Shift+Up / Shift+Down: the focused row trades places with its neighbour in its
    /// group (pinned rows stay above the others), slides there like a pin or unpin,
    /// is saved, and reports `reorder` as the other scenes do. Without a focus ring
    /// yet, the first press shows it.
    private func moveFocusedRow(by delta: Int, at time: Millis) {
        guard let id = focusedID else { return moveFocus(by: 0, at: time) }
        let before = displayedPositions(at: time)
        guard let move = list.move(id, by: delta) else { return }
        if let open = openRowID { closeRow(open, at: time) }
        liftedID = id
        slideToNewSlots(from: before, at: time)
        stateRevision += 1
        emitted.append(.reorder(id: id, from: move.from, to: move.to))
        reveal(index: move.to, at: time)
    }

    /// Rows in one screenful, for Page Up / Page Down.
    private var pageRows: Int { max(1, Int(layout.viewportHeight / MessagesLayout.rowHeight) - 1) }

    /// Moves the focus ring; with none yet, it appears on the first row in view.
    private func moveFocus(by delta: Int, at time: Millis) {
        guard !list.isEmpty else { return }
        if let id = focusedID, let index = list.index(of: id) {
            focus(index: index + delta, at: time)
        } else {
            let top = scroll.projectedRestingOffset(at: time)
            focus(index: Int((max(0, top) / MessagesLayout.rowHeight).rounded(.up)), at: time)
        }
    }

    private func focus(index: Int, at time: Millis) {
        guard !list.isEmpty else { return }
        let clamped = min(max(index, 0), list.count - 1)
        let id = list.rows[clamped].id
        if let open = openRowID, open != id { closeRow(open, at: time) }
        if focusedID != id { focusedButton = nil }
        focusedID = id
        reveal(index: clamped, at: time)
    }

    /// Scrolls just enough for row `index` to be fully in view.
    private func reveal(index: Int, at time: Millis) {
        let resting = scroll.projectedRestingOffset(at: time)
        let top = layout.slotY(index)
        let bottom = top + MessagesLayout.rowHeight
        if top < resting {
            scroll.scroll(to: top, at: time, animated: true, spec: .spring(.snappy))
        } else if bottom > resting + layout.viewportHeight {
            scroll.scroll(to: bottom - layout.viewportHeight, at: time, animated: true, spec: .spring(.snappy))
        }
    }

    // MARK: Commands

    private func select(_ id: String) {
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
            openRowID = id
            emitted.append(.openRow(id: id))
        }
        animateSwipe(id, to: -row.openWidth, spec: metrics.openAnimation, at: time, velocity: velocity)
    }

    /// Closes row `id`, reporting `close-row` when it was the open row.
    public func closeRow(_ id: String, at time: Millis, velocity: Double? = nil) {
        if openRowID == id {
            openRowID = nil
            focusedButton = nil
            emitted.append(.closeRow(id: id))
        }
        animateSwipe(id, to: 0, spec: metrics.closeAnimation, at: time, velocity: velocity)
    }

    private func animateSwipe(_ id: String, to target: Double, spec: AnimationSpec, at time: Millis,
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

    private func delete(_ id: String, at time: Millis) {
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
        displacements[id] = nil
        if openRowID == id {
            openRowID = nil
            focusedButton = nil
        }
        if selectedID == id { selectedID = nil }
        if focusedID == id {
            focusedID = list.isEmpty ? nil : list.rows[min(index, list.count - 1)].id
            focusedButton = nil
        }
        emitted.append(.action(kind: .delete, id: id))
        slideToNewSlots(from: before, at: time)
        scroll.setContent(length: layout.contentLength(rowCount: list.count), viewport: layout.viewportHeight, at: time)
    }

    /// Content y of every row that is (or may come) on screen, displacement included.
    private func displayedPositions(at time: Millis) -> [String: Double] {
        let range = layout.visibleRange(offset: scroll.offset(at: time), rowCount: list.count, margin: 1)
        var positions: [String: Double] = [:]
        let indices = Array(range) + displacements.keys.compactMap { list.index(of: $0) }
        for index in indices {
            let id = list.rows[index].id
            positions[id] = layout.slotY(index) + (displacements[id]?.value(at: time) ?? 0)
        }
        return positions
    }

    /// After an edit: rows start where they were drawn and spring into their new slots.
    private func slideToNewSlots(from before: [String: Double], at time: Millis) {
        for (id, oldY) in before {
            guard let index = list.index(of: id) else { continue }
            let distance = oldY - layout.slotY(index)
            let velocity = displacements[id]?.velocity(at: time) ?? 0
            var displacement = AnimatedValue(distance)
            displacement.animate(to: 0, at: time, spec: metrics.moveAnimation, reduceMotion: reduceMotion,
                                 initialVelocity: velocity)
            displacements[id] = displacement.isAnimating(at: time) ? displacement : nil
        }
    }

}
