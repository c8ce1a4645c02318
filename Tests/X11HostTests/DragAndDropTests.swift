import CX11
import CairoRenderer
import Foundation
import Glibc
import Testing
@testable import X11Host
import TestSupport

/// Issue 17 item 6: a `text/uri-list` dropped on the window becomes local paths.
@Suite struct URIListTests {
    private func paths(_ text: String) -> [String] { URIList.localPaths(Array(text.utf8)) }

    @Test func fileURIsWithAnEmptyHostOrLocalhostAreLocalPaths() {
        #expect(paths("file:///home/ann/a.png\r\nfile://localhost/tmp/b.jpg\r\nfile://LOCALHOST/c\r\n")
                == ["/home/ann/a.png", "/tmp/b.jpg", "/c"])
        #expect(paths("FILE:///x.png") == ["/x.png"])  // the scheme has no case
        #expect(paths("file:/single/slash.png") == ["/single/slash.png"])
    }

    @Test func percentEscapesAreDecodedToBytes() {
        #expect(paths("file:///tmp/My%20Photos/caf%C3%A9%2523.png") == ["/tmp/My Photos/café%23.png"])
        #expect(paths("file:///tmp/a%2fb") == ["/tmp/a/b"])
        // A name that is not UTF-8 keeps its byte (PicturePath's escape), never U+FFFD.
        let latin1 = paths("file:///tmp/caf%E9.png")
        #expect(latin1.count == 1 && PicturePath.bytes(of: latin1[0]) == Array("/tmp/caf".utf8) + [0xE9] + Array(".png".utf8))
    }

    @Test func commentsBlankLinesAndLineEndsAreHandled() {
        let list = "# a comment\r\n\r\nfile:///a.png\n  file:///b.png  \r\n#file:///not-this.png\r\nfile:///c.png"
        #expect(paths(list) == ["/a.png", "/b.png", "/c.png"])
        #expect(URIList.lines(Array(list.utf8)).count == 3)
    }

    @Test func otherSchemesHostsAndRelativePathsAreIgnored() {
        let list = ["http://example.com/a.png", "https://x/y.jpg", "smb://server/share/p.png", "file://otherhost/tmp/a.png",
                    "file:relative.png", "file://", "file:", "/tmp/bare-path.png", "trash:///a.png", "filex:///a.png"]
        #expect(paths(list.joined(separator: "\r\n")).isEmpty)
        #expect(paths((list + ["file:///kept.png"]).joined(separator: "\r\n")) == ["/kept.png"])
    }

    @Test func hostileInputIsRefusedWithoutACrash() {
        // Malformed escapes, an encoded NUL, a bare NUL, binary noise, a huge line, repeats.
        #expect(paths("file:///a%zz.png\r\nfile:///b%4\r\nfile:///c%\r\nfile:///d%00e\r\n").isEmpty)
        #expect(URIList.localPath(Array("file:///a".utf8) + [0] + Array("b".utf8)) == nil)
        let noise = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        #expect(URIList.localPaths(noise).allSatisfy { $0.hasPrefix("/") })
        let long = "file:///" + String(repeating: "%41", count: 100_000)
        #expect(paths(long) == ["/" + String(repeating: "A", count: 100_000)])
        #expect(paths("file:///same.png\r\nfile:///same.png\r\nfile://localhost/same.png") == ["/same.png"])
        // A query or fragment is not part of the path.
        #expect(paths("file:///a.png?x=1\r\nfile:///b.png#frag") == ["/a.png", "/b.png"])
        #expect(paths("").isEmpty && paths("\r\n\r\n#\r\n").isEmpty)
    }

    @Test func percentDecodingNamesMalformedEscapes() {
        #expect(URIList.percentDecoded(Array("%41%62c".utf8)) == Array("Abc".utf8))
        #expect(URIList.percentDecoded(Array("%4".utf8)) == nil)
        #expect(URIList.percentDecoded(Array("%g0".utf8)) == nil)
    }
}

/// A drag source on the test's X server: owns `XdndSelection`, speaks XDND 5 to a target window.
final class DragSource {
    let client: TestClient
    let window: CX11.Window
    private var list: [UInt8] = []

    init(_ client: TestClient) {
        self.client = client
        window = XCreateSimpleWindow(client.display, client.root, 0, 0, 1, 1, 0, 0, 0)
        XSync(client.display, 0)
    }

    /// Drags `uris` (offered as `types`) onto `target` at (x, y) and drops: returns the
    /// XdndStatus accept bit, and XdndFinished's accept bit (nil when it never came).
    func drop(_ uris: String, types: [String] = ["text/uri-list", "text/plain"], on target: CX11.Window,
              at point: (x: Int, y: Int) = (200, 300)) -> (accepted: Bool?, finished: Bool?) {
        list = Array(uris.utf8)
        let c = client
        XSetSelectionOwner(c.display, c.atom("XdndSelection"), window, Time(CurrentTime))
        // More than three types go in XdndTypeList, with bit 0 of the Enter's second long set.
        let all = types.map { UInt(c.atom($0)) }
        let listed = all.count > 3
        if listed {
            all.withUnsafeBytes { raw in
                _ = XChangeProperty(c.display, window, c.atom("XdndTypeList"), XA_ATOM, 32, PropModeReplace,
                                    raw.bindMemory(to: UInt8.self).baseAddress, Int32(all.count))
            }
        }
        let typeAtoms = all.prefix(3).map { Int($0) }
        send("XdndEnter", to: target, [Int(window), 5 << 24 | (listed ? 1 : 0)] + typeAtoms + Array(repeating: 0, count: 3 - typeAtoms.count))
        send("XdndPosition", to: target, [Int(window), 0, point.x << 16 | point.y, Int(CurrentTime), Int(c.atom("XdndActionCopy"))])
        let status = c.nextEvent(timeout: 5) { e in e.type == ClientMessage && e.xclient.message_type == c.atom("XdndStatus") }
        let accepted = status.map { longs($0)[1] & 1 == 1 }
        send("XdndDrop", to: target, [Int(window), 0, Int(CurrentTime), 0, 0])
        // Answer the target's request for the list, then wait for its XdndFinished.
        let finished = c.nextEvent(timeout: 10) { e in
            if e.type == SelectionRequest { answer(e.xselectionrequest); return false }
            return e.type == ClientMessage && e.xclient.message_type == c.atom("XdndFinished")
        }
        return (accepted, finished.map { longs($0)[1] & 1 == 1 })
    }

    private func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        if request.target == client.atom("text/uri-list") {
            XChangeProperty(client.display, request.requestor, request.property, request.target, 8, PropModeReplace,
                            list, Int32(list.count))
            reply.xselection.property = request.property
        }
        XSendEvent(client.display, request.requestor, 0, 0, &reply)
        XFlush(client.display)
    }

    private func send(_ type: String, to target: CX11.Window, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = client.atom(type)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { raw in
            let l = raw.bindMemory(to: Int.self)
            for (i, v) in values.enumerated() { l[i] = v }
        }
        XSendEvent(client.display, target, 0, Int(NoEventMask), &event)
        XFlush(client.display)
    }

    private func longs(_ event: XEvent) -> [Int] {
        var data = event.xclient.data
        return withUnsafeBytes(of: &data.l) { Array($0.bindMemory(to: Int.self).prefix(5)) }
    }
}

extension XvfbTests {
    /// Issue 17 item 6: files dropped from a scripted XDND source open in the carousel; a drop
    /// of nothing usable is refused (XdndFinished not accepted, a warning) and changes nothing.
    @Test func droppedFilesAndFoldersOpenInTheCarousel() throws {
        let dir = try temporaryFolder()
        let folder = dir + "/My Photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["img10.png", "img2.png", "café.png"] {
            try FileManager.default.copyItem(atPath: repositoryAssets + "/carousel/aurora.png", toPath: folder + "/" + name)
        }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        let xvfb = try Xvfb()
        let app = try AppProcess(xvfb: xvfb, statePath: dir + "/state.json", arguments: ["--scene", "wallet"])
        try app.waitFor("ready")
        let client = try TestClient(xvfb.display)
        let target = try client.window(titled: "GestureDeck")
        #expect(client.cardinals(target, "XdndAware") == [5])
        let source = DragSource(client)

        // Two files, percent-encoded, with a comment and a web link: the files, in the order dropped.
        let files = "# dragged\r\nfile://\(folder.replacingOccurrences(of: " ", with: "%20"))/caf%C3%A9.png\r\n"
            + "http://example.com/x.png\r\nfile://localhost\(folder.replacingOccurrences(of: " ", with: "%20"))/img2.png\r\n"
        let first = source.drop(files, on: target)
        #expect(first.accepted == true && first.finished == true)
        let shown = try app.waitFor("pictures")
        #expect(shown["count"] as? Int == 2 && shown["first"] as? String == folder + "/café.png", "\(shown)")
        try app.waitFor("scene") { $0["scene"] as? String == "carousel" }
        #expect(app.errorOutput(contains: "1 of 3 items not a local file"), "\(app.errorOutput)")

        // The folder itself: as --pictures would show it (natural order, ids are the names).
        let whole = source.drop("file://\(folder.replacingOccurrences(of: " ", with: "%20"))\r\n", on: target)
        #expect(whole.accepted == true && whole.finished == true)
        let second = try app.waitFor("pictures") { $0["count"] as? Int == 3 }
        #expect(second["first"] as? String == "café.png", "\(second)")  // natural order: café, img2, img10
        try xvfb.xdotool("mousemove", "200", "300")  // no window manager: the key goes where the pointer is
        try xvfb.xdotool("key", "Return")
        let selected = try app.waitFor("select")
        #expect(selected["id"] as? String == "café.png", "\(selected)")

        // Nothing usable: refused, the carousel keeps the folder.
        let refused = source.drop("file://\(dir)/notes.txt\r\nfile:///no/such/file.png\r\n", on: target)
        #expect(refused.accepted == true && refused.finished == false)
        try app.waitFor("drop-refused")
        #expect(app.errorOutput(contains: "no usable pictures among 2 items"), "\(app.errorOutput)")
        // Five types, text/uri-list the last: read from the source's XdndTypeList.
        let many = source.drop("file://\(folder.replacingOccurrences(of: " ", with: "%20"))/img10.png\r\n",
                               types: ["text/plain", "UTF8_STRING", "STRING", "TEXT", "text/uri-list"], on: target)
        #expect(many.accepted == true && many.finished == true)
        try app.waitFor("pictures") { $0["count"] as? Int == 1 }
        // A drag that offers no file list is not accepted at all.
        let text = source.drop("hello", types: ["text/plain"], on: target)
        #expect(text.accepted == false && text.finished == false)

        try xvfb.xdotool("key", "q")
        #expect(try app.waitForExit() == 0)
        let events = app.events.filter { $0["event"] as? String == "pictures" }
        #expect(events.count == 3, "a refused drop must not swap the pictures: \(events)")
        let state = try app.savedState()
        #expect((state["carousel"] as? [String: Any])?["selected"] as? String == selected["id"] as? String)
    }
}
