import InteractionEngine

/// Turns XInput 2.1 scroll-valuator positions into wheel deltas.
///
/// XI2 reports scrolling as absolute valuator values; each device's scroll
/// class says which valuator scrolls which axis and how much one "click"
/// (increment) is. The decoder remembers the last value per valuator and
/// emits the difference. Whole increments (a real wheel) become notches, so
/// they animate like core wheel buttons; fractions (a touchpad) become pixels.
/// The first value after the pointer enters, or after the device changes, is
/// only remembered: XI2 says it may jump.
public struct SmoothScrollDecoder: Sendable {
    /// Pixels per increment of fractional (touchpad) scrolling: one notch of the engine's wheel.
    public static let pixelsPerIncrement = 60.0

    /// What one scroll valuator of one device does.
    public struct ScrollValuator: Hashable, Sendable {
        public var device: Int32
        public var number: Int32
        public var axis: Axis
        public var increment: Double

        public init(device: Int32, number: Int32, axis: Axis, increment: Double) {
            self.device = device
            self.number = number
            self.axis = axis
            self.increment = increment
        }
    }

    private struct Key: Hashable {
        let device: Int32
        let number: Int32
    }

    private var valuators: [Key: ScrollValuator] = [:]
    private var last: [Key: Double] = [:]

    public init() {}

    /// True when some device scrolls through valuators (then emulated wheel buttons are ignored).
    public var hasScrollValuators: Bool { !valuators.isEmpty }

    /// Replaces what is known about the devices' scroll valuators.
    public mutating func configure(_ list: [ScrollValuator]) {
        valuators = [:]
        for v in list where v.increment != 0 && v.increment.isFinite {
            valuators[Key(device: v.device, number: v.number)] = v
        }
        last = [:]
    }

    /// Forgets the last values (pointer entered the window, device changed).
    public mutating func reset() {
        last = [:]
    }

    /// The scroll in one motion event of `device`, whose set valuators are `values` (number, value).
    public mutating func delta(device: Int32, values: [(number: Int32, value: Double)]) -> WheelDelta? {
        var dx = 0.0, dy = 0.0
        for (number, value) in values {
            let key = Key(device: device, number: number)
            guard let valuator = valuators[key], value.isFinite else { continue }
            defer { last[key] = value }
            guard let previous = last[key] else { continue }
            let increments = (value - previous) / valuator.increment
            if valuator.axis == .vertical { dy += increments } else { dx += increments }
        }
        guard dx != 0 || dy != 0 else { return nil }
        if SmoothScrollDecoder.isWhole(dx) && SmoothScrollDecoder.isWhole(dy) {
            return .steps(dx: Int(dx.rounded()), dy: Int(dy.rounded()))
        }
        return .pixels(dx: dx * SmoothScrollDecoder.pixelsPerIncrement, dy: dy * SmoothScrollDecoder.pixelsPerIncrement)
    }

    private static func isWhole(_ x: Double) -> Bool {
        abs(x - x.rounded()) < 1e-6
    }
}
