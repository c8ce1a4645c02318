import CX11
import Foundation
import Glibc

/// Counts the frames another program presents to its window, from the X
/// server's side: XDamage reports every change of the window's pixels.
///
/// libXdamage is opened at run time (the package links only Xlib, XInput and
/// Xcursor); without it the counter is unavailable and the caller falls back
/// to the frame count the program prints when it quits.
final class DamageCounter {
    private typealias QueryExtension = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?,
                                                       UnsafeMutablePointer<Int32>?) -> Int32
    private typealias Create = @convention(c) (OpaquePointer?, UInt, Int32) -> UInt
    private typealias QueryVersion = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?,
                                                     UnsafeMutablePointer<Int32>?) -> Int32

    private let display: OpaquePointer
    private let notifyType: Int32
    /// Damage events closer together than this belong to one presented frame.
    static let frameGap = 3.0

    /// Watches the window of process `pid` (found by `_NET_WM_PID`); nil without XDamage or the window.
    init?(pid: Int32) {
        guard let lib = dlopen("libXdamage.so.1", RTLD_NOW),
              let q = dlsym(lib, "XDamageQueryExtension"), let c = dlsym(lib, "XDamageCreate"),
              let v = dlsym(lib, "XDamageQueryVersion"), let display = XOpenDisplay(nil) else { return nil }
        let query = unsafeBitCast(q, to: QueryExtension.self)
        let create = unsafeBitCast(c, to: Create.self)
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 1, minor: Int32 = 1
        guard query(display, &eventBase, &errorBase) != 0,
              unsafeBitCast(v, to: QueryVersion.self)(display, &major, &minor) != 0,
              let window = DamageCounter.window(of: pid, display: display, in: XDefaultRootWindow(display)) else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        notifyType = eventBase  // XDamageNotify is the extension's first event
        _ = create(display, window, 0)  // XDamageReportRawRectangles: every drawing operation; freed with the connection
        XSync(display, 0)
        drain()
    }

    deinit {
        XCloseDisplay(display)
    }

    /// Frames presented during the next `seconds`, counted as bursts of damage.
    func frames(during seconds: Double) -> Int {
        let end = monotonicNanos() + UInt64(seconds * 1e9)
        var frames = 0
        var last = -Double.infinity
        while monotonicNanos() < end {
            XSync(display, 0)
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == notifyType else { continue }
                let now = Double(monotonicNanos()) / 1e6
                if now - last > DamageCounter.frameGap { frames += 1 }
                last = now
            }
            usleep(1000)
        }
        return frames
    }

    /// Starts counting afresh.
    func drain() {
        XSync(display, 0)
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
        }
    }

    private static func window(of pid: Int32, display: OpaquePointer, in parent: CX11.Window) -> CX11.Window? {
        var root: CX11.Window = 0, up: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, parent, &root, &up, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        let atom = XInternAtom(display, "_NET_WM_PID", 1)
        for i in 0..<Int(count) {
            let w = children[i]
            var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            if atom != 0, XGetWindowProperty(display, w, atom, 0, 1, 0, XA_CARDINAL, &type, &format, &items, &after,
                                             &data) == Success, let data {
                defer { XFree(data) }
                if items == 1, data.withMemoryRebound(to: UInt.self, capacity: 1, { Int32(truncatingIfNeeded: $0.pointee) }) == pid {
                    return w
                }
            }
            if let found = window(of: pid, display: display, in: w) { return found }
        }
        return nil
    }
}
