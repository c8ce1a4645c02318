import Foundation
import Glibc

/// Nanoseconds from CLOCK_MONOTONIC: every duration the benchmark reports is read from it.
func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// When the program started, for progress lines.
let processStart = monotonicNanos()

/// Runs `body` and returns how long it took, in milliseconds.
@inline(__always)
func timeMillis(_ body: () -> Void) -> Double {
    let start = monotonicNanos()
    body()
    return Double(monotonicNanos() - start) / 1_000_000
}

/// The order statistics the tables show for a set of samples.
struct Distribution {
    let count: Int
    let p50: Double
    let p99: Double
    let max: Double
    let mean: Double

    /// Nearest-rank percentiles of `samples` (all zero when there are none).
    init(_ samples: [Double]) {
        count = samples.count
        guard !samples.isEmpty else {
            p50 = 0; p99 = 0; max = 0; mean = 0
            return
        }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        p50 = rank(0.5)
        p99 = rank(0.99)
        max = sorted[sorted.count - 1]
        mean = samples.reduce(0, +) / Double(samples.count)
    }

    var json: [String: Any] {
        ["count": count, "p50": rounded(p50), "p99": rounded(p99), "max": rounded(max), "mean": rounded(mean)]
    }
}

/// The median of `values` (0 when empty).
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// `value` with three decimals, for JSON that stays readable.
func rounded(_ value: Double) -> Double {
    guard value.isFinite else { return 0 }
    return (value * 1000).rounded() / 1000
}

/// Writes a progress line on stderr (stdout carries only the table or the JSON).
func progress(_ message: String) {
    let seconds = (Double(monotonicNanos()) - Double(processStart)) / 1e9
    FileHandle.standardError.write(Data(String(format: "gesturedeck-bench [%6.1f s] %@\n", seconds, message).utf8))
}

/// The 60 Hz frame budget, in milliseconds.
let frameBudget: Double = 1000.0 / 60.0

/// Peak and current resident set size of this process, in MiB, from /proc/self/status.
func residentMemory() -> (peak: Double, current: Double) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Double {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter { $0.isNumber }
            return (Double(String(digits)) ?? 0) / 1024
        }
        return 0
    }
    return (field("VmHWM"), field("VmRSS"))
}
