/// The physical constants of a damped spring: `m x'' + c x' + k x = 0`.
public struct SpringDescription: Sendable, Hashable {
    /// Mass `m` of the moving object (must be positive).
    public var mass: Double
    /// Spring constant `k`, in N/m (or px/s² per px at unit mass).
    public var stiffness: Double
    /// Damping coefficient `c`.
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring whose damping is `ratio` times critical damping (`2 √(m k)`).
    ///
    /// `ratio` 1 is critically damped (fastest approach with no overshoot),
    /// below 1 oscillates, above 1 creeps in.
    public static func withDampingRatio(mass: Double = 1, stiffness: Double,
                                        ratio: Double = 1) -> SpringDescription {
        SpringDescription(mass: mass, stiffness: stiffness,
                          damping: ratio * 2 * (mass * stiffness).squareRoot())
    }

    /// The damping ratio `c / (2 √(m k))`: 1 is critical damping.
    public var dampingRatio: Double {
        let critical = 2 * (mass * stiffness).squareRoot()
        return critical > 0 ? damping / critical : .infinity
    }

    // Settle times below: a 100 px move from rest until within
    // `Tolerance.default` (0.1 px and 1 px/s) for good.

    /// Critically damped, stiffness 1800: settles in about 0.25 s. For small
    /// direct responses (wheel notches, snapping a drag into place).
    public static let snappy = withDampingRatio(stiffness: 1800, ratio: 1)

    /// Critically damped, stiffness 620: settles in about 0.41 s. The default
    /// for moving things into place (layout changes, programmatic scrolls).
    public static let smooth = withDampingRatio(stiffness: 620, ratio: 1)

    /// Damping ratio 0.75, stiffness 400: overshoots by about 3 % and settles
    /// in about 0.45 s. For playful drops.
    public static let bouncy = withDampingRatio(stiffness: 400, ratio: 0.75)
}
