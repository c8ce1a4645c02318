import InteractionEngine

/// Maps X server timestamps onto the host's monotonic timeline.
///
/// The X server stamps input in milliseconds from its own clock (32 bits,
/// wrapping every 49.7 days); frames are paced from CLOCK_MONOTONIC. Input
/// keeps the server's spacing (so velocities are real) while never landing in
/// the future of the frame clock or going backwards.
public struct ServerClock: Sendable {
    private var offset: Double?
    private var lastMapped: Millis = -.infinity
    /// The server time of the last event mapped, ms (the frame log's input times).
    public private(set) var lastServerTime: UInt = 0
    /// A server time more than this far behind the host means the clocks drifted or wrapped: resync.
    public static let maximumLag: Millis = 2000

    public init() {}

    /// The host time of an event stamped `serverTime`, observed at host time `now`.
    public mutating func map(_ serverTime: UInt, now: Millis) -> Millis {
        let t = Double(serverTime & 0xFFFF_FFFF)
        lastServerTime = serverTime
        if offset == nil { offset = now - t }
        var mapped = t + offset!
        if mapped > now || mapped < now - ServerClock.maximumLag {
            offset = now - t
            mapped = now
        }
        mapped = max(mapped, lastMapped)
        lastMapped = mapped
        return mapped
    }
}
