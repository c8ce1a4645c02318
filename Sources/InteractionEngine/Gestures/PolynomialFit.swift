/// A weighted least-squares polynomial fit, `y ≈ c0 + c1 x + c2 x² + ...`.
///
/// Solved through a QR decomposition of the weighted Vandermonde matrix by
/// modified Gram-Schmidt (the method of Android's and Flutter's velocity
/// trackers), which stays accurate where the normal equations lose digits.
/// `confidence` is the weighted coefficient of determination R² (1 when the
/// data has no spread at all).
public struct PolynomialFit: Sendable, Hashable {
    /// `coefficients[k]` multiplies `x^k`.
    public let coefficients: [Double]
    /// R² of the fit, in [0, 1] for finite data.
    public let confidence: Double

    /// Below this a basis vector counts as zero: the samples cannot determine the fit.
    public static let degeneracyTolerance = 1e-10

    /// Fits a polynomial of `degree` to the points `(x[i], y[i])`, each weighted
    /// by `w[i]`; nil when there are fewer points than coefficients, the
    /// inputs disagree in length, or the points cannot determine the fit (too
    /// few distinct x values, zero weights).
    public init?(degree: Int, x: [Double], y: [Double], w: [Double]) {
        let m = x.count
        guard degree >= 0, y.count == m, w.count == m, m >= degree + 1 else { return nil }
        let n = degree + 1
        let solved = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                w.withUnsafeBufferPointer { ws in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { c in
                        Self.solve(degree: degree, count: m, x: xs.baseAddress!, w: ws.baseAddress!,
                                   y: ys.baseAddress!, into: c.baseAddress!)
                            .map { (Array(c), $0.first) }
                    }
                }
            }
        }
        guard let solved else { return nil }
        coefficients = solved.0
        confidence = solved.1
    }

    /// The fits of one or two value series over the same `count` points `x`
    /// (weights `w`, or all 1 when nil), sharing one QR decomposition: writes
    /// the `degree + 1` coefficients of `y` to `into` (and of `y2` to `into2`)
    /// and returns their R² (1 when `confidence` is false: not computed); nil
    /// when the points cannot determine the fit. Uses no heap memory for small
    /// fits (the velocity tracker calls it on every move).
    static func solve(degree: Int, count m: Int, x: UnsafePointer<Double>, w: UnsafePointer<Double>?,
                      y: UnsafePointer<Double>, into: UnsafeMutablePointer<Double>,
                      y2: UnsafePointer<Double>? = nil, into2: UnsafeMutablePointer<Double>? = nil,
                      confidence: Bool = true) -> (first: Double, second: Double)? {
        let n = degree + 1
        guard degree >= 0, m >= n else { return nil }
        // Scratch space on the stack: a and q are n rows of m, r is n x n, then the weights.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n + m) {
            buffer -> (first: Double, second: Double)? in
            let a = buffer.baseAddress!, q = a + n * m, r = q + n * m, weights = r + n * n
            for h in 0..<m { weights[h] = w?[h] ?? 1 }
            func weight(_ h: Int) -> Double { weights[h] }
            // a[j][h] = w[h] * x[h]^j: one row per coefficient.
            for h in 0..<m {
                var power = weight(h)
                for j in 0..<n {
                    a[j * m + h] = power
                    q[j * m + h] = power
                    power *= x[h]
                }
            }
            func dot(_ u: UnsafePointer<Double>, _ v: UnsafePointer<Double>) -> Double {
                var sum = 0.0
                for h in 0..<m { sum += u[h] * v[h] }
                return sum
            }
            // Orthonormal rows q (Gram-Schmidt on a's rows) and upper-triangular r.
            for j in 0..<n {
                let qj = q + j * m
                for i in 0..<j {
                    let qi = q + i * m
                    let d = dot(qj, qi)
                    for h in 0..<m { qj[h] -= d * qi[h] }
                }
                let norm = dot(qj, qj).squareRoot()
                guard norm.isFinite, norm >= Self.degeneracyTolerance else { return nil }
                for h in 0..<m { qj[h] /= norm }
                for i in 0..<n { r[j * n + i] = i < j ? 0 : dot(qj, a + i * m) }
            }
            func finish(_ y: UnsafePointer<Double>, _ c: UnsafeMutablePointer<Double>) -> Double? {
                // R c = Qᵀ (w y), solved from the last coefficient up.
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var value = 0.0
                    for h in 0..<m { value += q[i * m + h] * y[h] * weight(h) }
                    for j in (i + 1)..<n { value -= r[i * n + j] * c[j] }
                    c[i] = value / r[i * n + i]
                    guard c[i].isFinite else { return nil }
                }
                guard confidence else { return 1 }
                // Weighted R² = 1 - SSE / SST.
                var mean = 0.0
                for h in 0..<m { mean += y[h] }
                mean /= Double(m)
                var sse = 0.0, sst = 0.0
                for h in 0..<m {
                    var predicted = 0.0, power = 1.0
                    for k in 0..<n {
                        predicted += c[k] * power
                        power *= x[h]
                    }
                    let ww = weight(h) * weight(h)
                    sse += ww * (y[h] - predicted) * (y[h] - predicted)
                    sst += ww * (y[h] - mean) * (y[h] - mean)
                }
                return sst <= Self.degeneracyTolerance ? 1 : 1 - sse / sst
            }
            guard let first = finish(y, into) else { return nil }
            guard let y2, let into2 else { return (first, 1) }
            guard let second = finish(y2, into2) else { return nil }
            return (first, second)
        }
    }
}
