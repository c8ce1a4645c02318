import Glibc
import InteractionEngine

/// Milliseconds from CLOCK_MONOTONIC: the frame clock.
public func monotonicMillis() -> Millis {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
}
