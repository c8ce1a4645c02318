import Foundation
import InteractionEngine

/// The command line's side of tuning: `--preset` resolved through the user's preset library.
public enum TuningCommandLine {
    /// The tuning `--preset` names (nil without one); warnings (unknown keys) go to stderr, a bad
    /// preset is reported through `fail` (which does not return).
    public static func presetTuning(_ options: Options, fail: (String) -> Never) -> Tuning? {
        guard let name = options.preset else { return nil }
        let library = PresetLibrary.standard() ?? PresetLibrary(folder: "gesturedeck-presets")
        do {
            let preset = try library.preset(named: name)
            for warning in preset.warnings { Session.warn(warning) }
            return preset.tuning
        } catch {
            fail(error.description)
        }
    }
}
