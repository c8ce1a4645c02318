/// Conversions from `Double` to `Int` that never trap.
///
/// `Int(x)` traps when `x` is not finite or lies outside `Int`'s range; input
/// from a trace or a device can be anything, so every site that turns a
/// coordinate, a size or a count into an integer goes through these instead.
extension Int {
    /// `value` rounded towards zero and clamped into `range`; `nonFinite` when it is NaN.
    /// Infinities clamp to the nearer end.
    public init(clamping value: Double, to range: ClosedRange<Int> = Int.min...Int.max, nonFinite: Int = 0) {
        guard !value.isNaN else {
            self = Swift.min(Swift.max(nonFinite, range.lowerBound), range.upperBound)
            return
        }
        // 2^63 is the first Double past Int.max; every Double below it converts exactly.
        let lower = Double(range.lowerBound), upper = Double(range.upperBound)
        if value <= lower { self = range.lowerBound; return }
        if value >= upper { self = range.upperBound; return }
        self = Int(value)
    }

    /// The sum, clamped to `Int`'s range instead of overflowing.
    public static func clampedSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return a > 0 ? Int.max : Int.min
    }
}
