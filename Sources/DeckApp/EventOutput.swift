import Foundation
import Glibc

/// Writes `--events` lines to standard output without ever blocking the program.
///
/// The window's loop must keep drawing and saving whatever the reader of
/// stdout does: `| head -1` closes the pipe, `>/dev/full` fails every write,
/// a reader that stops reading fills the pipe. So lines go into a bounded
/// buffer, and only as many bytes as the descriptor takes without blocking are
/// written (poll() says POLLOUT, then at most `PIPE_BUF` bytes, which a pipe
/// accepts whole). SIGPIPE is ignored, so a closed pipe is an EPIPE error.
/// When the buffer overflows or a write fails, event output stops for the rest
/// of the run with one warning on stderr; nothing else is affected.
///
/// O_NONBLOCK is not set on the descriptor: its open file description may be
/// shared with the shell (a terminal), which must not see it change.
public final class EventOutput {
    /// Bytes of unwritten lines kept for a slow reader before output stops (256 KiB, about
    /// 3,000 events, on top of a pipe's own 64 KiB: more than a burst of interaction prints).
    public static let bufferLimit = 256 << 10
    /// At exit, how long pending lines may wait for a slow reader, in ms.
    public static let closingWait: Int32 = 1000

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Why output stopped, once it has.
    public private(set) var stopped: String?
    private let warn: (String) -> Void

    public init(fd: Int32 = STDOUT_FILENO, warn: @escaping (String) -> Void) {
        self.fd = fd
        self.warn = warn
        signal(SIGPIPE, SIG_IGN)
    }

    /// Queues one line (a newline is added) and writes what the reader takes now.
    public func write(line: String) {
        guard stopped == nil else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        flush(waiting: 0)
        if stopped == nil && buffer.count > EventOutput.bufferLimit {
            stop("the reader of standard output is not reading (\(buffer.count) bytes waiting)")
        }
    }

    /// Bytes queued but not yet written.
    public var pending: Int { buffer.count }

    /// Writes queued bytes while the descriptor accepts them; waits up to `waiting` ms in all.
    public func flush(waiting: Int32) {
        var deadline = waiting
        while stopped == nil && !buffer.isEmpty {
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let started = deadline > 0 ? monotonicMilliseconds() : 0
            let ready = poll(&p, 1, deadline)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return }  // full for now: retried at the next line or at exit
            if p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && p.revents & Int16(POLLOUT) == 0 {
                stop("standard output was closed")
                return
            }
            let count = min(buffer.count, Int(PIPE_BUF))
            let written = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                stop(errno == EPIPE ? "standard output was closed" : "cannot write to standard output (\(String(cString: strerror(errno))))")
                return
            }
            buffer.removeFirst(written)
            if deadline > 0 { deadline = max(0, deadline - Int32(monotonicMilliseconds() - started)) }
        }
    }

    private func stop(_ reason: String) {
        stopped = reason
        buffer = []
        warn("event output stopped: \(reason); the program goes on (changes are still saved)")
    }

    private func monotonicMilliseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }

    deinit { flush(waiting: EventOutput.closingWait) }
}
