import CX11
import InteractionEngine

/// XInput 2.1 on the window: pointer input with smooth scrolling.
///
/// When the server speaks XI 2.1 or later, the window takes button and motion
/// input as XI2 events instead of core events: a touchpad's scroll valuators
/// then give pixel-precise deltas, and the wheel buttons the server emulates
/// for the same scroll (flagged `XIPointerEmulated`) are dropped, so nothing
/// is counted twice. Without XI2 the core buttons 4-7 are used.
final class XInput2 {
    let opcode: Int32
    private let display: OpaquePointer
    private(set) var decoder = SmoothScrollDecoder()
    /// XI 2.2 touch: the first finger as the pointer (nil when the server has no XI 2.2).
    private(set) var touch: TouchDecoder?

    /// Enables XI2 pointer input on `window`; nil when the server lacks XI 2.1.
    init?(display: OpaquePointer, window: CX11.Window) {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else {
            return nil
        }
        self.opcode = opcode
        self.display = display
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT >> 3) + 1)
        var types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged]
        if major > 2 || minor >= 2 {
            types += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership]
            touch = TouchDecoder()
        }
        for type in types {
            bits[Int(type >> 3)] |= UInt8(1 << (type & 7))
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
        refreshDevices()
    }

    /// Reads every device's scroll classes.
    func refreshDevices() {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        var list: [SmoothScrollDecoder.ScrollValuator] = []
        for d in 0..<Int(count) {
            let device = devices[d]
            for c in 0..<Int(device.num_classes) {
                guard let info = device.classes[c], info.pointee.type == XIScrollClass else { continue }
                info.withMemoryRebound(to: XIScrollClassInfo.self, capacity: 1) { scroll in
                    list.append(.init(device: device.deviceid, number: scroll.pointee.number,
                                      axis: scroll.pointee.scroll_type == XIScrollTypeHorizontal ? .horizontal : .vertical,
                                      increment: scroll.pointee.increment))
                }
            }
        }
        decoder.configure(list)
    }

    /// The engine input for one XI2 event (nil when it carries none).
    func translate(_ cookie: inout XGenericEventCookie, clock: inout ServerClock, now: Millis) -> InputEvent? {
        guard cookie.extension == opcode, XGetEventData(display, &cookie) != 0 else { return nil }
        defer { XFreeEventData(display, &cookie) }
        switch cookie.evtype {
        case XI_DeviceChanged:
            refreshDevices()
            return nil
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard let input = TouchInput(e, type: cookie.evtype) else { return nil }
            return touch?.input(for: input, at: clock.map(e.time, now: now))
        case XI_TouchOwnership:
            let e = cookie.data.assumingMemoryBound(to: XITouchOwnershipEvent.self).pointee
            _ = touch?.handle(TouchInput(ownership: e))
            return nil
        case XI_Enter:
            decoder.reset()
            return nil
        case XI_Leave:
            let e = cookie.data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            let time = clock.map(e.time, now: now)
            // A grab taken by someone else, or ours lost, ends the press without effect.
            let lost = e.mode == XINotifyGrab || e.mode == XINotifyUngrab
            return InputEvent(lost ? .pointerCancel : .pointerLeft, at: time)
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return translate(device: e, type: cookie.evtype, clock: &clock, now: now)
        default:
            return nil
        }
    }

    private func translate(device e: XIDeviceEvent, type: Int32, clock: inout ServerClock, now: Millis) -> InputEvent? {
        // The server's pointer emulation of a touch the touch events already deliver.
        if touch != nil && XInput2.isTouchEmulation(flags: e.flags, button: type == XI_Motion ? 0 : UInt32(e.detail)) {
            return nil
        }
        let time = clock.map(e.time, now: now)
        let at = Point(x: e.event_x, y: e.event_y)
        let mods = InputTranslator.modifiers(UInt32(bitPattern: e.mods.effective))
        switch type {
        case XI_Motion:
            if let wheel = decoder.delta(device: e.sourceid, values: XInput2.values(e.valuators)) {
                return InputEvent(.wheel(wheel, at: at, mods), at: time)
            }
            let primaryHeld = XInput2.isSet(e.buttons.mask, e.buttons.mask_len, bit: 1)
            return InputEvent(primaryHeld ? .pointerMove(at) : .hover(at), at: time)
        default:
            let button = UInt32(e.detail)
            if (4...7).contains(button) {
                // The server's emulation of a scroll we already took from the valuators.
                if e.flags & XIPointerEmulated != 0 && decoder.hasScrollValuators { return nil }
                guard type == XI_ButtonPress, let wheel = InputTranslator.wheelSteps(button: button, modifiers: mods) else {
                    return nil
                }
                return InputEvent(.wheel(wheel, at: at, mods), at: time)
            }
            guard let pointer = InputTranslator.pointerButton(button) else { return nil }
            return InputEvent(type == XI_ButtonPress ? .pointerDown(at, pointer) : .pointerUp(at, pointer), at: time)
        }
    }

    /// True for a pointer event the server emulates from a touch (not the wheel's emulation
    /// from scroll valuators, which the smooth-scroll decoder handles).
    static func isTouchEmulation(flags: Int32, button: UInt32) -> Bool {
        flags & XIPointerEmulated != 0 && !(4...7).contains(button)
    }

    /// The (number, value) pairs of the valuators set in an event.
    static func values(_ state: XIValuatorState) -> [(number: Int32, value: Double)] {
        guard let mask = state.mask, let values = state.values else { return [] }
        var result: [(Int32, Double)] = []
        var k = 0
        for bit in 0..<Int(state.mask_len) * 8 where isSet(mask, state.mask_len, bit: bit) {
            result.append((Int32(bit), values[k]))
            k += 1
        }
        return result
    }

    static func isSet(_ mask: UnsafeMutablePointer<UInt8>?, _ length: Int32, bit: Int) -> Bool {
        guard let mask, bit >> 3 < Int(length) else { return false }
        return mask[bit >> 3] & UInt8(1 << (bit & 7)) != 0
    }
}
