/// A fling's decay that, on reaching a scroll bound, bounces there or stops.
///
/// The crossing time is solved in closed form (`DecaySimulation.time(toReach:)`),
/// and from that instant a spring to the bound takes over, seeded with the
/// decay's velocity at the crossing (capped), so the whole motion stays a pure
/// function of time whenever the host happens to tick.
struct EdgeBounceSimulation: RestingSimulation {
    let decay: DecaySimulation
    /// The bound the decay runs into, if it runs into one.
    let bound: Double?
    /// Seconds from the start to the crossing.
    let crossing: Double
    /// The spring after the crossing; nil stops dead at the bound.
    let bounce: SpringSimulation?

    /// Plans the motion of `decay` inside `lower...upper`.
    init(decay: DecaySimulation, lower: Double, upper: Double, bounces: Bool,
         spring: SpringDescription, maxBounceVelocity: Double) {
        self.decay = decay
        let rest = decay.restingPosition
        let edge: Double?
        if decay.velocity > 0, rest > upper {
            edge = upper
        } else if decay.velocity < 0, rest < lower {
            edge = lower
        } else {
            edge = nil
        }
        guard let edge else {
            bound = nil
            crossing = .infinity
            bounce = nil
            return
        }
        bound = edge
        crossing = decay.time(toReach: edge) ?? 0
        if bounces {
            let v = decay.dx(crossing)
            let capped = min(max(v, -maxBounceVelocity), maxBounceVelocity)
            bounce = SpringSimulation(spring: spring, start: edge, end: edge, velocity: capped)
        } else {
            bounce = nil
        }
    }

    /// True when the decay reaches a bound.
    var hitsBound: Bool { bound != nil }

    var restingPosition: Double { bound ?? decay.restingPosition }

    func x(_ t: Double) -> Double {
        guard let bound, t >= crossing else { return decay.x(t) }
        return bounce?.x(t - crossing) ?? bound
    }

    func dx(_ t: Double) -> Double {
        guard bound != nil, t >= crossing else { return decay.dx(t) }
        return bounce?.dx(t - crossing) ?? 0
    }

    func isDone(_ t: Double) -> Bool {
        guard bound != nil else { return decay.isDone(t) }
        guard t >= crossing else { return false }
        return bounce?.isDone(t - crossing) ?? true
    }
}
