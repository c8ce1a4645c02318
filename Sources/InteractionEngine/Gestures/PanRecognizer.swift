/// Recognizes a pan (drag): a press that travels farther than the slop.
///
/// The pan begins on the first move more than `slop` px from the press point.
/// The dominant axis of that displacement is its `axis` (ties go horizontal).
/// With `allowedAxes` restricted to one axis, a first motion mostly along the
/// other axis fails the pan instead, so an outer recognizer can take it.
/// Translation is always measured from the press point, as UIKit does, so at
/// `began` it already includes the slop: a scene that does not want content to
/// jump by the slop subtracts the translation at `began` itself.
public struct PanRecognizer: Sendable {
    /// See `GestureRecognizerState`.
    public typealias State = GestureRecognizerState

    /// Which directions a pan may start in.
    public enum AllowedAxes: String, Sendable, Hashable, Codable {
        case both
        case horizontal
        case vertical

        /// True when a pan whose first motion is along `axis` may begin.
        public func allows(_ axis: Axis) -> Bool {
            switch self {
            case .both: true
            case .horizontal: axis == .horizontal
            case .vertical: axis == .vertical
            }
        }
    }

    public private(set) var state: State = .idle
    /// The distance (px, exclusive) the pointer must travel to begin the pan.
    public var slop: Double
    /// Which directions a pan may start in; read when the slop is crossed.
    public var allowedAxes: AllowedAxes
    /// Where the press went down.
    public private(set) var startLocation: Point?
    /// The latest pointer position of the press.
    public private(set) var location: Point?
    /// The dominant axis of the first motion past the slop, once known.
    public private(set) var axis: Axis?
    /// The velocity (px/s) measured at release, once the pan `ended`.
    public private(set) var releaseVelocity: Point?
    private var tracker: VelocityTracker

    public init(settings: GestureSettings = .standard, allowedAxes: AllowedAxes = .both,
                tracker: VelocityTracker = VelocityTracker()) {
        slop = settings.panSlop
        self.allowedAxes = allowedAxes
        self.tracker = tracker
        self.tracker.reset()
    }

    /// The axis along which `translation` is longer; horizontal on a tie.
    public static func dominantAxis(of translation: Point) -> Axis {
        abs(translation.y) > abs(translation.x) ? .vertical : .horizontal
    }

    /// The pointer's displacement from the press point.
    public var translation: Point {
        guard let start = startLocation, let now = location else { return .zero }
        return now - start
    }

    /// The pointer's current velocity (px/s) as seen at `time`.
    public func velocity(at time: Millis) -> Point {
        tracker.velocity(at: time)
    }

    /// Starts watching a press.
    public mutating func pressBegan(at point: Point, time: Millis) {
        state = .possible
        startLocation = point
        location = point
        axis = nil
        releaseVelocity = nil
        tracker.reset()
        tracker.add(point, at: time)
    }

    /// Follows the pointer: begins past the slop, then reports changes.
    public mutating func pointerMoved(to point: Point, time: Millis) {
        switch state {
        case .possible:
            location = point
            tracker.add(point, at: time)
            let moved = translation
            guard moved.length > slop else { return }
            let dominant = Self.dominantAxis(of: moved)
            if allowedAxes.allows(dominant) {
                axis = dominant
                state = .began
            } else {
                state = .failed
            }
        case .began, .changed:
            location = point
            tracker.add(point, at: time)
            state = .changed
        default:
            break
        }
    }

    /// Ends the press: a begun pan `ended` with its release velocity, a pending one `failed`.
    public mutating func released(at point: Point, time: Millis) {
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            if point != location { tracker.add(point, at: time) }
            location = point
            releaseVelocity = tracker.velocity(at: time)
            state = .ended
        default:
            break
        }
    }

    /// Rules the pan out (another gesture won the press). Only a pending pan fails.
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
        startLocation = nil
        location = nil
        axis = nil
        releaseVelocity = nil
        tracker.reset()
    }
}
