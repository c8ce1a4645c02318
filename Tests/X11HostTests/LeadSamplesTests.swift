import InteractionEngine
import Testing
@testable import X11Host

/// Where a frame's lead sample ends: its completion where the server shows a frame as soon as it
/// copies it, the time it was sent where the completion is a vblank's (issue 21 item 8).
@Suite struct LeadSamplesTests {
    let interval = 1000.0 / 60
    let vblank: (time: Millis, msc: UInt64) = (1000, 60)

    /// A completion off the vblank grid (stamped when the copy ran) times the lead to it; one
    /// within `vblankTolerance` of its MSC's vblank times it to the requests sent.
    @Test func completionsOnTheVblankGridAreTimedToSent() {
        let delta = LeadSamples.vblankTolerance / 4
        let msc: UInt64 = 63
        let gridTime = vblank.time + 3 * interval
        for (offset, atVblank) in [(LeadSamples.vblankTolerance - delta, true), (LeadSamples.vblankTolerance + delta, false),
                                   (-(LeadSamples.vblankTolerance - delta), true), (-(LeadSamples.vblankTolerance + delta), false)] {
            var samples = LeadSamples()
            let drawn = gridTime - 6, sent = gridTime - 4
            samples.sent(serial: 7, drawn: drawn, sent: sent)
            let sample = samples.completed(serial: 7, shown: gridTime + offset, msc: msc, vblank: vblank, interval: interval)
            let expected = atVblank ? sent - drawn : gridTime + offset - drawn
            #expect(sample.map { abs($0 - expected) < 1e-9 } == true, "offset \(offset): sample \(String(describing: sample))")
        }
    }

    /// Without a vblank to compare with, a completion may be a vblank's: timed to sent.
    @Test func withoutAVblankTheSampleIsToSent() {
        var samples = LeadSamples()
        samples.sent(serial: 1, drawn: 10, sent: 13)
        #expect(samples.completed(serial: 1, shown: 21.37, msc: 5, vblank: nil, interval: interval) == 3)
    }

    /// A frame completes once; a serial never sent gives no sample.
    @Test func eachFrameGivesOneSample() {
        var samples = LeadSamples()
        samples.sent(serial: 2, drawn: 10, sent: 12)
        #expect(samples.completed(serial: 3, shown: 15.5, msc: 1, vblank: vblank, interval: interval) == nil)
        #expect(samples.completed(serial: 2, shown: 15.5, msc: 1, vblank: vblank, interval: interval) != nil)
        #expect(samples.completed(serial: 2, shown: 15.5, msc: 1, vblank: vblank, interval: interval) == nil)
    }

    /// At most `capacity` frames wait for their completion: the oldest is forgotten past that.
    @Test func capacityStraddled() {
        for (sends, remembered) in [(LeadSamples.capacity, true), (LeadSamples.capacity + 1, false)] {
            var samples = LeadSamples()
            for serial in 0..<sends { samples.sent(serial: UInt32(serial), drawn: 10, sent: 12) }
            let first = samples.completed(serial: 0, shown: 15.5, msc: 1, vblank: vblank, interval: interval)
            #expect((first != nil) == remembered, "\(sends) frames sent: the first \(first == nil ? "forgotten" : "kept")")
        }
    }
}
