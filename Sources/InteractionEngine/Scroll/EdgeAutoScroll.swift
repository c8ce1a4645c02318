/// Scrolling while a lifted item is held near an edge of the viewport (wallet and grid).
///
/// The speed grows smoothly with how deep the pointer is inside an edge zone:
/// zero at the zone's inner boundary, `maximumSpeed` at the edge and beyond,
/// following a quadratic ease-in (depth²), so entering a zone never jumps.
/// Speeds are in px per second: the distance scrolled depends on elapsed time,
/// never on the frame rate.
public struct EdgeAutoScroll: Hashable, Sendable {
    /// Depth of the zone at the start (top or left) edge, in px.
    public var leadingZone: Double
    /// Depth of the zone at the end (bottom or right) edge, in px.
    public var trailingZone: Double
    /// Speed at (or past) the edge, in px/s.
    public var maximumSpeed: Double

    /// 12 px per 60 Hz frame at the edge: the seed moved 10 px per frame in the
    /// simulator and 4 on a device; 720 px/s crosses a 200 px card in under 0.3 s.
    public static let defaultMaximumSpeed: Double = 720

    /// The wallet's zones: `WalletMetrics.autoScrollZone` at both edges, measured on the
    /// lifted card's leading edge (the seed's 100 / 200 px were both measured on its top edge).
    public static let wallet = EdgeAutoScroll(leadingZone: WalletMetrics.autoScrollZone,
                                              trailingZone: WalletMetrics.autoScrollZone,
                                              maximumSpeed: defaultMaximumSpeed)

    public init(leadingZone: Double, trailingZone: Double, maximumSpeed: Double = defaultMaximumSpeed) {
        self.leadingZone = leadingZone
        self.trailingZone = trailingZone
        self.maximumSpeed = maximumSpeed
    }

    /// The scroll velocity for a pointer at `position` along a viewport `length` long:
    /// negative towards the start, positive towards the end, 0 outside both zones.
    public func velocity(pointer position: Double, viewportLength length: Double) -> Double {
        guard position.isFinite, length > 0 else { return 0 }
        // In a viewport too small for both zones, each gets its share of the length.
        let total = leadingZone + trailingZone
        let scale = total > length ? length / total : 1
        let lead = leadingZone * scale, trail = trailingZone * scale
        if lead > 0 && position < lead {
            return -maximumSpeed * EdgeAutoScroll.ease((lead - position) / lead)
        }
        if trail > 0 && position > length - trail {
            return maximumSpeed * EdgeAutoScroll.ease((position - (length - trail)) / trail)
        }
        return 0
    }

    /// The new offset after `seconds` at the velocity for `position`, kept within `minOffset...maxOffset`.
    public func advance(offset: Double, pointer position: Double, viewportLength length: Double,
                        seconds: Double, minOffset: Double, maxOffset: Double) -> Double {
        let v = velocity(pointer: position, viewportLength: length)
        let next = offset + v * max(0, seconds)
        return min(max(next, minOffset), max(minOffset, maxOffset))
    }

    /// depth² for depth clamped to 0...1.
    static func ease(_ depth: Double) -> Double {
        let d = min(max(depth, 0), 1)
        return d * d
    }
}
