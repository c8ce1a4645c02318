import InteractionEngine

/// How long before its vblank the window begins a frame (`FramePacer.lead`): a high quantile of
/// the recent frames' drawing-began-to-sent times (the host's own cost of a frame; not to its
/// Present completion, whose time is tied to the vblank it was shown at, so the lead would
/// measure itself and creep up to its cap), plus a margin, in whole milliseconds (poll() sleeps in whole ms, and a lead that moved by
/// fractions every frame would move the frames with it). A pure value: the host adds samples.
public struct DrawLead: Sendable, Equatable {
    /// The frames the estimate is taken over: half a second at 60 Hz, frames.
    public static let window = 32
    /// The quantile of those frames' drawing to sent that is waited for (issue 21 item 8: the
    /// p90, so one slow frame in ten is shown a little after its vblank rather than all of them
    /// far before it), a fraction.
    public static let quantile = 0.9
    /// Added to the quantile before rounding up: the wake-up's own lateness (poll() returns up to
    /// about half a millisecond after its timeout on an idle machine), ms.
    public static let margin: Millis = 0.5

    private var samples: [Millis] = []
    private var next = 0

    public init() {}

    /// A frame began drawing and its requests were sent `drawnToSent` ms later; a negative or non-finite
    /// time (a clock that is not the host's) is left out.
    public mutating func add(_ drawnToSent: Millis) {
        guard drawnToSent.isFinite, drawnToSent >= 0 else { return }
        if samples.count < DrawLead.window {
            samples.append(drawnToSent)
        } else {
            samples[next] = drawnToSent
        }
        next = (next + 1) % DrawLead.window
    }

    /// The lead, ms: 0 until a frame was sent.
    public var lead: Millis {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = min(sorted.count - 1, Int((DrawLead.quantile * Double(sorted.count)).rounded(.up)) - 1)
        return (sorted[max(0, rank)] + DrawLead.margin).rounded(.up)
    }
}
