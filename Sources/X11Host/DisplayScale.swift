import CX11
import Foundation

/// How many device pixels one layout pixel takes (HiDPI).
public enum DisplayScale {
    /// The reference density: 96 dpi is scale 1.
    public static let referenceDPI = 96.0

    /// The scale to use: `--scale`, else `$GESTUREDECK_SCALE`, else `$GDK_SCALE`, else the
    /// desktop's (XSETTINGS), else `Xft.dpi` / 96 rounded to a quarter, else 1. Always within 0.5...4.
    public static func resolve(option: Double?, environment: [String: String], desktop: Double? = nil,
                               resourceDPI: Double?) -> Double {
        let candidates: [Double?] = [
            option,
            environment["GESTUREDECK_SCALE"].flatMap(Double.init),
            environment["GDK_SCALE"].flatMap(Double.init),
            desktop,
            resourceDPI.map { ($0 / referenceDPI * 4).rounded() / 4 },
        ]
        for case let value? in candidates where value.isFinite && value > 0 {
            return min(max(value, 0.5), 4)
        }
        return 1
    }

    /// `Xft.dpi` from the text of the X resource database, looked up with Xrm as Xft does
    /// (so `Xft.dpi:\t192`, `Xft*dpi: 192` and `*dpi: 192` all count).
    public static func dpi(fromResources resources: String) -> Double? {
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr else { return nil }
        let text = String(cString: address).trimmingCharacters(in: .whitespaces)
        guard let dpi = Double(text), dpi >= 24, dpi <= 960 else { return nil }
        return dpi
    }
}
