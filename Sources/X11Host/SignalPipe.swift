import Glibc

/// The write end of the pipe, for the C signal handler (which cannot capture context).
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1

/// SIGTERM, SIGINT and SIGHUP turned into bytes on a pipe the window's poll() loop watches
/// (the self-pipe trick): the handler only writes one byte, and the loop ends the session
/// normally: the press in flight cancelled, the state saved, `quit` printed, exit 0.
public final class SignalPipe {
    /// The signals that end the program cleanly.
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Becomes readable when a signal arrived.
    public let readFD: Int32

    /// Creates the pipe and installs the handlers. The signals are also unblocked: a parent
    /// may have started us with them blocked, and then they would never arrive.
    public init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        signalPipeWriteFD = fds[1]
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signo in SignalPipe.signals {
            sigaddset(&unblock, signo)
            signal(signo) { signo in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: signo)
                _ = write(signalPipeWriteFD, &byte, 1)
                errno = saved
            }
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signals that arrived since the last call, oldest first.
    public func drain() -> [Int32] {
        var received: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 16)
        while true {
            let n = read(readFD, &bytes, bytes.count)
            guard n > 0 else { break }
            received += bytes[..<n].map { Int32($0) }
        }
        return received
    }

    /// The conventional name of a signal (`TERM`, `INT`, `HUP`).
    public static func name(_ signo: Int32) -> String {
        switch signo {
        case SIGTERM: "TERM"
        case SIGINT: "INT"
        case SIGHUP: "HUP"
        default: "\(signo)"
        }
    }
}
