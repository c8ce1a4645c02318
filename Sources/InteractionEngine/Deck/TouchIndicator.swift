/// The "show taps" finger dot (`--show-taps`, the `K` key).
///
/// A translucent dot under the primary button while it is held: it grows in
/// when the button goes down, follows the pointer, and fades out (swelling a
/// little, like a finger lifting off) when the button comes up. It is drawn
/// into the display list, so it is in the window, in screenshots, in
/// `--frames` sequences and in videos alike. Like everything in the engine it
/// reads no clock: the times come from the inputs and from `render(at:)`.
public struct TouchIndicator: Sendable {
    /// The dot's tuning constants.
    public enum Metrics {
        /// Radius of a fully grown dot, px: half of the 44 pt minimum touch target of
        /// Apple's Human Interface Guidelines, so the dot reads as a fingertip.
        public static let radius: Double = 22
        /// The dot's radius at the moment of the press, as a share of `radius` (GestureDeck's choice).
        public static let pressedStartScale: Double = 0.55
        /// How long the dot takes to grow to full size, ms (GestureDeck's choice: about two frames
        /// at 60 Hz would be lost, a quarter second would lag behind a quick tap).
        public static let growDuration: Millis = 120
        /// How long the dot takes to fade out after the release, ms (GestureDeck's choice; the same
        /// order as UIKit's 0.25 s default animation).
        public static let fadeDuration: Millis = 250
        /// How much larger the dot is at the end of its fade, as a share of `radius` (GestureDeck's choice).
        public static let liftOffScale: Double = 1.25
        /// Fill of the dot: white at this opacity (GestureDeck's choice: visible on dark cards,
        /// still lets the content through).
        public static let fillAlpha: Double = 0.42
        /// The dot's white rim, px and opacity.
        public static let rimWidth: Double = 2
        public static let rimAlpha: Double = 0.9
        /// A thin dark outline outside the rim so the dot also shows on white, px and opacity.
        public static let outlineWidth: Double = 1
        public static let outlineAlpha: Double = 0.28
    }

    /// The press being shown: where the pointer is, when the button went down, and when it came up.
    struct Touch: Sendable, Equatable {
        var location: Point
        var pressedAt: Millis
        var releasedAt: Millis?
    }

    private(set) var touch: Touch?

    public init() {}

    /// Follows one input in window coordinates.
    public mutating func record(_ event: InputEvent) {
        switch event.kind {
        case .pointerDown(let p, .primary):
            touch = Touch(location: p, pressedAt: event.time, releasedAt: nil)
        case .pointerMove(let p):
            if touch?.releasedAt == nil { touch?.location = p }
        case .pointerUp(let p, .primary):
            if touch != nil, touch?.releasedAt == nil {
                touch?.location = p
                touch?.releasedAt = event.time
            }
        case .pointerCancel:
            if touch != nil, touch?.releasedAt == nil { touch?.releasedAt = event.time }
        default:
            break
        }
    }

    /// The dot's centre, radius and opacity at `time`; nil when nothing shows.
    public func dot(at time: Millis) -> (center: Point, radius: Double, alpha: Double)? {
        guard let touch else { return nil }
        let grown = Metrics.growDuration > 0 ? min(1, max(0, (time - touch.pressedAt) / Metrics.growDuration)) : 1
        // Ease out (cubic): quick at first, settling softly at full size.
        let growth = 1 - (1 - grown) * (1 - grown) * (1 - grown)
        var scale = Metrics.pressedStartScale + (1 - Metrics.pressedStartScale) * growth
        var alpha = 1.0
        if let released = touch.releasedAt {
            let faded = Metrics.fadeDuration > 0 ? min(1, max(0, (time - released) / Metrics.fadeDuration)) : 1
            guard faded < 1 else { return nil }
            alpha = 1 - faded
            scale *= 1 + (Metrics.liftOffScale - 1) * faded
        }
        return (touch.location, Metrics.radius * scale, alpha)
    }

    /// True while the dot grows or fades (the host then draws at the display rate).
    public func needsFrame(at time: Millis) -> Bool {
        guard let touch else { return false }
        if let released = touch.releasedAt { return time < released + Metrics.fadeDuration }
        return time < touch.pressedAt + Metrics.growDuration
    }

    /// Draws the dot as it is at `time` (nothing once it has faded).
    public func render(into list: inout DisplayList, at time: Millis) {
        guard let dot = dot(at: time) else { return }
        list.withOpacity(dot.alpha) { list in
            list.append(.strokeCircle(center: dot.center, radius: dot.radius + Metrics.rimWidth / 2 + Metrics.outlineWidth / 2,
                                      Color.black.withAlpha(Metrics.outlineAlpha), lineWidth: Metrics.outlineWidth))
            list.append(.fillCircle(center: dot.center, radius: dot.radius, .solid(Color.white.withAlpha(Metrics.fillAlpha))))
            list.append(.strokeCircle(center: dot.center, radius: dot.radius, Color.white.withAlpha(Metrics.rimAlpha),
                                      lineWidth: Metrics.rimWidth))
        }
    }
}
