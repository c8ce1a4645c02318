/// Recognizes a tap: a short press that does not wander.
///
/// The press becomes a tap when it is released less than `maximumDuration` ms
/// after it went down, having stayed closer than `allowableMovement` px to the
/// press point the whole time. The recognizer knows nothing of other gestures:
/// `GestureArena` calls `fail()` when a hold or a pan wins the press.
public struct TapRecognizer: Sendable {
    /// See `GestureRecognizerState`; a tap never passes through `began`/`changed`.
    public typealias State = GestureRecognizerState

    public private(set) var state: State = .idle
    /// The longest press (ms, exclusive) that is still a tap.
    public var maximumDuration: Millis
    /// The distance (px, exclusive) from the press point that fails the tap.
    public var allowableMovement: Double
    /// Where the press went down, while or after watching one.
    public private(set) var pressLocation: Point?
    /// When the press went down.
    public private(set) var pressTime: Millis?

    public init(settings: GestureSettings = .standard) {
        maximumDuration = settings.tapMaxDuration
        allowableMovement = settings.holdAllowableMovement
    }

    /// Starts watching a press.
    public mutating func pressBegan(at point: Point, time: Millis) {
        state = .possible
        pressLocation = point
        pressTime = time
    }

    /// Fails the tap once the press has lasted too long.
    public mutating func tick(at time: Millis) {
        guard state == .possible, let start = pressTime else { return }
        if time - start >= maximumDuration { state = .failed }
    }

    /// Fails the tap when the pointer strays too far or the press lasted too long.
    public mutating func pointerMoved(to point: Point, time: Millis) {
        tick(at: time)
        guard state == .possible, let start = pressLocation else { return }
        if point.distance(to: start) >= allowableMovement { state = .failed }
    }

    /// Ends the press: recognized (`ended`) when short and still, else `failed`.
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
