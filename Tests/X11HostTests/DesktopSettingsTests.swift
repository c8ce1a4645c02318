import CX11
import CXfixes
import Foundation
import Glibc
import CairoRenderer
import Testing
@testable import X11Host
import TestSupport

/// Builds `_XSETTINGS_SETTINGS` bytes as a settings manager writes them.
private struct XSettingsWriter {
    var bigEndian = false
    var bytes: [UInt8] = []

    mutating func card16(_ v: UInt16) { bytes += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func card32(_ v: UInt32) {
        let le = [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        bytes += bigEndian ? le.reversed() : le
    }
    mutating func string(_ s: String) {
        bytes += Array(s.utf8)
        bytes += [UInt8](repeating: 0, count: (4 - s.utf8.count % 4) % 4)
    }

    static func make(_ settings: [(String, XSetting)], bigEndian: Bool = false) -> [UInt8] {
        var w = XSettingsWriter(bigEndian: bigEndian)
        w.bytes = [bigEndian ? 1 : 0, 0, 0, 0]
        w.card32(7)
        w.card32(UInt32(settings.count))
        for (name, value) in settings {
            switch value {
            case .int: w.bytes += [0, 0]
            case .string: w.bytes += [1, 0]
            case .color: w.bytes += [2, 0]
            }
            w.card16(UInt16(name.utf8.count))
            w.string(name)
            w.card32(3)
            switch value {
            case .int(let v): w.card32(UInt32(bitPattern: v))
            case .string(let s):
                w.card32(UInt32(s.utf8.count))
                w.string(s)
            case .color(let r, let g, let b, let a):
                w.card16(r); w.card16(b); w.card16(g); w.card16(a)
            }
        }
        return w.bytes
    }
}

@Suite struct XSettingsDecoderTests {
    private let sample: [(String, XSetting)] = [
        ("Xft/DPI", .int(196_608)), ("Gdk/WindowScalingFactor", .int(2)), ("Gtk/CursorThemeName", .string("Adwaita")),
        ("Gtk/CursorThemeSize", .int(48)), ("Gtk/EnableAnimations", .int(0)), ("Net/ThemeName", .string("Adwaita-dark")),
        ("Gtk/Color", .color(1, 2, 3, 4)),
    ]

    @Test func decodesBothByteOrders() throws {
        for big in [false, true] {
            let decoded = try XSettingsDecoder.decode(XSettingsWriter.make(sample, bigEndian: big))
            #expect(decoded.count == sample.count)
            for (name, value) in sample { #expect(decoded[name] == value, "\(name) big-endian: \(big)") }
        }
    }

    @Test func settingsMeanScaleCursorMotionAndDarkness() throws {
        let s = DesktopSettings(try XSettingsDecoder.decode(XSettingsWriter.make(sample)))
        #expect(s.dpi == 192 && s.scale == 2 && s.windowScale == 2)
        #expect(s.cursorTheme == "Adwaita" && s.cursorSize == 48)
        #expect(s.reduceMotion && s.prefersDark)
        let light = DesktopSettings(["Net/ThemeName": .string("Breeze"), "Gtk/EnableAnimations": .int(1),
                                     "Gdk/WindowScalingFactor": .int(3)])
        #expect(!light.reduceMotion && !light.prefersDark && light.scale == 3)
        #expect(DesktopSettings(["Net/ThemeName": .string("Breeze-Dark")]).prefersDark)
        #expect(DesktopSettings(["Xft/DPI": .int(120 * 1024)]).scale == 1.25)
        #expect(DesktopSettings().scale == nil && !DesktopSettings().reduceMotion)
    }

    @Test func truncatedOrUnknownDataIsRefused() {
        let bytes = XSettingsWriter.make(sample)
        for cut in [0, 3, 11, 20, bytes.count - 1] {
            #expect(throws: XSettingsDecoder.Malformed.self) { try XSettingsDecoder.decode(Array(bytes.prefix(cut))) }
        }
        var badType = XSettingsWriter.make([("A", .int(1))])
        badType[12] = 9
        #expect(throws: XSettingsDecoder.Malformed.self) { try XSettingsDecoder.decode(badType) }
    }

    @Test func xrmFindsXftDpiUnderAnyBinding() {
        #expect(DisplayScale.dpi(fromResources: "Xft*dpi: 192\n") == 192)
        #expect(DisplayScale.dpi(fromResources: "*dpi:\t144\n") == 144)
        #expect(DisplayScale.dpi(fromResources: "Xft.dpi: 120\nXft*dpi: 192\n") == 120)  // the tighter binding wins
        #expect(DisplayScale.dpi(fromResources: "Xterm*dpi: 192\n") == nil)
    }

    @Test func fontOptionsCountOnlyWhenTheScreenSetsThem() {
        #expect(!ScreenFontOptions.areSet(in: nil))
        #expect(!ScreenFontOptions.areSet(in: "Xft.dpi: 96\nXTerm*faceName: mono\n"))
        #expect(ScreenFontOptions.areSet(in: "Xft.antialias: 0\n"))
        #expect(ScreenFontOptions.areSet(in: "Xft*rgba: rgb\n"))
        #expect(ScreenFontOptions.areSet(in: "Xft.hintstyle: hintslight\n"))
    }

    @Test func cursorNamesFallBackInOrder() {
        let theme: Set = ["hand1", "fleur"]
        #expect(CursorNames.first(CursorNames.openHand) { theme.contains($0) ? $0 : nil } == "hand1")
        #expect(CursorNames.first(CursorNames.closedHand) { theme.contains($0) ? $0 : nil } == "fleur")
        #expect(CursorNames.first(CursorNames.openHand) { ["openhand", "hand1"].contains($0) ? $0 : nil } == "openhand")
        #expect(CursorNames.first(CursorNames.openHand) { _ in nil as String? } == nil)
    }
}

/// xsettingsd serving a settings file on the test's server. A change of settings is a new
/// daemon taking over (the test runner's children may start with signals blocked, so
/// xsettingsd's SIGHUP reload is not used).
private final class SettingsDaemon {
    let process = Process()

    init(xvfb: Xvfb, file: String, settings: String) throws {
        try settings.write(toFile: file, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: try Xvfb.which("xsettingsd"))
        process.arguments = ["-c", file]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": xvfb.display]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        // Ready once it owns the selection.
        let client = try TestClient(xvfb.display)
        let selection = client.atom("_XSETTINGS_S0")
        let deadline = Date().addingTimeInterval(5)
        while XGetSelectionOwner(client.display, selection) == 0 {
            guard Date() < deadline, process.isRunning else { throw HarnessError("xsettingsd did not take _XSETTINGS_S0") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A cursor theme holding only the old names `hand1` and `fleur` (copied from Adwaita), so a
/// themed hand appears only if the lookup falls back from `grab` and `grabbing`.
private func fallbackCursorTheme(in dir: String) throws -> String {
    let cursors = dir + "/icons/fallbacktest/cursors"
    try FileManager.default.createDirectory(atPath: cursors, withIntermediateDirectories: true)
    for name in ["hand1", "fleur"] {
        let source = "/usr/share/icons/Adwaita/cursors/" + name
        guard FileManager.default.fileExists(atPath: source) else {
            throw HarnessError("\(source) missing (Debian package adwaita-icon-theme)")
        }
        // Adwaita links some names (fleur -> all-scroll): copy the file itself.
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: source).resolvingSymlinksInPath().path,
                                         toPath: cursors + "/" + name)
    }
    return dir + "/icons"
}

private func cursorImageSize(_ client: TestClient) throws -> (Int, Int) {
    var event: Int32 = 0, error: Int32 = 0, major: Int32 = 5, minor: Int32 = 0
    guard XFixesQueryExtension(client.display, &event, &error) != 0 else { throw HarnessError("no XFIXES") }
    XFixesQueryVersion(client.display, &major, &minor)
    guard let image = XFixesGetCursorImage(client.display) else { throw HarnessError("XFixesGetCursorImage failed") }
    defer { XFree(image) }
    return (Int(image.pointee.width), Int(image.pointee.height))
}

private func windowSize(_ client: TestClient, _ window: CX11.Window) -> (Int, Int) {
    var root: CX11.Window = 0
    var x: Int32 = 0, y: Int32 = 0
    var w: UInt32 = 0, h: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
    XGetGeometry(client.display, window, &root, &x, &y, &w, &h, &border, &depth)
    return (Int(w), Int(h))
}

/// Polls `probe` until it returns `expected` (or 5 s pass); the last value seen.
private func eventually<T: Equatable>(_ expected: T, _ probe: () throws -> T) rethrows -> T {
    let deadline = Date().addingTimeInterval(5)
    var value = try probe()
    while value != expected && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
        value = try probe()
    }
    return value
}

extension XvfbTests {
    /// xsettingsd changes the scale, the cursor theme and size and reduce motion while the
    /// program runs; the themed hand comes from the fallback names.
    @Test func xsettingsChangeScaleCursorAndMotionLive() throws {
        let xvfb = try Xvfb(width: 1600, height: 1800)
        let dir = try temporaryFolder()
        let icons = try fallbackCursorTheme(in: dir)
        let settings = { (dpi: Int, cursor: Int, animations: Int, theme: String) in
            "Xft/DPI \(dpi * 1024)\nGtk/CursorThemeName \"fallbacktest\"\nGtk/CursorThemeSize \(cursor)\n"
                + "Gtk/EnableAnimations \(animations)\nNet/ThemeName \"\(theme)\"\n"
        }
        let daemon = try SettingsDaemon(xvfb: xvfb, file: dir + "/a.conf", settings: settings(96, 24, 1, "Adwaita"))
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "grid", "--size", "480x800"],
                                 environment: ["XCURSOR_PATH": icons])
        let first = try app.waitFor("desktop-settings")
        #expect(first["scale"] as? Double == 1 && first["cursorSize"] as? Int == 24)
        #expect(first["reduceMotion"] as? Bool == false && first["dark"] as? Bool == false)
        #expect(first["appearance"] as? String == "light")
        try app.waitFor("ready")
        let client = try TestClient(xvfb.display)
        let window = try client.window(titled: "GestureDeck")
        #expect(windowSize(client, window) == (480, 800))
        // Over a tile: the open hand, found as hand1, at the theme size.
        try xvfb.xdotool("mousemove", "67", "111")
        try app.waitFor("cursor") { $0["shape"] as? String == "open-hand" }
        #expect(try eventually(24) { try cursorImageSize(client).0 } == 24)

        daemon.stop()
        let next = try SettingsDaemon(xvfb: xvfb, file: dir + "/b.conf", settings: settings(192, 48, 0, "Adwaita-dark"))
        let changed = try app.waitFor("desktop-settings") { $0["scale"] as? Double == 2 }
        #expect(changed["cursorSize"] as? Int == 48 && changed["reduceMotion"] as? Bool == true && changed["dark"] as? Bool == true)
        #expect(changed["appearance"] as? String == "dark", "--theme auto follows the desktop's dark theme")
        #expect(eventually(true) { windowSize(client, window) == (960, 1600) }, "the window did not grow to 2x")
        try xvfb.xdotool("mousemove", "134", "222")  // the same tile at twice the pixels
        #expect(try eventually(48) { try cursorImageSize(client).0 } == 48)
        // Held: the closed hand (fleur in this theme), still themed.
        try xvfb.xdotool("mousedown", "1")
        try app.waitFor("cursor") { $0["shape"] as? String == "closed-hand" }
        #expect(try eventually(48) { try cursorImageSize(client).0 } == 48)
        try xvfb.xdotool("mouseup", "1")

        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        next.stop()
    }

    /// `Xft*dpi` in the resource database sets the scale through Xrm, and a later `xrdb`
    /// change (RESOURCE_MANAGER) is followed while the program runs.
    @Test func xftDpiResourceIsFollowedLive() throws {
        let xvfb = try Xvfb(width: 1600, height: 1800)
        let dir = try temporaryFolder()
        let xrdb = try Xvfb.which("xrdb")
        try "Xft*dpi: 192\n".write(toFile: dir + "/a.ad", atomically: true, encoding: .utf8)
        try xvfb.run(xrdb, ["-display", xvfb.display, "-load", dir + "/a.ad"])
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--size", "480x800"])
        try app.waitFor("ready")
        let client = try TestClient(xvfb.display)
        let window = try client.window(titled: "GestureDeck")
        #expect(eventually(true) { windowSize(client, window) == (960, 1600) }, "\(windowSize(client, window))")

        try "Xft*dpi: 144\n".write(toFile: dir + "/b.ad", atomically: true, encoding: .utf8)
        try xvfb.run(xrdb, ["-display", xvfb.display, "-load", dir + "/b.ad"])
        let changed = try app.waitFor("desktop-settings")
        #expect(changed["scale"] as? Double == 1.5)
        #expect(eventually(true) { windowSize(client, window) == (720, 1200) }, "\(windowSize(client, window))")
        try xvfb.xdotool("mousemove", "300", "600")
        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
    }
}

@Suite struct ThemeOptionTests {
    /// `--theme dark` headless: the dark palette's black background; `auto` headless stays light.
    @Test func headlessThemes() throws {
        let dir = try temporaryFolder()
        for (theme, background) in [("dark", UInt32(0x000000)), ("auto", 0xF2F2F7), ("light", 0xF2F2F7)] {
            let r = try runGestureDeck(["--scene", "wallet", "--theme", theme, "--state", dir + "/s.json",
                                        "--screenshot", dir + "/\(theme).png"])
            #expect(r.status == 0, "\(r.err)")
            let image = try ImageSurface.load(png: dir + "/\(theme).png")
            #expect(image.pixel(x: 470, y: 790) & 0xFFFFFF == background, "\(theme)")
        }
    }
}

extension XvfbTests {
    /// `Xft.antialias: 0` on the screen: the window's text is drawn without antialiasing
    /// (two shades in a tab label), while the headless render of the same label keeps its
    /// fixed, antialiased options.
    @Test func windowTextUsesTheScreensFontOptions() throws {
        let xvfb = try Xvfb()
        let dir = try temporaryFolder()
        try "Xft.antialias: 0\n".write(toFile: dir + "/fonts.ad", atomically: true, encoding: .utf8)
        try xvfb.run(try Xvfb.which("xrdb"), ["-display", xvfb.display, "-load", dir + "/fonts.ad"])
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet", "--size", "480x800"])
        try app.waitFor("ready")
        Thread.sleep(forTimeInterval: 0.2)
        let client = try TestClient(xvfb.display)
        let window = try client.window(titled: "GestureDeck")
        // The unselected "2  Grid" tab: grey text on the bar.
        guard let image = XGetImage(client.display, window, 130, 12, 100, 20, UInt(XAllPlanes()), ZPixmap) else {
            throw HarnessError("XGetImage failed")
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        var shades = Set<UInt>()
        for y in 0..<20 { for x in 0..<100 { shades.insert(image.pointee.f.get_pixel(image, Int32(x), Int32(y)) & 0xFFFFFF) } }
        #expect(shades.count == 2, "\(shades.count) shades in the window's tab label")

        try xvfb.xdotool("mousemove", "240", "500")
        try xvfb.xdotool("key", "q")
        _ = try app.waitForExit()
        let r = try runGestureDeck(["--scene", "wallet", "--state", dir + "/s2.json", "--screenshot", dir + "/headless.png"])
        #expect(r.status == 0)
        let headless = try ImageSurface.load(png: dir + "/headless.png")
        var headlessShades = Set<UInt32>()
        for y in 12..<32 { for x in 130..<230 { headlessShades.insert(headless.pixel(x: x, y: y)) } }
        #expect(headlessShades.count > 4, "the headless label should stay antialiased")
    }
}
