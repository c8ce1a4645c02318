import DeckApp
import Foundation
import X11Host

// First, before anything opens a file: fds 0-2 open, SIGPIPE and SIGXFSZ ignored.
StandardDescriptors.prepare()

/// Exits with a one-line message on stderr.
func fail(_ message: String, status: Int32 = 1) -> Never {
    Session.warn(message)
    exit(status)
}

/// Exits unless there is an X server to open the window on.
func requireDisplay(_ hint: String) {
    guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
        fail("DISPLAY is not set: there is no X server to open a window on (\(hint))")
    }
}

// Options, --preset, --replay's trace; --help, --version and --export-tuning end here (Launch.swift).
guard let launch = Launch.read(Array(CommandLine.arguments.dropFirst()), fail: { fail($0, status: $1) }) else { exit(0) }
let options = launch.options

// --compare A B --replay TRACE: both sides in one picture (HeadlessRun.swift), or in the window.
if let names = options.compare, let trace = launch.trace {
    if let output = options.screenshot {
        HeadlessRun.compare(options: options, trace: trace, names: names, output: output, fail: { fail($0, status: $1) })
        exit(0)
    }
    requireDisplay("add --screenshot OUT.png to render without one")
    do {
        let comparison = try Comparison(options: options, trace: trace, names: names)
        let app = try X11App(session: comparison.sides[0].session, replay: trace, comparison: comparison)
        exit(app.run())
    } catch {
        fail("\(error)", status: error is UsageError ? 2 : 1)
    }
}

let session = launch.session(fail: { fail($0, status: $1) })

// --screenshot, --frames, --video: no window (HeadlessRun.swift).
if options.rendersHeadless {
    HeadlessRun.render(session: session, options: options, trace: launch.trace, fail: { fail($0, status: $1) })
    exit(0)
}

requireDisplay("use --screenshot OUT.png to render without one")
do {
    let app = try X11App(session: session, replay: launch.trace)
    if let path = options.record {
        do { try session.startRecording(to: path) } catch { fail(error.description) }
    }
    exit(app.run())
} catch {
    fail(error.description)
}
