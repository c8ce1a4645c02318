/// What the window shows about captures, on top of everything: the red
/// recording dot (F9), the encoding progress, and the "Saved to PATH" toast.
///
/// It belongs to the window, not to the content: `Deck.render(at:chrome:)`
/// leaves it out of screenshots, and a video is rendered from the recorded
/// trace by a fresh deck, so none of it is ever captured. The host sets its
/// state; the deck draws it and ticks the toast's timer (times passed in).
public struct CaptureChrome: Sendable {
    /// Sizes, timings and colours of the capture indicators (sizes and timings: GestureDeck's
    /// choice, in window pixels and milliseconds).
    public enum Metrics {
        /// The recording dot's radius and its centre's distance from the window's top-right corner, px.
        public static let dotRadius: Double = 5
        public static let dotInset: Double = 9
        /// The recording dot's red (the system red of iOS, #FF3B30).
        public static let dotColor = Color(rgb: 0xFF3B30)
        /// How long the toast stays, ms, and how long it takes to fade out at the end, ms
        /// (GestureDeck's choice: long enough to read a path).
        public static let toastDuration: Millis = 4000
        public static let toastFade: Millis = 300
        /// The progress pill's height, the toast's (two lines: a path is long) and their distance
        /// from the bottom edge, px.
        public static let pillHeight: Double = 34
        public static let toastHeight: Double = 46
        public static let pillBottom: Double = 14
        /// Side margin, px, and the largest width of a pill, px.
        public static let pillMargin: Double = 12
        public static let pillMaximumWidth: Double = 560
        /// Text size of the toast and progress pill, pt.
        public static let textSize: Double = 12
        /// The progress bar's height inside the pill, px.
        public static let barHeight: Double = 3
        public static let background = Color(rgb: 0x1C1C1E, alpha: 0.88)
        public static let text = Color(rgb: 0xF2F2F7)
        public static let accent = Color(rgb: 0x30D158)
    }

    /// The toast: a short confirmation such as "Saved to PATH".
    struct Toast: Sendable, Equatable {
        var text: String
        var shownAt: Millis?
    }

    /// True while F9 records: the red dot shows.
    public var recording = false
    /// The background encoding, when one runs: its label and how far it is (0...1).
    public var progress: (label: String, fraction: Double)?
    private(set) var toast: Toast?

    public init() {}

    /// Shows `text` for `Metrics.toastDuration` from the next tick.
    public mutating func showToast(_ text: String) {
        toast = Toast(text: text, shownAt: nil)
    }

    /// The toast's text while it shows.
    public var toastText: String? { toast?.text }

    /// Starts the toast's timer at its first frame and drops it when it has run out.
    public mutating func tick(at time: Millis) {
        guard var shown = toast else { return }
        if shown.shownAt == nil {
            shown.shownAt = time
            toast = shown
        }
        if let start = shown.shownAt, time - start >= Metrics.toastDuration { toast = nil }
    }

    /// True while the toast fades out (so the host draws it away smoothly, and draws once after).
    public func needsFrame(at time: Millis) -> Bool {
        guard let start = toast?.shownAt else { return false }
        return time >= start + Metrics.toastDuration - Metrics.toastFade
    }

    /// When the toast starts to fade (the host must wake up then).
    public func nextDeadline() -> Millis? {
        toast?.shownAt.map { $0 + Metrics.toastDuration - Metrics.toastFade }
    }

    /// Draws the indicators for a window of `size` at `time`.
    public func render(into list: inout DisplayList, size: Size, at time: Millis) {
        if recording {
            let center = Point(x: size.width - Metrics.dotInset, y: Metrics.dotInset)
            list.append(.fillCircle(center: center, radius: Metrics.dotRadius + 1.5, .solid(Color.white.withAlpha(0.9))))
            list.append(.fillCircle(center: center, radius: Metrics.dotRadius, .solid(Metrics.dotColor)))
        }
        var bottom = size.height - Metrics.pillBottom
        if let toast {
            var alpha = 1.0
            if let start = toast.shownAt {
                let fadeStart = start + Metrics.toastDuration - Metrics.toastFade
                alpha = max(0, min(1, 1 - (time - fadeStart) / Metrics.toastFade))
            }
            let box = pill(size: size, bottom: bottom, height: Metrics.toastHeight)
            list.withOpacity(alpha) { list in
                list.append(.fillRect(box, .solid(Metrics.background), cornerRadius: 14))
                list.append(.text("✓ " + toast.text, box.insetBy(dx: 16, dy: 4),
                                  TextStyle(size: Metrics.textSize, color: Metrics.text, alignment: .center, maxLines: 2)))
            }
            bottom = box.minY - 8
        }
        if let progress {
            let box = pill(size: size, bottom: bottom)
            list.append(.fillRect(box, .solid(Metrics.background), cornerRadius: box.height / 2))
            let percent = Int((max(0, min(1, progress.fraction)) * 100).rounded(.down))
            list.append(.text("\(progress.label) \(percent) %", box.insetBy(dx: 14, dy: 4),
                              TextStyle(size: Metrics.textSize, color: Metrics.text, alignment: .center)))
            let track = Rect(x: box.minX + 16, y: box.maxY - 7, width: box.width - 32, height: Metrics.barHeight)
            list.append(.fillRect(track, .solid(Metrics.text.withAlpha(0.25)), cornerRadius: Metrics.barHeight / 2))
            var done = track
            done.size.width = track.width * max(0, min(1, progress.fraction))
            list.append(.fillRect(done, .solid(Metrics.accent), cornerRadius: Metrics.barHeight / 2))
        }
    }

    private func pill(size: Size, bottom: Double, height: Double = Metrics.pillHeight) -> Rect {
        let width = max(1, min(Metrics.pillMaximumWidth, size.width - 2 * Metrics.pillMargin))
        return Rect(x: (size.width - width) / 2, y: bottom - height, width: width, height: height)
    }
}
