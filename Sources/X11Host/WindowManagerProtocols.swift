import CCairo
import CX11
import CXext
import CairoRenderer
import Foundation
import Glibc
import InteractionEngine

/// What the window tells the window manager beyond its title and class, and
/// the WM messages it answers (ICCCM and EWMH):
///
/// - `WM_CLIENT_MACHINE` beside `_NET_WM_PID` (EWMH needs both to kill a hung client);
/// - `WM_HINTS`: the window takes keyboard input (input hint) and starts normal;
/// - `WM_PROTOCOLS`: `WM_DELETE_WINDOW`, `_NET_WM_PING` (answered at once, so a
///   window manager can tell a hang and offer to force-quit) and
///   `_NET_WM_SYNC_REQUEST` with two XSync counters, basic and extended, so a
///   compositing window manager resizes in step with the drawing;
/// - `_NET_WM_ICON`: the icon at 16-256 px from the committed PNGs;
/// - startup notification: `remove` for `$DESKTOP_STARTUP_ID` once the first
///   frame is up (the launcher's busy cursor stops), and the variable unset.
final class WindowManagerProtocols {
    private let display: OpaquePointer
    private let window: CX11.Window
    private let root: CX11.Window
    private let protocolsAtom: Atom
    private let pingAtom: Atom
    private let syncRequestAtom: Atom
    /// XSync counters: basic first, extended second (nil without the SYNC extension).
    private var counters: (basic: XSyncCounter, extended: XSyncCounter)?
    private(set) var sync = FrameSyncState()
    private var startupID: String?

    init(display: OpaquePointer, window: CX11.Window, deleteAtom: Atom) {
        self.display = display
        self.window = window
        root = XDefaultRootWindow(display)
        protocolsAtom = XInternAtom(display, "WM_PROTOCOLS", 0)
        pingAtom = XInternAtom(display, "_NET_WM_PING", 0)
        syncRequestAtom = XInternAtom(display, "_NET_WM_SYNC_REQUEST", 0)

        var protocols = [deleteAtom, pingAtom]
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        if XSyncQueryExtension(display, &eventBase, &errorBase) != 0, XSyncInitialize(display, &major, &minor) != 0 {
            var zero = XSyncValue()
            XSyncIntToValue(&zero, 0)
            let basic = XSyncCreateCounter(display, zero), extended = XSyncCreateCounter(display, zero)
            counters = (basic, extended)
            setCardinals("_NET_WM_SYNC_REQUEST_COUNTER", [Int(basic), Int(extended)])
            protocols.append(syncRequestAtom)
        }
        XSetWMProtocols(display, window, &protocols, Int32(protocols.count))
        setClientMachine()
        setHints()
        startupID = ProcessInfo.processInfo.environment["DESKTOP_STARTUP_ID"].flatMap { $0.isEmpty ? nil : $0 }
        if let startupID {
            // Children must not inherit a launch that is over.
            unsetenv("DESKTOP_STARTUP_ID")
            let bytes = Array(startupID.utf8)
            XChangeProperty(display, window, XInternAtom(display, "_NET_STARTUP_ID", 0),
                            XInternAtom(display, "UTF8_STRING", 0), 8, PropModeReplace, bytes, Int32(bytes.count))
        }
    }

    deinit {
        if let counters {
            XSyncDestroyCounter(display, counters.basic)
            XSyncDestroyCounter(display, counters.extended)
        }
    }

    /// A WM_PROTOCOLS message the protocols handle.
    enum Message: Equatable {
        /// `_NET_WM_PING`, already answered.
        case ping
        /// `_NET_WM_SYNC_REQUEST`: the next frame must be drawn to release the window manager.
        case syncRequest
    }

    /// Handles a ping or a sync request; nil for any other client message.
    func handle(_ event: XClientMessageEvent) -> Message? {
        guard event.message_type == protocolsAtom, event.format == 32 else { return nil }
        let kind = Atom(UInt(bitPattern: event.data.l.0))
        if kind == pingAtom {
            var reply = XEvent()
            reply.xclient = event
            reply.xclient.window = root
            XSendEvent(display, root, 0, Int(SubstructureNotifyMask | SubstructureRedirectMask), &reply)
            XFlush(display)
            return .ping
        }
        if kind == syncRequestAtom, counters != nil {
            let value = Int64(event.data.l.3) << 32 | Int64(UInt32(truncatingIfNeeded: event.data.l.2))
            sync.request(value: value, extended: event.data.l.4 != 0)
            return .syncRequest
        }
        return nil
    }

    /// Drawing of a frame starts: the extended counter goes odd.
    func frameWillDraw() {
        guard let counters, let value = sync.frameBegan() else { return }
        set(counters.extended, value)
    }

    /// The frame is on the window: the extended counter goes even (to the requested
    /// value after a sync request), the basic one takes a basic request's value.
    func frameDidDraw() {
        guard let counters else { return }
        let values = sync.frameEnded()
        if let basic = values.basic { set(counters.basic, basic) }
        set(counters.extended, values.extended)
    }

    /// Ends the launch's startup notification (once, after the first frame).
    func startupComplete() {
        guard let id = startupID else { return }
        startupID = nil
        let begin = XInternAtom(display, "_NET_STARTUP_INFO_BEGIN", 0)
        let more = XInternAtom(display, "_NET_STARTUP_INFO", 0)
        for (index, chunk) in StartupNotification.chunks(StartupNotification.removeMessage(id: id)).enumerated() {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = index == 0 ? begin : more
            event.xclient.format = 8
            withUnsafeMutableBytes(of: &event.xclient.data) { raw in
                for (k, byte) in chunk.enumerated() { raw[k] = byte }
            }
            XSendEvent(display, root, 0, Int(PropertyChangeMask), &event)
        }
        XFlush(display)
    }

    /// Sets `_NET_WM_ICON` from square PNGs (each one width, height, then ARGB rows,
    /// not premultiplied); returns the files that could not be read.
    @discardableResult
    func setIcon(pngs: [String]) -> [String] {
        var data: [Int] = []
        var failed: [String] = []
        for path in pngs {
            guard let image = try? ImageSurface.load(png: path) else {
                failed.append(path)
                continue
            }
            data += [image.width, image.height]
            for y in 0..<image.height {
                for x in 0..<image.width { data.append(Int(WindowManagerProtocols.straightAlpha(image.pixel(x: x, y: y)))) }
            }
        }
        if !data.isEmpty { setCardinals("_NET_WM_ICON", data) }
        return failed
    }

    /// Premultiplied 0xAARRGGBB (Cairo) to straight 0xAARRGGBB (`_NET_WM_ICON`).
    static func straightAlpha(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        guard a != 0 else { return 0 }
        guard a != 255 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((pixel >> shift) & 0xFF) * 255 + a / 2) / a) }
        return a << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }

    private func set(_ counter: XSyncCounter, _ value: Int64) {
        var v = XSyncValue()
        XSyncIntsToValue(&v, UInt32(truncatingIfNeeded: value), Int32(truncatingIfNeeded: value >> 32))
        XSyncSetCounter(display, counter, v)
    }

    /// A 32-bit property: Xlib takes its items as C longs.
    private func setCardinals(_ name: String, _ values: [Int]) {
        let atom = XInternAtom(display, name, 0)
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, window, atom, XA_CARDINAL, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    private func setClientMachine() {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return }
        let bytes = Array(String(cString: name).utf8)
        XChangeProperty(display, window, XInternAtom(display, "WM_CLIENT_MACHINE", 0), XA_STRING, 8, PropModeReplace,
                        bytes, Int32(bytes.count))
    }

    private func setHints() {
        guard let hints = XAllocWMHints() else { return }
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(display, window, hints)
        XFree(hints)
    }
}

/// The two XSync counters of `_NET_WM_SYNC_REQUEST` frame synchronisation, as numbers.
///
/// The extended counter is odd while a frame is being drawn and even when it
/// is done; a sync request in extended mode names the (even) value it must
/// reach once the frame answering the resize is drawn. A basic request names
/// the value for the basic counter, stored after that frame.
struct FrameSyncState: Equatable, Sendable {
    private(set) var extended: Int64 = 0
    private(set) var pending: Request?

    struct Request: Equatable, Sendable {
        var value: Int64
        var extended: Bool
    }

    mutating func request(value: Int64, extended: Bool) {
        pending = Request(value: value, extended: extended)
    }

    /// The odd value the extended counter takes as drawing starts (nil when already odd).
    mutating func frameBegan() -> Int64? {
        guard extended % 2 == 0 else { return nil }
        extended += 1
        return extended
    }

    /// The values to store once the frame is on the window.
    mutating func frameEnded() -> (basic: Int64?, extended: Int64) {
        var basic: Int64?
        if let request = pending, request.extended {
            extended = request.value % 2 == 0 ? request.value : request.value + 1
        } else {
            basic = pending?.value
            if extended % 2 != 0 { extended += 1 }
        }
        pending = nil
        return (basic, extended)
    }
}

/// The freedesktop.org startup-notification messages (`_NET_STARTUP_INFO`).
enum StartupNotification {
    /// `remove: ID=...`, the value quoted when it holds a space, quote or backslash.
    static func removeMessage(id: String) -> String {
        let needsQuotes = id.contains { $0 == " " || $0 == "\"" || $0 == "\\" }
        guard needsQuotes else { return "remove: ID=\(id)" }
        var quoted = "\""
        for c in id {
            if c == "\"" || c == "\\" { quoted.append("\\") }
            quoted.append(c)
        }
        return "remove: ID=\(quoted)\""
    }

    /// The message with its terminating NUL, cut into the 20-byte pieces of format-8 client messages.
    static func chunks(_ message: String) -> [[UInt8]] {
        let bytes = Array(message.utf8) + [0]
        return stride(from: 0, to: bytes.count, by: 20).map { start in
            var piece = Array(bytes[start..<min(start + 20, bytes.count)])
            piece += [UInt8](repeating: 0, count: 20 - piece.count)
            return piece
        }
    }
}

/// The X pixel value of an RGB colour on a TrueColor visual (the window's background).
enum WindowBackground {
    static func pixel(rgb: UInt32, visual: UnsafeMutablePointer<Visual>) -> UInt {
        let v = visual.pointee
        func place(_ value: UInt32, _ mask: UInt) -> UInt {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            let bits = UInt((mask >> shift).nonzeroBitCount)
            let scaled = bits >= 8 ? UInt(value) << (bits - 8) : UInt(value) >> (8 - bits)
            return (scaled << shift) & mask
        }
        return place((rgb >> 16) & 0xFF, v.red_mask) | place((rgb >> 8) & 0xFF, v.green_mask) | place(rgb & 0xFF, v.blue_mask)
    }
}

extension WindowBackground {
    /// 0xRRGGBB of an opaque colour.
    static func rgb(_ color: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }
}

extension X11App {
    /// The icon sizes committed under `assets/icons` (made by `scripts/make-icons`).
    static let iconSizes = [16, 24, 32, 48, 64, 128, 256]
}
