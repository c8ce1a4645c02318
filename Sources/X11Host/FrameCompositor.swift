import CCairo
import CX11
import CairoRenderer
import Foundation
import InteractionEngine

/// Which drawing path the window uses (`GESTUREDECK_RENDERER`).
public enum RendererPath: String, EnvironmentChoice {
    /// Damage-tracked frames drawn straight into shared-memory buffers (the default).
    case compositor
    /// Every frame repainted whole into an image surface and copied with Cairo-Xlib: the reference.
    case direct
    static let variable = "GESTUREDECK_RENDERER"
    static let standard = RendererPath.compositor
    static let standardMeaning = "using the compositor"
}

/// The compositor path's frame: repaint what changed, present what changed.
///
/// The damage of a frame is found from the display lists (`DamageTracker`); the buffer it is
/// drawn into repaints that damage plus what it missed, skipping commands outside it, and
/// only the frame's damage goes to the server. Pixels are those of the direct path: the same
/// renderer draws, clipped to whole-pixel rectangles.
public final class FrameCompositor {
    let presenter: FramePresenter
    private let tracker = DamageTracker()
    /// The last frame's damage (tests and the bench read it).
    public private(set) var lastDamage = FrameDamage.none
    /// Time the last frame spent drawing into its buffer, ms (the rest of `present` is sending).
    public private(set) var lastPaintMillis = 0.0
    /// Time the last frame spent finding its damage (`DamageTracker.update`), ms.
    public private(set) var lastDamageMillis = 0.0
    /// Time the last frame spent in the presenter outside drawing (waiting for a buffer,
    /// sending the damaged bands, flushing), ms.
    public private(set) var lastSendMillis = 0.0
    /// Rectangles the last frame sent.
    public var lastPresentedRects: Int { presenter.lastPresentedRects.count }
    /// Pixels the last frame sent to the server.
    public var lastPresentedPixels: Int { presenter.lastPresentedPixels }
    /// "present", "mit-shm" or "xputimage".
    public var transportName: String { presenter.transport.rawValue }
    /// Frames that waited for the server to free their buffer (the bench prints them).
    public var blockedWaits: Int { presenter.blockedWaits }

    /// A compositor for an `X11Window` (the bench).
    public convenience init?(window: X11Window, allowSharedMemory: Bool = true, allowPresent: Bool = true) {
        self.init(display: window.display, window: window.window, width: window.width, height: window.height,
                  allowSharedMemory: allowSharedMemory, allowPresent: allowPresent, owner: window)
    }

    private let owner: X11Window?

    /// `owner` (the `X11Window`) is kept until the buffers are freed: they live on its connection.
    init?(display: OpaquePointer, window: CX11.Window, width: Int, height: Int, allowSharedMemory: Bool = true,
          allowPresent: Bool = true, allowSharedPixmaps: Bool = true, owner: X11Window? = nil) {
        guard let presenter = FramePresenter(display: display, window: window, width: width, height: height,
                                             allowSharedMemory: allowSharedMemory, allowPresent: allowPresent,
                                             allowSharedPixmaps: allowSharedPixmaps) else { return nil }
        self.presenter = presenter
        self.owner = owner
    }

    deinit {
        presenter.close()  // while `owner` still holds the connection open
    }

    public func resize(width: Int, height: Int) {
        presenter.resize(width: width, height: height)
        tracker.invalidate()
    }

    /// After an Expose: the next frame is sent whole.
    public func invalidate() {
        tracker.invalidate()
        presenter.invalidate()
    }

    public func handle(_ event: inout XEvent) -> Bool { presenter.handle(&event) }

    /// Draws and presents `list`; false when there is no buffer to draw into.
    @discardableResult
    public func present(_ list: DisplayList, renderer: CairoRenderer) -> Bool {
        let begin = monotonicMillis()
        var damage = tracker.update(list, renderer: renderer, width: presenter.width, height: presenter.height)
        lastDamageMillis = monotonicMillis() - begin
        // Layers the last frame copied at a shifted phase are repainted exactly (LayerCache).
        let settle = renderer.settleRects
        if !settle.isEmpty {
            damage = damage.union(FrameDamage(rects: settle, width: presenter.width, height: presenter.height),
                                  width: presenter.width, height: presenter.height)
        }
        lastDamage = damage
        let bounds = tracker.commandBounds
        lastPaintMillis = 0
        let sending = monotonicMillis()
        let presented = presenter.present(damage) { cr, repaint in
            let start = monotonicMillis()
            renderer.draw(list, on: cr, repainting: repaint, bounds: bounds)
            cairo_surface_flush(cairo_get_target(cr))
            lastPaintMillis = monotonicMillis() - start
        }
        lastSendMillis = monotonicMillis() - sending - lastPaintMillis
        return presented
    }
}
