import CPNG
import Foundation
import Glibc

/// The renderer's side of pictures: the cache, and who decodes.
///
/// Headless (the default) decodes on the drawing thread the moment a picture
/// is first drawn, so screenshots, frame sequences and goldens are complete
/// and deterministic. In the window (`startBackgroundDecoding`) a frame never
/// waits: it draws what is cached, a stand-in size or a placeholder, and asks
/// the workers for the rest, nearest to the centre first.
final class PictureLoader {
    let store: PictureStore
    private let producer = PictureProducer()
    private(set) var workers: PictureWorkers?
    /// This frame's wishes: key and distance from the frame's centre (device pixels).
    private var wishes: [PictureKey: Double] = [:]
    /// True when the last frame drew a picture still fading in.
    private(set) var fading = false
    /// True when more finished pictures wait than one frame takes in.
    private(set) var moreArrived = false
    /// Pictures the last frame drew short of their final look (a placeholder, a stand-in, a
    /// fade): the compositor's damage repaints them until they show their own pixels, since
    /// their display-list command stays the same while the pixels change.
    private(set) var unsettledPaths: Set<String> = []
    private var unsettledThisFrame: Set<String> = []
    /// Milliseconds spent on pictures in the last frame (lookups, stand-ins, inline decodes).
    private(set) var lastFrameMillis = 0.0
    /// Of `lastFrameMillis`: taking in finished decodes, and handing over the wishes.
    private(set) var lastIntakeMillis = 0.0
    private(set) var lastHandoverMillis = 0.0
    /// Files decoded on the drawing thread (headless only: in the window this stays 0).
    private(set) var inlineDecodes = 0
    private var frameStarted = 0.0
    private var frameSpent = 0.0
    private var frameCPUStarted = 0.0
    /// What the last frame did with pictures on the drawing thread (counts and bytes, for the bench and tests).
    private(set) var lastFrame = PictureFrameStats()
    private var current = PictureFrameStats()

    init(budget: Int = PictureMetrics.defaultCacheMiB << 20) {
        store = PictureStore(budget: budget)
    }

    deinit { workers?.stop() }

    /// How frames deal with the workers (the bench compares both in one run).
    private(set) var handover = PictureHandover.nonBlocking
    /// Wishes a frame could not hand over (a worker held the lock): handed over by the next frame.
    private(set) var handoverMissed = false
    /// Times a frame found the workers' lock taken, since the start (it drew on without waiting).
    private(set) var lockMisses = 0

    func startBackgroundDecoding(threads: Int, handover: PictureHandover = .nonBlocking) {
        guard workers == nil else { return }
        self.handover = handover
        store.keepsRetired = handover == .nonBlocking
        // Freed pictures go back to the system at once: without a fixed threshold glibc
        // raises it after the first large free and keeps later pictures on its heap.
        gd_fix_mmap_threshold(256 << 10)
        workers = PictureWorkers(threads: threads)
    }

    /// CPU time of the calling thread, ms (work done, without time preempted or blocked).
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// Takes in what the workers finished; called before a frame draws.
    func beginFrame() {
        frameStarted = Self.now()
        frameCPUStarted = Self.threadCPU()
        frameSpent = 0
        current = PictureFrameStats()
        defer { current.pictureCPUMillis += Self.threadCPU() - frameCPUStarted }
        store.frame += 1
        fading = false
        wishes.removeAll(keepingCapacity: true)
        guard let workers else { return }
        let waits = handover == .waiting
        if !waits { workers.gate.begin() }
        let arrived = Self.now()
        let intake = workers.takeDone(limit: PictureMetrics.arrivalsPerFrame,
                                      bytes: waits ? .max : PictureMetrics.arrivalBytesPerFrame, wait: waits)
        if intake.missed { lockMisses += 1 }
        moreArrived = intake.more
        current.arrivals = intake.deliveries.count
        for delivery in intake.deliveries {
            if let surface = delivery.surface {
                current.arrivalBytes += surface.byteCount
                // Fade in only a picture that was showing its placeholder.
                let fade = store.hasAnySize(of: delivery.key.path) ? -Double.infinity : arrived
                store.insert(delivery.key, surface, average: delivery.average, fadeStart: fade)
            } else if let problem = delivery.problem {
                store.fail(delivery.key.path, problem)
            }
        }
        lastIntakeMillis = Self.now() - frameStarted
        frameSpent += lastIntakeMillis
    }

    /// Hands the frame's wishes to the workers, nearest first.
    func endFrame() {
        let started = Self.now()
        let cpuStarted = Self.threadCPU()
        if let workers {
            let waits = handover == .waiting
            let ordered = wishes.sorted { $0.value < $1.value || ($0.value == $1.value && $0.key.path < $1.key.path) }
            handoverMissed = !workers.submit(ordered.map(\.key), wait: waits)
            if handoverMissed { lockMisses += 1 }
            let retired = store.takeRetired()
            if workers.free(retired, wait: waits) {
                current.retiredHandedOver = retired.count
            } else {
                store.keepRetired(retired)
                handoverMissed = true
                lockMisses += 1
            }
            if !waits { workers.gate.end() }
        }
        unsettledPaths = unsettledThisFrame
        unsettledThisFrame.removeAll(keepingCapacity: true)
        lastHandoverMillis = Self.now() - started
        frameSpent += lastHandoverMillis
        lastFrameMillis = frameSpent
        current.pictureMillis = frameSpent
        current.pictureCPUMillis += Self.threadCPU() - cpuStarted
        current.frameCPUMillis = Self.threadCPU() - frameCPUStarted
        lastFrame = current
    }

    /// Adds the time spent compositing pictures onto the frame (outside `lastFrameMillis`).
    func addPaint(millis: Double) {
        current.paintMillis += millis
        current.paints += 1
        current.maxPaintMillis = max(current.maxPaintMillis, millis)
    }

    enum Lookup {
        /// The exact size, and how far it has faded in (0...1).
        case picture(ImageSurface, fade: Double, average: (r: Double, g: Double, b: Double))
        /// Another size of the same picture, while the exact one decodes.
        case standIn(ImageSurface)
        case failed(PictureProblem)
        /// Nothing yet: the picture's average colour when it was seen before.
        case placeholder((r: Double, g: Double, b: Double)?)
    }

    /// What to draw for `key` now; `distance` orders the wish when it must be decoded.
    func lookup(_ key: PictureKey, distance: Double) -> Lookup {
        let started = Self.now(), cpuStarted = Self.threadCPU()
        defer {
            frameSpent += Self.now() - started
            current.pictureCPUMillis += Self.threadCPU() - cpuStarted
        }
        if let entry = store.entry(key) {
            let fade = entry.fadeStart.isFinite ? min(1, max(0, (started - entry.fadeStart) / PictureMetrics.fadeMillis)) : 1
            if fade < 1 {
                fading = true
                unsettledThisFrame.insert(key.path)
            }
            return .picture(entry.surface, fade: fade, average: store.averages[key.path] ?? (0.75, 0.75, 0.78))
        }
        if let problem = store.failures[key.path] { return .failed(problem) }
        guard workers != nil else {
            // Headless: decode now, so the frame is complete.
            let delivery = producer.produce(key)
            inlineDecodes += 1
            if let surface = delivery.surface {
                store.insert(key, surface, average: delivery.average, fadeStart: -.infinity)
                return .picture(surface, fade: 1, average: delivery.average)
            }
            store.fail(key.path, delivery.problem ?? .notAPicture)
            return .failed(delivery.problem ?? .notAPicture)
        }
        wishes[key] = min(wishes[key] ?? .infinity, distance)
        unsettledThisFrame.insert(key.path)
        if let standIn = store.standIn(for: key.path, width: key.width, height: key.height) {
            current.standIns += 1
            current.standInPixels += standIn.width * standIn.height
            current.standInDrawnPixels += key.width * key.height
            return .standIn(standIn)
        }
        return .placeholder(store.averages[key.path])
    }
}

/// One frame's picture work on the drawing thread.
public struct PictureFrameStats: Sendable {
    /// Finished pictures taken into the cache, and their bytes.
    public var arrivals = 0
    public var arrivalBytes = 0
    /// Stand-ins drawn: their source pixels and the pixels they covered.
    public var standIns = 0
    public var standInPixels = 0
    public var standInDrawnPixels = 0
    /// Pictures composited, the time it took (ms, wall) and the slowest one.
    public var paints = 0
    public var paintMillis = 0.0
    public var maxPaintMillis = 0.0
    /// Evicted or replaced pictures handed to a worker to free.
    public var retiredHandedOver = 0
    /// Wall ms of look-ups, intake and handover (`lastFrameMillis`).
    public var pictureMillis = 0.0
    /// CPU ms of the same (the work itself, without time preempted or blocked).
    public var pictureCPUMillis = 0.0
    /// CPU ms of the drawing thread from intake to handover (the whole frame's drawing).
    public var frameCPUMillis = 0.0
    public init() {}
}

/// How the drawing thread deals with the decoding threads (the bench runs both, interleaved).
public enum PictureHandover: Sendable {
    /// Before the rework (issue 17): a frame waits for the workers' lock, frees the pictures
    /// the cache evicts itself, takes in `arrivalsPerFrame` whatever their size, and shares
    /// the cores with every decoder.
    case waiting
    /// A frame only tries the lock (a taken lock leaves the hand-over to the next frame),
    /// hands evicted pictures to a worker to free, takes in at most `arrivalBytesPerFrame`,
    /// and the decoders past the first (cores - 1) step aside while it draws.
    case nonBlocking
}
