import Glibc

/// Opening picture files safely: only regular files, never blocking, never
/// following a link that turned into something else.
public enum PictureFile {
    /// Files larger than this are refused before reading (no photo comes close).
    public static let maximumBytes = 512 << 20

    /// What is at `path` when it is not a regular file (checked with stat, without opening it), or nil.
    ///
    /// A link is followed for the check: a dangling link, a loop or a link to
    /// a FIFO is named as such.
    public static func problem(atPath path: String) -> PictureProblem? {
        kind(atPath: path).problem
    }

    /// The stat check, and whether `path` itself is a symbolic link (to a regular file).
    static func kind(atPath path: String) -> (problem: PictureProblem?, isLink: Bool) {
        let bytes = PicturePath.bytes(of: path)
        var info = stat()
        if withCString(bytes, { lstat($0, &info) }) != 0 {
            return (errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))), false)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            let status = withCString(bytes) { stat($0, &target) }
            if status != 0 {
                switch errno {
                case ENOENT: return (.notRegularFile("dangling link"), true)
                case ELOOP: return (.notRegularFile("link loop"), true)
                default: return (.unreadable(String(cString: strerror(errno))), true)
                }
            }
            return (kindProblem(target.st_mode), true)
        }
        return (kindProblem(info.st_mode), false)
    }

    static func kindProblem(_ mode: mode_t) -> PictureProblem? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .notRegularFile("a folder")
        case S_IFIFO: .notRegularFile("a FIFO")
        case S_IFSOCK: .notRegularFile("a socket")
        case S_IFCHR, S_IFBLK: .notRegularFile("a device")
        default: .notRegularFile("unknown kind")
        }
    }

    /// The whole file, read through a descriptor opened with O_NONBLOCK (a FIFO
    /// never blocks) and checked with fstat to be a regular file before reading.
    public static func read(_ path: String) throws(PictureProblem) -> [UInt8] {
        let fd = try open(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let size = Int(info.st_size)
        guard size > 0 else { throw .empty }
        guard size <= maximumBytes else { throw .tooLargeFile(bytes: size) }
        var data = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, size - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        if filled < size { data.removeLast(size - filled) }
        guard !data.isEmpty else { throw .empty }
        return data
    }

    /// A descriptor for `path` (regular file only), for decoders that read by themselves.
    ///
    /// Checked with lstat/stat before opening; opened with O_NONBLOCK (a FIFO
    /// swapped in meanwhile cannot block) and, unless the name is a link to a
    /// regular file, O_NOFOLLOW; checked again with fstat.
    static func open(_ path: String) throws(PictureProblem) -> Int32 {
        let checked = kind(atPath: path)
        if let problem = checked.problem { throw problem }
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (checked.isLink ? 0 : O_NOFOLLOW)
        let fd = withCString(PicturePath.bytes(of: path)) { Glibc.open($0, flags) }
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { close(fd); throw .unreadable(String(cString: strerror(errno))) }
        if let problem = kindProblem(info.st_mode) { close(fd); throw problem }
        return fd
    }

    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        var z = bytes.map { CChar(bitPattern: $0) }
        z.append(0)
        return z.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
