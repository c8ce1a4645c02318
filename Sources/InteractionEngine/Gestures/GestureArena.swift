/// Runs the tap, hold and pan recognizers on one press and decides the winner.
///
/// Feed it every input (`handle(_:)`) and every frame or timer wake-up
/// (`tick(at:)`); sleep until `nextDeadline()` when nothing else happens.
///
/// Arbitration is exclusive, one winner per press, on the boundaries that
/// `GestureSettings` defines once:
/// - Pan wins when the pointer crosses the slop of its pointer kind before the
///   hold deadline; the hold and the tap fail.
/// - Hold wins once it fires at its deadline (inclusive); later movement is
///   `holdMoved`, never a pan.
/// - Tap wins when the press is released before either happened, never having
///   moved farther than `holdAllowableMovement`.
/// - Otherwise (pans ruled out by the press's policy, a press that caught a
///   moving list) the press ends as `released`.
///
/// What a press may become is its `PressPolicy`, given with the pointer-down
/// (`handle(_:policy:)`) and fixed for the whole press.
///
/// One `VelocityTracker` follows the press; pans report its estimate, and a
/// release reports it through `GestureSettings.flingVelocity` (zero under the
/// minimum fling velocity).
///
/// A press that catches moving content (`PressPolicy.catchesMotion`) only stops it: it never becomes a tap or a hold, so it never
/// lifts, opens or selects anything (as on iOS); it may still pan.
///
/// Simultaneous gestures (a horizontal row swipe inside a vertically scrolling
/// list) are the scene's call: the arena reports one `panBegan` carrying the
/// dominant axis of the first motion, and the scene hands it to whichever of
/// its handlers claims that axis. `PressPolicy.panAxes` restricts pans outright.
///
/// Garbage is tolerated: moves and releases without a press are ignored, a
/// second press cancels the first, and timestamps are clamped so that they
/// never run backwards within a press.
public struct GestureArena: Sendable {
    /// Where the current (or last) press stands, for the overlay.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// No press; the last one ended normally (or there was none).
        case idle
        /// A press is down, undecided (or decided as tap/nothing at release).
        case possible
        /// A hold is in progress.
        case holding
        /// A pan is in progress.
        case panning
        /// No press; the last one was cancelled. Idle in every other respect.
        case cancelled
    }

    public private(set) var settings: GestureSettings
    /// Settings handed over by `retune(_:)` while a press was in flight: they take over at the
    /// next press, so one press is always classified by one set of boundaries.
    private var nextSettings: GestureSettings?
    /// What the current (or last) press may become, given with its pointer-down.
    public private(set) var policy = PressPolicy.anything

    public private(set) var phase: Phase = .idle
    /// Where the active press went down; nil when no press is active.
    public private(set) var pressLocation: Point?
    /// Who won the current or last press, for the overlay.
    public private(set) var winner: Gesture?

    /// The kind of pointer behind the current (or last) press.
    public private(set) var pointerKind: PointerKind = .mouse
    /// True when the current press caught moving content (see `catchMotion()`).
    public private(set) var caughtMotion = false

    public private(set) var tap: TapRecognizer
    public private(set) var hold: HoldRecognizer
    public private(set) var pan: PanRecognizer
    /// The one velocity tracker of the press.
    private var tracker: VelocityTracker
    /// The latest pointer position of the active press.
    private var location: Point = .zero
    /// The latest time seen in the active press; times never go back from it.
    private var lastTime: Millis = 0

    public init(settings: GestureSettings = .standard) {
        self.settings = settings
        tap = TapRecognizer(settings: settings)
        hold = HoldRecognizer(settings: settings)
        pan = PanRecognizer(settings: settings)
        tracker = VelocityTracker(horizon: settings.velocityHorizon, maximumSpeed: settings.maximumFlingVelocity)
    }

    /// True while a press is down.
    public var isActive: Bool {
        phase == .possible || phase == .holding || phase == .panning
    }

    /// The hold deadline while a hold may still begin, else nil.
    public func nextDeadline() -> Millis? {
        guard phase == .possible, policy.mayHold else { return nil }
        return hold.deadline
    }

    /// The pointer's velocity (px/s) as seen at `time`; zero when no press moved.
    public func currentVelocity(at time: Millis) -> Point {
        tracker.velocity(at: time)
    }

    /// The tracker's estimate (velocity and confidence) as seen at `time`, if it has one.
    public func currentEstimate(at time: Millis) -> VelocityEstimate? {
        tracker.estimate(at: time)
    }

    /// The current press stopped moving content (a fling, a settling strip):
    /// from now on it may only pan; a still release ends as `released`, and no
    /// hold fires (`PressPolicy.catchesMotion` does this at the pointer-down).
    public mutating func catchMotion() {
        guard phase == .possible else { return }
        caughtMotion = true
        tap.fail()
        hold.fail()
    }

    /// Feeds one input; returns what it caused. A primary pointer-down starts a press
    /// that may become what `policy` allows (ignored by every other input).
    public mutating func handle(_ event: InputEvent, policy: PressPolicy = .anything) -> [GestureEvent] {
        switch event.kind {
        case .pointerDown(let point, .primary):
            guard point.isFinite else { return [] }
            var out = isActive ? cancelPress(at: event.time) : []
            out += beginPress(at: point, time: event.time.isFinite ? event.time : lastTime, kind: event.pointerKind,
                              policy: policy)
            return out
        case .pointerDown, .pointerCancel, .key(.escape, _):
            return isActive ? cancelPress(at: event.time) : []
        case .pointerMove(let point):
            guard isActive, point.isFinite else { return [] }
            return move(to: point, time: event.time)
        case .pointerUp(let point, .primary):
            guard isActive else { return [] }
            return release(at: point.isFinite ? point : location, time: event.time)
        default:
            return []
        }
    }

    /// Advances time with no input: fires the hold once its deadline passed.
    public mutating func tick(at time: Millis) -> [GestureEvent] {
        guard isActive else { return [] }
        return advance(to: clamped(time))
    }

    // MARK: - Press life cycle

    /// New settings (a tuning change): at once when no press is in flight, else from the next press.
    public mutating func retune(_ newSettings: GestureSettings) {
        if isActive { nextSettings = newSettings } else { adopt(newSettings) }
    }

    private mutating func adopt(_ newSettings: GestureSettings) {
        nextSettings = nil
        guard newSettings != settings else { return }
        settings = newSettings
        tap = TapRecognizer(settings: newSettings)
        hold = HoldRecognizer(settings: newSettings)
        pan = PanRecognizer(settings: newSettings)
        tracker = VelocityTracker(horizon: newSettings.velocityHorizon, maximumSpeed: newSettings.maximumFlingVelocity)
    }

    private mutating func beginPress(at point: Point, time: Millis, kind: PointerKind,
                                     policy: PressPolicy) -> [GestureEvent] {
        if let next = nextSettings { adopt(next) }
        self.policy = policy
        phase = .possible
        pressLocation = point
        location = point
        lastTime = time
        winner = nil
        pointerKind = kind
        caughtMotion = false
        tracker.reset()
        tracker.add(point, at: time)
        tap.reset()
        hold.reset()
        pan.reset()
        pan.allowedAxes = policy.panAxes ?? .both
        tap.pressBegan(at: point, time: time)
        hold.pressBegan(at: point, time: time)
        pan.pressBegan(at: point, time: time, kind: kind)
        if policy.catchesMotion { catchMotion() }
        return [.pressed(at: point, time: time)]
    }

    private mutating func move(to point: Point, time: Millis) -> [GestureEvent] {
        let t = clamped(time)
        var out = advance(to: t)
        location = point
        tracker.add(point, at: t)
        switch phase {
        case .possible:
            tap.pointerMoved(to: point, time: t)
            hold.pointerMoved(to: point, time: t)
            pan.pointerMoved(to: point, time: t)
            if pan.state == .began, let start = pressLocation, let axis = pan.axis {
                hold.fail()
                tap.fail()
                phase = .panning
                winner = .pan
                out.append(.panBegan(start: start, at: point, translation: pan.translation, axis: axis, time: t))
            }
        case .holding:
            hold.pointerMoved(to: point, time: t)
            out.append(.holdMoved(to: point, translation: hold.translation, time: t))
        case .panning:
            pan.pointerMoved(to: point, time: t)
            out.append(.panChanged(at: point, translation: pan.translation,
                                   velocity: tracker.velocity(at: t), time: t))
        case .idle, .cancelled:
            break
        }
        return out
    }

    private mutating func release(at point: Point, time: Millis) -> [GestureEvent] {
        let t = clamped(time)
        var out = advance(to: t)
        if point != location { tracker.add(point, at: t) }
        location = point
        switch phase {
        case .holding:
            hold.released(at: point, time: t)
            out.append(.holdEnded(at: point, velocity: settings.flingVelocity(tracker.velocity(at: t)), time: t))
        case .panning:
            pan.released(at: point, time: t)
            out.append(.panEnded(at: point, translation: pan.translation,
                                 velocity: settings.flingVelocity(tracker.velocity(at: t)), time: t))
        case .possible:
            tap.released(at: point, time: t)
            hold.released(at: point, time: t)
            pan.released(at: point, time: t)
            if tap.state == .ended {
                winner = .tap
                out.append(.tap(at: point, time: t))
            } else {
                out.append(.released(at: point, time: t))
            }
        case .idle, .cancelled:
            break
        }
        phase = .idle
        pressLocation = nil
        return out
    }

    private mutating func cancelPress(at time: Millis) -> [GestureEvent] {
        let t = clamped(time)
        tap.cancel()
        hold.cancel()
        pan.cancel()
        phase = .cancelled
        pressLocation = nil
        winner = nil
        return [.cancelled(time: t)]
    }

    /// Applies the press's policy and fires a due hold.
    private mutating func advance(to time: Millis) -> [GestureEvent] {
        lastTime = time
        if !policy.mayHold { hold.fail() }
        if policy.panAxes == nil { pan.fail() }
        guard phase == .possible, hold.tick(at: time), let began = hold.beganTime else { return [] }
        tap.fail()
        pan.fail()
        phase = .holding
        winner = .hold
        return [.holdBegan(at: location, time: began)]
    }

    /// `time`, kept from running backwards within a press and from being NaN.
    private func clamped(_ time: Millis) -> Millis {
        time.isFinite ? max(time, lastTime) : lastTime
    }
}
