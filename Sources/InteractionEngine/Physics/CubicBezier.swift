/// A CSS-style timing curve from (0, 0) to (1, 1) with two control points.
public struct CubicBezier: Sendable, Hashable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve with control points (x1, y1) and (x2, y2); x values are clamped to [0, 1].
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    public static let linear = CubicBezier(0, 0, 1, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The eased progress for a linear `progress` in [0, 1] (clamped outside).
    public func value(at progress: Double) -> Double {
        if !(progress > 0) { return 0 }
        if progress >= 1 { return 1 }
        return Self.coordinate(parameter(forX: progress), y1, y2)
    }

    /// d(value)/d(progress) at `progress`: the curve's slope.
    public func slope(at progress: Double) -> Double {
        let p = min(max(progress, 0), 1)
        let s = parameter(forX: p)
        let dxds = Self.derivative(s, x1, x2)
        if dxds > 1e-6 { return Self.derivative(s, y1, y2) / dxds }
        // A control point on an end flattens x(s) there: use a difference quotient.
        let h = 1e-4
        let a = max(0, p - h), b = min(1, p + h)
        return (value(at: b) - value(at: a)) / (b - a)
    }

    /// The curve parameter `s` with `x(s) == x`: Newton steps, then bisection.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let d = Self.derivative(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// One coordinate of the Bernstein form with end points 0 and 1.
    private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
