import CX11
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

/// Xvfb has no touch device: the decoder is fed synthetic XI 2.2 events, built as the
/// server's structures (XIDeviceEvent, XITouchOwnershipEvent) and read back through
/// `TouchInput`, the same path the window's events take.
@Suite struct TouchDecoderTests {
    private func event(_ type: Int32, touch: Int32, x: Double, y: Double, time: UInt, device: Int32 = 12) -> TouchInput {
        var e = XIDeviceEvent()
        e.evtype = type
        e.detail = touch
        e.sourceid = device
        e.deviceid = 2
        e.event_x = x
        e.event_y = y
        e.time = time
        return TouchInput(e, type: type)!
    }

    private func owned(_ touch: UInt32, device: Int32 = 12) -> TouchInput {
        var e = XITouchOwnershipEvent()
        e.evtype = XI_TouchOwnership
        e.touchid = touch
        e.sourceid = device
        return TouchInput(ownership: e)
    }

    @Test func readsTheServerStructures() {
        let begin = event(XI_TouchBegin, touch: 7, x: 10.5, y: 20.25, time: 5000)
        #expect(begin == TouchInput(.begin, device: 12, touch: 7, at: Point(x: 10.5, y: 20.25), time: 5000))
        #expect(owned(7).phase == .ownership && owned(7).touch == 7)
        var motion = XIDeviceEvent()
        motion.evtype = XI_Motion
        #expect(TouchInput(motion, type: XI_Motion) == nil)
    }

    @Test func firstFingerIsThePointer() {
        var d = TouchDecoder()
        #expect(d.handle(event(XI_TouchBegin, touch: 1, x: 100, y: 200, time: 0)) == .pointerDown(Point(x: 100, y: 200), .primary))
        #expect(d.isActive)
        #expect(d.handle(owned(1)) == nil)
        #expect(d.handle(event(XI_TouchUpdate, touch: 1, x: 100, y: 230, time: 16)) == .pointerMove(Point(x: 100, y: 230)))
        #expect(d.handle(event(XI_TouchEnd, touch: 1, x: 101, y: 240, time: 32)) == .pointerUp(Point(x: 101, y: 240), .primary))
        #expect(!d.isActive)
    }

    /// A finger is a touch pointer: the engine gives it the touch slop, not the mouse's.
    @Test func touchesReachTheEngineAsTouchPointers() {
        var d = TouchDecoder()
        let down = d.input(for: event(XI_TouchBegin, touch: 3, x: 5, y: 6, time: 0), at: 42)
        #expect(down?.kind == .pointerDown(Point(x: 5, y: 6), .primary))
        #expect(down?.pointerKind == .touch && down?.time == 42)
        #expect(d.input(for: event(XI_TouchUpdate, touch: 3, x: 9, y: 6, time: 8), at: 50)?.pointerKind == .touch)
    }

    @Test func furtherFingersAreIgnoredUntilAllAreUp() {
        var d = TouchDecoder()
        _ = d.handle(event(XI_TouchBegin, touch: 1, x: 0, y: 0, time: 0))
        _ = d.handle(owned(1))
        #expect(d.handle(event(XI_TouchBegin, touch: 2, x: 50, y: 50, time: 5)) == nil)
        _ = d.handle(owned(2))
        #expect(d.handle(event(XI_TouchUpdate, touch: 2, x: 60, y: 60, time: 10)) == nil)
        #expect(d.handle(event(XI_TouchEnd, touch: 1, x: 0, y: 0, time: 20)) == .pointerUp(Point(x: 0, y: 0), .primary))
        // The second finger is still down: it does not become the pointer, nor does a third.
        #expect(d.handle(event(XI_TouchUpdate, touch: 2, x: 70, y: 70, time: 30)) == nil)
        #expect(d.handle(event(XI_TouchBegin, touch: 3, x: 9, y: 9, time: 35)) == nil)
        #expect(d.handle(event(XI_TouchEnd, touch: 3, x: 9, y: 9, time: 37)) == nil)
        #expect(d.handle(event(XI_TouchEnd, touch: 2, x: 70, y: 70, time: 40)) == nil)
        // All up: the next finger drives again. The same touch id on another device is another touch.
        #expect(d.handle(event(XI_TouchBegin, touch: 2, x: 5, y: 5, time: 50, device: 13)) == .pointerDown(Point(x: 5, y: 5), .primary))
        #expect(d.handle(event(XI_TouchUpdate, touch: 2, x: 6, y: 6, time: 55)) == nil)
    }

    @Test func aTouchEndedBeforeItWasOwnedIsCancelled() {
        var d = TouchDecoder()
        _ = d.handle(event(XI_TouchBegin, touch: 4, x: 10, y: 10, time: 0))
        _ = d.handle(event(XI_TouchUpdate, touch: 4, x: 40, y: 10, time: 10))
        // Another client (a window manager's gesture) accepted it: the server ends it for us.
        #expect(d.handle(event(XI_TouchEnd, touch: 4, x: 80, y: 10, time: 20)) == .pointerCancel)
        #expect(!d.isActive)
        // Ownership of some other touch does not make this one ours.
        _ = d.handle(event(XI_TouchBegin, touch: 5, x: 10, y: 10, time: 30))
        _ = d.handle(owned(6))
        #expect(d.handle(event(XI_TouchEnd, touch: 5, x: 10, y: 10, time: 40)) == .pointerCancel)
    }

    @Test func resetCancelsADrivingTouch() {
        var d = TouchDecoder()
        #expect(d.reset() == nil)
        _ = d.handle(event(XI_TouchBegin, touch: 1, x: 0, y: 0, time: 0))
        #expect(d.reset() == .pointerCancel)
        #expect(d.handle(event(XI_TouchBegin, touch: 9, x: 1, y: 1, time: 5)) == .pointerDown(Point(x: 1, y: 1), .primary))
    }

    @Test func emulatedPointerEventsAreRecognised() {
        #expect(XInput2.isTouchEmulation(flags: Int32(XIPointerEmulated), button: 1))
        #expect(XInput2.isTouchEmulation(flags: Int32(XIPointerEmulated), button: 0))  // motion
        #expect(!XInput2.isTouchEmulation(flags: Int32(XIPointerEmulated), button: 4))  // the wheel's, from scroll valuators
        #expect(!XInput2.isTouchEmulation(flags: 0, button: 1))
    }

    /// A finger's tap is exactly one press, its motion and one release.
    @Test func aTapIsOnePressMotionAndRelease() {
        var d = TouchDecoder()
        var kinds: [InputEvent.Kind] = []
        for input in [event(XI_TouchBegin, touch: 3, x: 240, y: 300, time: 0), owned(3),
                      event(XI_TouchUpdate, touch: 3, x: 241, y: 301, time: 40),
                      event(XI_TouchEnd, touch: 3, x: 241, y: 301, time: 90)] {
            if let k = d.handle(input) { kinds.append(k) }
        }
        #expect(kinds == [.pointerDown(Point(x: 240, y: 300), .primary), .pointerMove(Point(x: 241, y: 301)),
                          .pointerUp(Point(x: 241, y: 301), .primary)])
    }
}
