import DeckApp
import InteractionEngine

extension CaptureController {
    /// The tuning panel's "copy as...": the tuning in force as `format` code on the CLIPBOARD
    /// (text only), claimed at the time of the key or click that asked for it. The panel says
    /// what was copied; `--events` prints `tuning-copied` (format, bytes, clipboard).
    func copyTuning(_ format: TuningExportFormat) {
        let text = session.tuningCode(format)
        let owned = clipboard.offer(text: text, time: lastServerTime)
        let lines = text.split(separator: "\n").count
        session.deck.showTuningStatus(owned ? "Copied as \(format.title): \(lines) lines on the clipboard"
                                      : "Not copied: another program holds the clipboard", isError: !owned)
        session.emit(DeckEvent("tuning-copied", ["format": .string(format.rawValue), "bytes": .int(text.utf8.count),
                                                 "clipboard": .bool(owned)]))
    }
}
