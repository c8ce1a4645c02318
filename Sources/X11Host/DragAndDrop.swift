import CX11
import CairoRenderer
import Foundation

/// The drop target side of the freedesktop XDND protocol, version 5: files and
/// folders dragged from a file manager onto the window (`text/uri-list`).
///
/// The window carries `XdndAware` = 5. A source sends `XdndEnter` (the types it
/// offers: three in the message, more in its `XdndTypeList` property), then
/// `XdndPosition` while the pointer moves; each is answered with `XdndStatus`,
/// accepting (with `XdndActionCopy`) only when `text/uri-list` is offered. On
/// `XdndDrop` the window asks for `XdndSelection` as `text/uri-list`
/// (XConvertSelection); when the `SelectionNotify` brings it, the list is read,
/// the source is told `XdndFinished` (accepted or not) and the host gets the
/// local paths (`URIList.localPaths`). `XdndLeave` forgets the drag.
final class DragAndDrop {
    /// The protocol version spoken (and the newest accepted from a source).
    static let version = 5
    /// The largest uri-list read, in bytes (a longer one is cut at a line and still used).
    static let maximumListBytes = 4 << 20

    /// What a handled event leaves for the host.
    enum Outcome: Equatable {
        /// An XDND message or its selection: nothing for the host.
        case handled
        /// A drop arrived: the local paths it named (possibly none), and whether the data was readable.
        case dropped(paths: [String], offered: Int)
        /// A drop whose data never came (not a uri-list, or the source failed).
        case failed(String)
    }

    private let display: OpaquePointer
    private let window: CX11.Window
    private let aware, enter, position, status, leave, drop, finished, typeList, selection, uriList, actionCopy: Atom
    /// The property the dropped list is delivered into.
    private let property: Atom
    /// The drag in progress: its source window, and whether it offers `text/uri-list`.
    private var source: (window: CX11.Window, offersURIs: Bool)?
    /// The source waiting for `XdndFinished` after a drop, until its data arrives.
    private var awaitingData: CX11.Window?
    /// The source of a drop whose data came, until the host says whether it was used.
    private var finishing: CX11.Window?

    init(display: OpaquePointer, window: CX11.Window) {
        self.display = display
        self.window = window
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        aware = atom("XdndAware"); enter = atom("XdndEnter"); position = atom("XdndPosition")
        status = atom("XdndStatus"); leave = atom("XdndLeave"); drop = atom("XdndDrop")
        finished = atom("XdndFinished"); typeList = atom("XdndTypeList"); selection = atom("XdndSelection")
        uriList = atom("text/uri-list"); actionCopy = atom("XdndActionCopy")
        property = atom("GESTUREDECK_XDND_DROP")
        var version = UInt(DragAndDrop.version)
        _ = withUnsafeBytes(of: &version) { raw in
            XChangeProperty(display, window, aware, XA_ATOM, 32, PropModeReplace,
                            raw.bindMemory(to: UInt8.self).baseAddress, 1)
        }
    }

    /// Handles `event` when it belongs to a drag; nil when it is not XDND's.
    func handle(_ event: inout XEvent) -> Outcome? {
        switch event.type {
        case ClientMessage where event.xclient.window == window:
            return message(event.xclient)
        case SelectionNotify where event.xselection.requestor == window && event.xselection.selection == selection:
            return selectionArrived(event.xselection)
        default:
            return nil
        }
    }

    private func message(_ message: XClientMessageEvent) -> Outcome? {
        let l = longs(message)
        let from = CX11.Window(UInt(bitPattern: l[0]))
        switch message.message_type {
        case enter:
            let sourceVersion = (UInt(bitPattern: l[1]) >> 24) & 0xFF
            guard sourceVersion >= 3 else { source = nil; return .handled }  // older than the first one with these messages
            let types = UInt(bitPattern: l[1]) & 1 == 1 ? sourceTypes(from) : l[2...4].map { Atom(UInt(bitPattern: $0)) }
            source = (from, types.contains(uriList))
            return .handled
        case position:
            guard let source, source.window == from else { return .handled }
            send(status, to: from, [Int(window), source.offersURIs ? 1 : 0, 0, 0, source.offersURIs ? Int(actionCopy) : 0])
            return .handled
        case leave:
            if source?.window == from { source = nil }
            return .handled
        case drop:
            guard let current = source, current.window == from else {
                send(finished, to: from, [Int(window), 0, 0])
                return .handled
            }
            source = nil
            guard current.offersURIs else {
                send(finished, to: from, [Int(window), 0, 0])
                return .failed("the drop offers no file list (text/uri-list)")
            }
            awaitingData = from
            let time = Time(UInt(bitPattern: l[2]))
            XConvertSelection(display, selection, uriList, property, window, time == 0 ? Time(CurrentTime) : time)
            XFlush(display)
            return .handled
        default:
            return nil
        }
    }

    private func selectionArrived(_ event: XSelectionEvent) -> Outcome {
        guard let target = awaitingData else { return .handled }
        awaitingData = nil
        guard event.property != 0, let bytes = readProperty(event.property) else {
            send(finished, to: target, [Int(window), 0, 0])
            return .failed("the drag source sent no file list")
        }
        finishing = target
        return .dropped(paths: URIList.localPaths(bytes), offered: URIList.lines(bytes).count)
    }

    /// Tells the source of the last `.dropped` whether its files were taken (`XdndFinished`).
    func finish(accepted: Bool) {
        guard let target = finishing else { return }
        finishing = nil
        send(finished, to: target, [Int(window), accepted ? 1 : 0, accepted ? Int(actionCopy) : 0])
    }

    /// The source's `XdndTypeList` (when it offers more than three types).
    private func sourceTypes(_ source: CX11.Window) -> [Atom] {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, source, typeList, 0, 1024, 0, XA_ATOM, &type, &format, &count, &after, &data) == Success,
              let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            .map { Atom($0) }
    }

    /// The 8-bit property `name` on the window, deleted once read (nil when absent or not 8-bit).
    private func readProperty(_ name: Atom) -> [UInt8]? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let longs = DragAndDrop.maximumListBytes / 4
        guard XGetWindowProperty(display, window, name, 0, longs, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success else { return nil }
        defer {
            if let data { XFree(data) }
            XDeleteProperty(display, window, name)
        }
        guard let data, format == 8 else { return nil }
        var bytes = Array(UnsafeBufferPointer(start: data, count: Int(count)))
        if after > 0 {
            bytes.removeSubrange(((bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1)...)  // cut at a whole line
        }
        return bytes
    }

    private func send(_ type: Atom, to target: CX11.Window, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = target
        event.xclient.message_type = type
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { raw in
            let l = raw.bindMemory(to: Int.self)
            for (i, v) in values.prefix(5).enumerated() { l[i] = v }
        }
        XSendEvent(display, target, 0, Int(NoEventMask), &event)
        XFlush(display)
    }

    private func longs(_ message: XClientMessageEvent) -> [Int] {
        var data = message.data
        return withUnsafeBytes(of: &data.l) { Array($0.bindMemory(to: Int.self).prefix(5)) }
    }
}

/// A `text/uri-list` (RFC 2483): one URI per line, lines ending in CRLF (a
/// bare LF is taken too), lines starting with `#` are comments.
enum URIList {
    /// The URI lines of `bytes`: comments and blank lines left out, ends trimmed.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { raw in
            var line = Array(raw)
            while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                line.removeLast()
            }
            while let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { line.removeFirst() }
            return line.isEmpty || line.first == UInt8(ascii: "#") ? nil : line
        }
    }

    /// The local paths the list names, in order, each once: `file:` URIs whose host is
    /// empty or `localhost`, percent-decoded. Other schemes, other hosts, relative or
    /// malformed paths (a bad escape, an encoded NUL) are left out. A path whose bytes
    /// are not UTF-8 keeps them (`PicturePath.string(fromBytes:)`).
    static func localPaths(_ bytes: [UInt8]) -> [String] {
        var seen = Set<String>()
        return lines(bytes).compactMap(localPath).filter { seen.insert($0).inserted }
    }

    /// The local path of one `file:` URI, or nil.
    static func localPath(_ uri: [UInt8]) -> String? {
        let scheme = Array("file:".utf8)
        guard uri.count > scheme.count, zip(uri, scheme).allSatisfy({ lowercased($0) == $1 }) else { return nil }
        var rest = uri[scheme.count...]
        if rest.starts(with: Array("//".utf8)) {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let host = rest[..<slash].map(lowercased)
            guard host.isEmpty || host == Array("localhost".utf8) else { return nil }
            rest = rest[slash...]
        }
        // The path ends where a query or fragment begins (a literal '?' or '#' in a name is escaped).
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        guard rest.first == UInt8(ascii: "/"), let path = percentDecoded(Array(rest)) else { return nil }
        guard !path.contains(0) else { return nil }
        return PicturePath.string(fromBytes: path)
    }

    /// `bytes` with every `%XY` replaced by its byte; nil when an escape is malformed.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) else { return nil }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func lowercased(_ c: UInt8) -> UInt8 {
        c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 0x20 : c
    }
}

extension X11App {
    /// What a drop brought: the carousel shows it, or a warning says why nothing changed.
    func receive(_ outcome: DragAndDrop.Outcome) {
        switch outcome {
        case .handled: return
        case .dropped(let paths, let offered):
            dragAndDrop.finish(accepted: session.openDropped(paths, offered: offered, at: engineTime))
        case .failed(let reason): session.refuseDrop(reason)
        }
        needsDraw = true
    }
}
