/// Estimates a pointer's velocity from its recent positions.
///
/// The estimate is a least-squares straight line through position against time,
/// fitted separately for x and y, over the samples of the last `window`
/// milliseconds before the newest one (the shape of Flutter's
/// `VelocityTracker`, with a first-degree fit). A pause longer than
/// `pauseThreshold` resets the history: only samples after the pause count, and
/// a pause right before the query (a pointer that stopped before release)
/// yields zero, so a finger that comes to rest does not fling.
///
/// Samples are kept in time order. A sample with the same timestamp as the
/// newest one replaces its position (the latest report wins); a sample older
/// than the newest one is ignored. Non-finite samples are ignored. So duplicate
/// or out-of-order timestamps never produce NaN or infinity.
public struct VelocityTracker: Sendable {
    /// One position report.
    struct Sample: Sendable, Hashable {
        var time: Millis
        var point: Point
    }

    /// How far back (ms, before the newest sample) samples take part in the fit.
    public let window: Millis
    /// A gap longer than this (ms) between samples, or between the newest sample
    /// and the query time, discards everything before it.
    public let pauseThreshold: Millis
    /// Fewer samples than this in the fit give zero velocity.
    public let minimumSamples: Int
    /// The estimate's magnitude is clamped to this (px/s), keeping its direction.
    public let maximumSpeed: Double

    /// An upper bound on stored samples, so a flood of reports stays cheap.
    static let sampleCapacity = 256

    /// Samples in increasing time order, none older than `window` before the
    /// newest, with no gap above `pauseThreshold` between neighbours.
    private(set) var samples: [Sample] = []

    public init(window: Millis = 100, pauseThreshold: Millis = 40,
                minimumSamples: Int = 3, maximumSpeed: Double = 8000) {
        self.window = max(0, window)
        self.pauseThreshold = max(0, pauseThreshold)
        self.minimumSamples = max(2, minimumSamples)
        self.maximumSpeed = max(0, maximumSpeed)
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
        let cutoff = time - window
        let stale = samples.prefix(while: { $0.time < cutoff }).count
        let excess = samples.count - Self.sampleCapacity
        let drop = max(stale, excess)
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// Forgets every sample.
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The estimated velocity in px/s as seen at `time` (typically the release time).
    ///
    /// Zero when fewer than `minimumSamples` samples are in the window, or when
    /// `time` is more than `pauseThreshold` after the newest sample.
    public func velocity(at time: Millis) -> Point {
        guard let newest = samples.last, samples.count >= minimumSamples,
              time.isFinite, time - newest.time <= pauseThreshold
        else { return .zero }
        // Times relative to the newest sample keep the sums well conditioned.
        let n = Double(samples.count)
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for s in samples {
            meanT += s.time - newest.time
            meanX += s.point.x
            meanY += s.point.y
        }
        meanT /= n; meanX /= n; meanY /= n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let dt = s.time - newest.time - meanT
            stt += dt * dt
            stx += dt * (s.point.x - meanX)
            sty += dt * (s.point.y - meanY)
        }
        guard stt > 0 else { return .zero }
        // Slopes are px/ms; report px/s.
        let v = Point(x: stx / stt * 1000, y: sty / stt * 1000)
        guard v.isFinite else { return .zero }
        let speed = v.length
        guard speed > maximumSpeed, speed > 0 else { return v }
        return v * (maximumSpeed / speed)
    }
}
