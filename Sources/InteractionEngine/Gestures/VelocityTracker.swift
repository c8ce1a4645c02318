/// What `VelocityTracker` makes of the recent samples: the velocity and how far to trust it.
public struct VelocityEstimate: Sendable, Hashable {
    /// px/s, clamped to the tracker's `maximumSpeed` (direction kept).
    public var velocity: Point
    /// The product of the x and y fits' R² (1: the samples lie on the curves).
    public var confidence: Double
    /// How many samples took part.
    public var sampleCount: Int
    /// Time (ms) from the oldest to the newest sample that took part.
    public var duration: Millis
    /// Displacement from the oldest to the newest sample that took part.
    public var offset: Point

    public init(velocity: Point, confidence: Double, sampleCount: Int, duration: Millis, offset: Point) {
        self.velocity = velocity
        self.confidence = confidence
        self.sampleCount = sampleCount
        self.duration = duration
        self.offset = offset
    }
}

/// Estimates a pointer's velocity from its recent positions, the way
/// Flutter's `VelocityTracker` (and Android's before it) does.
///
/// The samples taking part are the newest one and those before it, at most
/// `historySize` of them, no older than `horizon` ms before the newest, and
/// with no gap above `pauseThreshold` ms between neighbours. Times and
/// positions are taken relative to the newest sample; x(t) and y(t) are each
/// fitted with a weighted least-squares polynomial of degree `degree` (all
/// weights 1, as Flutter), and the velocity is the slope of the fits at the
/// newest sample (t = 0), in px/s. A straight line instead would return the
/// window's average speed: about half the speed at release of a flick that
/// accelerates, and a coast for a pointer that slowed down first.
///
/// There is no estimate when the query comes more than `pauseThreshold` ms
/// after the newest sample (the pointer stopped before release), with fewer
/// than `minimumSamples` samples, or when the fit is degenerate (too few
/// distinct times). The speed is clamped to `maximumSpeed`.
///
/// Samples are kept in time order. A sample with the same timestamp as the
/// newest one replaces its position (the latest report wins); a sample older
/// than the newest one, or not finite, is ignored. So duplicate or
/// out-of-order timestamps never produce NaN or infinity.
public struct VelocityTracker: Sendable {
    /// One position report.
    struct Sample: Sendable, Hashable {
        var time: Millis
        var point: Point
    }

    /// How far back (ms, before the newest sample) samples take part (Flutter: 100 ms).
    public let horizon: Millis
    /// A longer gap (ms) between samples, or between the newest sample and the
    /// query, means the pointer stopped (Flutter's `kAssumePointerMoveStoppedMilliseconds`, 40).
    public let pauseThreshold: Millis
    /// Fewer samples than this give no estimate (Flutter: 3).
    public let minimumSamples: Int
    /// At most this many of the newest samples take part (Flutter: 20).
    public let historySize: Int
    /// The degree of the fitted polynomials (Flutter: 2).
    public let degree: Int
    /// The estimate's speed is clamped to this (px/s), keeping its direction
    /// (Flutter's `kMaxFlingVelocity`, 8000).
    public let maximumSpeed: Double

    /// Samples in increasing time order, at most `historySize`, none older than
    /// `horizon` before the newest, with no gap above `pauseThreshold` between neighbours.
    private(set) var samples: [Sample] = []

    public init(horizon: Millis = 100, pauseThreshold: Millis = 40, minimumSamples: Int = 3,
                historySize: Int = 20, degree: Int = 2, maximumSpeed: Double = 8000) {
        self.horizon = max(0, horizon)
        self.pauseThreshold = max(0, pauseThreshold)
        self.degree = max(1, degree)
        self.minimumSamples = max(self.degree + 1, minimumSamples)
        self.historySize = max(self.minimumSamples, historySize)
        self.maximumSpeed = max(0, maximumSpeed)
        samples.reserveCapacity(self.historySize + 1)
    }

    /// The number of samples currently held.
    public var sampleCount: Int { samples.count }

    /// Records the pointer at `point` at `time`.
    public mutating func add(_ point: Point, at time: Millis) {
        guard point.isFinite, time.isFinite else { return }
        if let newest = samples.last {
            if time == newest.time {
                samples[samples.count - 1].point = point
                return
            }
            if time < newest.time { return }
            if time - newest.time > pauseThreshold { samples.removeAll(keepingCapacity: true) }
        }
        samples.append(Sample(time: time, point: point))
        let cutoff = time - horizon
        let stale = samples.prefix(while: { $0.time < cutoff }).count
        let drop = max(stale, samples.count - historySize)
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The estimate as seen at `time` (typically the release time); nil when
    /// the pointer paused, too few samples took part, or the fit is degenerate.
    public func estimate(at time: Millis) -> VelocityEstimate? {
        estimate(at: time, confidence: true)
    }

    /// The estimate, with its confidence only when asked (velocity alone skips the R² sums).
    private func estimate(at time: Millis, confidence wantsConfidence: Bool) -> VelocityEstimate? {
        guard let newest = samples.last, samples.count >= minimumSamples,
              time.isFinite, time - newest.time <= pauseThreshold
        else { return nil }
        let m = samples.count, n = degree + 1
        // Times and positions relative to the newest sample, all weights 1; no heap memory.
        let fitted = withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * m + 2 * n) {
            buffer -> (slope: Point, confidence: Double)? in
            let t = buffer.baseAddress!, x = t + m, y = x + m, cx = y + m, cy = cx + n
            for (h, s) in samples.enumerated() {
                t[h] = s.time - newest.time
                x[h] = s.point.x - newest.point.x
                y[h] = s.point.y - newest.point.y
            }
            guard let r2 = PolynomialFit.solve(degree: degree, count: m, x: t, w: nil, y: x, into: cx, y2: y, into2: cy,
                                               confidence: wantsConfidence)
            else { return nil }
            return (Point(x: cx[1], y: cy[1]), r2.first * r2.second)
        }
        guard let fitted else { return nil }
        let confidence = fitted.confidence
        // Slopes are px/ms; report px/s.
        var v = fitted.slope * 1000
        guard v.isFinite, confidence.isFinite else { return nil }
        let speed = v.length
        if speed > maximumSpeed { v = v * (maximumSpeed / speed) }
        let oldest = samples[0]
        return VelocityEstimate(velocity: v, confidence: confidence, sampleCount: samples.count,
                                duration: newest.time - oldest.time, offset: newest.point - oldest.point)
    }

    /// The estimated velocity in px/s as seen at `time`; zero when there is no estimate.
    public func velocity(at time: Millis) -> Point {
        estimate(at: time, confidence: false)?.velocity ?? .zero
    }
}
