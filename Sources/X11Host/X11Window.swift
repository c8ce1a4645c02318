import CCairo
import CX11
import Glibc
import InteractionEngine

/// A top-level X window with its Cairo surface: owns the display connection.
///
/// Frames are composed off-screen in an image surface (the same pixels the
/// headless renderer makes) and copied to the window in one operation, so a
/// half-drawn frame is never visible.
public final class X11Window {
    public let display: OpaquePointer
    public let window: CX11.Window
    private let screen: Int32
    private let deleteAtom: Atom
    private(set) var width: Int
    private(set) var height: Int
    private var surface: OpaquePointer
    private var namedCursors: [Int: Cursor] = [:]
    /// XInput 2.1 pointer input, when the server has it.
    private(set) var xinput: XInput2?
    /// WM_HINTS, ping, frame sync, icon, startup notification.
    private(set) var protocols: WindowManagerProtocols!
    /// The screen's work area (`_NET_WORKAREA`, else the screen size), in device pixels:
    /// the first window never opens larger than this.
    public let workArea: (width: Int, height: Int)
    /// Set when another client destroyed the window (DestroyNotify): nothing more may be sent to it.
    private(set) var destroyed = false

    /// Opens the display and maps a window titled "GestureDeck", whose background (what the
    /// server shows before a frame is drawn, as during a resize) is `background` (0xRRGGBB).
    public init(width: Int, height: Int, background: UInt32 = 0x000000) throws(HostError) {
        guard let display = XOpenDisplay(nil) else {
            let name = String(cString: XDisplayName(nil))
            throw HostError("cannot open X display '\(name)': set DISPLAY to a running X server, or use --screenshot")
        }
        self.display = display
        screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        workArea = X11Window.workArea(display, screen: screen, root: root)
        // A window larger than the screen costs seconds and gigabytes and shows nothing more.
        let width = min(max(1, width), workArea.width), height = min(max(1, height), workArea.height)
        self.width = width
        self.height = height
        window = XCreateSimpleWindow(display, root, 0, 0, UInt32(width), UInt32(height), 0,
                                     XBlackPixel(display, screen),
                                     WindowBackground.pixel(rgb: background, visual: XDefaultVisual(display, screen)))
        xinput = XInput2(display: display, window: window)
        // With XI2 the pointer arrives as XI2 events; core pointer events are only the fallback.
        let pointerMask = xinput == nil ? ButtonPressMask | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask : 0
        XSelectInput(display, window, Int(ExposureMask | KeyPressMask | StructureNotifyMask | FocusChangeMask | pointerMask))

        deleteAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var protocols = [deleteAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        self.protocols = WindowManagerProtocols(display: display, window: window, deleteAtom: deleteAtom)
        surface = cairo_xlib_surface_create(display, window, XDefaultVisual(display, screen),
                                            Int32(width), Int32(height))
        setTitle("GestureDeck")
        setClass(name: "gesturedeck", className: "GestureDeck")
        setMinimumSize(width: 200, height: 200)
        var pid = UInt(getpid())
        let pidAtom = XInternAtom(display, "_NET_WM_PID", 0)
        let win = window
        withUnsafeBytes(of: &pid) { bytes in
            let data = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            _ = XChangeProperty(display, win, pidAtom, XA_CARDINAL, 32, PropModeReplace, data, 1)
        }
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        // The protocols free their XSync counters on this connection: before it closes
        // (stored properties are released only after this body, on a closed display).
        protocols = nil
        cairo_surface_destroy(surface)
        for cursor in namedCursors.values { XFreeCursor(display, cursor) }
        if !destroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// True for the DestroyNotify of this window (another client called XDestroyWindow).
    func isDestroyNotify(_ event: XDestroyWindowEvent) -> Bool {
        guard event.window == window else { return false }
        destroyed = true
        return true
    }

    /// The root window's `_NET_WORKAREA` of desktop 0 (set by the window manager), else the screen size.
    static func workArea(_ display: OpaquePointer, screen: Int32, root: CX11.Window) -> (width: Int, height: Int) {
        let screenSize = (width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen)))
        let atom = XInternAtom(display, "_NET_WORKAREA", 1)  // only if it exists
        guard atom != 0 else { return screenSize }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, root, atom, 0, 4, 0, XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
              let data else { return screenSize }
        defer { XFree(data) }
        guard format == 32, count >= 4 else { return screenSize }
        // Format-32 properties come back as C longs.
        let values = UnsafeRawPointer(data).assumingMemoryBound(to: Int.self)
        let width = values[2], height = values[3]
        guard width > 0, height > 0 else { return screenSize }
        return (min(width, screenSize.width), min(height, screenSize.height))
    }

    public var connectionFD: Int32 { XConnectionNumber(display) }

    func isDeleteRequest(_ event: XClientMessageEvent) -> Bool {
        UInt(bitPattern: event.data.l.0) == deleteAtom
    }

    func setTitle(_ title: String) {
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let bytes = Array(title.utf8)
        XChangeProperty(display, window, XInternAtom(display, "_NET_WM_NAME", 0), utf8, 8, PropModeReplace,
                        bytes, Int32(bytes.count))
    }

    private func setClass(name: String, className: String) {
        guard let hint = XAllocClassHint() else { return }
        name.withCString { n in
            className.withCString { c in
                hint.pointee.res_name = UnsafeMutablePointer(mutating: n)
                hint.pointee.res_class = UnsafeMutablePointer(mutating: c)
                XSetClassHint(display, window, hint)
            }
        }
        XFree(hint)
    }

    private func setMinimumSize(width: Int, height: Int) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize
        hints.pointee.min_width = Int32(width)
        hints.pointee.min_height = Int32(height)
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
    }

    /// Asks for a new window size (the ConfigureNotify that follows does the rest).
    func requestSize(width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(min(max(1, width), workArea.width)), UInt32(min(max(1, height), workArea.height)))
    }

    /// Follows a ConfigureNotify; true when the size changed.
    func resize(width: Int, height: Int) -> Bool {
        guard width != self.width || height != self.height else { return false }
        self.width = width
        self.height = height
        cairo_xlib_surface_set_size(surface, Int32(width), Int32(height))
        return true
    }

    /// Copies a finished frame to the window in one operation.
    public func present(_ frame: OpaquePointer) {
        let cr = cairo_create(surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, frame, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        XFlush(display)
    }

    /// Shows the theme's cursor of the first of `names` it has (Xcursor), else the core
    /// cursor font's `shape`; no names restores the default arrow.
    func setCursor(names: [String], fallback shape: UInt32) {
        guard !names.isEmpty else {
            XUndefineCursor(display, window)
            return
        }
        let key = names.hashValue
        var cursor = namedCursors[key]
        if cursor == nil {
            let themed = CursorNames.first(names) { name -> Cursor? in
                let c = XcursorLibraryLoadCursor(display, name)
                return c != 0 ? c : nil
            }
            cursor = themed ?? XCreateFontCursor(display, shape)
            namedCursors[key] = cursor
        }
        XDefineCursor(display, window, cursor!)
    }

    /// Follows the desktop's cursor theme and size (nil: Xcursor's own defaults); the next
    /// `setCursor` loads from the new theme.
    func setCursorTheme(name: String?, size: Int?) {
        if let name { XcursorSetTheme(display, name) }
        if let size { XcursorSetDefaultSize(display, Int32(size)) }
        for cursor in namedCursors.values { XFreeCursor(display, cursor) }
        namedCursors = [:]
    }

    /// What the server shows where nothing is drawn yet (a window grown faster than it draws).
    func setBackground(rgb: UInt32) {
        XSetWindowBackground(display, window, WindowBackground.pixel(rgb: rgb, visual: XDefaultVisual(display, screen)))
    }

    /// The Cairo surface of the window (its font options are the screen's).
    var cairoSurface: OpaquePointer { surface }

    /// The screen's dots per inch from the `Xft.dpi` resource, if set.
    func resourceDPI() -> Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        return DisplayScale.dpi(fromResources: String(cString: resources))
    }
}

/// A failure of the window system, described for a person.
public enum HostProblemKind: ProblemKind {}
public typealias HostError = Problem<HostProblemKind>
