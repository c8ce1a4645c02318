import CX11
import CairoRenderer
import Foundation
import InteractionEngine
import Testing
@testable import X11Host
import TestSupport

/// The presenter's buffers across resizes and failed allocations (issue 21 follow-ups, the
/// robustness task): frames in flight when the buffers are freed, a frame with no buffer at all,
/// and what the presenter then reports for it. Counted and compared, not timed.
@Suite struct PresenterLifecycleXvfbTests {
    static let width = DamagePresentXvfbTests.width, height = DamagePresentXvfbTests.height

    /// Each transport the presenter has: Present reading the segment, Present uploading into
    /// plain pixmaps, MIT-SHM without Present, XPutImage without shared memory.
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case presentShared, presentUploaded, sharedMemory, putImage
        var testDescription: String { rawValue }
    }

    static func compositor(_ path: Path, _ display: OpaquePointer, _ window: CX11.Window) -> FrameCompositor? {
        FrameCompositor(display: display, window: window, width: width, height: height,
                        allowSharedMemory: path != .putImage, allowPresent: path == .presentShared || path == .presentUploaded,
                        allowSharedPixmaps: path == .presentShared)
    }

    /// Resizes while the server still holds the buffers (no completion read since their frames),
    /// shrinking and growing again, then frames at the first size: the window shows the direct
    /// path's last frame, and every buffer freed was waited for first.
    @Test(arguments: Path.allCases)
    func resizingWithFramesInFlightKeepsTheFrames(path: Path) throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = DamagePresentXvfbTests.mappedWindow(display)
        let compositor = try #require(Self.compositor(path, display, window))
        let expected: FramePresenter.Transport = switch path {
        case .presentShared, .presentUploaded: .present
        case .sharedMemory: .sharedMemory
        case .putImage: .putImage
        }
        #expect(compositor.presenter.transport == expected)
        let renderer = CairoRenderer()
        let lists = try PresentXvfbTests.frames()
        let sizes = [(Self.width, Self.height), (320, 600), (Self.width - 1, Self.height - 1), (64, 64), (Self.width, Self.height)]
        var presented = 0
        for (w, h) in sizes {
            compositor.resize(width: w, height: h)
            #expect(compositor.presenter.width == w && compositor.presenter.height == h)
            // Two frames back to back, their completions left unread: the next resize frees busy buffers.
            for list in lists.prefix(2) {
                #expect(compositor.present(list, renderer: renderer))
                presented += 1
            }
        }
        for list in lists.dropFirst(2) {
            #expect(compositor.present(list, renderer: renderer))
            _ = PresentXvfbTests.handleEvents(display, compositor)
        }
        #expect(presented == 2 * sizes.count)
        if expected == .present {
            // Every PresentPixmap completed: those in flight at a resize were waited for, not dropped.
            #expect(compositor.presenter.completionsHandled == compositor.presenter.pixmapsPresented)
        }
        let reference = CairoRenderer().image(of: lists.last!, width: Self.width, height: Self.height)
        #expect(DamagePresentXvfbTests.differingPixels(display, window, reference) == 0)
    }

    /// A frame drawn when the presenter has no buffer (its allocation failed: here a side longer
    /// than X allows) is not presented, and nothing of the frame before it is reported as its
    /// own: no serial (the pacing's LeadSamples would wait for a completion that already came),
    /// no pixels. Buffers of a valid size come back and frames have serials again.
    @Test func aFrameWithoutABufferReportsNoSerialOfAnEarlierOne() throws {
        let xvfb = try Xvfb(width: 640, height: 900)
        let display = try #require(XOpenDisplay(xvfb.display))
        defer { XCloseDisplay(display) }
        let window = DamagePresentXvfbTests.mappedWindow(display)
        let compositor = try #require(Self.compositor(.presentShared, display, window))
        let presenter = compositor.presenter
        #expect(presenter.transport == .present)
        let renderer = CairoRenderer()
        let lists = try PresentXvfbTests.frames()
        #expect(compositor.present(lists[0], renderer: renderer))
        let first = try #require(presenter.lastSerial, "the first frame went out with PresentPixmap")
        #expect(presenter.lastPresentedPixels > 0)

        // One pixel over the longest side X allows: no buffers, and no request the server would refuse.
        compositor.resize(width: FramePresenter.maximumSide + 1, height: Self.height)
        #expect(!compositor.present(lists[1], renderer: renderer), "no buffer: the caller shows the frame another way")
        #expect(presenter.lastSerial == nil, "frame 1 did not go out with PresentPixmap; \(first) was frame 0's")
        #expect(presenter.lastPresentedPixels == 0 && presenter.lastUploadedPixels == 0 && presenter.lastPresentedRects.isEmpty)
        // The longest side X allows is still a buffer (one row high: little memory).
        compositor.resize(width: FramePresenter.maximumSide, height: 1)
        #expect(compositor.present(lists[1], renderer: renderer))
        #expect(presenter.lastSerial != nil)

        compositor.resize(width: Self.width, height: Self.height)
        for list in lists.dropFirst() {
            #expect(compositor.present(list, renderer: renderer))
            #expect(presenter.lastSerial != nil && presenter.lastSerial != first)
            _ = PresentXvfbTests.handleEvents(display, compositor)
        }
        #expect(presenter.completionsHandled == presenter.pixmapsPresented)
        let reference = CairoRenderer().image(of: lists.last!, width: Self.width, height: Self.height)
        #expect(DamagePresentXvfbTests.differingPixels(display, window, reference) == 0)
    }
}
