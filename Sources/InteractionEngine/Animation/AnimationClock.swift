/// Slow motion: the one mapping from host time to animation time.
///
/// Everything the engine receives is stamped in host time: pointer samples (so a
/// velocity is always measured in real px/s), hold deadlines, double-click windows,
/// notices. Only what *moves by itself* runs on animation time: every simulation
/// behind `AnimatedValue` (springs, decays, timing curves, edge bounces) and the
/// edge auto-scroll. At rate 1/4 animation time advances a quarter of a millisecond
/// per host millisecond, so a 0.25 s lift takes 1 s to watch, while a flick made
/// meanwhile starts its decay with the velocity the hand really had: it travels
/// as far as at full speed, only four times slower.
///
/// The mapping is piecewise linear and remembers every change of rate, so an
/// animation that started before a change keeps its position (no jump) and a
/// replay that presses `S` at the same moments reaches the same frames. At rate 1
/// from the start, animation time is host time exactly (bit for bit): nothing
/// changes for a deck that never slows down.
///
/// The deck binds its clock as a task-local around everything it forwards to a
/// scene (`Deck.withAnimationClock`), the way it binds the palette; scenes stay
/// unaware of it and keep passing host times.
public struct AnimationClock: Sendable, Equatable {
    /// From `hostStart` on (until the next segment) animation time is
    /// `animationStart + (host - hostStart) * rate`.
    public struct Segment: Sendable, Equatable {
        public var hostStart: Millis
        public var animationStart: Millis
        public var rate: Double
    }

    /// Every rate in force so far, oldest first (never empty).
    public private(set) var segments = [Segment(hostStart: 0, animationStart: 0, rate: 1)]

    public init() {}

    /// The rate now in force: animation ms per host ms (1 is real time, 0.25 is 1/4 speed).
    public var rate: Double { segments[segments.count - 1].rate }

    /// The animation time at host time `host`.
    public func animationTime(at host: Millis) -> Millis {
        // The newest segment starting at or before `host` (almost always the last one).
        var index = segments.count - 1
        while index > 0 && segments[index].hostStart > host { index -= 1 }
        let segment = segments[index]
        if segment.rate == 1 && segment.hostStart == segment.animationStart { return host }
        return segment.animationStart + (host - segment.hostStart) * segment.rate
    }

    /// Animation seconds elapsed between two host times (0 when `to` is not later).
    public func seconds(from start: Millis, to end: Millis) -> Double {
        max(0, animationTime(at: end) - animationTime(at: start)) / 1000
    }

    /// From host time `host` on, animation time advances at `rate` (clamped to 0.01...1;
    /// a non-finite rate is ignored).
    public mutating func setRate(_ rate: Double, at host: Millis) {
        guard rate.isFinite, host.isFinite else { return }
        let clamped = min(max(rate, AnimationClock.slowestRate), 1)
        guard clamped != self.rate else { return }
        let start = max(host, segments[segments.count - 1].hostStart)
        let segment = Segment(hostStart: start, animationStart: animationTime(at: start), rate: clamped)
        if segments[segments.count - 1].hostStart == start && segments.count > 1 {
            segments[segments.count - 1] = segment
        } else {
            segments.append(segment)
        }
    }

    /// The slowest rate accepted: 1/100 (a 0.25 s lift over 25 s).
    public static let slowestRate = 0.01

    /// The clock animations read: the deck's while it forwards input and time to a scene,
    /// real time elsewhere (a scene driven directly, as in unit tests).
    @TaskLocal public static var current = AnimationClock()
}
