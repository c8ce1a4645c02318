import CX11
import CXpresent
import CairoRenderer
import Foundation

/// The Present extension for `FramePresenter`: each shared-memory buffer has a server-side
/// pixmap; a frame copies its damage from the buffer into the pixmap (`XShmPutImage`, no
/// ShmCompletion; PresentPixmap reads nothing else) and shows it with `PresentPixmap`. The buffer is free
/// again when the frame's `PresentCompleteNotify` arrives (the server read the segment
/// before it executed the present). Copies are asynchronous (`PresentOptionAsync`: the
/// frame lands as soon as the server executes it, the pacing puts it on the refresh slot),
/// never flips (`PresentOptionCopy`: the pixmap stays ours). `requestVblank` asks for the
/// next vblank's UST/MSC (`PresentNotifyMSC`), from which the window's slots are paced.
/// `GESTUREDECK_PRESENT=on|off`: whether frames go through Present where the server offers it.
enum PresentOption: String, EnvironmentChoice {
    /// PresentPixmap where the server offers Present (the default).
    case on
    /// The MIT-SHM path even on a server with Present.
    case off
    static let variable = "GESTUREDECK_PRESENT"
    static let standard = PresentOption.on
    static let standardMeaning = "using Present"
}

final class PresentTarget {
    /// A `PresentCompleteNotify`: a presented frame's (`isVblank` false) or a vblank's.
    struct Completion: Equatable {
        var serial: UInt32
        /// Microseconds (CLOCK_MONOTONIC on a local server).
        var ust: UInt64
        var msc: UInt64
        var isVblank: Bool
    }

    /// What an event was to the presenter.
    enum Handled { case notPresent, other, completion(Completion) }

    private let display: OpaquePointer
    private let window: CX11.Window
    /// The extension's major opcode, which its GenericEvents carry.
    let opcode: Int32
    private let eventID: XID
    private let region: XserverRegion
    private var nextSerial: UInt32 = 1
    /// PresentPixmap requests sent and PresentCompleteNotify events handled (the tests count them).
    private(set) var pixmapsPresented = 0
    private(set) var completionsHandled = 0
    private var closed = false

    /// Present on `window`, or nil when the server does not offer it or `GESTUREDECK_PRESENT=off`.
    init?(display: OpaquePointer, window: CX11.Window, environment: [String: String]) {
        guard PresentOption.from(environment: environment) == .on else { return nil }
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XPresentQueryExtension(display, &opcode, &eventBase, &errorBase) != 0 else { return nil }
        var major: Int32 = 1, minor: Int32 = 0
        guard XPresentQueryVersion(display, &major, &minor) != 0 else { return nil }
        self.display = display
        self.window = window
        self.opcode = opcode
        eventID = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask))
        region = XFixesCreateRegion(display, nil, 0)
    }

    func close() {
        guard !closed else { return }
        closed = true
        XFixesDestroyRegion(display, region)
        XPresentFreeInput(display, window, eventID)
    }

    deinit { close() }

    /// Shows `pixmap`'s `rects` in the window; returns the request's serial.
    func present(_ pixmap: Pixmap, rects: [PixelRect]) -> UInt32 {
        var xrects = rects.map { XRectangle(x: Int16(clamping: $0.x), y: Int16(clamping: $0.y),
                                            width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height)) }
        XFixesSetRegion(display, region, &xrects, Int32(xrects.count))
        let serial = nextSerial
        nextSerial &+= 1
        XPresentPixmap(display, window, pixmap, serial, 0, region, 0, 0, 0, 0, 0,
                       UInt32(PresentOptionAsync | PresentOptionCopy), 0, 0, 0, nil, 0)
        pixmapsPresented += 1
        return serial
    }

    /// Asks for a completion at the next vblank (its UST and MSC).
    func requestVblank() {
        XPresentNotifyMSC(display, window, 0, 0, 1, 0)
        XFlush(display)
    }

    /// Reads a Present event (its cookie's data); `.notPresent` for any other event.
    func handle(_ event: inout XEvent) -> Handled {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return .notPresent }
        guard XGetEventData(display, &event.xcookie) != 0 else { return .other }
        defer { XFreeEventData(display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { return .other }
        let e = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
        guard e.window == window else { return .other }
        completionsHandled += 1
        return .completion(Completion(serial: e.serial_number, ust: e.ust, msc: e.msc,
                                      isVblank: e.kind == UInt8(PresentCompleteKindNotifyMSC)))
    }
}
