import CairoRenderer
import Foundation
import InteractionEngine

/// One side of an A/B comparison: a name and what it does to a freshly built deck.
///
/// Every side starts as the same deck (the trace's state, scene and size) and is then
/// configured by its variant; nothing else differs. `resolve(name:)` is the one place
/// a name becomes a configuration.
public struct ComparisonVariant: Sendable {
    public let name: String
    public let configure: @Sendable (Deck) throws -> Void

    public init(name: String, configure: @escaping @Sendable (Deck) throws -> Void) {
        self.name = name
        self.configure = configure
    }

    /// The built-in variants: `default` (the deck as it comes), `reduce-motion`, `slow` (1/4 speed).
    public static let builtIn: [ComparisonVariant] = [
        ComparisonVariant(name: "default") { _ in },
        ComparisonVariant(name: "reduce-motion") { $0.reduceMotion = true },
        ComparisonVariant(name: "slow") { $0.setSlowMotion(0.25, at: 0) },
    ]

    /// The variant named `name`: a built-in one, else a tuning-lab preset (`seed`, `ios`, a name
    /// saved in the presets folder, or a `FILE.json`) applied to the fresh deck.
    public static func resolve(name: String, presets: PresetLibrary? = PresetLibrary.standard()) throws(UsageError) -> ComparisonVariant {
        if let variant = builtIn.first(where: { $0.name == name }) { return variant }
        let library = presets ?? PresetLibrary(folder: "")  // no config folder: built-ins and paths only
        do {
            let tuning = try library.resolve(name: name)
            return ComparisonVariant(name: name) { deck in
                deck.apply(tuning, at: 0)
                _ = deck.drainEvents()
            }
        } catch {
            throw UsageError("--compare: no variant or preset '\(name)': \(error.description) (variants: \(builtIn.map(\.name).joined(separator: ", ")); "
                             + "presets: seed, ios, a saved NAME or a FILE.json)")
        }
    }
}

/// `--compare A B --replay TRACE`: the same trace played on two decks side by side, in
/// lockstep (one trace time for both), each half labelled with its variant's name.
public final class Comparison {
    /// The label strip above each half, in px (seed).
    public static let labelHeight: Double = 28
    /// The gap between the halves, in px (seed).
    public static let gap: Double = 2

    public let trace: Trace
    /// A's session prints the events (`--events`); B's prints nothing and never saves.
    public let sides: [(variant: ComparisonVariant, session: Session)]

    public init(options: Options, trace: Trace, names: [String]) throws {
        self.trace = trace
        var built: [(ComparisonVariant, Session)] = []
        for (index, name) in names.enumerated() {
            let variant = try ComparisonVariant.resolve(name: name)
            var sideOptions = options
            if index > 0 {
                sideOptions.events = false
                sideOptions.statePath = nil  // a replay without --state never writes
            }
            let session = try Session(options: sideOptions, trace: trace.header)
            try variant.configure(session.deck)
            _ = session.deck.drainEvents()
            built.append((variant, session))
        }
        sides = built
    }

    /// Both decks afresh at the trace's start, each configured by its variant again.
    public func restart() {
        for side in sides {
            side.session.restartDeck(from: trace.header)
            try? side.variant.configure(side.session.deck)
            _ = side.session.deck.drainEvents()
        }
    }

    /// The size of one deck.
    public var deckSize: Size { sides[0].session.deck.size }

    /// Both halves, the gap and the labels.
    public var size: Size {
        Size(width: deckSize.width * Double(sides.count) + Comparison.gap * Double(sides.count - 1),
             height: deckSize.height + Comparison.labelHeight)
    }

    /// Feeds both decks the trace's entries up to and including `time`.
    public func replay(_ entries: inout ArraySlice<TraceEntry>, through time: Millis) {
        while let entry = entries.first, entry.t <= time {
            entries.removeFirst()
            for side in sides {
                side.session.feed(entry)
            }
        }
        for side in sides { side.session.tick(at: time) }
    }

    /// The two decks at `time`, side by side under their labels.
    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0x202124)))
        let deck = deckSize
        for (index, side) in sides.enumerated() {
            let x = Double(index) * (deck.width + Comparison.gap)
            let label = Rect(x: x, y: 0, width: deck.width, height: Comparison.labelHeight)
            list.append(.text(Comparison.label(side.variant.name, at: time), label.insetBy(dx: 10, dy: 0),
                              TextStyle(size: 13, weight: .bold, color: .white)))
            list.transformed(by: Transform(translation: Point(x: x, y: Comparison.labelHeight))) { list in
                list.clipped(to: Rect(origin: .zero, size: deck)) { list in
                    list.append(contentsOf: side.session.deck.render(at: time, chrome: false))
                }
            }
        }
        return list
    }

    /// "default   t 1.250 s": the variant and the trace time (the same on both halves).
    public static func label(_ name: String, at time: Millis) -> String {
        String(format: "%@   t %.3f s", name, time / 1000)
    }

    /// Writes the comparison at `time` (the trace replayed to it) as a PNG.
    public func screenshot(at time: Millis, to path: String, scale: Double = 1) throws {
        var entries = trace.entries[...]
        replay(&entries, through: time)
        let renderer = CairoRenderer()
        renderer.scale = scale
        let image = renderer.image(of: render(at: time), width: Int(clamping: size.width), height: Int(clamping: size.height))
        try image.writePNG(to: path)
    }
}
