import InteractionEngine
import Testing
@testable import X11Host

/// Frame pacing (issue 21 item 8): the refresh rate from a mode's timings, and the decision of
/// when to draw, a pure function of the time passed in.
@Suite struct DisplayPacingTests {
    /// 1920x1080 timings (CEA-861 and CVT reduced blanking) at 59.94, 60, 120 and 144 Hz.
    static let modes: [(hz: Double, mode: OutputRefresh.ModeTimings)] = [
        (59.94, .init(dotClock: 148_351_648, hTotal: 2200, vTotal: 1125)),
        (60, .init(dotClock: 148_500_000, hTotal: 2200, vTotal: 1125)),
        (120, .init(dotClock: 297_000_000, hTotal: 2200, vTotal: 1125)),
        (144, .init(dotClock: 324_000_000, hTotal: 2000, vTotal: 1125)),
    ]

    @Test func refreshRateFromModeTimings() throws {
        let delta = 0.005
        for (hz, mode) in Self.modes {
            let rate = try #require(mode.hz, "\(mode)")
            #expect(rate > hz - delta && rate < hz + delta, "\(mode): \(rate) Hz, expected \(hz)")
        }
        // 59.94 and 60 are told apart (their difference is 12 times `delta`).
        #expect(abs(Self.modes[0].mode.hz! - Self.modes[1].mode.hz!) > 10 * delta)
        // Interlaced modes show two fields per frame; double-scan ones each line twice.
        let base = Self.modes[1].mode
        var interlaced = base
        interlaced.interlaced = true
        #expect(interlaced.hz == base.hz! * 2)
        var doubled = Self.modes[2].mode
        doubled.doubleScan = true
        #expect(doubled.hz == Self.modes[2].mode.hz! / 2)
    }

    @Test func modesWithoutTimingsFallBackToSixtyHertz() {
        // Xvfb's modes have a dot clock of 0.
        #expect(OutputRefresh.ModeTimings(dotClock: 0, hTotal: 0, vTotal: 0).hz == nil)
        #expect(OutputRefresh.ModeTimings(dotClock: 148_500_000, hTotal: 0, vTotal: 1125).hz == nil)
        // A broken mode line (1 MHz over 2200x1125 is 0.4 Hz) is not a rate either.
        #expect(OutputRefresh.ModeTimings(dotClock: 1_000_000, hTotal: 2200, vTotal: 1125).hz == nil)
        #expect(OutputRefresh.interval(hz: nil) == 1000 / OutputRefresh.fallbackHz)
        #expect(OutputRefresh.rate(window: .init(x: 0, y: 0, width: 100, height: 100), crtcs: []) == nil)
    }

    @Test func theOutputHoldingMostOfTheWindowSetsTheRate() {
        let left = (area: OutputRefresh.Area(x: 0, y: 0, width: 1920, height: 1080), mode: Self.modes[1].mode)
        let right = (area: OutputRefresh.Area(x: 1920, y: 0, width: 1920, height: 1080), mode: Self.modes[3].mode)
        // 1000 px wide: 300 on the left output, 700 on the right one.
        let straddling = OutputRefresh.Area(x: 1620, y: 100, width: 1000, height: 500)
        #expect(OutputRefresh.rate(window: straddling, crtcs: [left, right]) == Self.modes[3].mode.hz)
        let mostlyLeft = OutputRefresh.Area(x: 1220, y: 100, width: 1000, height: 500)
        #expect(OutputRefresh.rate(window: mostlyLeft, crtcs: [left, right]) == Self.modes[1].mode.hz)
        // Off every output: the first one's rate.
        let off = OutputRefresh.Area(x: 5000, y: 5000, width: 10, height: 10)
        #expect(OutputRefresh.rate(window: off, crtcs: [right, left]) == Self.modes[3].mode.hz)
        // A 144 Hz output runs the frames 6.94 ms apart.
        #expect(abs(OutputRefresh.interval(hz: Self.modes[3].mode.hz) - 1000 / 144) < 0.01)
    }

    @Test func inputMoreThanHalfAnIntervalAfterTheLastFrameDrawsAtOnce() {
        for interval in [1000.0 / 60, 1000.0 / 120, 1000.0 / 144] {
            // The display's vblanks at 0, interval, 2 interval...; the last frame drawn 1.5 ms before one.
            var pacer = FramePacer(interval: interval, vblank: 0)
            #expect(pacer.decide(now: 0, input: true) == .draw(early: false), "the first frame is drawn at once")
            let last = 10 * interval - 1.5
            pacer.frameDrawn(at: last, early: false)
            let half = last + FramePacer.earlyInputAge * interval, delta = interval / 20
            #expect(pacer.decide(now: half + delta, input: true) == .draw(early: true))
            // Sooner, it waits for the slot: the first vblank at least `slotLead` after the last frame.
            #expect(pacer.decide(now: half - delta, input: true) == .wait(until: 11 * interval - FramePacer.slack))
            // An animation step waits for the slot even after half an interval.
            #expect(pacer.decide(now: half + delta, input: false) == .wait(until: 11 * interval - FramePacer.slack))
            #expect(pacer.decide(now: 11 * interval - FramePacer.slack, input: false) == .draw(early: false))
            // A refresh period that already has a frame waits for the next one, however old the frame.
            pacer.frameDrawn(at: 10 * interval + 1, early: false)
            #expect(pacer.decide(now: 10 * interval + 1 + FramePacer.earlyInputAge * interval + delta, input: true)
                    == .wait(until: 11 * interval - FramePacer.slack))
        }
    }

    /// A drag's motion every 5 ms for a second: one frame per refresh, on the slots, whether
    /// the vblank phase is known or not; the first motion after the pause is drawn at once.
    @Test func streamingInputDrawsOneFramePerRefresh() {
        for interval in [1000.0 / 60, 1000.0 / 144] {
            for vblank in [nil, 3.0] {
                var pacer = FramePacer(interval: interval, vblank: vblank)
                pacer.frameDrawn(at: -500, early: false)  // the last frame before a pause
                var frames: [Millis] = []
                var pending = false
                for ms in 0..<1000 {
                    let now = Millis(ms)
                    if ms % 5 == 0 { pending = true }
                    guard pending, case .draw(let early) = pacer.decide(now: now, input: true) else { continue }
                    pacer.frameDrawn(at: now, early: early)
                    frames.append(now)
                    pending = false
                }
                #expect(frames.first == 0, "the first motion after a pause waits for nothing")
                let expected = 1000 / interval
                #expect(Double(frames.count) > expected - 2 && Double(frames.count) < expected + 2,
                        "\(frames.count) frames in 1 s at \(interval) ms (vblank \(String(describing: vblank)))")
                let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
                #expect(gaps.allSatisfy { $0 > FramePacer.slotLead * interval }, "frames closer than slotLead: \(gaps)")
            }
        }
    }

    @Test func slotsFollowTheVblankGridOnceItsPhaseIsKnown() {
        let interval = 1000.0 / 60
        var pacer = FramePacer(interval: interval, vblank: 1000)
        // A frame drawn 3 ms after a vblank: the next slot is the following vblank.
        pacer.frameDrawn(at: 1000 + 5 * interval + 3, early: false)
        #expect(pacer.nextSlot == 1000 + 6 * interval)
        // A frame drawn just before a vblank (an early input frame) skips it: it is less than a quarter interval away.
        pacer.frameDrawn(at: 1000 + 6 * interval - 2, early: true)
        #expect(pacer.nextSlot == 1000 + 7 * interval)
        #expect(pacer.decide(now: 1000 + 7 * interval - FramePacer.slack, input: false) == .draw(early: false))
        // A frame drawn late in its period (9 ms after the vblank) keeps the next one.
        pacer.frameDrawn(at: 1000 + 7 * interval + 9, early: false)
        #expect(pacer.nextSlot == 1000 + 8 * interval)
    }

    /// An animation on a loaded machine: each frame drawn 0-3 ms after its slot (a fixed
    /// pattern) still runs one frame per interval, without the display's phase: late frames
    /// keep the grid instead of moving it later.
    @Test func lateFramesKeepOneFramePerInterval() {
        let lateness: [Millis] = [0, 3, 1, 2.5, 0.5, 3, 2, 1.5]
        for interval in [1000.0 / 60, 1000.0 / 144] {
            var pacer = FramePacer(interval: interval)
            let intervals = 600
            var now: Millis = 0, frames = 0, i = 0
            while now < Millis(intervals) * interval {
                switch pacer.decide(now: now, input: false) {
                case .draw(let early):
                    pacer.frameDrawn(at: now, early: early)
                    frames += 1
                    now += 0.1  // the frame's own work
                case .wait(let until):
                    now = until + FramePacer.slack + lateness[i % lateness.count]
                    i += 1
                }
            }
            #expect(frames > intervals - 2 && frames < intervals + 2, "\(frames) frames in \(intervals) intervals of \(interval) ms")
        }
    }

    /// A frame more than `pauseIntervals` after the last one anchors a new grid; one less late keeps the grid.
    @Test func onlyAPauseMovesTheGrid() {
        let interval = 1000.0 / 60, delta = 0.1
        for (gap, moves) in [(FramePacer.pauseIntervals - delta, false), (FramePacer.pauseIntervals + delta, true)] {
            var pacer = FramePacer(interval: interval)
            pacer.frameDrawn(at: 0, early: false)
            let late = gap * interval
            pacer.frameDrawn(at: late, early: false)
            // Kept: the grid point after the late frame; moved: a full interval after it.
            let expected = moves ? late + interval : ((late + FramePacer.slotLead * interval) / interval).rounded(.up) * interval
            #expect(abs(pacer.nextSlot - expected) < 1e-9, "gap \(gap) intervals: next slot \(pacer.nextSlot), expected \(expected)")
        }
    }

    /// A frame drawn less than `slotLead` before a vblank skips it; one drawn more than that before keeps it.
    @Test func slotLeadStraddled() {
        let interval = 1000.0 / 60, delta = 0.02
        for (lead, next) in [(FramePacer.slotLead - delta, 7.0), (FramePacer.slotLead + delta, 6.0)] {
            var pacer = FramePacer(interval: interval, vblank: 0)
            pacer.frameDrawn(at: 6 * interval - lead * interval, early: false)
            #expect(abs(pacer.nextSlot - next * interval) < 1e-9, "drawn \(lead) intervals before a vblank: \(pacer.nextSlot)")
        }
    }

    /// A UST within `ustClockLimit` of CLOCK_MONOTONIC is a phase to use; further is another clock.
    @Test func ustClockLimitStraddled() {
        let now: Millis = 5_000_000, delta: Millis = 1
        for sign in [-1.0, 1.0] {
            #expect(DisplayPacing.isLocalClock(ust: now + sign * (DisplayPacing.ustClockLimit - delta), now: now))
            #expect(!DisplayPacing.isLocalClock(ust: now + sign * (DisplayPacing.ustClockLimit + delta), now: now))
        }
    }

    /// Up to `completionsKept` completions are all kept; past it the oldest go, the newest stay.
    @Test func completionsKeptStraddled() {
        let cap = FramePresenter.completionsKept
        func completion(_ n: Int) -> PresentTarget.Completion { .init(serial: UInt32(n), ust: 0, msc: UInt64(n), isVblank: false) }
        var below = CompletionQueue(capacity: cap)
        for n in 1...(cap - 1) { below.append(completion(n)) }
        #expect(below.take().map(\.serial) == (1...(cap - 1)).map(UInt32.init))
        #expect(below.take().isEmpty, "taken once")
        var above = CompletionQueue(capacity: cap)
        for n in 1...(cap + 1) { above.append(completion(n)) }
        #expect(above.take().map(\.serial) == (2...(cap + 1)).map(UInt32.init), "the oldest dropped")
    }

    /// The rate is read again when the window's root area differs from the one it was read for
    /// (the first check after mapping catches the window manager's placement), or the screen changed.
    @Test func theRateIsReadAgainWhenTheWindowsRootAreaChanges() {
        let created = OutputRefresh.Area(x: 0, y: 0, width: 640, height: 480)
        var watch = OutputWatch()
        watch.read(for: created)
        #expect(!watch.pending)
        // Mapped where it was created (no window manager): nothing to read again.
        watch.windowChanged()
        #expect(watch.pending)
        let reread1 = watch.check(area: created)
        #expect(!reread1)
        #expect(!watch.pending)
        // Placed by a window manager at the first ConfigureNotify after mapping: read again.
        let placed = OutputRefresh.Area(x: 1920, y: 24, width: 640, height: 480)
        watch.windowChanged()
        let reread2 = watch.check(area: placed)
        #expect(reread2)
        watch.read(for: placed)
        // Another ConfigureNotify (the frame's, or a restack) at the same root area: not read again.
        watch.windowChanged()
        let reread3 = watch.check(area: placed)
        #expect(!reread3)
        // Resized: read again (the output holding most of it may differ).
        watch.windowChanged()
        let reread4 = watch.check(area: OutputRefresh.Area(x: 1920, y: 24, width: 1280, height: 480))
        #expect(reread4)
        // A screen change reads it again whatever the area.
        watch.read(for: placed)
        watch.screenChanged()
        let reread5 = watch.check(area: placed)
        #expect(reread5)
        watch.windowChanged()
        let reread6 = watch.check(area: placed)
        #expect(!reread6, "the screen change was one batch's")
    }

    @Test func anUnchangedRateKeepsTheVblankPhase() {
        var pacer = FramePacer(interval: 1000 / 60, vblank: 12)
        pacer.refresh(interval: 1000 / 60)
        #expect(pacer.vblank == 12)
        pacer.refresh(interval: 1000 / 144)
        #expect(pacer.vblank == nil && pacer.interval == 1000 / 144)
    }

    /// Input received less than `inputWindow` before a slot is drawn at once, for that slot (not
    /// early: the grid is kept, the slot taken); received more than that before waits for the slot.
    @Test func inputWindowStraddled() {
        for interval in [1000.0 / 60, 1000.0 / 120, 1000.0 / 144] {
            let delta = 0.05, window = FramePacer.inputWindow
            var pacer = FramePacer(interval: interval, vblank: 0)
            pacer.frameDrawn(at: 9 * interval, early: false)
            pacer.frameDrawn(at: 10 * interval - 0.5, early: false)  // the frame for slot 10
            #expect(pacer.nextSlot == 11 * interval)
            let inside = 11 * interval - (window - delta) * interval, outside = 11 * interval - (window + delta) * interval
            #expect(pacer.decide(now: inside, input: true, received: inside) == .draw(early: false))
            #expect(pacer.decide(now: outside, input: true, received: outside) == .wait(until: 11 * interval - FramePacer.slack))
            // Input received before the window waits for the slot even once the window is open.
            #expect(pacer.decide(now: inside, input: true, received: outside) == .wait(until: 11 * interval - FramePacer.slack))
            // An animation step (no input) waits for the slot.
            #expect(pacer.decide(now: inside, input: false, received: inside) == .wait(until: 11 * interval - FramePacer.slack))
            // The frame drawn in the window took slot 11: the next one is slot 12.
            pacer.frameDrawn(at: inside, early: false)
            #expect(abs(pacer.nextSlot - 12 * interval) < 1e-9, "next slot \(pacer.nextSlot)")
            let nextInside = 12 * interval - (window - delta) * interval
            #expect(pacer.decide(now: nextInside - interval / 4, input: true, received: nextInside - interval / 4)
                    == .wait(until: 12 * interval - FramePacer.slack))
        }
    }

    /// A drag's motion every 5 ms at 60 Hz with the display's phase and a lead: one frame per
    /// refresh, each drawn at the motion just received (age 0), begun no earlier than
    /// `inputWindow` before its slot and no later than the slot.
    @Test func streamingInputIsDrawnAsItArrivesOncePerRefresh() {
        let interval = 1000.0 / 60, vblank = 3.0, lead = 4.0
        var pacer = FramePacer(interval: interval, vblank: vblank)
        pacer.lead = lead
        pacer.frameDrawn(at: -500, early: false)  // the last frame before a pause
        var frames: [(at: Millis, age: Millis)] = []
        var received: Millis?
        var now: Millis = 0
        while now < 1000 {
            if Int((now * 10).rounded()) % 50 == 0 { received = now }  // a motion every 5 ms
            if let r = received, case .draw(let early) = pacer.decide(now: now, input: true, received: r) {
                #expect(!early || frames.isEmpty, "an early frame mid-drag at \(now)")
                pacer.frameDrawn(at: now, early: early)
                frames.append((now, now - r))
                received = nil
            }
            now = ((now + 0.1) * 10).rounded() / 10
        }
        let expected = 1000 / interval
        #expect(Double(frames.count) > expected - 2 && Double(frames.count) < expected + 2, "\(frames.count) frames in 1 s")
        #expect(frames.dropFirst().allSatisfy { $0.age == 0 }, "ages \(frames.map(\.age))")
        for f in frames.dropFirst() {
            // The slot this frame was for: the first begin-grid point (vblank less the lead) at or after it.
            let slot = vblank - lead + ((f.at - (vblank - lead)) / interval).rounded(.up) * interval
            #expect(f.at >= slot - FramePacer.inputWindow * interval - 1e-9 && f.at <= slot, "frame at \(f.at), slot \(slot)")
        }
        let slots = Set(frames.dropFirst().map { ((($0.at - (vblank - lead)) / interval).rounded(.up)) })
        #expect(slots.count == frames.count - 1, "two frames for one slot")
    }

    /// With the display's phase, frames are begun `lead` before the vblanks, at most `maxLead` intervals.
    @Test func maxLeadStraddled() {
        let interval = 1000.0 / 60, delta = 0.05
        for (asked, used) in [(FramePacer.maxLead - delta, FramePacer.maxLead - delta), (FramePacer.maxLead + delta, FramePacer.maxLead)] {
            var pacer = FramePacer(interval: interval, vblank: 0)
            pacer.lead = asked * interval
            #expect(abs(pacer.usedLead - used * interval) < 1e-9)
            pacer.frameDrawn(at: 5 * interval - used * interval, early: false)
            #expect(abs(pacer.nextSlot - (6 * interval - used * interval)) < 1e-9, "lead \(asked): next slot \(pacer.nextSlot)")
        }
        // Without the display's phase the lead is not used: the grid is the frames'.
        var pacer = FramePacer(interval: interval)
        pacer.lead = 4
        pacer.frameDrawn(at: 100, early: false)
        #expect(pacer.nextSlot == 100 + interval)
    }

    /// The lead is the `quantile` of the frames' drawing to shown plus `margin`, rounded up to a whole ms.
    @Test func drawLeadMarginStraddled() {
        let delta = 0.1
        for (value, lead) in [(3 - DrawLead.margin - delta, 3.0), (3 - DrawLead.margin + delta, 4.0)] {
            var estimate = DrawLead()
            for _ in 0..<DrawLead.window { estimate.add(value) }
            #expect(estimate.lead == lead, "frames of \(value) ms: lead \(estimate.lead)")
        }
        var empty = DrawLead()
        #expect(empty.lead == 0)
        empty.add(-3)  // another clock's time is left out
        empty.add(.nan)
        #expect(empty.lead == 0)
    }

    /// Fewer slow frames than the quantile leaves out keep the lead short; more lengthen it.
    @Test func drawLeadQuantileStraddled() {
        let n = Double(DrawLead.window), delta = 1 / n
        for (fraction, long) in [(1 - DrawLead.quantile - delta, false), (1 - DrawLead.quantile + delta, true)] {
            var estimate = DrawLead()
            let slow = Int(fraction * n)
            for i in 0..<DrawLead.window { estimate.add(i < slow ? 10 : 1) }
            #expect((estimate.lead > 5) == long, "\(slow) slow frames of \(DrawLead.window): lead \(estimate.lead)")
        }
    }

    /// Only the last `window` frames count: slow frames that many frames old are forgotten.
    @Test func drawLeadWindowStraddled() {
        // The fewest slow frames among `window` that lengthen the lead.
        let n = DrawLead.window
        let slow = n - Int((DrawLead.quantile * Double(n)).rounded(.up)) + 1
        for (total, long) in [(DrawLead.window - 1, true), (DrawLead.window + 1, false)] {
            var estimate = DrawLead()
            for _ in 0..<slow { estimate.add(10) }
            for _ in 0..<(total - slow) { estimate.add(1) }
            #expect((estimate.lead > 5) == long, "\(total) frames, the first \(slow) slow: lead \(estimate.lead)")
        }
    }
}
