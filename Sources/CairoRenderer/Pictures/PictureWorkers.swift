import CCairo
import CPNG
import Foundation
import Glibc

/// What a worker hands back: a drawn copy, or why there is none.
struct PictureDelivery: @unchecked Sendable {
    // @unchecked: the surface is created on the worker and only touched by the
    // drawing thread once handed over under the lock.
    let key: PictureKey
    let surface: ImageSurface?
    let average: (r: Double, g: Double, b: Double)
    let problem: PictureProblem?
}

/// Decodes the sources a worker (or the drawing thread, headless) needs, keeping
/// the last few so the next size of the same picture costs only a resample.
final class PictureProducer {
    private var shelf: [(path: String, picture: DecodedPicture)] = []
    private(set) var decodes = 0

    func produce(_ key: PictureKey) -> PictureDelivery {
        do {
            let picture: DecodedPicture
            if let index = shelf.firstIndex(where: { $0.path == key.path && $0.picture.covers(width: key.width, height: key.height) }) {
                picture = shelf.remove(at: index).picture
            } else {
                shelf.removeAll { $0.path == key.path }
                picture = try PictureDecoder.decode(key.path, width: key.width, height: key.height)
                decodes += 1
            }
            let copy = PictureCopy.make(picture, width: key.width, height: key.height, cornerRadius: key.exactRadius)
            shelf.append((key.path, Self.shelved(picture, width: key.width, height: key.height)))
            if shelf.count > PictureMetrics.reusableSources { shelf.removeFirst() }
            return PictureDelivery(key: key, surface: copy, average: PictureCopy.averageColour(copy), problem: nil)
        } catch {
            return PictureDelivery(key: key, surface: nil, average: (0.75, 0.75, 0.78), problem: error)
        }
    }
}

extension PictureProducer {
    /// What stays on the shelf for the next size: a big source (a whole PNG, a JPEG
    /// drawn near full size) is cut down to the drawn size plus headroom first, so no
    /// original outlives the copy it was decoded for.
    static func shelved(_ picture: DecodedPicture, width: Int, height: Int) -> DecodedPicture {
        let source = picture.surface
        let (w, h) = picture.orientation >= 5 ? (height, width) : (width, height)
        let k = PictureMetrics.sourceHeadroom * max(Double(w) / Double(source.width), Double(h) / Double(source.height))
        guard source.width * source.height > PictureMetrics.shelfReducePixels, k < 0.5 else { return picture }
        let reduced = ImageSurface(width: Int((Double(source.width) * k).rounded(.up)),
                                   height: Int((Double(source.height) * k).rounded(.up)))
        let cr = cairo_create(reduced.handle)!
        cairo_scale(cr, Double(reduced.width) / Double(source.width), Double(reduced.height) / Double(source.height))
        cairo_set_source_surface(cr, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_destroy(cr)
        // Not full size any more: a later, larger size decodes the file again.
        return DecodedPicture(surface: reduced, orientation: picture.orientation, format: picture.format,
                              fileWidth: picture.fileWidth, fileHeight: picture.fileHeight)
    }
}

/// One or two decoding threads fed with the latest frame's wishes, nearest first.
///
/// Each frame replaces the whole queue, so a picture flung out of view is
/// never decoded. Finished work waits in `done` and a byte on the wake pipe
/// tells the window's poll() loop to draw again.
final class PictureWorkers: @unchecked Sendable {
    // @unchecked: every field below is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [PictureKey] = []
    private var inFlight: Set<PictureKey> = []
    private var done: [PictureDelivery] = []
    private var stopped = false
    private var decodeCount = 0
    /// Read end of the wake pipe (non-blocking): readable when a decode landed.
    let wakeFD: Int32
    private let wakeWriteFD: Int32

    init(threads: Int) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeFD = fds[0]
        wakeWriteFD = fds[1]
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in self.work() }
            thread.name = "gesturedeck-pictures-\(index)"
            thread.start()
        }
    }

    /// Replaces the queue with `keys`, nearest first; keys already being decoded are left out.
    func submit(_ keys: [PictureKey]) {
        condition.lock()
        queue = Array(keys.lazy.filter { !self.inFlight.contains($0) }.prefix(PictureMetrics.maximumQueuedRequests))
        if !queue.isEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// Up to `limit` of the pictures finished since the last call, oldest first.
    func takeDone(limit: Int) -> (deliveries: [PictureDelivery], more: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let out = Array(done.prefix(limit))
        done.removeFirst(out.count)
        return (out, !done.isEmpty)
    }

    /// True when finished pictures wait to be taken.
    var hasDone: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !done.isEmpty
    }

    /// True while anything is queued or being decoded.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !queue.isEmpty || !inFlight.isEmpty || !done.isEmpty
    }

    /// Files decoded so far (not counting reused sources).
    var decodes: Int {
        condition.lock()
        defer { condition.unlock() }
        return decodeCount
    }

    /// Empties the wake pipe; true when anything had arrived (or waits to be taken).
    func drainWakeups() -> Bool {
        var any = hasDone
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeFD, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    /// Blocks until nothing is queued or in flight (tests and benchmarks).
    func waitUntilIdle() {
        condition.lock()
        while !queue.isEmpty || !inFlight.isEmpty { condition.wait() }
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    deinit {
        close(wakeFD)
        close(wakeWriteFD)
    }

    private func work() {
        // Below the drawing thread: on a busy machine the frame, not the decode, gets the core.
        gd_lower_thread_priority(PictureMetrics.workerNice)
        let producer = PictureProducer()
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let key = queue.removeFirst()
            inFlight.insert(key)
            condition.unlock()
            let before = producer.decodes
            let delivery = producer.produce(key)
            condition.lock()
            inFlight.remove(key)
            done.append(delivery)
            decodeCount += producer.decodes - before
            condition.broadcast()
            condition.unlock()
            var byte: UInt8 = 1
            _ = write(wakeWriteFD, &byte, 1)  // outside the lock: the drawing thread never waits on a syscall
        }
    }
}
