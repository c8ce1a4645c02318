/// A one-axis scroll model in the manner of UIScrollView: drag with rubber-band
/// edges, fling with a predictable decay, bounce, snap, wheel.
///
/// The offset is the content position at the viewport's leading edge
/// (0 = start of content). All state is a pure function of the inputs and
/// their timestamps; the model never reads a clock. Use two for 2-D scrolling.
public struct ScrollAxis: Sendable {
    /// Maps a projected resting offset and the release velocity (px/s, offset
    /// direction) to the offset to rest at.
    public typealias Snap = @Sendable (_ projected: Double, _ velocity: Double) -> Double

    // MARK: Tuning

    /// The spring that brings an overscrolled offset back to its bound.
    /// Critically damped, so it never oscillates around the edge.
    public static let bounceSpring = SpringDescription.withDampingRatio(stiffness: 300, ratio: 1)
    /// The largest velocity (px/s) carried into a bounce: it limits how far a
    /// bounce overshoots (at most v / (e·√k), about 85 px).
    public static let maxBounceVelocity = 4000.0
    /// The spring used to reach a snap point when no decay rate fits.
    public static let snapSpring = SpringDescription.smooth
    /// How wheel notches animate.
    public static let wheelAnimation = AnimationSpec.spring(.snappy)
    /// How long smooth (pixel) wheel input must pause before snapping.
    public static let smoothWheelSnapDelay: Millis = 150
    /// With `settleSpring`, a release lands on its snap point as a pure exponential
    /// slow-down (a critically damped spring whose natural resting point is the target)
    /// when that needs a rate within this multiple of the spring's own; outside it the
    /// spring itself carries the release velocity to the target.
    public static let settleRateBand: ClosedRange<Double> = 0.8...2.0

    // MARK: Configuration

    /// Visible length along the axis, in px.
    public var viewportLength: Double
    /// Length of the content along the axis, in px.
    public var contentLength: Double
    /// Extra room before the content (lets the first item reach the centre).
    public var leadingInset: Double
    /// Extra room after the content.
    public var trailingInset: Double
    /// Whether the content may be pulled past its bounds and bounce back.
    public var bounces: Bool
    /// Fraction of velocity kept per millisecond of a fling.
    public var decelerationRate: Double
    /// Pixels per wheel notch.
    public var wheelStep: Double
    /// Chooses resting offsets; nil scrolls freely.
    public var snap: Snap?
    /// When true, animated scrolls jump to where they would end.
    public var reduceMotion: Bool = false
    /// The edge resistance's c in (1 - 1/(x c/d + 1)) d (UIKit 0.55; tunable `scroll.rubberBand`).
    public var rubberBandCoefficient: Double = RubberBand.defaultCoefficient
    /// The spring back from past an edge (tunable `scroll.bounce`).
    public var bounceSpring: SpringDescription = ScrollAxis.bounceSpring
    /// The spring onto a snap point (tunable `scroll.snap`).
    public var snapSpring: SpringDescription = ScrollAxis.snapSpring
    /// With `snap`: a release projects its resting point and reaches the snap point on
    /// this critically damped spring, carrying the release velocity, instead of on a
    /// UIKit-rate decay (whose tail takes seconds). Nil keeps the decay.
    public var settleSpring: SpringDescription?

    // MARK: State

    /// True between `beginDrag` and `endDrag` (or `stop`).
    public private(set) var isDragging = false
    private var position = AnimatedValue(0)
    /// The unbanded offset at `beginDrag`: a drag moves it 1:1.
    private var dragOrigin = 0.0
    /// When smooth wheel input last moved the offset (cleared once snapped).
    private var lastSmoothWheel: Millis?
    /// What started the current motion.
    private var motion: MotionKind = .rest

    /// What the offset is doing, as far as anything asks: wheel notches add onto a wheel
    /// animation, and only a fling can be carried past an edge into a spring-back.
    private enum MotionKind: Sendable {
        case rest, wheel, fling, other
    }

    public init(viewportLength: Double = 0, contentLength: Double = 0,
                leadingInset: Double = 0, trailingInset: Double = 0,
                bounces: Bool = true, decelerationRate: Double = DecaySimulation.normalRate,
                wheelStep: Double = 60, snap: Snap? = nil) {
        self.viewportLength = viewportLength
        self.contentLength = contentLength
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.bounces = bounces
        self.decelerationRate = decelerationRate
        self.wheelStep = wheelStep
        self.snap = snap
        position = AnimatedValue(minOffset)
    }

    /// A snap that rests on `origin + n · pitch`, the multiple nearest the projection.
    public static func snapToMultiples(of pitch: Double, origin: Double = 0) -> Snap {
        { projected, _ in
            guard pitch > 0, pitch.isFinite else { return projected }
            return origin + ((projected - origin) / pitch).rounded() * pitch
        }
    }

    // MARK: Bounds

    /// The smallest resting offset: `-leadingInset`.
    public var minOffset: Double { -Self.finite(leadingInset) }

    /// The largest resting offset: `contentLength + trailingInset - viewportLength`,
    /// never below `minOffset`.
    public var maxOffset: Double {
        let end = Self.finite(contentLength) + Self.finite(trailingInset) - Self.finite(viewportLength)
        return max(minOffset, end)
    }

    /// `offset` limited to `minOffset...maxOffset`.
    public func clamped(_ offset: Double) -> Double {
        guard offset.isFinite else { return minOffset }
        return min(max(offset, minOffset), maxOffset)
    }

    // MARK: Reading

    /// The offset at `time`.
    public func offset(at time: Millis) -> Double { position.value(at: time) }

    /// The offset's velocity at `time`, in px/s (0 while dragging).
    public func velocity(at time: Millis) -> Double { position.velocity(at: time) }

    /// True while the offset moves on its own, or a snap after smooth wheel
    /// input is still due (the host should keep ticking).
    public func isAnimating(at time: Millis) -> Bool {
        position.isAnimating(at: time) || (snap != nil && lastSmoothWheel != nil && !isDragging)
    }

    /// How far the offset is past its bounds: negative before the start,
    /// positive after the end, 0 inside.
    public func overscroll(at time: Millis) -> Double {
        let x = offset(at: time)
        if x < minOffset { return x - minOffset }
        if x > maxOffset { return x - maxOffset }
        return 0
    }

    /// Where the current motion will come to rest.
    public func projectedRestingOffset(at time: Millis) -> Double {
        if isDragging { return offset(at: time) }
        if position.isAnimating(at: time) { return position.target }
        if let snap, lastSmoothWheel != nil { return clamped(snap(offset(at: time), 0)) }
        return offset(at: time)
    }

    // MARK: Dragging

    /// Starts a drag, catching any motion where it is at `time`.
    public mutating func beginDrag(at time: Millis) {
        let x = offset(at: time)
        position.set(x)
        isDragging = true
        motion = .other
        lastSmoothWheel = nil
        let d = viewportLength
        if x < minOffset {
            dragOrigin = minOffset - RubberBand.inverse(minOffset - x, dimension: d, coefficient: rubberBandCoefficient)
        } else if x > maxOffset {
            dragOrigin = maxOffset + RubberBand.inverse(x - maxOffset, dimension: d, coefficient: rubberBandCoefficient)
        } else {
            dragOrigin = x
        }
    }

    /// Follows the pointer: `translation` is its total displacement along the
    /// axis since `beginDrag` (positive = down/right, which lowers the offset).
    public mutating func drag(translation: Double, at time: Millis) {
        guard isDragging, translation.isFinite else { return }
        position.set(banded(dragOrigin - translation))
    }

    /// Ends a drag; `velocity` is the pointer's, in px/s (the offset moves at
    /// `-velocity`). Springs back, snaps, or flings, as configured.
    public mutating func endDrag(velocity: Double, at time: Millis) {
        guard isDragging else { return }
        isDragging = false
        release(from: offset(at: time), velocity: velocity.isFinite ? -velocity : 0, at: time)
    }

    // MARK: Wheel

    /// Scrolls by whole wheel notches (positive towards the end), animated.
    /// Notches arriving while earlier ones animate add onto their target.
    public mutating func wheel(steps: Int, at time: Millis) {
        guard steps != 0, !isDragging, wheelStep.isFinite else { return }
        let continuing = motion == .wheel && position.isAnimating(at: time)
        let base = continuing ? position.target : clamped(offset(at: time))
        let step = Double(steps) * wheelStep
        var target = clamped(base + step)
        if let snap {
            // Move on by whole notches until the snap leaves `base` behind (or a bound stops it).
            var notches = 1.0
            var candidate = clamped(snap(target, 0))
            while (step > 0 ? candidate <= base : candidate >= base), notches < 64,
                  target > minOffset, target < maxOffset {
                notches += 1
                target = clamped(base + step * notches)
                candidate = clamped(snap(target, 0))
            }
            target = candidate
        }
        lastSmoothWheel = nil
        move(to: target, at: time, spec: Self.wheelAnimation, kind: .wheel,
             initialVelocity: continuing ? nil : 0)
    }

    /// Scrolls by smooth wheel pixels at once (positive towards the end),
    /// clamped to the bounds; with `snap`, `tick` snaps once input pauses.
    public mutating func wheel(pixels: Double, at time: Millis) {
        guard !isDragging, pixels.isFinite else { return }
        position.set(clamped(offset(at: time) + pixels))
        motion = .rest
        lastSmoothWheel = time
    }

    // MARK: Programmatic

    /// Scrolls to `offset` (clamped to the bounds), animated or not.
    public mutating func scroll(to offset: Double, at time: Millis, animated: Bool,
                                spec: AnimationSpec = .spring(.smooth)) {
        isDragging = false
        lastSmoothWheel = nil
        let target = clamped(offset)
        if animated {
            move(to: target, at: time, spec: spec, kind: .other, initialVelocity: nil)
        } else {
            position.set(target)
            motion = .rest
        }
    }

    /// Freezes the offset where it is at `time` (ending any drag).
    /// A frozen overscroll springs back at the next `tick`.
    public mutating func stop(at time: Millis) {
        position.set(offset(at: time))
        isDragging = false
        motion = .rest
        lastSmoothWheel = nil
    }

    /// Changes the content and viewport lengths, keeping the offset valid.
    public mutating func setContent(length: Double, viewport: Double, at time: Millis) {
        contentLength = length
        viewportLength = viewport
        clampIfNeeded(at: time)
    }

    /// After the bounds changed: animates back inside if the offset (or the
    /// current motion's destination) lies outside them.
    public mutating func clampIfNeeded(at time: Millis) {
        guard !isDragging else { return }
        let x = offset(at: time)
        guard position.isAnimating(at: time) else {
            if x != clamped(x) { springBack(from: x, velocity: 0, at: time) }
            return
        }
        if motion == .fling {
            // The planned bounce used the old bounds: plan again from here.
            release(from: x, velocity: velocity(at: time), at: time)
        } else if position.target != clamped(position.target) {
            move(to: clamped(position.target), at: time, spec: .spring(bounceSpring),
                 kind: .other, initialVelocity: nil)
        }
    }

    // MARK: Frames

    /// Advances to `time`: snaps finished motion to its exact end, snaps after
    /// smooth wheel input pauses, and brings a resting overscroll back in.
    public mutating func tick(at time: Millis) {
        if position.settle(at: time) { motion = .rest }
        guard !isDragging, !position.isAnimating(at: time) else { return }
        if let last = lastSmoothWheel {
            guard let snap else {
                lastSmoothWheel = nil
                return
            }
            guard time - last >= Self.smoothWheelSnapDelay else { return }
            lastSmoothWheel = nil
            let x = offset(at: time)
            move(to: clamped(snap(x, 0)), at: time, spec: .spring(.smooth), kind: .other,
                 initialVelocity: 0)
            return
        }
        let x = offset(at: time)
        if x != clamped(x) { springBack(from: x, velocity: 0, at: time) }
    }

    // MARK: Private

    /// The offset a drag shows for an unbanded offset `raw`.
    private func banded(_ raw: Double) -> Double {
        if raw < minOffset {
            return bounces ? minOffset - RubberBand.offset(minOffset - raw, dimension: viewportLength, coefficient: rubberBandCoefficient) : minOffset
        }
        if raw > maxOffset {
            return bounces ? maxOffset + RubberBand.offset(raw - maxOffset, dimension: viewportLength, coefficient: rubberBandCoefficient) : maxOffset
        }
        return raw
    }

    /// Chooses and starts the motion after a release at `x` with offset velocity `v`.
    private mutating func release(from x: Double, velocity v: Double, at time: Millis) {
        let rate = (decelerationRate > 0 && decelerationRate < 1) ? decelerationRate : DecaySimulation.normalRate
        let free = DecaySimulation(start: x, velocity: v, rate: rate)
        let lo = minOffset, hi = maxOffset

        if x < lo || x > hi {
            // Thrown back in hard enough to travel past the bound: treat as a fling.
            let inward = x < lo ? v > 0 : v < 0
            let passes = x < lo ? free.restingPosition > lo : free.restingPosition < hi
            if !(inward && passes) {
                springBack(from: x, velocity: v, at: time)
                return
            }
        }

        if let snap, let spring = settleSpring {
            settle(from: x, velocity: v, snap: snap, spring: spring, at: time)
            return
        }

        if let snap {
            let target = clamped(snap(free.restingPosition, v))
            if let landing = DecaySimulation(start: x, velocity: v, landingAt: target) {
                start(landing, at: time, kind: .other)
            } else {
                let carried = min(max(v, -Self.maxBounceVelocity), Self.maxBounceVelocity)
                move(to: target, at: time, spec: .spring(snapSpring), kind: .other,
                     initialVelocity: carried)
            }
            return
        }

        if free.isDone(0) {
            position.set(x)
            motion = .rest
            return
        }
        let fling = EdgeBounceSimulation(decay: free, lower: lo, upper: hi, bounces: bounces,
                                         spring: bounceSpring,
                                         maxBounceVelocity: Self.maxBounceVelocity)
        start(fling, at: time, kind: .fling)
    }

    /// A release at `x` with offset velocity `v` onto the snap point nearest the
    /// spring's natural resting point `x + v/ω` (ω = √(k/m)). When the target asks for
    /// a rate within `settleRateBand` of ω, a critically damped spring of that rate
    /// lands on it exactly, slowing down all the way (no overshoot); otherwise `spring`
    /// carries the velocity there.
    private mutating func settle(from x: Double, velocity v: Double, snap: Snap, spring: SpringDescription,
                                 at time: Millis) {
        let omega0 = (spring.stiffness / spring.mass).squareRoot()
        let target = clamped(snap(clamped(x + v / omega0), v))
        let distance = target - x
        let omega = distance != 0 ? v / distance : 0
        let carried = min(max(v, -Self.maxBounceVelocity), Self.maxBounceVelocity)
        if omega >= omega0 * Self.settleRateBand.lowerBound, omega <= omega0 * Self.settleRateBand.upperBound {
            let landing = SpringDescription.withDampingRatio(mass: spring.mass, stiffness: spring.mass * omega * omega)
            move(to: target, at: time, spec: .spring(landing), kind: .other, initialVelocity: v)
        } else {
            move(to: target, at: time, spec: .spring(spring), kind: .other, initialVelocity: carried)
        }
    }

    /// Springs from an overscrolled `x` back to the nearest bound (or the snap
    /// point nearest it), carrying a capped velocity.
    private mutating func springBack(from x: Double, velocity v: Double, at time: Millis) {
        var target = clamped(x)
        if let snap { target = clamped(snap(target, 0)) }
        let carried = min(max(v, -Self.maxBounceVelocity), Self.maxBounceVelocity)
        position.set(x)
        move(to: target, at: time, spec: .spring(bounceSpring), kind: .other,
             initialVelocity: carried)
    }

    /// Animates to `target`, or jumps there under reduce motion.
    private mutating func move(to target: Double, at time: Millis, spec: AnimationSpec,
                               kind: MotionKind, initialVelocity: Double?) {
        position.animate(to: target, at: time, spec: spec, reduceMotion: reduceMotion,
                         initialVelocity: initialVelocity)
        motion = position.isAnimating(at: time) ? kind : .rest
        if motion == .rest { _ = position.settle(at: time) }
    }

    /// Runs `simulation` from `time`, or jumps to its end under reduce motion.
    private mutating func start(_ simulation: any RestingSimulation, at time: Millis, kind: MotionKind) {
        if reduceMotion {
            position.set(simulation.restingPosition)
            motion = .rest
            return
        }
        position.run(simulation, at: time)
        motion = kind
        if !position.isAnimating(at: time) {
            _ = position.settle(at: time)
            motion = .rest
        }
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
