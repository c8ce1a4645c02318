import CX11
import InteractionEngine

/// Turns XEvents into engine inputs (SPEC I1-I3).
struct InputTranslator {
    var clock = ServerClock()
    /// Every layout of the keymap (libxkbcommon-x11); nil falls back to Xlib's lookup of the active layout.
    var keyboard: XkbKeyboard?

    static func modifiers(_ state: UInt32) -> Modifiers {
        var m: Modifiers = []
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
        return m
    }

    /// The wheel step of buttons 4-7 (Shift turns vertical into horizontal), or nil.
    static func wheelSteps(button: UInt32, modifiers: Modifiers) -> WheelDelta? {
        let sideways = modifiers.contains(.shift)
        switch button {
        case 4: return sideways ? .steps(dx: -1, dy: 0) : .steps(dx: 0, dy: -1)
        case 5: return sideways ? .steps(dx: 1, dy: 0) : .steps(dx: 0, dy: 1)
        case 6: return .steps(dx: -1, dy: 0)
        case 7: return .steps(dx: 1, dy: 0)
        default: return nil
        }
    }

    static func pointerButton(_ button: UInt32) -> PointerButton? {
        switch button {
        case 1: .primary
        case 2: .middle
        case 3: .secondary
        default: nil
        }
    }

    /// The engine key for a keysym, or nil for keys the deck does not use.
    static func key(for keysym: KeySym) -> Key? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Up, XK_KP_Up: return .up
        case XK_Down, XK_KP_Down: return .down
        case XK_Left, XK_KP_Left: return .left
        case XK_Right, XK_KP_Right: return .right
        case XK_Home, XK_KP_Home: return .home
        case XK_End, XK_KP_End: return .end
        case XK_Page_Up: return .pageUp
        case XK_Page_Down: return .pageDown
        case XK_Tab, XK_ISO_Left_Tab: return .tab
        case XK_Return, XK_KP_Enter: return .enter
        case XK_Escape: return .escape
        case XK_Delete, XK_KP_Delete: return .delete
        case XK_BackSpace: return .backspace
        case XK_space: return .space
        case XK_F1...XK_F12: return .function(Int(Int32(truncatingIfNeeded: keysym) - XK_F1) + 1)
        case 0x21...0x7E: return .character(String(UnicodeScalar(UInt8(keysym))))
        default: return nil
        }
    }

    /// The engine input for one XEvent, or nil when it carries none.
    mutating func translate(_ event: inout XEvent, now: Millis) -> InputEvent? {
        switch event.type {
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            let time = clock.map(e.time, now: now)
            let at = Point(x: Double(e.x), y: Double(e.y))
            let mods = InputTranslator.modifiers(e.state)
            if let wheel = InputTranslator.wheelSteps(button: e.button, modifiers: mods) {
                return event.type == ButtonPress ? InputEvent(.wheel(wheel, at: at, mods), at: time) : nil
            }
            guard let button = InputTranslator.pointerButton(e.button) else { return nil }
            return InputEvent(event.type == ButtonPress ? .pointerDown(at, button) : .pointerUp(at, button), at: time)
        case MotionNotify:
            let e = event.xmotion
            let at = Point(x: Double(e.x), y: Double(e.y))
            let pressed = e.state & UInt32(Button1Mask) != 0
            return InputEvent(pressed ? .pointerMove(at) : .hover(at), at: clock.map(e.time, now: now))
        case LeaveNotify:
            let e = event.xcrossing
            // A grab taken by someone else, or ours lost (the window unmapped mid-drag),
            // ends the press without effect.
            if e.mode == NotifyGrab || e.mode == NotifyUngrab {
                return InputEvent(.pointerCancel, at: clock.map(e.time, now: now))
            }
            return InputEvent(.pointerLeft, at: clock.map(e.time, now: now))
        case KeyPress:
            let mods = InputTranslator.modifiers(event.xkey.state)
            let found: Key?
            if let keyboard {
                found = keyboard.key(keycode: event.xkey.keycode, state: event.xkey.state)
            } else {
                // Digits and letters as typed without Shift (so Shift+1 is still "1"); others by base keysym.
                found = InputTranslator.key(for: XLookupKeysym(&event.xkey, 0)) ?? InputTranslator.key(for: XLookupKeysym(&event.xkey, 1))
            }
            guard let key = found else { return nil }
            return InputEvent(.key(key, mods), at: clock.map(event.xkey.time, now: now))
        default:
            keyboard?.follow(&event)  // the keymap changed
            return nil
        }
    }
}
