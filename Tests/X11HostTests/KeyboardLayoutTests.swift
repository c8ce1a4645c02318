import CX11
import CXkbCommon
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

@Suite struct ShortcutKeyRuleTests {
    private func key(_ level1: UInt32, _ level2: UInt32, latin: Bool = true, fallback: UInt32? = nil) -> Key? {
        ShortcutKeys.key(for: KeySymbols(level1: level1, level2: level2, activeIsLatin: latin, latinLevel1: fallback))
    }

    @Test func digitsByTheirOwnOrTheShiftedSymbol() {
        #expect(key(0x31, 0x21) == .character("1"))  // us: 1 !
        #expect(key(0x26, 0x31) == .character("1"))  // fr: ampersand 1
        #expect(key(0xE9, 0x32) == .character("2"))  // fr: eacute 2
        #expect(key(0x22, 0x33) == .character("3"))  // fr: quotedbl 3
        #expect(key(0x27, 0x34) == .character("4"))  // fr: apostrophe 4
        // A keypad key is not a digit-row key: KP_End stays End even though its level 2 is KP_1.
        #expect(key(0xFF9C, 0xFFB1) == .end)
    }

    @Test func nonLatinLayoutsFallBackToTheLatinLetter() {
        #expect(key(0x6CA, 0x6EA, latin: false, fallback: 0x71) == .character("q"))  // ru: Cyrillic_shorti
        #expect(key(0x3B, 0x3A, latin: false, fallback: 0x71) == .character("q"))    // gr: semicolon on the Q key
        #expect(key(0x7E4, 0x7C4, latin: false, fallback: 0x64) == .character("d"))  // gr: Greek_delta
        // Not a letter in the Latin layout either: the active symbol stands.
        #expect(key(0x6D6, 0x6F6, latin: false, fallback: 0x3B) == nil)               // ru: Cyrillic_zhe over ';'
        #expect(key(0xFF09, 0xFE20, latin: false, fallback: 0xFF09) == .tab)
    }

    @Test func latinLayoutsUseTheirOwnSymbols() {
        // Dvorak: the key where QWERTY has q types an apostrophe, and no fallback applies.
        #expect(key(0x27, 0x22, latin: true, fallback: 0x27) == .character("'"))
        #expect(key(0x71, 0x51, latin: true, fallback: 0x78) == .character("q"))
        // fr: the key where QWERTY has a types a.
        #expect(key(0x61, 0x41, latin: true, fallback: 0x61) == .character("a"))
    }
}

/// One keyboard layout and the physical keys a user of it presses: evdev keycodes, or for a
/// second layout group the keysym names (xdotool presses a keysym of another group by
/// switching to that group for the key, so the event carries it, as it does for a real user).
private struct LayoutCase: CustomStringConvertible {
    var name: String
    var setxkbmap: [String]
    /// The layout group to lock after loading (us,ru with Russian active).
    var group: Int32 = 0
    var q: String
    var d: String
    /// A key that types some other letter and must do nothing.
    var other: String?
    var description: String { name }
}

private let layouts: [LayoutCase] = [
    .init(name: "us", setxkbmap: ["us"], q: "24", d: "40"),
    .init(name: "fr", setxkbmap: ["fr"], q: "38", d: "40", other: "24"),          // AZERTY: q where QWERTY has a
    .init(name: "de", setxkbmap: ["de"], q: "24", d: "40", other: "29"),          // QWERTZ: z where QWERTY has y
    .init(name: "ru", setxkbmap: ["ru"], q: "24", d: "40", other: "47"),          // Cyrillic_zhe over ';'
    .init(name: "gr", setxkbmap: ["gr"], q: "24", d: "40"),
    .init(name: "dvorak", setxkbmap: ["us", "-variant", "dvorak"], q: "53", d: "43", other: "24"),
    // Russian active (group 2): the keys typing й, в and ж.
    .init(name: "us+ru", setxkbmap: ["-layout", "us,ru"], group: 1, q: "Cyrillic_shorti", d: "Cyrillic_ve",
          other: "Cyrillic_zhe"),
]

extension XvfbTests {
    /// Every layout's digits, q, Ctrl+Q and D through real keycodes, with the layout switched
    /// by setxkbmap while the program runs (so the keymap reload is exercised too).
    @Test(arguments: layouts) fileprivate func shortcutsWorkOnEveryLayout(_ layout: LayoutCase) throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        let setxkbmap = try Xvfb.which("setxkbmap")

        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        try xvfb.run(setxkbmap, ["-display", xvfb.display] + layout.setxkbmap)
        try lockGroup(xvfb.display, layout.group)
        try xvfb.xdotool("mousemove", "240", "400")
        // The digit row, keycodes 10-13, whatever it types unshifted.
        for code in [11, 12, 13, 10] { try xvfb.xdotool("key", "\(code)") }
        if let other = layout.other { try xvfb.xdotool("key", other) }
        try xvfb.xdotool("key", layout.d)
        try app.waitFor("overlay") { $0["shown"] as? Bool == true }
        #expect(try activeGroup(xvfb.display) == layout.group, "the layout group changed under the test")
        try xvfb.xdotool("key", layout.q)
        try app.waitFor("quit")
        #expect(try app.waitForExit() == 0)
        let seen = app.events.compactMap { e -> String? in
            switch e["event"] as? String {
            case "scene": "scene:" + (e["scene"] as? String ?? "?")
            case "overlay": "overlay"
            case "quit": "quit"
            default: nil
            }
        }
        #expect(seen == ["scene:grid", "scene:messages", "scene:carousel", "scene:wallet", "overlay", "quit"],
                "\(layout.name): \(seen)")

        // Ctrl+Q on the same layout (still loaded in the server).
        let second = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json")
        try second.waitFor("ready")
        try xvfb.xdotool("mousemove", "240", "400")
        try xvfb.xdotool("key", "ctrl+\(layout.q)")
        try second.waitFor("quit")
        #expect(try second.waitForExit() == 0)
        #expect(try activeGroup(xvfb.display) == layout.group)
    }
}

/// Locks the keyboard's layout group, as a layout switcher does.
private func lockGroup(_ display: String, _ group: Int32) throws {
    guard let dpy = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
    defer { XCloseDisplay(dpy) }
    guard XkbLockGroup(dpy, UInt32(XkbUseCoreKbd), UInt32(group)) != 0 else { throw HarnessError("XkbLockGroup failed") }
    XSync(dpy, 0)
}

/// The keyboard's locked layout group.
private func activeGroup(_ display: String) throws -> Int32 {
    guard let dpy = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
    defer { XCloseDisplay(dpy) }
    var state = XkbStateRec()
    guard XkbGetState(dpy, UInt32(XkbUseCoreKbd), &state) == Success else { throw HarnessError("XkbGetState failed") }
    return Int32(state.locked_group)
}
