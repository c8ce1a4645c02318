import CX11
import CXrandr
import InteractionEngine

/// The refresh rate of the display output a window is on, from RANDR.
///
/// The output is the CRTC that holds most of the window's area; its mode's rate is
/// dotClock / (hTotal * vTotal), doubled for an interlaced mode and halved for a
/// double-scan one. A server without RANDR, a window on no CRTC, or a mode without
/// timings (Xvfb's modes have a dot clock of 0) gives the fallback, 60 Hz.
public enum OutputRefresh {
    /// The rate used when RANDR does not say: 60 Hz.
    public static let fallbackHz = 60.0
    /// Rates outside this range are taken as a broken mode line, Hz.
    public static let plausibleHz = 20.0...500.0

    /// A mode's timings, as RANDR reports them.
    public struct ModeTimings: Sendable, Equatable {
        public var dotClock: UInt64
        public var hTotal: UInt32
        public var vTotal: UInt32
        public var interlaced = false
        public var doubleScan = false

        public init(dotClock: UInt64, hTotal: UInt32, vTotal: UInt32, interlaced: Bool = false, doubleScan: Bool = false) {
            self.dotClock = dotClock
            self.hTotal = hTotal
            self.vTotal = vTotal
            self.interlaced = interlaced
            self.doubleScan = doubleScan
        }

        /// Refresh rate in Hz, or nil when the mode has no usable timings.
        public var hz: Double? {
            guard dotClock > 0, hTotal > 0, vTotal > 0 else { return nil }
            var rate = Double(dotClock) / (Double(hTotal) * Double(vTotal))
            if interlaced { rate *= 2 }
            if doubleScan { rate /= 2 }
            return plausibleHz.contains(rate) ? rate : nil
        }
    }

    /// A rectangle in root coordinates.
    public struct Area: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        func overlap(_ other: Area) -> Int {
            let w = min(x + width, other.x + other.width) - max(x, other.x)
            let h = min(y + height, other.y + other.height) - max(y, other.y)
            return w > 0 && h > 0 ? w * h : 0
        }
    }

    /// The refresh rate of the CRTC (its area and mode) covering most of `window`; the first
    /// CRTC's when none overlaps it; nil without CRTCs or timings.
    public static func rate(window: Area, crtcs: [(area: Area, mode: ModeTimings)]) -> Double? {
        let lit = crtcs.filter { $0.area.width > 0 && $0.area.height > 0 }
        guard let first = lit.first else { return nil }
        let best = lit.max { window.overlap($0.area) < window.overlap($1.area) }!
        return (window.overlap(best.area) > 0 ? best : first).mode.hz
    }

    /// The frame interval in ms for a rate (the fallback's when nil).
    public static func interval(hz: Double?) -> Millis { 1000 / (hz ?? fallbackHz) }

    /// Asks the server: the rate of the output under `window`, or nil (see `rate`).
    public static func query(display: OpaquePointer, window: CX11.Window) -> Double? {
        query(display: display, area: windowArea(display: display, window: window))
    }

    /// `window`'s area in root coordinates (whatever its parent: a reparenting window manager's frame).
    static func windowArea(display: OpaquePointer, window: CX11.Window) -> Area {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        let origin = rootOrigin(display: display, window: window)
        return Area(x: origin.x, y: origin.y, width: Int(attributes.width), height: Int(attributes.height))
    }

    /// Where `window`'s top left corner is in root coordinates (one round trip).
    static func rootOrigin(display: OpaquePointer, window: CX11.Window) -> (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    /// Asks the server: the rate of the output under `area` (root coordinates), or nil (see `rate`).
    static func query(display: OpaquePointer, area: Area) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        var major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryVersion(display, &major, &minor) != 0, major > 1 || (major == 1 && minor >= 3) else { return nil }
        let root = XDefaultRootWindow(display)
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        var modes: [RRMode: ModeTimings] = [:]
        for i in 0..<Int(resources.pointee.nmode) {
            let m = resources.pointee.modes[i]
            modes[m.id] = ModeTimings(dotClock: UInt64(m.dotClock), hTotal: m.hTotal, vTotal: m.vTotal,
                                      interlaced: m.modeFlags & UInt(RR_Interlace) != 0,
                                      doubleScan: m.modeFlags & UInt(RR_DoubleScan) != 0)
        }
        var crtcs: [(area: Area, mode: ModeTimings)] = []
        for i in 0..<Int(resources.pointee.ncrtc) {
            guard let info = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[i]) else { continue }
            defer { XRRFreeCrtcInfo(info) }
            guard info.pointee.mode != 0, let mode = modes[info.pointee.mode] else { continue }
            crtcs.append((Area(x: Int(info.pointee.x), y: Int(info.pointee.y), width: Int(info.pointee.width),
                               height: Int(info.pointee.height)), mode))
        }
        return rate(window: area, crtcs: crtcs)
    }

    /// RRScreenChangeNotify's event type on this connection (selected on `window`), or nil without RANDR.
    static func selectChanges(display: OpaquePointer, window: CX11.Window) -> Int32? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        XRRSelectInput(display, window, Int32(RRScreenChangeNotifyMask))
        return eventBase + RRScreenChangeNotify
    }
}
