/// The languages the tuning is handed off in: `--export-tuning FORMAT` and the panel's
/// "Copy as..." row (the text itself is written by DeckApp's `TuningExport`).
public enum TuningExportFormat: String, Sendable, CaseIterable {
    case swiftui, uikit, flutter, compose, css

    /// The name the panel shows.
    public var title: String {
        switch self {
        case .swiftui: "SwiftUI"
        case .uikit: "UIKit"
        case .flutter: "Flutter"
        case .compose: "Compose"
        case .css: "CSS"
        }
    }
}
