import Glibc
import Synchronization

/// The mutex and condition between the drawing thread and the decoding threads.
///
/// The workers lock and wait; the drawing thread only ever `tryLock`s: a worker
/// runs below the drawing thread's priority and may be preempted while it holds
/// the lock, and a frame must not wait for it to be scheduled again. A frame that
/// finds the lock taken leaves the hand-over to the next frame.
final class PictureLock: @unchecked Sendable {
    // @unchecked: a pthread mutex and condition, used only through the calls below.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cond.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// True when the lock was free and is now held.
    func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
    /// Waits for `broadcast` (the lock is held on entry and on return).
    func wait() { pthread_cond_wait(cond, mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }
}

/// Raised by the drawing thread while it draws a frame: the decoding threads beyond
/// the first (cores - 1) step aside at their next row, so on a two-core machine the
/// frame never shares a core with its own decoders (a nice-10 worker still takes a
/// time slice of a few ms from a nice-0 thread on the same core under EEVDF).
final class PictureFrameGate: Sendable {
    private let drawing = Atomic<Bool>(false)
    /// Times a worker stepped aside for a frame (for the bench and tests).
    private let yields = Atomic<Int>(0)

    func begin() { drawing.store(true, ordering: .releasing) }
    func end() { drawing.store(false, ordering: .releasing) }
    var isDrawing: Bool { drawing.load(ordering: .acquiring) }
    var yieldCount: Int { yields.load(ordering: .relaxed) }

    /// Called by a worker between rows: waits (polling, bounded) while a frame draws.
    func stepAside() {
        guard isDrawing else { return }
        yields.add(1, ordering: .relaxed)
        var waited = 0
        while isDrawing && waited < PictureMetrics.gateMaximumWaitMicros {
            usleep(useconds_t(PictureMetrics.gatePollMicros))
            waited += PictureMetrics.gatePollMicros
        }
    }
}
