import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import X11Host

// First, before anything opens a file: fds 0-2 open, SIGPIPE and SIGXFSZ ignored.
StandardDescriptors.prepare()

/// Exits with a one-line message on stderr.
func fail(_ message: String, status: Int32 = 1) -> Never {
    Session.warn(message)
    exit(status)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\nTry 'gesturedeck --help' for the options.", status: 2)
}
if options.showHelp {
    print(Options.usage)
    exit(0)
}
if options.showVersion {
    print("gesturedeck \(Options.version)")
    exit(0)
}

// --preset and --export-tuning (TuningPreset.swift, TuningExport.swift).
let presetTuning = TuningCommandLine.presetTuning(options, fail: { fail($0) })
if let format = options.exportTuning {
    print(TuningExport(tuning: presetTuning ?? Tuning(), source: options.preset ?? "default").render(format), terminator: "")
    exit(0)
}

// A replay starts from the state, scene and size recorded in the trace.
var trace: Trace?
if let path = options.replay {
    do {
        trace = try Trace.read(path: path, knownScenes: SceneCatalog.factories.map(\.name))
    } catch {
        fail(error.description)
    }
}

// --compare A B --replay TRACE --screenshot OUT: both sides in one picture (the window: X11App).
if let names = options.compare, let trace, let output = options.screenshot {
    do {
        let comparison = try Comparison(options: options, trace: trace, names: names)
        try comparison.screenshot(at: options.at ?? trace.duration, to: output, scale: options.scale ?? 1)
        comparison.sides[0].session.emit(DeckEvent("screenshot", ["path": .string(output)]))
        comparison.sides[0].session.flushOutput()
    } catch {
        fail("\(error)", status: error is UsageError ? 2 : 1)
    }
    exit(0)
}
if let names = options.compare, let trace {
    guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
        fail("DISPLAY is not set: there is no X server to open a window on (add --screenshot OUT.png to render without one)")
    }
    do {
        let comparison = try Comparison(options: options, trace: trace, names: names)
        let app = try X11App(session: comparison.sides[0].session, replay: trace, comparison: comparison)
        exit(app.run())
    } catch {
        fail("\(error)", status: error is UsageError ? 2 : 1)
    }
}

let session: Session
do {
    session = try Session(options: options, trace: trace?.header)
} catch {
    fail(error.description)
}
// A replay starts from the tuning recorded in its trace (the Session applies it), else from --preset.
if trace?.header.tuning == nil, let presetTuning { session.start(with: presetTuning) }

if options.rendersHeadless {
    if let problem = DeviceSize.problem(width: session.deck.size.width, height: session.deck.size.height, scale: options.scale ?? 1) {
        fail(problem)
    }
    let headless = Headless(session: session, scale: options.scale ?? 1)
    if let trace, let export = VideoExport(options: options, trace: trace) {
        do {
            let video = try export.run(session: session, trace: trace, first: headless)
            for event in session.deck.drainEvents() { session.emit(event) }
            session.emit(video)  // the last line: the file is in place
        } catch {
            fail("\(error)")
        }
    }
    do {
        if let trace, let folder = options.framesDir {
            let count = try headless.writeFrames(trace, fps: options.fps, to: folder)
            session.emit(DeckEvent("frames", ["path": .string(folder), "count": .int(count)]))
        }
        if let output = options.screenshot {
            let time = options.at ?? trace?.duration ?? 0
            if let trace {
                var entries = trace.entries[...]
                headless.replay(&entries, through: time)
            }
            try headless.screenshot(at: time, to: output)
            session.emit(DeckEvent("screenshot", ["path": .string(output)]))
        }
        for event in session.deck.drainEvents() { session.emit(event) }
        // A replay given an explicit --state leaves the final arrangement there (tests compare it).
        if trace != nil && options.statePath != nil { session.save() }
    } catch {
        session.flushOutput()
        fail(error.description)
    }
    session.flushOutput()
    exit(0)
}

guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
    fail("DISPLAY is not set: there is no X server to open a window on (use --screenshot OUT.png to render without one)")
}
do {
    let app = try X11App(session: session, replay: trace)
    if let path = options.record {
        do { try session.startRecording(to: path) } catch { fail(error.description) }
    }
    exit(app.run())
} catch {
    fail(error.description)
}
