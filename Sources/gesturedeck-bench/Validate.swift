import Foundation

/// Checks a `--json` output file (`--validate FILE`, used by scripts/bench-ci):
/// one JSON object holding every section with the expected shapes.
enum Validate {
    /// The problems found in the file at `path` (empty when it is well formed), and a summary for the log.
    static func check(path: String) -> (problems: [String], summary: [String]) {
        guard let data = FileManager.default.contents(atPath: path) else { return (["\(path): cannot be read"], []) }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return (["not one JSON object"], [])
        }
        var problems: [String] = []
        var summary: [String] = []
        func list(_ key: String, nonEmpty: Bool) -> [[String: Any]] {
            guard let value = object[key] as? [[String: Any]] else {
                problems.append("'\(key)' is missing or not a list of objects")
                return []
            }
            if nonEmpty && value.isEmpty { problems.append("'\(key)' is empty") }
            return value
        }
        func isNumber(_ value: Any?) -> Bool { value is Double || value is Int }
        if !(object["mode"] is String) { problems.append("'mode' is missing") }
        for row in list("engine", nonEmpty: true) {
            guard row["scene"] is String, let micros = row["microsPerFrame"] as? [String: Any], !micros.isEmpty,
                  micros.values.allSatisfy(isNumber), isNumber(row["ratioLargestToSmallest"]) else {
                problems.append("malformed engine row: \(row)")
                continue
            }
        }
        for row in list("render", nonEmpty: true) {
            guard row["scene"] is String, let image = row["imageSurfaceMs"] as? [String: Any],
                  ["p50", "p99", "max"].allSatisfy({ isNumber(image[$0]) }), isNumber(row["p99OverBudget"]) else {
                problems.append("malformed render row: \(row)")
                continue
            }
        }
        for row in list("latency", nonEmpty: false) where !(row["latencyMs"] is [String: Any]) {
            problems.append("malformed latency row: \(row)")
        }
        _ = list("baseline", nonEmpty: true)
        for row in list("targets", nonEmpty: true) {
            guard let name = row["name"] as? String, let met = row["met"] as? Bool else {
                problems.append("malformed target: \(row)")
                continue
            }
            summary.append("  [\(met ? "met " : "MISS")] \(name): \(row["value"] ?? "")")
        }
        guard let errors = object["errors"] as? [String], let skipped = object["skipped"] as? [String] else {
            problems.append("'errors' or 'skipped' is missing")
            return (problems, summary)
        }
        summary += skipped.map { "  skipped: \($0)" } + errors.map { "  error: \($0)" }
        return (problems, summary)
    }
}
