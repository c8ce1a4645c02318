import Foundation
import InteractionEngine

/// What every run reads before it picks a host: the options, the `--preset` tuning and the
/// `--replay` trace. The runs that only print (`--help`, `--version`, `--export-tuning`) end here.
public struct Launch {
    public let options: Options
    /// The tuning `--preset` names (nil without one).
    public let presetTuning: Tuning?
    /// The `--replay` trace, read and checked.
    public let trace: Trace?

    /// Reads the command line (without the program name); nil when the run is over (it printed
    /// `--help`, `--version` or `--export-tuning`). Mistakes go to `fail`: status 2 for the command
    /// line, 1 for a file.
    public static func read(_ arguments: [String], fail: RunFail) -> Launch? {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            fail("\(error)\nTry 'gesturedeck --help' for the options.", 2)
        }
        if options.showHelp {
            print(Options.usage)
            return nil
        }
        if options.showVersion {
            print("gesturedeck \(Options.version)")
            return nil
        }
        // --preset and --export-tuning (TuningPreset.swift, TuningExport.swift).
        let presetTuning = TuningCommandLine.presetTuning(options, fail: { fail($0, 1) })
        if let format = options.exportTuning {
            print(TuningExport(tuning: presetTuning ?? Tuning(), source: options.preset ?? "default").render(format), terminator: "")
            return nil
        }
        // A replay starts from the state, scene and size recorded in the trace.
        var trace: Trace?
        if let path = options.replay {
            do {
                trace = try Trace.read(path: path, knownScenes: SceneCatalog.names)
            } catch {
                fail(error.description, 1)
            }
        }
        return Launch(options: options, presetTuning: presetTuning, trace: trace)
    }

    /// The session of a single deck (not `--compare`), started from the trace's tuning, else `--preset`'s.
    public func session(fail: RunFail) -> Session {
        let session: Session
        do {
            session = try Session(options: options, trace: trace?.header)
        } catch {
            fail(error.description, 1)
        }
        if trace?.header.tuning == nil, let presetTuning { session.start(with: presetTuning) }
        return session
    }
}
