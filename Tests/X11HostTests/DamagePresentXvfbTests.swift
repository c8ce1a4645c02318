import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

/// The compositor path presents only what changed (issue 21): measured from the presenter's
/// own count of the pixels it sent to a real X server, and checked against the window's pixels.
@Suite struct DamagePresentXvfbTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../assets").standardized.path
    static let width = 480, height = 800

    /// A mapped window on `display`, at the origin, with nothing above it.
    static func mappedWindow(_ display: OpaquePointer) -> CX11.Window {
        let screen = XDefaultScreen(display)
        let window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height), 0,
                                         XBlackPixel(display, screen), XWhitePixel(display, screen))
        XSelectInput(display, window, StructureNotifyMask)
        XMapWindow(display, window)
        var event = XEvent()
        repeat { XNextEvent(display, &event) } while event.type != MapNotify
        return window
    }

    /// How many window pixels differ from `image` (xRGB; the alpha byte is not on the screen).
    static func differingPixels(_ display: OpaquePointer, _ window: CX11.Window, _ image: ImageSurface) -> Int {
        guard let shot = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), UInt(bitPattern: -1), ZPixmap) else {
            return width * height
        }
        defer { _ = shot.pointee.f.destroy_image(shot) }
        var count = 0
        for y in 0..<height {
            for x in 0..<width where UInt32(truncatingIfNeeded: shot.pointee.f.get_pixel(shot, Int32(x), Int32(y))) & 0xFFFFFF
                != image.pixel(x: x, y: y) & 0xFFFFFF { count += 1 }
        }
        return count
    }

    @Test func aChangedBadgePresentsOnlyItsRow() throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = Self.mappedWindow(display)

        var warnings: [String] = []
        let scene = try MessagesFactory().make(assets: AssetStore(directory: Self.assets), state: DeckState(), warnings: &warnings)
        let deck = Deck(scenes: [scene], size: Size(width: Double(Self.width), height: Double(Self.height)))
        deck.tick(at: 0)
        let before = deck.render(at: 0)
        // The same frame with one row's unread count changed: the badge's text is the command
        // right after its red pill.
        var commands = before.commands
        let badgeIndex = try #require(commands.indices.dropFirst().first { i in
            if case .text(_, let r, _) = commands[i], case .fillRect(let pill, .solid(MessagesStyle.badge), _) = commands[i - 1] {
                return r == pill
            }
            return false
        }, "no unread badge in the messages scene")
        guard case .text(let count, let pill, let style) = commands[badgeIndex] else { return }
        commands[badgeIndex] = .text(count == "7" ? "8" : "7", pill, style)
        var after = DisplayList()
        for c in commands { after.append(c) }
        // The row holding the badge: rows are `rowHeight` tall and the pill sits 49 px below a row's top.
        // The scene draws under the deck's transforms (below the scene bar): follow the open ones.
        var offsets: [Point] = [], offset = Point(x: 0, y: 0)
        for c in commands[..<badgeIndex] {
            if case .pushTransform(let t) = c { offsets.append(offset); offset = offset + t.translation }
            if case .popTransform = c { offset = offsets.popLast() ?? Point(x: 0, y: 0) }
        }
        let rowTop = pill.midY - 49 + offset.y
        let row = PixelRect(x: 0, y: Int(rowTop.rounded(.down)), width: Self.width, height: Int(MessagesLayout.rowHeight))

        let renderer = CairoRenderer()
        let compositor = try #require(FrameCompositor(display: display, window: window, width: Self.width, height: Self.height))
        compositor.present(before, renderer: renderer)
        #expect(compositor.presenter.lastPresentedPixels == Self.width * Self.height, "the first frame is sent whole")
        compositor.present(after, renderer: renderer)
        let sent = compositor.presenter.lastPresentedPixels
        #expect(sent > 0, "the changed badge was not presented")
        #expect(sent <= row.area, "\(sent) pixels sent for a change inside one \(row.area)-pixel row")
        for rect in compositor.presenter.lastPresentedRects {
            #expect(row.contains(rect), "presented \(rect) outside the badge's row \(row)")
        }
        // A rectangle, not a band (issue 21 item 7): a quarter of the row at most, where the
        // full-width band of the same rows would be over that quarter.
        let limit = row.area / 4
        let presented = compositor.presenter.lastPresentedRects
        let band = Self.width * presented.reduce(0) { $0 + $1.height }
        #expect(sent <= limit, "\(sent) pixels sent in \(presented) for a badge, over a quarter of its row (\(limit))")
        #expect(band > limit, "the band of the same rows (\(band) pixels) would be under \(limit): the test cannot tell them apart")
        compositor.present(after, renderer: renderer)
        #expect(compositor.presenter.lastPresentedPixels == 0, "an unchanged frame sends nothing")
        XSync(display, 0)
        // What the window shows is the direct path's whole frame.
        let reference = CairoRenderer().image(of: after, width: Self.width, height: Self.height)
        #expect(Self.differingPixels(display, window, reference) == 0)
    }

    @Test func withoutSharedMemoryXPutImageShowsTheSameFrame() throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = Self.mappedWindow(display)
        var warnings: [String] = []
        let scene = try WalletFactory().make(assets: AssetStore(directory: Self.assets), state: DeckState(), warnings: &warnings)
        let deck = Deck(scenes: [scene], size: Size(width: Double(Self.width), height: Double(Self.height)))
        deck.tick(at: 0)
        let list = deck.render(at: 0)
        let compositor = try #require(FrameCompositor(display: display, window: window, width: Self.width,
                                                      height: Self.height, allowSharedMemory: false))
        #expect(compositor.presenter.transport == .putImage)
        compositor.present(list, renderer: CairoRenderer())
        XSync(display, 0)
        let reference = CairoRenderer().image(of: list, width: Self.width, height: Self.height)
        #expect(Self.differingPixels(display, window, reference) == 0)
    }
}
