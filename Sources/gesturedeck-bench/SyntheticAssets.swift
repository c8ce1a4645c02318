import Foundation
import InteractionEngine

/// Asset folders with N items per scene, built from the real sample data.
///
/// The scenes are made through their factories from an assets folder, so a
/// 10,000-item wallet is a `cards.json` holding 10,000 cards: the real records
/// repeated, each with a unique id and a number or suffix that makes its text
/// unique too (shared text would make the renderer's text cache look better than
/// it is on real data). Carousel items point at the real pictures by absolute path,
/// or, with `distinctImages`, at that many copies so every picture is decoded apart.
struct SyntheticAssets {
    /// The real sample data (`assets/` of the source tree, or `--assets`).
    let source: String
    /// Where the generated folders go; removed by `removeAll()`.
    let root: String

    init(source: String) throws {
        self.source = source
        SyntheticAssets.removeStale()
        root = NSTemporaryDirectory() + "gesturedeck-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Removes the folders of earlier runs that were interrupted (their process is gone).
    private static func removeStale() {
        let tmp = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? [] {
            guard name.hasPrefix("gesturedeck-bench-"), let pid = Int32(name.dropFirst("gesturedeck-bench-".count)),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: tmp + name)
        }
    }

    func removeAll() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A folder where every scene has `count` items (the carousel repeats the
    /// real pictures, or uses `distinctImages` copies of them).
    func folder(items count: Int, distinctImages: Int? = nil) throws -> String {
        let dir = root + "/items-\(count)" + (distinctImages.map { "-images-\($0)" } ?? "")
        if FileManager.default.fileExists(atPath: dir + "/cards.json") { return dir }
        try FileManager.default.createDirectory(atPath: dir + "/carousel", withIntermediateDirectories: true)
        try expand("cards.json", key: "cards", to: count, into: dir) { record, i in
            record["id"] = "\(record["id"] as? String ?? "card")-\(i)"
            record["number"] = String(format: "•••• %04d", i % 10000)
        }
        try expand("tiles.json", key: "tiles", to: count, into: dir) { record, i in
            record["id"] = "tile-\(i)"
            record["label"] = "\(record["label"] as? String ?? "Tile") \(i)"
        }
        try expand("messages.json", key: "conversations", to: count, into: dir) { record, i in
            record["id"] = "c\(i)"
            record["name"] = "\(record["name"] as? String ?? "Chat") \(i)"
        }
        try writeCarousel(count: count, distinctImages: distinctImages, into: dir)
        return dir
    }

    /// Repeats the records of `file`'s array `key` until there are `count`, renaming each with `edit`.
    private func expand(_ file: String, key: String, to count: Int, into dir: String,
                        edit: (inout [String: Any], Int) -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source + "/" + file))
        guard var document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let records = document[key] as? [[String: Any]], !records.isEmpty else {
            throw BenchError("\(source)/\(file): expected an object with a non-empty '\(key)' array")
        }
        var out: [[String: Any]] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            var record = records[i % records.count]
            edit(&record, i)
            out.append(record)
        }
        document[key] = out
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: dir + "/" + file))
    }

    private func writeCarousel(count: Int, distinctImages: Int?, into dir: String) throws {
        let titles = source + "/carousel/titles.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: titles))
        guard let records = try JSONSerialization.jsonObject(with: data) as? [[String: Any]], !records.isEmpty else {
            throw BenchError("\(titles): expected a non-empty array")
        }
        var out: [[String: Any]] = []
        for i in 0..<count {
            let record = records[i % records.count]
            let original = source + "/carousel/" + (record["file"] as? String ?? "")
            var file = original
            if let distinct = distinctImages, i < distinct {
                file = dir + "/carousel/picture-\(i).png"
                try? FileManager.default.removeItem(atPath: file)
                try FileManager.default.copyItem(atPath: original, toPath: file)
            } else if let distinct = distinctImages {
                file = dir + "/carousel/picture-\(i % distinct).png"
            }
            out.append(["id": "\(record["id"] as? String ?? "picture")-\(i)",
                        "title": "\(record["title"] as? String ?? "Picture") \(i)",
                        "file": file])
        }
        try JSONSerialization.data(withJSONObject: out).write(to: URL(fileURLWithPath: dir + "/carousel/titles.json"))
    }
}

/// A failure of the benchmark itself, described for a person.
enum BenchProblemKind: ProblemKind {}
typealias BenchError = Problem<BenchProblemKind>
