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
    /// Milliseconds spent on pictures in the last frame (lookups, stand-ins, inline decodes).
    private(set) var lastFrameMillis = 0.0
    /// Of `lastFrameMillis`: taking in finished decodes, and handing over the wishes.
    private(set) var lastIntakeMillis = 0.0
    private(set) var lastHandoverMillis = 0.0
    /// Files decoded on the drawing thread (headless only: in the window this stays 0).
    private(set) var inlineDecodes = 0
    private var frameStarted = 0.0
    private var frameSpent = 0.0

    init(budget: Int = PictureMetrics.defaultCacheMiB << 20) {
        store = PictureStore(budget: budget)
    }

    deinit { workers?.stop() }

    func startBackgroundDecoding(threads: Int) {
        guard workers == nil else { return }
        // Freed pictures go back to the system at once: without a fixed threshold glibc
        // raises it after the first large free and keeps later pictures on its heap.
        gd_fix_mmap_threshold(256 << 10)
        workers = PictureWorkers(threads: threads)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// Takes in what the workers finished; called before a frame draws.
    func beginFrame() {
        frameStarted = Self.now()
        frameSpent = 0
        store.frame += 1
        fading = false
        wishes.removeAll(keepingCapacity: true)
        guard let workers else { return }
        let arrived = Self.now()
        let intake = workers.takeDone(limit: PictureMetrics.arrivalsPerFrame)
        moreArrived = intake.more
        for delivery in intake.deliveries {
            if let surface = delivery.surface {
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
        if let workers {
            let ordered = wishes.sorted { $0.value < $1.value || ($0.value == $1.value && $0.key.path < $1.key.path) }
            workers.submit(ordered.map(\.key))
        }
        lastHandoverMillis = Self.now() - started
        frameSpent += lastHandoverMillis
        lastFrameMillis = frameSpent
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
        let started = Self.now()
        defer { frameSpent += Self.now() - started }
        if let entry = store.entry(key) {
            let fade = entry.fadeStart.isFinite ? min(1, max(0, (started - entry.fadeStart) / PictureMetrics.fadeMillis)) : 1
            if fade < 1 { fading = true }
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
        if let standIn = store.standIn(for: key.path, width: key.width, height: key.height) { return .standIn(standIn) }
        return .placeholder(store.averages[key.path])
    }
}
