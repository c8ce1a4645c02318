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
    /// Set on the decoding threads that step aside while a frame draws.
    var gate: PictureFrameGate?
    private var shelf: [(path: String, picture: DecodedPicture)] = []
    private(set) var decodes = 0

    func produce(_ key: PictureKey) -> PictureDelivery {
        do {
            gate?.stepAside()
            let picture: DecodedPicture
            if let index = shelf.firstIndex(where: { $0.path == key.path && $0.picture.covers(width: key.width, height: key.height) }) {
                picture = shelf.remove(at: index).picture
            } else {
                shelf.removeAll { $0.path == key.path }
                picture = try PictureDecoder.decode(key.path, width: key.width, height: key.height, gate: gate)
                decodes += 1
            }
            gate?.stepAside()
            let copy = PictureCopy.make(picture, width: key.width, height: key.height, cornerRadius: key.exactRadius)
            shelf.append((key.path, Self.shelved(picture, width: key.width, height: key.height)))
            while shelf.count > PictureMetrics.reusableSources
                    || (shelf.count > 1 && shelf.reduce(0) { $0 + $1.picture.surface.byteCount } > PictureMetrics.reusableSourceBytes) {
                shelf.removeFirst()
            }
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
/// tells the window's poll() loop to draw again. Pictures the cache let go are
/// handed back here and freed by a worker, never by the drawing thread.
final class PictureWorkers: @unchecked Sendable {
    // @unchecked: every field below is guarded by `lock` (the gate is atomic).
    private let lock = PictureLock()
    private var queue: [PictureKey] = []
    private var inFlight: Set<PictureKey> = []
    private var done: [PictureDelivery] = []
    private var toFree: [ImageSurface] = []
    private var stopped = false
    private var decodeCount = 0
    private var freedCount = 0
    private var freedBytesTotal = 0
    /// The drawing thread raises it while it draws; workers past the first (cores - 1) step aside.
    let gate = PictureFrameGate()
    private let threads: Int
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
        self.threads = max(1, threads)
        let yielding = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        for index in 0..<self.threads {
            let thread = Thread { [self] in
                gd_name_thread("gd-pictures-\(index)")
                self.work(stepsAside: index >= yielding)
            }
            thread.name = "gesturedeck-pictures-\(index)"
            thread.start()
        }
    }

    /// Replaces the queue with `keys`, nearest first; keys already being decoded are left out.
    /// From the drawing thread with `wait: false`: false when a worker held the lock (try next frame).
    @discardableResult
    func submit(_ keys: [PictureKey], wait: Bool = true) -> Bool {
        guard acquire(wait: wait) else { return false }
        // Nor those finished and waiting to be taken in (the intake is bounded, so they may wait a few frames).
        let finished = Set(done.map(\.key))
        queue = Array(keys.lazy.filter { !self.inFlight.contains($0) && !finished.contains($0) }
            .prefix(PictureMetrics.maximumQueuedRequests))
        if !queue.isEmpty || !toFree.isEmpty { lock.broadcast() }
        lock.unlock()
        return true
    }

    /// Hands pictures the cache let go to a worker to free; false when the lock was taken (keep them, try again).
    func free(_ surfaces: [ImageSurface], wait: Bool = true) -> Bool {
        guard !surfaces.isEmpty else { return true }
        guard acquire(wait: wait) else { return false }
        toFree.append(contentsOf: surfaces)
        lock.broadcast()
        lock.unlock()
        return true
    }

    /// Of the pictures finished since the last call, oldest first: up to `limit`, and no more
    /// bytes than `bytes` (the first always comes). `missed` when a worker held the lock.
    func takeDone(limit: Int, bytes: Int = .max, wait: Bool = true)
        -> (deliveries: [PictureDelivery], more: Bool, missed: Bool) {
        guard acquire(wait: wait) else { return ([], true, true) }
        defer { lock.unlock() }
        var count = 0, total = 0
        for delivery in done.prefix(limit) {
            let size = delivery.surface?.byteCount ?? 0
            if count > 0 && total + size > bytes { break }
            total += size
            count += 1
        }
        let out = Array(done.prefix(count))
        done.removeFirst(count)
        return (out, !done.isEmpty, false)
    }

    private func acquire(wait: Bool) -> Bool {
        if wait {
            lock.lock()
            return true
        }
        return lock.tryLock()
    }

    /// True when finished pictures wait to be taken.
    var hasDone: Bool { locked { !done.isEmpty } }

    /// True while anything is queued, being decoded or waiting to be freed.
    var isBusy: Bool { locked { !queue.isEmpty || !inFlight.isEmpty || !done.isEmpty || !toFree.isEmpty } }

    /// Files decoded so far (not counting reused sources).
    var decodes: Int { locked { decodeCount } }

    /// Pictures freed by the workers for the cache, and their bytes.
    var freed: (count: Int, bytes: Int) { locked { (freedCount, freedBytesTotal) } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Empties the wake pipe; true when anything had arrived (or waits to be taken).
    func drainWakeups() -> Bool {
        var any = hasDone
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeFD, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    /// Blocks until nothing is queued, in flight or waiting to be freed (tests and benchmarks).
    func waitUntilIdle() {
        lock.lock()
        while !queue.isEmpty || !inFlight.isEmpty || !toFree.isEmpty { lock.wait() }
        lock.unlock()
    }

    /// Runs `body` while holding the workers' lock (tests: a worker holding it while a frame draws).
    func whileLocked(_ body: () -> Void) {
        lock.lock()
        body()
        lock.unlock()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.broadcast()
        lock.unlock()
    }

    deinit {
        close(wakeFD)
        close(wakeWriteFD)
    }

    private func work(stepsAside: Bool) {
        // Below the drawing thread: on a busy machine the frame, not the decode, gets the core.
        gd_lower_thread_priority(PictureMetrics.workerNice)
        let producer = PictureProducer()
        if stepsAside { producer.gate = gate }
        while true {
            lock.lock()
            while queue.isEmpty && toFree.isEmpty && !stopped { lock.wait() }
            if stopped {
                lock.unlock()
                return
            }
            if !toFree.isEmpty {
                var freeing = toFree
                toFree.removeAll()
                lock.unlock()
                let bytes = freeing.reduce(0) { $0 + $1.byteCount }
                let count = freeing.count
                freeing.removeAll()  // the last references: cairo frees the pixels here
                lock.lock()
                freedCount += count
                freedBytesTotal += bytes
                lock.broadcast()
                lock.unlock()
                continue
            }
            let key = queue.removeFirst()
            inFlight.insert(key)
            lock.unlock()
            let before = producer.decodes
            let delivery = producer.produce(key)
            lock.lock()
            inFlight.remove(key)
            done.append(delivery)
            decodeCount += producer.decodes - before
            lock.broadcast()
            lock.unlock()
            var byte: UInt8 = 1
            _ = write(wakeWriteFD, &byte, 1)  // outside the lock: the drawing thread never waits on a syscall
        }
    }
}
