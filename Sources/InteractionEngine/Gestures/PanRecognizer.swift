/// Recognizes a pan (drag): a press that travels farther than the slop.
///
/// The pan begins on the first move more than `slop` px from the press point
/// (the slop of the press's pointer kind, `GestureSettings.slop(for:)`). The
/// dominant axis of that displacement is its `axis` (ties go horizontal).
/// With `allowedAxes` restricted to one axis, a first motion mostly along the
/// other axis fails the pan instead, so an outer recognizer can take it.
///
/// `translation` is already corrected by the settings' `DragStartPolicy`
/// (by default it starts where the first motion crossed the slop circle), so
/// content that follows it neither jumps by the slop nor drops a large first
/// motion; `rawTranslation` is the plain displacement from the press point.
/// Velocity is not the recognizer's business: the arena keeps one tracker per press.
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

    public let settings: GestureSettings
    public private(set) var state: State = .idle
    /// The distance (px, exclusive) the pointer must travel to begin this press's pan.
    public private(set) var slop: Double
    /// Which directions a pan may start in; read when the slop is crossed.
    public var allowedAxes: AllowedAxes
    /// Where the press went down.
    public private(set) var startLocation: Point?
    /// The latest pointer position of the press.
    public private(set) var location: Point?
    /// The dominant axis of the first motion past the slop, once known.
    public private(set) var axis: Axis?
    /// What the drag-start policy takes off the raw displacement (fixed when the pan begins).
    public private(set) var startCorrection: Point = .zero

    public init(settings: GestureSettings = .standard, allowedAxes: AllowedAxes = .both) {
        self.settings = settings
        slop = settings.slop(for: .mouse)
        self.allowedAxes = allowedAxes
    }

    /// The axis along which `translation` is longer; horizontal on a tie.
    public static func dominantAxis(of translation: Point) -> Axis {
        abs(translation.y) > abs(translation.x) ? .vertical : .horizontal
    }

    /// The pointer's displacement from the press point.
    public var rawTranslation: Point {
        guard let start = startLocation, let now = location else { return .zero }
        return now - start
    }

    /// The displacement content follows: `rawTranslation` less the drag-start correction.
    public var translation: Point { rawTranslation - startCorrection }

    /// Starts watching a press by a pointer of `kind` (which sets the slop).
    public mutating func pressBegan(at point: Point, time: Millis, kind: PointerKind = .mouse) {
        state = .possible
        slop = settings.slop(for: kind)
        startLocation = point
        location = point
        axis = nil
        startCorrection = .zero
    }

    /// Follows the pointer: begins past the slop, then reports changes.
    public mutating func pointerMoved(to point: Point, time: Millis) {
        switch state {
        case .possible:
            location = point
            let moved = rawTranslation
            let distance = moved.length
            guard distance > slop else { return }
            let dominant = Self.dominantAxis(of: moved)
            if allowedAxes.allows(dominant) {
                axis = dominant
                startCorrection = Self.correction(for: moved, slop: slop, policy: settings.dragStart)
                state = .began
            } else {
                state = .failed
            }
        case .began, .changed:
            location = point
            state = .changed
        default:
            break
        }
    }

    /// What `policy` subtracts from a first motion `moved` that crossed `slop`.
    static func correction(for moved: Point, slop: Double, policy: DragStartPolicy) -> Point {
        let distance = moved.length
        switch policy {
        case .fromPress:
            return .zero
        case .fromSlopCrossing:
            // The point where the straight first motion crossed the slop circle.
            return distance > 0 ? moved * (slop / distance) : .zero
        }
    }

    /// Ends the press: a begun pan `ended`, a pending one `failed`.
    public mutating func released(at point: Point, time: Millis) {
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
        startCorrection = .zero
    }
}
