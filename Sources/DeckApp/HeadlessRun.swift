import CairoRenderer
import Foundation
import InteractionEngine

/// Ends the process with a one-line message on stderr and an exit status (1: a file or the X
/// server; 2: the command line). The executable passes its own; it does not return.
public typealias RunFail = (_ message: String, _ status: Int32) -> Never

/// The headless runs of the command line, from parsed options to the files they write:
/// `--compare ... --screenshot`, `--screenshot`, `--frames` and `--video`. Every one of them
/// renders with `Headless` and opens no X connection; `gesturedeck`'s main only dispatches here.
public enum HeadlessRun {
    /// `--compare A B --replay TRACE --screenshot OUT`: both sides in one picture.
    public static func compare(options: Options, trace: Trace, names: [String], output: String, fail: RunFail) {
        do {
            let comparison = try Comparison(options: options, trace: trace, names: names)
            try comparison.screenshot(at: options.at ?? trace.duration, to: output, scale: options.scale ?? 1)
            comparison.sides[0].session.emit(DeckEvent("screenshot", ["path": .string(output)]))
            comparison.sides[0].session.flushOutput()
        } catch {
            fail("\(error)", error is UsageError ? 2 : 1)
        }
    }

    /// `--screenshot`, `--frames`, `--video` for one session (its trace already applied to it):
    /// writes the outputs in that order, prints their events, and leaves a replay's final
    /// arrangement in an explicit `--state`.
    public static func render(session: Session, options: Options, trace: Trace?, fail: RunFail) {
        if let problem = DeviceSize.problem(width: session.deck.size.width, height: session.deck.size.height, scale: options.scale ?? 1) {
            fail(problem, 1)
        }
        let headless = Headless(session: session, scale: options.scale ?? 1)
        if let trace, let export = VideoExport(options: options, trace: trace) {
            do {
                let video = try export.run(session: session, trace: trace, first: headless)
                for event in session.deck.drainEvents() { session.emit(event) }
                session.emit(video)  // the last line: the file is in place
            } catch {
                fail("\(error)", 1)
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
            fail(error.description, 1)
        }
        session.flushOutput()
    }
}
