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

/// Which time a frame's lead sample ends at: its Present completion where the server showed it
/// as soon as it copied it (Xvfb, or any server without a vblank to wait for: the completion is
/// then the time the frame really reached the screen, the server's copy included), else the time
/// its requests were sent (a completion tied to a vblank would time the lead itself). A pure
/// value: the host notes each frame it sends and each completion it reads.
public struct LeadSamples: Sendable, Equatable {
    /// Frames sent and not completed that are remembered: a few frames in flight at most, so a
    /// server whose completions never come (or come on another clock) holds no more, frames.
    public static let capacity = 8
    /// A completion within this of the vblank its MSC names was shown at that vblank: a real
    /// CRTC stamps the vblank's own time, so the two agree to microseconds; a copy stamped when it
    /// ran falls there only by chance (about 1 frame in 80 at 60 Hz, then timed as sent), ms.
    public static let vblankTolerance: Millis = 0.2

    private struct Sent: Sendable, Equatable {
        var serial: UInt32
        var drawn: Millis
        var sent: Millis
    }
    private var pending: [Sent] = []

    public init() {}

    /// A frame began drawing at `drawn` and was sent at `sent` with Present serial `serial`.
    public mutating func sent(serial: UInt32, drawn: Millis, sent: Millis) {
        pending.removeAll { $0.serial == serial }
        if pending.count == LeadSamples.capacity { pending.removeFirst() }
        pending.append(Sent(serial: serial, drawn: drawn, sent: sent))
    }

    /// The frame `serial` completed at `shown` (MSC `msc`); `vblank` is the newest vblank's time
    /// and MSC, `interval` the refresh interval. Returns the frame's lead sample, or nil for a
    /// frame not noted (or already completed).
    public mutating func completed(serial: UInt32, shown: Millis, msc: UInt64,
                                   vblank: (time: Millis, msc: UInt64)?, interval: Millis) -> Millis? {
        guard let i = pending.firstIndex(where: { $0.serial == serial }) else { return nil }
        let frame = pending.remove(at: i)
        let atVblank = vblank.map { LeadSamples.isAtVblank(shown, msc: msc, vblank: $0, interval: interval) } ?? true
        return (atVblank ? frame.sent : shown) - frame.drawn
    }

    /// Whether a completion at `time` with `msc` lies on the vblank grid that `vblank` anchors.
    public static func isAtVblank(_ time: Millis, msc: UInt64, vblank: (time: Millis, msc: UInt64),
                                  interval: Millis) -> Bool {
        let expected = vblank.time + (Double(msc) - Double(vblank.msc)) * interval
        return abs(time - expected) <= vblankTolerance
    }
}
