import CCairo
import CX11
import CairoRenderer
import Foundation
import Glibc
import InteractionEngine

/// Shows frames in a window from client-side pixel buffers the renderer draws into.
///
/// With MIT-SHM (a local server) each buffer is a shared-memory XImage and
/// `XShmPutImage` copies only the damaged rectangles; the server reports each
/// copy done with a ShmCompletion event, and a buffer is drawn into again only
/// after that, so two buffers alternate without the server ever reading a
/// half-drawn frame. Without MIT-SHM (a remote display) one buffer is sent with
/// `XPutImage`, which copies it into the request stream before returning.
/// Where the server offers Present (and `GESTUREDECK_PRESENT` is not `off`), each
/// shared-memory buffer also has a pixmap and frames are shown with `PresentPixmap`
/// (PresentTarget.swift); a buffer is then free at its frame's PresentCompleteNotify.
///
/// A buffer keeps the frame it last showed: drawing into it repaints only what
/// changed since then (this frame's damage plus the frames it missed).
final class FramePresenter {
    enum Transport: String { case present = "present", sharedMemory = "mit-shm", putImage = "xputimage" }

    private final class Buffer {
        let image: UnsafeMutablePointer<XImage>
        let surface: OpaquePointer
        /// Heap memory: the XImage keeps a pointer to it (its `obdata`) for XShmPutImage.
        var segment: UnsafeMutablePointer<XShmSegmentInfo>?
        /// Sent with XShmPutImage and not yet reported done by the server.
        var busy = false
        /// With Present: the buffer's pixmap, and the serial of its last PresentPixmap.
        var pixmap: Pixmap = 0
        /// The pixmap is the shared segment itself (XShmCreatePixmap): nothing is copied into it.
        var pixmapIsShared = false
        var serial: UInt32 = 0

        init(image: UnsafeMutablePointer<XImage>, surface: OpaquePointer, segment: UnsafeMutablePointer<XShmSegmentInfo>?) {
            self.image = image
            self.surface = surface
            self.segment = segment
        }
    }

    private let display: OpaquePointer
    private let window: CX11.Window
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    /// The server makes pixmaps over shared segments in our format (and they are allowed).
    private var sharedPixmaps = false
    /// True when Present reads the frames straight from the buffers' segments (no upload).
    var usesSharedPixmaps: Bool { buffers.contains { $0.pixmapIsShared } }
    private let gc: GC
    let transport: Transport
    /// ShmCompletion's event type on this connection.
    private let completionType: Int32
    private var buffers: [Buffer] = []
    /// What each buffer must repaint at its next turn.
    private var stale = BufferDamage(buffers: 1, width: 1, height: 1)
    private(set) var width: Int
    private(set) var height: Int
    /// Pixels sent to the server by the last `present` (the damage tests count them).
    private(set) var lastPresentedPixels = 0
    /// Pixels the last `present` copied out of its buffer (XShmPutImage/XPutImage, to the window or its pixmap).
    private(set) var lastUploadedPixels = 0
    /// Pixels the last `present` copied into its buffer from the one drawn before (BufferCopyForward.swift).
    private(set) var lastCopiedForwardPixels = 0
    /// Buffer `index`'s Cairo image surface (tests read what it holds).
    func bufferSurface(_ index: Int) -> OpaquePointer? { buffers.indices.contains(index) ? buffers[index].surface : nil }
    /// Rectangles sent by the last `present`.
    private(set) var lastPresentedRects: [PixelRect] = []
    /// Present, when the server offers it (PresentTarget.swift).
    private var presentTarget: PresentTarget?
    /// Present completions not yet taken by the pacing.
    private var completions = CompletionQueue(capacity: FramePresenter.completionsKept)
    /// Completions kept between two takes: the pacing takes them after each event, so more
    /// pile up only while nobody reads them (the tests), completions (issue 21 item 8, commit e7c796c).
    static let completionsKept = 64
    /// Times `present` had to wait for the server to free a buffer (the tests count them).
    private(set) var blockedWaits = 0
    /// PresentPixmap requests sent and PresentCompleteNotify events handled.
    var pixmapsPresented: Int { presentTarget?.pixmapsPresented ?? 0 }
    var completionsHandled: Int { presentTarget?.completionsHandled ?? 0 }
    /// The last `present`'s PresentPixmap serial: nil without Present or when that frame sent nothing.
    private(set) var lastSerial: UInt32?

    /// A presenter for `window`, or nil when its visual is not 32-bit little-endian xRGB
    /// (the pixel layout of a Cairo ARGB32 surface), where the caller keeps the Cairo-Xlib path.
    init?(display: OpaquePointer, window: CX11.Window, width: Int, height: Int, allowSharedMemory: Bool = true,
          allowPresent: Bool = true, allowSharedPixmaps: Bool = true) {
        let screen = XDefaultScreen(display)
        guard let visual = XDefaultVisual(display, screen) else { return nil }
        let depth = XDefaultDepth(display, screen)
        guard depth == 24 || depth == 32, visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00,
              visual.pointee.blue_mask == 0xFF, XImageByteOrder(display) == LSBFirst else { return nil }
        self.display = display
        self.window = window
        self.visual = visual
        self.depth = depth
        self.width = max(1, width)
        self.height = max(1, height)
        gc = XCreateGC(display, window, 0, nil)
        var major: Int32 = 0, minor: Int32 = 0, pixmaps: Int32 = 0
        if allowSharedMemory, XShmQueryVersion(display, &major, &minor, &pixmaps) != 0 {
            // Shared pixmaps in our image format: Present reads the frame straight from the segment.
            sharedPixmaps = allowSharedPixmaps && pixmaps != 0 && XShmPixmapFormat(display) == ZPixmap
            presentTarget = allowPresent
                ? PresentTarget(display: display, window: window, environment: ProcessInfo.processInfo.environment) : nil
            transport = presentTarget != nil ? .present : .sharedMemory
            completionType = XShmGetEventBase(display) + ShmCompletion
        } else {
            transport = .putImage
            completionType = -1
        }
        guard makeBuffers() else { return nil }  // deinit frees the GC
    }

    deinit { close() }

    /// Frees the buffers and the GC (before the connection closes); idempotent.
    func close() {
        guard !closed else { return }
        closed = true
        freeBuffers()
        presentTarget?.close()
        XFreeGC(display, gc)
    }
    private var closed = false

    /// Follows a window resize: new buffers, repainted whole.
    func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        freeBuffers()
        self.width = max(1, width)
        self.height = max(1, height)
        if !makeBuffers() { buffers = [] }
    }

    /// Everything is repainted and sent at the next frame (an Expose).
    func invalidate() {
        stale.invalidate(width: width, height: height)
    }

    /// Consumes the server's ShmCompletion events and, with Present, the Present extension's
    /// events (a frame's or a vblank's PresentCompleteNotify, kept for `takeCompletions`); true when `event` was one.
    func handle(_ event: inout XEvent) -> Bool {
        if let presentTarget {
            switch presentTarget.handle(&event) {
            case .notPresent: break
            case .other: return true
            case .completion(let c):
                if !c.isVblank, let buffer = buffers.first(where: { $0.busy && $0.serial == c.serial }) { buffer.busy = false }
                completions.append(c)
                return true
            }
        }
        guard event.type == completionType else { return false }
        // Completions arrive in the order the copies were sent: the oldest busy buffer is free.
        if let buffer = buffers.first(where: { $0.busy }) { buffer.busy = false }
        return true
    }

    /// The Present completions handled since the last call (the pacing's vblank phase).
    func takeCompletions() -> [PresentTarget.Completion] { completions.take() }

    /// Waits, at most `settleLimit`, until the server has released every buffer (at exit, before
    /// the frame log is written): their completions are handled and wait for `takeCompletions`.
    /// Bounded: a window another client destroyed never completes its frames.
    func settle() {
        let deadline = monotonicMillis() + FramePresenter.settleLimit
        XFlush(display)
        while buffers.contains(where: \.busy) {
            var event = XEvent()
            var wanted: (Int32, Int32) = (completionType, presentTarget?.opcode ?? -1)
            let found = withUnsafeMutablePointer(to: &wanted) { pointer in
                pointer.withMemoryRebound(to: Int8.self, capacity: 8) { arg in
                    XCheckIfEvent(display, &event, FramePresenter.isCompletion, arg)
                }
            }
            if found != 0 {
                _ = handle(&event)
                continue
            }
            let left = deadline - monotonicMillis()
            guard left > 0 else { return }
            var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(left.rounded(.up)))
        }
    }

    /// How long `settle` waits for the frames on screen: a present is copied at once, so its
    /// completion comes within a refresh or two of a loaded machine (issue 21 item 8 review B3), ms.
    static let settleLimit: Millis = 250

    /// XIfEvent's predicate: ShmCompletion's type, or a GenericEvent of the Present opcode (`arg` holds both).
    private static let isCompletion: @convention(c) (OpaquePointer?, UnsafeMutablePointer<XEvent>?, XPointer?) -> Int32 = { _, event, arg in
        guard let event, let arg else { return 0 }
        let wanted = UnsafeRawPointer(arg).load(as: (Int32, Int32).self)
        if event.pointee.type == wanted.0 { return 1 }
        return event.pointee.type == GenericEvent && event.pointee.xcookie.extension == wanted.1 ? 1 : 0
    }

    /// Asks Present for the next vblank's UST/MSC (no-op without Present).
    func requestVblank() { presentTarget?.requestVblank() }

    /// Draws a frame with `damage` into the next free buffer and sends the damaged pixels.
    /// `paint` receives a Cairo context on the buffer and what it must repaint (this
    /// frame's damage plus the frames the buffer missed).
    /// False when there is no buffer (allocation failed): the caller presents another way.
    @discardableResult
    func present(_ damage: FrameDamage, paint: (OpaquePointer, FrameDamage) -> Void) -> Bool {
        // Whatever this call does, what an earlier frame sent is never reported as this one's
        // (a frame shown another way must not carry the last PresentPixmap's serial to the pacing's LeadSamples).
        lastPresentedRects = []
        lastPresentedPixels = 0
        lastUploadedPixels = 0
        lastSerial = nil
        guard !buffers.isEmpty else { return false }
        let carried = stale.stale
        let (index, repaint) = stale.advance(with: damage, width: width, height: height)
        let buffer = buffers[index]
        if buffer.busy { blockedWaits += 1 }
        waitUntilFree(buffer)
        // What the buffer missed outside this frame's damage, copied from the buffer drawn last
        // when that one holds the last frame whole (BufferCopyForward.swift).
        var painting = repaint
        lastCopiedForwardPixels = 0
        let last = (index + buffers.count - 1) % buffers.count
        if last != index, carried.indices.contains(last), carried[last].isEmpty, carried.indices.contains(index) {
            let missed = BufferCopyForward.rects(carried: carried[index], outside: damage, width: width, height: height)
            lastCopiedForwardPixels = BufferCopyForward.copy(missed, from: buffers[last].surface, to: buffer.surface)
            if lastCopiedForwardPixels > 0 || missed.isEmpty { painting = damage }
        }
        if !painting.isEmpty {
            let cr = cairo_create(buffer.surface)!
            paint(cr, painting)
            cairo_destroy(cr)
            cairo_surface_flush(buffer.surface)
        }
        lastPresentedRects = damage.rects
        lastPresentedPixels = damage.area
        guard !damage.isEmpty else { return true }
        if let presentTarget, buffer.pixmap != 0, buffer.segment != nil {
            // PresentPixmap reads only the damage from the pixmap: only the damage is copied into it
            // (what the buffer repainted for the frames it missed never reaches the window from it);
            // a pixmap made over the segment already holds the frame.
            for r in damage.rects where !buffer.pixmapIsShared {
                XShmPutImage(display, buffer.pixmap, gc, buffer.image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                             UInt32(r.width), UInt32(r.height), 0)
                lastUploadedPixels += r.area
            }
            buffer.serial = presentTarget.present(buffer.pixmap, rects: damage.rects)
            lastSerial = buffer.serial
            buffer.busy = true
            XFlush(display)
            return true
        }
        for r in damage.rects {
            let x = Int32(r.x), y = Int32(r.y), w = UInt32(r.width), h = UInt32(r.height)
            if buffer.segment != nil {
                // Only the last copy asks for a completion: it is the one that frees the buffer.
                XShmPutImage(display, window, gc, buffer.image, x, y, x, y, w, h, r == damage.rects.last ? 1 : 0)
            } else {
                XPutImage(display, window, gc, buffer.image, x, y, x, y, w, h)
            }
            lastUploadedPixels += r.area
        }
        if buffer.segment != nil { buffer.busy = true }
        XFlush(display)
        return true
    }

    /// Blocks until the server has finished reading `buffer` (its ShmCompletion).
    /// Events already received are read first: it blocks only while the server still holds the buffer.
    private func waitUntilFree(_ buffer: Buffer) {
        while buffer.busy {
            var event = XEvent()
            // ShmCompletion's type, and the Present opcode its GenericEvents carry (-1 without).
            var wanted: (Int32, Int32) = (completionType, presentTarget?.opcode ?? -1)
            withUnsafeMutablePointer(to: &wanted) { pointer in
                pointer.withMemoryRebound(to: Int8.self, capacity: 8) { arg in
                    _ = XIfEvent(display, &event, FramePresenter.isCompletion, arg)
                }
            }
            _ = handle(&event)
        }
    }

    /// The longest side a buffer may have: X pixmaps and images have 16-bit sides (a
    /// larger request is a protocol error, which ends the program), px.
    static let maximumSide = Int(Int16.max)

    private func makeBuffers() -> Bool {
        guard width <= FramePresenter.maximumSide, height <= FramePresenter.maximumSide else { return false }
        let shared = transport != .putImage
        let count = shared ? 2 : 1
        for _ in 0..<count {
            guard let buffer = shared ? makeSharedBuffer() : makePlainBuffer() else {
                freeBuffers()
                return false
            }
            if presentTarget != nil {
                if sharedPixmaps, let segment = buffer.segment {
                    var pixmap: Pixmap = 0
                    let made = Self.trying(display) {
                        pixmap = XShmCreatePixmap(display, window, segment.pointee.shmaddr, segment,
                                                  UInt32(width), UInt32(height), UInt32(depth))
                        return pixmap != 0
                    }
                    if made {
                        buffer.pixmap = pixmap
                        buffer.pixmapIsShared = true
                    } else {
                        if pixmap != 0 { XFreePixmap(display, pixmap) }
                        sharedPixmaps = false  // this server refuses them: upload into plain pixmaps
                    }
                }
                if buffer.pixmap == 0 {
                    buffer.pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(depth))
                }
            }
            buffers.append(buffer)
        }
        stale = BufferDamage(buffers: count, width: width, height: height)
        return true
    }

    private func surface(over image: UnsafeMutablePointer<XImage>) -> OpaquePointer? {
        let stride = Int32(image.pointee.bytes_per_line)
        guard image.pointee.bits_per_pixel == 32, stride == cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)),
              let data = image.pointee.data else { return nil }
        let surface = cairo_image_surface_create_for_data(UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                                          CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), stride)
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return surface
    }

    private func makePlainBuffer() -> Buffer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard let data = calloc(stride * height, 1) else { return nil }
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, data.assumingMemoryBound(to: Int8.self),
                                       UInt32(width), UInt32(height), 32, Int32(stride)) else {
            free(data)
            return nil
        }
        guard let surface = surface(over: image) else {
            destroy(image)
            return nil
        }
        return Buffer(image: image, surface: surface, segment: nil)
    }

    private func makeSharedBuffer() -> Buffer? {
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)) else {
            info.deallocate()
            return nil
        }
        var segment: XShmSegmentInfo {
            get { info.pointee }
            set { info.pointee = newValue }
        }
        let size = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        let shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        segment.shmid = shmid
        guard shmid >= 0 else {
            image.pointee.data = nil
            destroy(image)
            info.deallocate()
            return nil
        }
        let address = shmat(shmid, nil, 0)
        // The segment goes when both sides detach; marked now so a crash cannot leak it
        // (by its id: `info` is freed on the failure paths before this runs).
        defer { shmctl(shmid, IPC_RMID, nil) }
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            image.pointee.data = nil
            destroy(image)
            info.deallocate()
            return nil
        }
        segment.shmaddr = address.assumingMemoryBound(to: Int8.self)
        // A pixmap over the segment (Present's frames read straight from it) needs it attached writable.
        segment.readOnly = sharedPixmaps && presentTarget != nil ? 0 : 1
        image.pointee.data = segment.shmaddr
        guard FramePresenter.attach(display, info), let surface = surface(over: image) else {
            image.pointee.data = nil
            destroy(image)
            shmdt(address)
            info.deallocate()
            return nil
        }
        return Buffer(image: image, surface: surface, segment: info)
    }

    private nonisolated(unsafe) static var requestFailed = false
    /// Xlib's error handler is one per process: presenters made on two threads at once (tests,
    /// the bench's two windows) would restore each other's handler and share `requestFailed`.
    private static let tryingLock = NSLock()

    /// `request`, seen through with a round trip: false when the server answers with an error
    /// (which would otherwise end the program). Only while buffers are made, never per frame.
    private static func trying(_ display: OpaquePointer, _ request: () -> Bool) -> Bool {
        tryingLock.lock()
        defer { tryingLock.unlock() }
        XSync(display, 0)
        requestFailed = false
        let previous = XSetErrorHandler { _, _ in
            FramePresenter.requestFailed = true
            return 0
        }
        let ok = request()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return ok && !requestFailed
    }

    /// XShmAttach: a server that cannot map the segment (another host) answers with an error.
    private static func attach(_ display: OpaquePointer, _ segment: UnsafeMutablePointer<XShmSegmentInfo>) -> Bool {
        trying(display) { XShmAttach(display, segment) != 0 }
    }

    private func destroy(_ image: UnsafeMutablePointer<XImage>) {
        _ = image.pointee.f.destroy_image(image)
    }

    private func freeBuffers() {
        for buffer in buffers { waitUntilFree(buffer) }
        for buffer in buffers {
            cairo_surface_destroy(buffer.surface)
            if buffer.pixmap != 0 { XFreePixmap(display, buffer.pixmap) }
            if let segment = buffer.segment {
                XShmDetach(display, segment)
                buffer.image.pointee.data = nil
                destroy(buffer.image)
                shmdt(segment.pointee.shmaddr)
                segment.deallocate()
            } else {
                destroy(buffer.image)  // frees the calloc'd pixels too
            }
        }
        if buffers.contains(where: { $0.segment != nil }) { XSync(display, 0) }
        buffers = []
    }
}

/// The newest `capacity` completions: when full, the oldest is dropped (the newest vblank is the phase to use).
struct CompletionQueue {
    let capacity: Int
    private(set) var items: [PresentTarget.Completion] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func append(_ completion: PresentTarget.Completion) {
        if items.count >= capacity { items.removeFirst(items.count - capacity + 1) }
        items.append(completion)
    }

    mutating func take() -> [PresentTarget.Completion] {
        defer { items = [] }
        return items
    }
}
