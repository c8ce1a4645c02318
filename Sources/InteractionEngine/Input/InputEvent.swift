/// Milliseconds on the host's timeline. Input carries the X server's timestamps
/// (mapped onto the frame clock), so differences between them are real.
public typealias Millis = Double

/// Which mouse button a press or release belongs to.
public enum PointerButton: String, Sendable, Codable {
    case primary
    case middle
    case secondary
}

/// What kind of pointer produced an input: the pan slop depends on it
/// (`GestureSettings.slop(for:)`).
public enum PointerKind: String, Sendable, Hashable, Codable {
    /// A mouse, trackball or touchpad moving a cursor: precise. All core X11 input is this.
    case mouse
    /// A finger on a touch screen (a later XI2 touch decoder): imprecise.
    case touch
}

/// Keyboard modifiers held while an input happened.
public struct Modifiers: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// How far a wheel or touchpad asked to scroll.
public enum WheelDelta: Hashable, Sendable, Codable {
    /// Whole notches of a wheel: positive `dy` scrolls content up (towards the end),
    /// positive `dx` scrolls towards the right.
    case steps(dx: Int, dy: Int)
    /// Smooth (XInput2 / touchpad) deltas in pixels, same signs as `steps`.
    case pixels(dx: Double, dy: Double)
}

/// A key, as the engine understands it (the host maps keysyms onto these).
public enum Key: Hashable, Sendable, Codable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, enter, escape, delete, backspace, space
    case function(Int)
    case character(String)
}

/// One input delivered to the engine. Every input carries its timestamp.
public struct InputEvent: Hashable, Sendable, Codable {
    public enum Kind: Hashable, Sendable, Codable {
        /// A button went down at a window position.
        case pointerDown(Point, PointerButton)
        /// The pointer moved while a button was held.
        case pointerMove(Point)
        /// A button went up.
        case pointerUp(Point, PointerButton)
        /// The press was taken away (grab lost, window unmapped): end it without effect.
        case pointerCancel
        /// The pointer moved with no button held.
        case hover(Point)
        /// The pointer left the window.
        case pointerLeft
        case wheel(WheelDelta, at: Point, Modifiers)
        case key(Key, Modifiers)
        /// The viewport changed size.
        case resize(Size)
    }

    public var kind: Kind
    public var time: Millis
    /// The kind of pointer behind a pointer input (ignored by the others).
    public var pointerKind: PointerKind

    public init(_ kind: Kind, at time: Millis, pointer: PointerKind = .mouse) {
        self.kind = kind
        self.time = time
        self.pointerKind = pointer
    }

    /// The same event with its pointer position (if any) passed through `transform`.
    public func mapped(_ transform: (Point) -> Point) -> InputEvent {
        var moved = self
        switch kind {
        case .pointerDown(let p, let b): moved.kind = .pointerDown(transform(p), b)
        case .pointerMove(let p): moved.kind = .pointerMove(transform(p))
        case .pointerUp(let p, let b): moved.kind = .pointerUp(transform(p), b)
        case .hover(let p): moved.kind = .hover(transform(p))
        case .wheel(let d, let p, let m): moved.kind = .wheel(d, at: transform(p), m)
        default: break
        }
        return moved
    }

    /// The pointer position the event carries, if any.
    public var location: Point? {
        switch kind {
        case .pointerDown(let p, _), .pointerMove(let p), .pointerUp(let p, _), .hover(let p): p
        case .wheel(_, let p, _): p
        default: nil
        }
    }
}
