/// Recognizes a hold (long press): a press that stays put for `duration` ms.
///
/// The hold begins at its deadline (`pressTime + duration`) even if the pointer
/// never moves: the host must call `tick(at:)` once the deadline has passed
/// (`deadline` says when). Moving more than `allowableMovement` px from the
/// press point before the deadline fails it. Once begun, movement is hold
/// movement (`changed`) until release (`ended`). Moves and releases stamped at
/// or after the deadline fire the hold first, so a host that ticks late still
/// sees the hold.
public struct HoldRecognizer: Sendable {
    /// See `GestureRecognizerState`.
    public typealias State = GestureRecognizerState

    public private(set) var state: State = .idle
    /// How long (ms) the press must stay put.
    public var duration: Millis
    /// The distance (px, inclusive) from the press point the pointer may travel
    /// before the hold begins.
    public var allowableMovement: Double
    /// Where the press went down.
    public private(set) var pressLocation: Point?
    /// When the press went down.
    public private(set) var pressTime: Millis?
    /// The latest pointer position of the press.
    public private(set) var location: Point?
    /// When the hold began: its deadline, not the tick that noticed it.
    public private(set) var beganTime: Millis?

    public init(settings: GestureSettings = .standard) {
        duration = settings.holdDuration
        allowableMovement = settings.holdAllowableMovement
    }

    /// When the hold will begin, while it still may (`possible`); else nil.
    public var deadline: Millis? {
        guard state == .possible, let start = pressTime else { return nil }
        return start + duration
    }

    /// The pointer's displacement from the press point.
    public var translation: Point {
        guard let start = pressLocation, let now = location else { return .zero }
        return now - start
    }

    /// Starts watching a press.
    public mutating func pressBegan(at point: Point, time: Millis) {
        state = .possible
        pressLocation = point
        pressTime = time
        location = point
        beganTime = nil
    }

    /// Begins the hold when `time` reached the deadline; true if it began now.
    @discardableResult
    public mutating func tick(at time: Millis) -> Bool {
        guard let due = deadline, time >= due else { return false }
        state = .began
        beganTime = due
        return true
    }

    /// Follows the pointer: fails the pending hold past `allowableMovement`, or
    /// moves the begun hold.
    public mutating func pointerMoved(to point: Point, time: Millis) {
        tick(at: time)
        switch state {
        case .possible:
            location = point
            if let start = pressLocation, point.distance(to: start) > allowableMovement {
                state = .failed
            }
        case .began, .changed:
            location = point
            state = .changed
        default:
            break
        }
    }

    /// Ends the press: a begun hold `ended`, a pending one `failed`.
    public mutating func released(at point: Point, time: Millis) {
        tick(at: time)
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            location = point
            state = .ended
        default:
            break
        }
    }

    /// Rules the hold out (another gesture won the press). Only a pending hold fails.
    public mutating func fail() {
        state.fail()
    }

    /// The press was taken away.
    public mutating func cancel() {
        state.cancel()
    }

    /// Back to `idle`, forgetting the press.
    public mutating func reset() {
        self = HoldRecognizer(duration: duration, allowableMovement: allowableMovement)
    }

    private init(duration: Millis, allowableMovement: Double) {
        self.duration = duration
        self.allowableMovement = allowableMovement
    }
}
