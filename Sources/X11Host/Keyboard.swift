import CX11
import CXkbCommon
import InteractionEngine

/// What one physical key types, as the shortcut rules need it.
///
/// Levels are the key's unshifted (1) and shifted (2) symbols in the layout
/// that is active for it; `latinLevel1` is its unshifted symbol in the first
/// Latin layout of the keymap (or in the built-in US layout when the keymap
/// has none).
struct KeySymbols: Equatable, Sendable {
    var level1: UInt32
    var level2: UInt32
    var activeIsLatin: Bool
    var latinLevel1: UInt32?
}

/// The shortcut a key stands for on any keyboard layout (SPEC I3).
///
/// The rules GTK and Qt follow for shortcuts:
/// 1. a digit by the key's own symbol, or by its shifted symbol when the
///    unshifted one is not a letter (French AZERTY types `&` unshifted and `1`
///    shifted on the digit row; Czech types `+` and `1`);
/// 2. on a non-Latin layout (Russian, Greek) a key that types a Latin letter in
///    the first Latin layout stands for that letter, so `q`, `Ctrl+Q` and `D`
///    stay on the keys they are printed on;
/// 3. otherwise the unshifted symbol of the active layout (so Dvorak's `q` is
///    where Dvorak puts it), else the shifted one.
enum ShortcutKeys {
    static func key(for symbols: KeySymbols) -> Key? {
        if let digit = asciiDigit(symbols.level1) { return .character(digit) }
        if let digit = asciiDigit(symbols.level2), asciiLetter(symbols.level1) == nil, isPrintable(symbols.level1) {
            return .character(digit)
        }
        if !symbols.activeIsLatin, asciiLetter(symbols.level1) == nil,
           let latin = symbols.latinLevel1, let letter = asciiLetter(latin) {
            return .character(letter)
        }
        return InputTranslator.key(for: KeySym(symbols.level1)) ?? InputTranslator.key(for: KeySym(symbols.level2))
    }

    /// "0"-"9" for the keysyms XK_0...XK_9 (which are their ASCII codes).
    static func asciiDigit(_ keysym: UInt32) -> String? {
        (0x30...0x39).contains(keysym) ? String(UnicodeScalar(UInt8(keysym))) : nil
    }

    /// The lowercase letter for the keysyms XK_a...XK_z and XK_A...XK_Z.
    static func asciiLetter(_ keysym: UInt32) -> String? {
        switch keysym {
        case 0x61...0x7A: String(UnicodeScalar(UInt8(keysym)))
        case 0x41...0x5A: String(UnicodeScalar(UInt8(keysym + 0x20)))
        default: nil
        }
    }

    /// True for a keysym that types a character (not NoSymbol, not a function, keypad or dead key).
    static func isPrintable(_ keysym: UInt32) -> Bool {
        keysym != 0 && !(0xFE00...0xFFFF).contains(keysym)
    }
}

/// The server's keyboard through libxkbcommon-x11: every layout of the keymap,
/// the active one taken from each key event, reloaded when the keymap changes
/// (`setxkbmap`, a new keyboard plugged in).
///
/// nil when the server has no XKB; the host then falls back to Xlib's keysym
/// lookup, which only knows the active layout.
final class XkbKeyboard {
    private let display: OpaquePointer
    private let connection: OpaquePointer
    private let context: OpaquePointer
    private let device: Int32
    /// The type Xlib gives every XKB event.
    private let eventBase: Int32
    private var keymap: OpaquePointer
    private var state: OpaquePointer
    /// Layouts whose unshifted symbols include every letter a-z.
    private var latinLayouts: [UInt32] = []
    /// The US layout, compiled from the XKB rules, for keymaps with no Latin layout at all.
    private var builtInLatin: OpaquePointer?

    init?(display: OpaquePointer) {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(display, &opcode, &eventBase, &errorBase, &major, &minor) != 0,
              let connection = XGetXCBConnection(display),
              xkb_x11_setup_xkb_extension(connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION),
                                          UInt16(XKB_X11_MIN_MINOR_XKB_VERSION), XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS,
                                          nil, nil, nil, nil) == 1,
              let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let device = xkb_x11_get_core_keyboard_device_id(connection)
        guard device >= 0,
              let keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_x11_state_new_from_device(keymap, connection, device) else {
            xkb_context_unref(context)
            return nil
        }
        self.display = display
        self.connection = connection
        self.context = context
        self.device = device
        self.eventBase = eventBase
        self.keymap = keymap
        self.state = state
        findLatinLayouts()
        let changes = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
        XkbSelectEvents(display, UInt32(XkbUseCoreKbd), changes, changes)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        if let builtInLatin { xkb_keymap_unref(builtInLatin) }
        xkb_context_unref(context)
    }

    /// Follows an XKB event (the keymap changed); false for any other event.
    @discardableResult
    func follow(_ event: inout XEvent) -> Bool {
        guard event.type == eventBase else { return false }
        let kind = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { $0.pointee.xkb_type }
        }
        if kind == XkbNewKeyboardNotify || kind == XkbMapNotify { reload() }
        return true
    }

    /// The shortcut for a key event's keycode and state (whose bits 13-14 carry the active layout).
    func key(keycode: UInt32, state eventState: UInt32) -> Key? {
        xkb_state_update_mask(state, 0, 0, 0, 0, 0, (eventState >> 13) & 3)
        let layout = xkb_state_key_get_layout(state, keycode)
        guard layout != XKB_LAYOUT_INVALID else { return nil }
        return ShortcutKeys.key(for: symbols(keycode: keycode, layout: layout))
    }

    /// The key's symbols in `layout` plus its Latin fallback.
    func symbols(keycode: UInt32, layout: UInt32) -> KeySymbols {
        let latin: UInt32?
        if let first = latinLayouts.first {
            latin = XkbKeyboard.symbol(keymap, keycode, layout: first, level: 0)
        } else if let builtInLatin, let name = xkb_keymap_key_get_name(keymap, keycode) {
            // Same physical key (by its XKB name, e.g. AD01) in the US layout.
            let code = xkb_keymap_key_by_name(builtInLatin, name)
            latin = code == XKB_KEYCODE_INVALID ? nil : XkbKeyboard.symbol(builtInLatin, code, layout: 0, level: 0)
        } else {
            latin = nil
        }
        return KeySymbols(level1: XkbKeyboard.symbol(keymap, keycode, layout: layout, level: 0),
                          level2: XkbKeyboard.symbol(keymap, keycode, layout: layout, level: 1),
                          activeIsLatin: latinLayouts.contains(layout), latinLevel1: latin)
    }

    private func reload() {
        guard let newKeymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        guard let newState = xkb_x11_state_new_from_device(newKeymap, connection, device) else {
            xkb_keymap_unref(newKeymap)
            return
        }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        keymap = newKeymap
        state = newState
        findLatinLayouts()
    }

    private func findLatinLayouts() {
        let low = xkb_keymap_min_keycode(keymap), high = xkb_keymap_max_keycode(keymap)
        latinLayouts = (0..<xkb_keymap_num_layouts(keymap)).filter { layout in
            var letters = Set<UInt32>()
            for code in low...high {
                let sym = XkbKeyboard.symbol(keymap, code, layout: layout, level: 0)
                if (0x61...0x7A).contains(sym) { letters.insert(sym) }
            }
            return letters.count == 26
        }
        if latinLayouts.isEmpty && builtInLatin == nil {
            builtInLatin = XkbKeyboard.compileUS(context)
        }
    }

    private static func compileUS(_ context: OpaquePointer) -> OpaquePointer? {
        "evdev".withCString { rules in
            "pc105".withCString { model in
                "us".withCString { layout in
                    var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: nil, options: nil)
                    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
    }

    /// The first keysym at `level` of `layout` on `keycode` (0, NoSymbol, when there is none).
    private static func symbol(_ keymap: OpaquePointer, _ keycode: UInt32, layout: UInt32, level: UInt32) -> UInt32 {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, level, &syms)
        guard count > 0, let syms else { return 0 }
        return syms[0]
    }
}
