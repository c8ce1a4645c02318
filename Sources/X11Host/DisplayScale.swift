import Foundation

/// How many device pixels one layout pixel takes (HiDPI).
public enum DisplayScale {
    /// The reference density: 96 dpi is scale 1.
    public static let referenceDPI = 96.0

    /// The scale to use: `--scale`, else `$GESTUREDECK_SCALE`, else `$GDK_SCALE`, else
    /// `Xft.dpi` / 96 rounded to a quarter, else 1. Always within 0.5...4.
    public static func resolve(option: Double?, environment: [String: String], resourceDPI: Double?) -> Double {
        let candidates: [Double?] = [
            option,
            environment["GESTUREDECK_SCALE"].flatMap(Double.init),
            environment["GDK_SCALE"].flatMap(Double.init),
            resourceDPI.map { ($0 / referenceDPI * 4).rounded() / 4 },
        ]
        for case let value? in candidates where value.isFinite && value > 0 {
            return min(max(value, 0.5), 4)
        }
        return 1
    }

    /// `Xft.dpi` from the text of the X resource database (`Xft.dpi:\t192`).
    public static func dpi(fromResources resources: String) -> Double? {
        for line in resources.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            if let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi >= 24, dpi <= 960 { return dpi }
        }
        return nil
    }
}
