import Foundation

/// The repository's `assets` folder, found from this file's path.
public let repositoryAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../assets").standardized.path

/// A fresh temporary folder that stays (for a server or a process that outlives the test's scope).
public func temporaryFolder(prefix: String = "gesturedeck-test") throws -> String {
    let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A temporary folder removed when the value goes away (50 MB files must not linger).
public final class ScratchFolder {
    public let path: String

    public init(prefix: String = "gesturedeck-test") throws {
        path = try temporaryFolder(prefix: prefix)
    }

    /// A folder holding a copy of the real assets under `assets/`.
    public static func withAssets() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try FileManager.default.copyItem(atPath: repositoryAssets, toPath: folder.assets)
        return folder
    }

    public var assets: String { path + "/assets" }

    /// The path of `relative` inside the folder.
    public func file(_ relative: String) -> String { path + "/" + relative }

    /// Writes `data` to `relative`, replacing whatever is there.
    public func write(_ data: Data, to relative: String) throws {
        let file = file(relative)
        try? FileManager.default.removeItem(atPath: file)
        try data.write(to: URL(fileURLWithPath: file))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
