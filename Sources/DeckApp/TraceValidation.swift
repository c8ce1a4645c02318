import InteractionEngine

/// The limits every trace entry is held to when a trace is read (`Trace.read`).
///
/// A trace is valid JSON from anywhere: numbers can be 1e300, sizes 0 or
/// huge, wheel steps Int.max. Each entry is checked against the ranges real
/// input can reach, and a trace outside them is refused with `FILE:LINE:
/// problem` before anything is replayed.
public enum TraceLimits {
    /// Largest |x| or |y| of a pointer position, in px (a million px is far past any screen).
    public static let coordinate = 1e6
    /// Window sizes a trace may set, in px (as `--size`).
    public static let side = 1...16384
    /// Largest |notches| of one wheel event in either axis (the engine fuzzer's widest burst).
    public static let wheelSteps = 1000
    /// Largest |px| of one smooth-scroll event.
    public static let wheelPixels = 1e6
    /// Latest entry time, in ms (about 115 days): later ones are not a recording.
    public static let time: Millis = 1e10
    /// Longest `.character` key text, in Unicode scalars.
    public static let keyText = 16
}

extension TraceEntry {
    /// What is wrong with this entry, or nil when every value is within `TraceLimits`.
    /// `previous` is the time of the entry before it.
    public func problem(after previous: Millis) -> String? {
        line.problem(after: previous)
    }
}

extension TraceLine {
    /// What is wrong with this line's values (checked before the line becomes a `TraceEntry`).
    func problem(after previous: Millis) -> String? {
        guard t.isFinite else { return "time \(t) is not a finite number" }
        guard t >= 0 && t <= TraceLimits.time else { return "time \(t) is out of range (0 to \(TraceLimits.time) ms)" }
        guard t >= previous else { return "time \(t) goes backwards (the entry before is at \(previous))" }
        if let tune {
            do { try TunableTable.everything.validate(tune.key, tune.value) } catch { return "tune \(error)" }
        }
        guard let input else { return nil }
        if let p = InputEvent(input, at: t).location, let problem = TraceLine.problem(of: p) { return problem }
        switch input {
        case .resize(let size):
            for (name, v) in [("width", size.width), ("height", size.height)] {
                guard v.isFinite, v.rounded() == v, v >= Double(TraceLimits.side.lowerBound), v <= Double(TraceLimits.side.upperBound) else {
                    return "resize \(name) \(v) is not a whole number from \(TraceLimits.side.lowerBound) to \(TraceLimits.side.upperBound)"
                }
            }
        case .wheel(.steps(let dx, let dy), _, _):
            guard abs(Double(dx)) <= Double(TraceLimits.wheelSteps), abs(Double(dy)) <= Double(TraceLimits.wheelSteps) else {
                return "wheel steps \(dx), \(dy) are out of range (at most \(TraceLimits.wheelSteps) a notch burst)"
            }
        case .wheel(.pixels(let dx, let dy), _, _):
            guard dx.isFinite, dy.isFinite, abs(dx) <= TraceLimits.wheelPixels, abs(dy) <= TraceLimits.wheelPixels else {
                return "wheel pixels \(dx), \(dy) are out of range (at most \(TraceLimits.wheelPixels))"
            }
        case .key(.character(let text), _):
            guard !text.isEmpty, text.unicodeScalars.count <= TraceLimits.keyText else {
                return "key text of \(text.unicodeScalars.count) characters is out of range (1 to \(TraceLimits.keyText))"
            }
        case .key(.function(let n), _):
            guard (1...35).contains(n) else { return "function key F\(n) does not exist (F1 to F35)" }
        default:
            break
        }
        return nil
    }

    private static func problem(of p: Point) -> String? {
        guard p.x.isFinite, p.y.isFinite else { return "position (\(p.x), \(p.y)) is not finite" }
        guard abs(p.x) <= TraceLimits.coordinate, abs(p.y) <= TraceLimits.coordinate else {
            return "position (\(p.x), \(p.y)) is out of range (at most \(TraceLimits.coordinate) px from the origin)"
        }
        return nil
    }
}
