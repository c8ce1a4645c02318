/// Why a picture cannot be shown: a typed reason, worded for a person.
public enum PictureProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case missing
    case notRegularFile(String)
    case unreadable(String)
    case empty
    case tooLargeFile(bytes: Int)
    case notAPicture
    case unsupported(PictureFormat)
    case animated(PictureFormat)
    case truncated(PictureFormat)
    case corrupt(PictureFormat, String)
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .missing: "missing"
        case .notRegularFile(let kind): "not a regular file (\(kind))"
        case .unreadable(let why): "cannot be read (\(why))"
        case .empty: "empty file"
        case .tooLargeFile(let bytes): "file too large (\(bytes >> 20) MiB)"
        case .notAPicture: "not a picture"
        case .unsupported(let format): "\(format.rawValue) pictures are not supported"
        case .animated(let format): "animated \(format.rawValue) pictures are not supported"
        case .truncated(let format): "truncated \(format.rawValue) file"
        case .corrupt(let format, let why): "damaged \(format.rawValue) file (\(why))"
        case .tooLarge(let w, let h): "picture too large (\(w)x\(h))"
        }
    }
}
