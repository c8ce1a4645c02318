import CX11
import Foundation

/// Offers a picture on the X CLIPBOARD selection (ICCCM 2.6): F12's PNG, to paste into a chat
/// or a document, and its path as text; or text alone (the tuning panel's "copy as..." code).
///
/// X has no clipboard store: the owner answers each `SelectionRequest` by
/// writing the data into a property on the requestor's window and sending
/// `SelectionNotify`. Targets: `TARGETS`, `TIMESTAMP`, `image/png` (when a picture is
/// offered), and the path or text as `text/plain`, `text/plain;charset=utf-8` and `UTF8_STRING`. Data
/// larger than one request allows goes by the INCR protocol: chunk after chunk,
/// each written when the requestor has deleted the last one. The offer lasts
/// until another client takes the clipboard or the program exits.
final class Clipboard {
    private let display: OpaquePointer
    private let window: CX11.Window
    private let selection: Atom
    private let targets: Atom
    private let timestamp: Atom
    private let incr: Atom
    private let png: Atom
    private let textTargets: [Atom]
    /// The most bytes written in one ChangeProperty; larger data goes by INCR.
    let chunkLimit: Int

    private struct Offer {
        var png: [UInt8]?
        var text: [UInt8]
        var time: Time
    }
    private var offer: Offer?

    /// An INCR transfer in flight: the next chunk goes when the requestor deletes `property`.
    private struct Transfer {
        var requestor: CX11.Window
        var property: Atom
        var type: Atom
        var data: [UInt8]
        var sent = 0
        var endSent = false
    }
    private var transfers: [Transfer] = []

    /// `chunkLimit` defaults to what the server accepts in one request (BIG-REQUESTS when
    /// offered), less room for the request's header.
    init(display: OpaquePointer, window: CX11.Window, chunkLimit: Int? = nil) {
        self.display = display
        self.window = window
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        selection = atom("CLIPBOARD")
        targets = atom("TARGETS")
        timestamp = atom("TIMESTAMP")
        incr = atom("INCR")
        png = atom("image/png")
        textTargets = [atom("UTF8_STRING"), atom("text/plain;charset=utf-8"), atom("text/plain")]
        let extended = XExtendedMaxRequestSize(display)
        let units = extended > 0 ? extended : XMaxRequestSize(display)
        self.chunkLimit = chunkLimit ?? max(4096, units * 4 - 1024)
    }

    /// Takes the CLIPBOARD with `png` and `path`; false when the server gave it to someone else.
    @discardableResult
    func offer(png data: [UInt8], path: String, time: Time) -> Bool {
        take(Offer(png: data, text: Array(path.utf8), time: time))
    }

    /// Takes the CLIPBOARD with `text` alone (UTF-8); false when the server gave it to someone else.
    @discardableResult
    func offer(text: String, time: Time) -> Bool {
        take(Offer(png: nil, text: Array(text.utf8), time: time))
    }

    private func take(_ offer: Offer) -> Bool {
        self.offer = offer
        let time = offer.time
        XSetSelectionOwner(display, selection, window, time)
        let owned = XGetSelectionOwner(display, selection) == window
        if !owned { self.offer = nil }
        XFlush(display)
        return owned
    }

    /// True while this window owns the clipboard.
    var isOwner: Bool { offer != nil }

    /// Answers the selection events; true when `event` was one of ours (the host skips it then).
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            answer(event.xselectionrequest)
            return true
        case SelectionClear:
            guard event.xselectionclear.selection == selection else { return false }
            offer = nil  // someone else copied something; transfers in flight still finish
            return true
        case PropertyNotify:
            let e = event.xproperty
            guard let index = transfers.firstIndex(where: { $0.requestor == e.window && $0.property == e.atom }) else {
                return false
            }
            if e.state == PropertyDelete { continueTransfer(at: index) }
            return true
        default:
            return false
        }
    }

    private func answer(_ request: XSelectionRequestEvent) {
        // Obsolete clients pass None as the property: use the target's name (ICCCM 2.2).
        let property = request.property != 0 ? request.property : request.target
        var answered: Atom = 0
        if let offer, request.selection == selection,
           request.time == UInt(CurrentTime) || offer.time == UInt(CurrentTime) || request.time >= offer.time {
            if request.target == targets {
                let list = [targets, timestamp] + (offer.png == nil ? [] : [png]) + textTargets
                writeLongs(list.map { Int(bitPattern: $0) }, type: XA_ATOM, to: request.requestor, property: property)
                answered = property
            } else if request.target == timestamp {
                writeLongs([Int(offer.time)], type: XA_INTEGER, to: request.requestor, property: property)
                answered = property
            } else if request.target == png, let picture = offer.png {
                send(picture, type: png, to: request.requestor, property: property)
                answered = property
            } else if textTargets.contains(request.target) {
                send(offer.text, type: request.target, to: request.requestor, property: property)
                answered = property
            }
        }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = answered
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, Int(NoEventMask), &reply)
        XFlush(display)
    }

    /// Writes `data` whole, or starts an INCR transfer when it is larger than one request.
    private func send(_ data: [UInt8], type: Atom, to requestor: CX11.Window, property: Atom) {
        if data.count <= chunkLimit {
            let bytes = data.isEmpty ? [0] : data
            bytes.withUnsafeBufferPointer {
                _ = XChangeProperty(display, requestor, property, type, 8, PropModeReplace, $0.baseAddress!, Int32(data.count))
            }
            return
        }
        // INCR: announce the size, then wait for the requestor to delete the property.
        XSelectInput(display, requestor, Int(PropertyChangeMask))
        writeLongs([data.count], type: incr, to: requestor, property: property)
        transfers.removeAll { $0.requestor == requestor && $0.property == property }
        transfers.append(Transfer(requestor: requestor, property: property, type: type, data: data))
    }

    /// A format-32 property: Xlib takes those as C longs (64 bits here), whatever the wire says.
    private func writeLongs(_ values: [Int], type: Atom, to requestor: CX11.Window, property: Atom) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, requestor, property, type, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// The requestor took the last chunk: write the next one, or the empty one that ends the transfer.
    private func continueTransfer(at index: Int) {
        var transfer = transfers[index]
        if transfer.endSent {
            // Done. The requestor's window keeps our PropertyChangeMask: it has usually just been
            // destroyed (xclip exits), and clearing the mask would then be a BadWindow error.
            transfers.remove(at: index)
            return
        }
        let count = min(chunkLimit, transfer.data.count - transfer.sent)
        transfer.data.withUnsafeBufferPointer { bytes in
            XChangeProperty(display, transfer.requestor, transfer.property, transfer.type, 8, PropModeReplace,
                            bytes.baseAddress! + transfer.sent, Int32(count))
        }
        transfer.sent += count
        if count == 0 { transfer.endSent = true }
        transfers[index] = transfer
        XFlush(display)
    }
}
