import CCairo
import CX11
import Foundation
import InteractionEngine

/// One XSETTINGS value.
enum XSetting: Equatable, Sendable {
    case int(Int32)
    case string(String)
    /// Red, green, blue, alpha, 16 bits each.
    case color(UInt16, UInt16, UInt16, UInt16)
}

/// Decodes the `_XSETTINGS_SETTINGS` property of the settings manager's window
/// (freedesktop.org XSETTINGS specification): a byte order, a serial, then each
/// setting's type, name, serial and value, padded to 4 bytes.
enum XSettingsDecoder {
    enum MalformedKind: ProblemKind {}
    typealias Malformed = Problem<MalformedKind>

    static func decode(_ bytes: [UInt8]) throws(Malformed) -> [String: XSetting] {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte(), order <= 1 else { throw Malformed("XSETTINGS: unknown byte order") }
        reader.bigEndian = order == 1
        reader.skip(3)
        guard reader.card32() != nil, let count = reader.card32() else { throw Malformed("XSETTINGS: truncated header") }
        var settings: [String: XSetting] = [:]
        for _ in 0..<count {
            guard let type = reader.byte() else { throw Malformed("XSETTINGS: truncated after \(settings.count) settings") }
            reader.skip(1)
            guard let nameLength = reader.card16(), let nameBytes = reader.bytes(Int(nameLength)) else {
                throw Malformed("XSETTINGS: truncated setting name")
            }
            reader.pad(Int(nameLength))
            guard reader.card32() != nil else { throw Malformed("XSETTINGS: truncated setting") }
            let name = String(decoding: nameBytes, as: UTF8.self)
            switch type {
            case 0:
                guard let v = reader.card32() else { throw Malformed("XSETTINGS: truncated \(name)") }
                settings[name] = .int(Int32(bitPattern: v))
            case 1:
                guard let length = reader.card32(), let value = reader.bytes(Int(length)) else {
                    throw Malformed("XSETTINGS: truncated \(name)")
                }
                reader.pad(Int(length))
                settings[name] = .string(String(decoding: value, as: UTF8.self))
            case 2:
                guard let r = reader.card16(), let b = reader.card16(), let g = reader.card16(), let a = reader.card16() else {
                    throw Malformed("XSETTINGS: truncated \(name)")
                }
                settings[name] = .color(r, g, b, a)
            default:
                throw Malformed("XSETTINGS: \(name) has unknown type \(type)")
            }
        }
        return settings
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        var bigEndian = false

        mutating func byte() -> UInt8? { bytes(1)?.first }
        mutating func skip(_ n: Int) { at += n }
        mutating func pad(_ n: Int) { at += (4 - n % 4) % 4 }
        mutating func bytes(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, at + n <= bytes.count else { return nil }
            defer { at += n }
            return bytes[at..<at + n]
        }
        mutating func card16() -> UInt16? {
            guard let b = bytes(2) else { return nil }
            let (x, y) = (UInt16(b[b.startIndex]), UInt16(b[b.startIndex + 1]))
            return bigEndian ? x << 8 | y : y << 8 | x
        }
        mutating func card32() -> UInt32? {
            guard let b = bytes(4) else { return nil }
            let v = b.reduce(into: [UInt32]()) { $0.append(UInt32($1)) }
            return bigEndian ? v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3] : v[3] << 24 | v[2] << 16 | v[1] << 8 | v[0]
        }
    }
}

/// What the desktop asks of every application, from XSETTINGS.
struct DesktopSettings: Equatable, Sendable {
    /// `Xft/DPI` (stored as 1024 x dots per inch).
    var dpi: Double?
    /// `Gdk/WindowScalingFactor`.
    var windowScale: Int?
    /// `Gtk/CursorThemeName`, `Gtk/CursorThemeSize`.
    var cursorTheme: String?
    var cursorSize: Int?
    /// `Gtk/EnableAnimations`.
    var animations: Bool?
    /// `Net/ThemeName`.
    var themeName: String?

    init() {}

    init(_ settings: [String: XSetting]) {
        if case .int(let v)? = settings["Xft/DPI"], v > 0 { dpi = Double(v) / 1024 }
        if case .int(let v)? = settings["Gdk/WindowScalingFactor"], v > 0 { windowScale = Int(v) }
        if case .string(let v)? = settings["Gtk/CursorThemeName"], !v.isEmpty { cursorTheme = v }
        if case .int(let v)? = settings["Gtk/CursorThemeSize"], v > 0 { cursorSize = Int(v) }
        if case .int(let v)? = settings["Gtk/EnableAnimations"] { animations = v != 0 }
        if case .string(let v)? = settings["Net/ThemeName"], !v.isEmpty { themeName = v }
    }

    /// Device pixels per layout pixel the desktop asks for: `Xft/DPI` / 96 (to a quarter),
    /// else the window scaling factor.
    var scale: Double? {
        if let dpi { return (dpi / DisplayScale.referenceDPI * 4).rounded() / 4 }
        return windowScale.map(Double.init)
    }

    /// Animations switched off on the desktop.
    var reduceMotion: Bool { animations == false }

    /// A dark desktop theme (`Adwaita-dark`, `Breeze-Dark`...).
    var prefersDark: Bool { themeName?.lowercased().contains("dark") ?? false }
}

/// Follows the desktop's settings: the XSETTINGS manager (`_XSETTINGS_S<screen>`,
/// which may start, stop or change owner while we run) and the X resource
/// database's `Xft.dpi` (`RESOURCE_MANAGER` on the root window, read through Xrm
/// so `Xft*dpi` works as well as `Xft.dpi`).
final class DesktopSettingsWatcher {
    private let display: OpaquePointer
    private let root: CX11.Window
    private let selection: Atom
    private let settingsAtom: Atom
    private let managerAtom: Atom
    private let resourceAtom: Atom
    private var owner: CX11.Window = 0
    private(set) var settings = DesktopSettings()
    private(set) var resourceDPI: Double?
    /// The text of the resource database (RESOURCE_MANAGER), if any.
    private(set) var resources: String?

    /// What `follow` made of an event.
    enum Outcome {
        /// Not an event about the desktop's settings.
        case notMine
        /// About the root or the manager's window, but nothing changed.
        case unchanged
        /// The settings or the resource database changed.
        case changed
    }

    init(display: OpaquePointer, screen: Int32) {
        self.display = display
        root = XRootWindow(display, screen)
        selection = XInternAtom(display, "_XSETTINGS_S\(screen)", 0)
        settingsAtom = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        managerAtom = XInternAtom(display, "MANAGER", 0)
        resourceAtom = XInternAtom(display, "RESOURCE_MANAGER", 0)
        // MANAGER announcements come to the root as StructureNotify; resources as PropertyNotify.
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        XSelectInput(display, root, attributes.your_event_mask | Int(StructureNotifyMask | PropertyChangeMask))
        findOwner()
        readResources()
    }

    /// Takes the events on the root and the manager's windows.
    func follow(_ event: inout XEvent) -> Outcome {
        guard event.type != GenericEvent else { return .notMine }
        let target = event.xany.window
        guard target == root || (owner != 0 && target == owner) else { return .notMine }
        let before = (settings, resourceDPI)
        switch event.type {
        case ClientMessage where target == root:
            if event.xclient.message_type == managerAtom, Atom(UInt(bitPattern: event.xclient.data.l.1)) == selection {
                findOwner()
            }
        case PropertyNotify:
            if target == root && event.xproperty.atom == resourceAtom { readResources() }
            if target == owner && event.xproperty.atom == settingsAtom { readSettings() }
        case DestroyNotify where target == owner:
            owner = 0
            findOwner()
        default:
            break
        }
        return before == (settings, resourceDPI) ? .unchanged : .changed
    }

    private func findOwner() {
        XGrabServer(display)
        owner = XGetSelectionOwner(display, selection)
        if owner != 0 { XSelectInput(display, owner, Int(StructureNotifyMask | PropertyChangeMask)) }
        XUngrabServer(display)
        XFlush(display)
        readSettings()
    }

    private func readSettings() {
        guard owner != 0, let bytes = property(owner, settingsAtom, type: settingsAtom) else {
            settings = DesktopSettings()
            return
        }
        do {
            settings = DesktopSettings(try XSettingsDecoder.decode(bytes))
        } catch {
            FileHandle.standardError.write(Data("gesturedeck: ignoring the desktop's settings: \(error)\n".utf8))
            settings = DesktopSettings()
        }
    }

    /// Re-reads RESOURCE_MANAGER (Xlib's own copy is only taken when the connection opens).
    private func readResources() {
        guard let bytes = property(root, resourceAtom, type: Atom(XA_STRING)) else {
            resourceDPI = nil
            resources = nil
            return
        }
        resources = String(decoding: bytes, as: UTF8.self)
        resourceDPI = DisplayScale.dpi(fromResources: resources ?? "")
    }

    private func property(_ window: CX11.Window, _ atom: Atom, type: Atom) -> [UInt8]? {
        var actualType: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom, 0, 1 << 22, 0, type, &actualType, &format, &count, &after,
                                 &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard actualType == type, format == 8 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}

/// The theme's cursor for each shape, with the names other themes use for it, and the
/// core cursor font's shape when no theme has any of them.
enum CursorNames {
    /// An open hand: freedesktop `grab`, then the older `openhand` and `hand1`.
    static let openHand = ["grab", "openhand", "hand1"]
    /// A closed hand: `grabbing`, then `closedhand` and `fleur`.
    static let closedHand = ["grabbing", "closedhand", "fleur"]
    /// XC_hand2 and XC_fleur of the core cursor font.
    static let openHandCore: UInt32 = 60
    static let closedHandCore: UInt32 = 52

    /// The first of `names` that `load` finds.
    static func first<C>(_ names: [String], load: (String) -> C?) -> C? {
        for name in names {
            if let cursor = load(name) { return cursor }
        }
        return nil
    }
}

/// The screen's font options (antialiasing, hinting, subpixel order), as
/// cairo-xlib reads them from the Xft resources, for the window's text; the
/// headless renderer keeps fixed options so goldens are reproducible.
///
/// Only a screen whose resources set some `Xft.*` font option (a desktop writes
/// them, or `xrdb`) changes the window's text: without any, cairo-xlib's own
/// fallbacks (full hinting) would only make the window differ from the headless
/// render for no choice of the user's. cairo-xlib reads the resources once per
/// display, so a later change applies from the next start.
enum ScreenFontOptions {
    /// The resources that carry font options.
    static let names = ["Xft.antialias", "Xft.hinting", "Xft.hintstyle", "Xft.rgba", "Xft.lcdfilter"]

    /// True when `resources` (the resource database's text) sets any of `names`.
    static func areSet(in resources: String?) -> Bool {
        guard let resources else { return false }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return false }
        defer { XrmDestroyDatabase(database) }
        return names.contains { name in
            var type: UnsafeMutablePointer<CChar>?
            var value = XrmValue()
            let className = "Xft." + name.dropFirst(4).prefix(1).uppercased() + name.dropFirst(5)
            return XrmGetResource(database, name, className, &type, &value) != 0
        }
    }

    /// A new `cairo_font_options_t*` the caller destroys; nil when the screen sets none.
    static func of(_ surface: OpaquePointer, resources: String?) -> OpaquePointer? {
        guard areSet(in: resources), let options = cairo_font_options_create() else { return nil }
        cairo_surface_get_font_options(surface, options)
        return options
    }
}
