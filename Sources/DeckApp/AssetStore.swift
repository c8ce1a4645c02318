import Foundation
import InteractionEngine

/// The folder of sample data and pictures, and typed reads from it.
public struct AssetStore: Sendable {
    /// Data files larger than this are refused rather than read.
    public static let maximumFileSize = 16 << 20

    public let directory: String
    /// A folder of the user's own pictures for the carousel (`--pictures`), if any.
    public var picturesDirectory: String?

    public init(directory: String, picturesDirectory: String? = nil) {
        self.directory = directory
        self.picturesDirectory = picturesDirectory
    }

    /// The assets to use: `--assets`, else `$GESTUREDECK_ASSETS`, else the installed
    /// copy beside the binary (`../share/gesturedeck/assets`), else the source tree's.
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(AssetError) -> AssetStore {
        if let explicit {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: explicit, isDirectory: &isDir), isDir.boolValue else {
                throw AssetError("\(explicit): no such folder (given with --assets)")
            }
            return AssetStore(directory: explicit)
        }
        var candidates: [String] = []
        if let env = environment["GESTUREDECK_ASSETS"] { candidates.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("../share/gesturedeck/assets").standardized.path)
        // A development build (swift run, swift test) uses the source tree's assets; an
        // installed binary (PREFIX/bin) only ever uses its installed copy.
        if exe.deletingLastPathComponent().lastPathComponent != "bin" {
            candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../assets").standardized.path)
        }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/cards.json") {
            return AssetStore(directory: candidate)
        }
        throw AssetError("no assets found (looked in \(candidates.joined(separator: ", "))); use --assets DIR")
    }

    public func path(_ name: String) -> String {
        directory + "/" + name
    }

    /// Decodes a JSON file, with a message naming the file and the problem on failure.
    public func decode<T: Decodable>(_ name: String, as type: T.Type) throws(AssetError) -> T {
        let file = path(name)
        guard FileManager.default.fileExists(atPath: file) else {
            throw AssetError("\(file): missing")
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= AssetStore.maximumFileSize else {
            throw AssetError("\(file): too large (\(size) bytes, the limit is \(AssetStore.maximumFileSize))")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw AssetError("\(file): could not be read (\(error.localizedDescription))")
        }
        guard !data.isEmpty else { throw AssetError("\(file): empty") }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw AssetError("\(file): \(StateStore.describe(error))")
        } catch {
            throw AssetError("\(file): \(error.localizedDescription)")
        }
    }
}

/// A problem with the sample data, described for a person (names the file).
public enum AssetProblemKind: ProblemKind {}
public typealias AssetError = Problem<AssetProblemKind>

/// Checks that ids are unique; throws naming the file and the first repeated id.
public func requireUniqueIDs(_ ids: [String], in file: String) throws(AssetError) {
    var seen = Set<String>()
    for id in ids {
        guard seen.insert(id).inserted else { throw AssetError("\(file): duplicate id '\(id)'") }
    }
    guard !ids.isEmpty else { throw AssetError("\(file): no items") }
}
