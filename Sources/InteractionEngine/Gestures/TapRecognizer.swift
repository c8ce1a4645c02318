/// Recognizes a tap: a press released without wandering.
///
/// The press becomes a tap when it is released having stayed within
/// `allowableMovement` px (inclusive) of the press point the whole time. A tap
/// has no deadline of its own: when a hold may happen, the hold firing at its
/// deadline is what rules the tap out (`GestureArena` calls `fail()`), so the
/// tap/hold boundary is defined once, by `GestureSettings.holdDuration`. The
/// recognizer knows nothing of other gestures: the arena also fails it when a
/// pan wins.
public struct TapRecognizer: Sendable {
    /// See `GestureRecognizerState`; a tap never passes through `began`/`changed`.
    public typealias State = GestureRecognizerState

    public private(set) var state: State = .idle
    /// The distance (px, inclusive) from the press point the pointer may travel and still tap.
    public var allowableMovement: Double
    /// Where the press went down, while or after watching one.
    public private(set) var pressLocation: Point?
    /// When the press went down.
    public private(set) var pressTime: Millis?

    public init(settings: GestureSettings = .standard) {
        allowableMovement = settings.holdAllowableMovement
    }

    /// Starts watching a press.
    public mutating func pressBegan(at point: Point, time: Millis) {
        state = .possible
        pressLocation = point
        pressTime = time
    }

    /// Fails the tap when the pointer strays farther than `allowableMovement`.
    public mutating func pointerMoved(to point: Point, time: Millis) {
        guard state == .possible, let start = pressLocation else { return }
        if point.distance(to: start) > allowableMovement { state = .failed }
    }

    /// Ends the press: recognized (`ended`) when it stayed still, else `failed`.
    public mutating func released(at point: Point, time: Millis) {
        pointerMoved(to: point, time: time)
        if state == .possible { state = .ended }
    }

    /// Rules the tap out (another gesture won the press).
    public mutating func fail() {
        state.fail()
    }

    /// The press was taken away.
    public mutating func cancel() {
        state.cancel()
    }

    /// Back to `idle`, forgetting the press.
    public mutating func reset() {
        state = .idle
        pressLocation = nil
        pressTime = nil
    }
}
