import CX11
import InteractionEngine

/// One XInput 2.2 touch event, as the decoder needs it.
struct TouchInput: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        case begin, update, end
        /// `XI_TouchOwnership`: this client now owns the touch sequence.
        case ownership
    }

    var phase: Phase
    /// The slave device the touch comes from.
    var device: Int32
    /// The touch sequence (`detail` of touch events, `touchid` of ownership events).
    var touch: UInt32
    /// Window position (not set for ownership events).
    var at: Point
    /// Server time, milliseconds.
    var time: UInt

    /// The touch carried by an XI2 touch event of `type` (XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd).
    init?(_ e: XIDeviceEvent, type: Int32) {
        switch type {
        case XI_TouchBegin: phase = .begin
        case XI_TouchUpdate: phase = .update
        case XI_TouchEnd: phase = .end
        default: return nil
        }
        device = e.sourceid
        touch = UInt32(bitPattern: e.detail)
        at = Point(x: e.event_x, y: e.event_y)
        time = e.time
    }

    init(ownership e: XITouchOwnershipEvent) {
        phase = .ownership
        device = e.sourceid
        touch = e.touchid
        at = Point(x: 0, y: 0)
        time = e.time
    }

    init(_ phase: Phase, device: Int32, touch: UInt32, at: Point, time: UInt) {
        self.phase = phase
        self.device = device
        self.touch = touch
        self.at = at
        self.time = time
    }
}

/// Turns XInput 2.2 touch sequences into the engine's pointer stream (SPEC I1: the first
/// finger is the finger).
///
/// - The first finger down drives the engine: begin is a press, updates are drags, the end
///   is the release. Further fingers while it is down are ignored (there are no
///   multi-finger gestures in the deck), and so is every touch until all fingers are up.
/// - Touch events are selected together with `XI_TouchOwnership`, so the window hears of a
///   touch at once even while another client (a window manager's gesture grab) may still
///   claim it. The server tells the owner with an ownership event; a sequence that ends
///   before this client owned it was taken by someone else, and its press is cancelled,
///   never released (so no tap, drop or swipe happens for it).
/// - The server also emulates pointer events for the first touch (`XIPointerEmulated`);
///   `XInput2` drops those, so a touch is never counted twice.
///
/// Input kinds: the events are pointer events of `PointerKind.touch` (`input(for:at:)`), so
/// the engine uses the finger's slop (10 px) instead of the mouse's.
struct TouchDecoder: Sendable {
    private struct Sequence: Equatable {
        let device: Int32
        let touch: UInt32
        var owned = false
    }

    /// The touch driving the engine.
    private var driving: Sequence?
    /// Every touch currently down (so a new first finger waits until all are up).
    private var down: Set<UInt64> = []

    init() {}

    /// True while a finger is driving the engine (emulated pointer events are then dropped).
    var isActive: Bool { driving != nil }

    /// The engine input for one touch event, or nil when it carries none.
    mutating func handle(_ input: TouchInput) -> InputEvent.Kind? {
        let key = UInt64(UInt32(bitPattern: input.device)) << 32 | UInt64(input.touch)
        let isDriving = driving.map { $0.device == input.device && $0.touch == input.touch } ?? false
        switch input.phase {
        case .begin:
            let first = down.isEmpty
            down.insert(key)
            guard first, driving == nil else { return nil }
            driving = Sequence(device: input.device, touch: input.touch)
            return .pointerDown(input.at, .primary)
        case .ownership:
            if isDriving { driving?.owned = true }
            return nil
        case .update:
            return isDriving ? .pointerMove(input.at) : nil
        case .end:
            down.remove(key)
            guard isDriving, let sequence = driving else { return nil }
            driving = nil
            return sequence.owned ? .pointerUp(input.at, .primary) : .pointerCancel
        }
    }

    /// The engine input for one touch event at `time`, as a touch pointer; nil when it carries none.
    mutating func input(for touch: TouchInput, at time: Millis) -> InputEvent? {
        handle(touch).map { InputEvent($0, at: time, pointer: .touch) }
    }

    /// The pointer left or the device changed: the driving touch, if any, is over without effect.
    mutating func reset() -> InputEvent.Kind? {
        let wasActive = driving != nil
        driving = nil
        down = []
        return wasActive ? .pointerCancel : nil
    }
}
