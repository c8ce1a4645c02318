import CPangoCairo
import Glibc

/// One lock for every Pango and Cairo text call in the process, and the one font map they share.
///
/// Cairo 1.16 keeps one scaled font per face, size and options for the whole process, however
/// many Pango contexts and font maps there are, and its scaled fonts are not safe to make and
/// free from two threads at once: a font freed on one thread while another brings it back from
/// the holdover list aborts the process (`cairo_scaled_font_destroy: Assertion
/// '! scaled_font->cache_frozen' failed`, seen once in CI with the raster worker's thread and a
/// test's thread drawing text; fixed in Cairo 1.17). So each thread owning its Pango context
/// (issue 21) does not keep them apart. Every call that can make or free a scaled font runs
/// under this lock: laying text out and measuring it (`TextCache`), drawing it
/// (`CairoRenderer.drawText`), warming fonts, and freeing layouts and contexts. Text is a small
/// part of a frame and the frame's thread is almost always alone in taking it.
///
/// With every such call serialised, the threads can share one font map too
/// (`pango_cairo_font_map_get_default` gives each thread its own, freed when the thread ends,
/// outside any lock): a font loaded on one thread is loaded for all, and nothing is freed when a
/// worker thread ends.
enum TextLock {
    // nonisolated(unsafe): a recursive pthread mutex made once and never freed, used only below.
    private nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        // Recursive: a layout made while measuring another text takes it again.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return mutex
    }()

    /// Runs `body` holding the lock.
    static func held<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// The font map every `TextCache` makes its context from (use with the lock held).
    // nonisolated(unsafe): a PangoFontMap made once, used only while the lock is held.
    nonisolated(unsafe) static let fontMap: UnsafeMutablePointer<PangoFontMap> = held { pango_cairo_font_map_new()! }
}
