import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

@Suite struct SmoothScrollDecoderTests {
    /// A touchpad (vertical valuator 3, horizontal 2, increment 15) as libinput reports it.
    private func touchpad() -> SmoothScrollDecoder {
        var d = SmoothScrollDecoder()
        d.configure([.init(device: 11, number: 3, axis: .vertical, increment: 15),
                     .init(device: 11, number: 2, axis: .horizontal, increment: 15)])
        return d
    }

    @Test func firstValueIsOnlyRemembered() {
        var d = touchpad()
        #expect(d.delta(device: 11, values: [(3, 1000)]) == nil)
    }

    @Test func fractionalDeltasBecomePixels() {
        var d = touchpad()
        _ = d.delta(device: 11, values: [(3, 1000), (2, 50)])
        let v = d.delta(device: 11, values: [(3, 1007.5)])
        #expect(v == .pixels(dx: 0, dy: 0.5 * SmoothScrollDecoder.pixelsPerIncrement))
        let h = d.delta(device: 11, values: [(2, 46.25)])
        #expect(h == .pixels(dx: -0.25 * SmoothScrollDecoder.pixelsPerIncrement, dy: 0))
    }

    @Test func wholeIncrementsBecomeNotches() {
        var d = touchpad()
        _ = d.delta(device: 11, values: [(3, 0)])
        #expect(d.delta(device: 11, values: [(3, 15)]) == .steps(dx: 0, dy: 1))
        #expect(d.delta(device: 11, values: [(3, -15)]) == .steps(dx: 0, dy: -2))
    }

    @Test func otherDevicesAndValuatorsAreIgnored() {
        var d = touchpad()
        _ = d.delta(device: 11, values: [(3, 0)])
        #expect(d.delta(device: 12, values: [(3, 500)]) == nil)
        #expect(d.delta(device: 11, values: [(0, 400), (1, 300)]) == nil)
    }

    @Test func resetAfterEnterPreventsAJump() {
        var d = touchpad()
        _ = d.delta(device: 11, values: [(3, 0)])
        d.reset()
        #expect(d.delta(device: 11, values: [(3, 9000)]) == nil)
        #expect(d.delta(device: 11, values: [(3, 9003)]) == .pixels(dx: 0, dy: 0.2 * SmoothScrollDecoder.pixelsPerIncrement))
    }

    @Test func badIncrementsAreNotConfigured() {
        var d = SmoothScrollDecoder()
        d.configure([.init(device: 1, number: 0, axis: .vertical, increment: 0)])
        #expect(!d.hasScrollValuators)
    }
}

@Suite struct DisplayScaleTests {
    @Test func precedence() {
        #expect(DisplayScale.resolve(option: 2, environment: ["GDK_SCALE": "3"], resourceDPI: 96) == 2)
        #expect(DisplayScale.resolve(option: nil, environment: ["GESTUREDECK_SCALE": "1.5", "GDK_SCALE": "3"], resourceDPI: nil) == 1.5)
        #expect(DisplayScale.resolve(option: nil, environment: ["GDK_SCALE": "2"], resourceDPI: 96) == 2)
        #expect(DisplayScale.resolve(option: nil, environment: [:], resourceDPI: 192) == 2)
        #expect(DisplayScale.resolve(option: nil, environment: [:], resourceDPI: 144) == 1.5)
        #expect(DisplayScale.resolve(option: nil, environment: [:], resourceDPI: nil) == 1)
        #expect(DisplayScale.resolve(option: nil, environment: ["GDK_SCALE": "nonsense"], resourceDPI: nil) == 1)
        #expect(DisplayScale.resolve(option: 40, environment: [:], resourceDPI: nil) == 4)
    }

    @Test func readsXftDpiFromResources() {
        #expect(DisplayScale.dpi(fromResources: "Xft.antialias:\t1\nXft.dpi:\t192\n") == 192)
        #expect(DisplayScale.dpi(fromResources: "Xft.dpi: lots") == nil)
        #expect(DisplayScale.dpi(fromResources: "") == nil)
    }
}

@Suite struct ServerClockTests {
    @Test func keepsServerSpacingAndNeverRunsAhead() {
        var clock = ServerClock()
        let a = clock.map(5000, now: 100)
        let b = clock.map(5016, now: 130)
        #expect(a == 100 && b == 116)
        // A server stamp in the future of the frame clock is pulled back to now.
        #expect(clock.map(9000, now: 140) == 140)
    }

    @Test func wrapAroundResyncsWithoutGoingBackwards() {
        var clock = ServerClock()
        _ = clock.map(0xFFFF_FFF0, now: 1000)
        let after = clock.map(0x10, now: 1040)
        #expect(after == 1040)
    }
}

@Suite struct KeyMappingTests {
    @Test func keysymsMapToEngineKeys() {
        #expect(InputTranslator.key(for: 0xFF52) == .up)
        #expect(InputTranslator.key(for: 0xFFC9) == .function(12))
        #expect(InputTranslator.key(for: 0x71) == .character("q"))
        #expect(InputTranslator.key(for: 0xFF1B) == .escape)
        #expect(InputTranslator.key(for: 0xFFFF) == .delete)
        #expect(InputTranslator.key(for: 0x1234567) == nil)
    }

    @Test func wheelButtonsAndShift() {
        #expect(InputTranslator.wheelSteps(button: 4, modifiers: []) == .steps(dx: 0, dy: -1))
        #expect(InputTranslator.wheelSteps(button: 5, modifiers: .shift) == .steps(dx: 1, dy: 0))
        #expect(InputTranslator.wheelSteps(button: 7, modifiers: []) == .steps(dx: 1, dy: 0))
        #expect(InputTranslator.wheelSteps(button: 1, modifiers: []) == nil)
    }
}
