import DeckApp
import Foundation
import InteractionEngine
import X11Host

/// Exits with a one-line message on stderr.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("gesturedeck: \(message)\n".utf8))
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

let session: Session
do {
    session = try Session(options: options)
} catch {
    fail(error.description)
}

if let output = options.screenshot {
    do {
        try Headless.screenshot(session, at: options.at ?? 0, to: output, scale: options.scale ?? 1)
        for event in session.deck.drainEvents() { session.emit(event) }
        session.emit(DeckEvent("screenshot", ["path": .string(output)]))
    } catch {
        fail(error.description)
    }
    exit(0)
}

guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else {
    fail("DISPLAY is not set: there is no X server to open a window on (use --screenshot OUT.png to render without one)")
}
do {
    let app = try X11App(session: session)
    exit(app.run())
} catch {
    fail(error.description)
}
