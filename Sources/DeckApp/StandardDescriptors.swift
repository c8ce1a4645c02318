import Glibc

/// Process-wide safety set up first thing in `main`, before anything opens a file.
public enum StandardDescriptors {
    /// Opens `/dev/null` onto any of descriptors 0, 1 and 2 that is closed (`>&-`, `2>&-`),
    /// so the X connection or a state file can never become "standard output" and receive
    /// event lines or warnings. Also ignores SIGPIPE (a closed reader is an EPIPE error,
    /// see `EventOutput`) and SIGXFSZ (a file size limit is a write error, reported, not a kill).
    public static func prepare() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() returns the lowest free descriptor: this one, since those below are open.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }
}
