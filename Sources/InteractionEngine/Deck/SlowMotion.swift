/// The slow-motion factors the `S` key cycles through, and the badge that names the
/// factor while it is not 1 (the iOS Simulator's "Slow Animations", Flutter's
/// `timeDilation`, Android's animator duration scale).
public enum SlowMotion {
    /// Animation rates in the order `S` steps through them: 1x, 1/2, 1/4, 1/10.
    public static let rates: [Double] = [1, 0.5, 0.25, 0.1]

    /// The rate after `rate` in the cycle (a rate not in it, from `--slow`, goes to the
    /// next slower one in the cycle, or back to 1).
    public static func next(after rate: Double) -> Double {
        if let index = rates.firstIndex(of: rate) { return rates[(index + 1) % rates.count] }
        return rates.first { $0 < rate } ?? 1
    }

    /// "1/4×" for 0.25, "1/2.5×" for 0.4, "1×" for 1.
    public static func label(for rate: Double) -> String {
        let divisor = 1 / rate
        let rounded = (divisor * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return rate == 1 ? "1×" : "1/\(text)×"
    }

    enum Metrics {
        /// The badge's size and inset from the top-right corner of the scene, in px (seed).
        static let badgeSize = Size(width: 92, height: 24)
        static let inset: Double = 8
        /// Amber, so it reads as a mode and not as content (seed, like the notice's tint).
        static let fill = Color(rgb: 0xC77700).withAlpha(0.92)
        static let textSize: Double = 12
    }

    /// Draws "Slow 1/4×" at the top right, just below the scene bar (nothing at rate 1).
    static func render(rate: Double, into list: inout DisplayList, size: Size, top: Double) {
        guard rate != 1 else { return }
        let box = Rect(x: size.width - Metrics.badgeSize.width - Metrics.inset, y: top + Metrics.inset,
                       width: Metrics.badgeSize.width, height: Metrics.badgeSize.height)
        list.append(.fillRect(box, .solid(Metrics.fill), cornerRadius: box.height / 2))
        list.append(.text("Slow \(label(for: rate))", box, TextStyle(size: Metrics.textSize, weight: .bold,
                                                                      color: .white, alignment: .center)))
    }
}
