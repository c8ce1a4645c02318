import InteractionEngine

/// The runs an option has an effect in.
public struct OptionModes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The window on an X server (no headless output given).
    public static let window = OptionModes(rawValue: 1)
    /// A run that renders without a window: `--screenshot`, `--frames`, `--video`.
    public static let headless = OptionModes(rawValue: 2)
    /// A run that prints something and exits before any deck is built (`--help`, `--export-tuning`).
    public static let printsAndExits = OptionModes(rawValue: 4)

    /// Both ways of showing a deck.
    public static let decks: OptionModes = [.window, .headless]
}

/// The arguments not read yet, as an option's parser sees them.
public struct OptionArguments {
    var rest: ArraySlice<String>
    /// The option being read, as it was spelled (`--scene`), for messages.
    public internal(set) var flag = ""

    /// The next argument as the option's value (`--scene grid`); another option is not a value.
    public mutating func value() throws(UsageError) -> String {
        guard let v = rest.popFirst(), !v.hasPrefix("--") || v == "-" else {
            throw UsageError("\(flag) needs a value")
        }
        return v
    }

    /// The next argument when it is not an option (`--pictures [DIR]`); nil otherwise.
    public mutating func optionalValue() -> String? {
        guard let next = rest.first, !next.hasPrefix("-") || next == "-" else { return nil }
        return rest.popFirst()
    }

    /// The next argument as a finite, non-negative number.
    public mutating func number() throws(UsageError) -> Double {
        let text = try value()
        guard let n = Double(text), n.isFinite, n >= 0 else {
            throw UsageError("\(flag) needs a non-negative number, not '\(text)'")
        }
        return n
    }
}

/// One command-line option: its spelling, its `--help` text, the runs it belongs to and how it is read.
/// `CommandLineOption.all` is the one table `--help`, `Options.parse`, the options test and the
/// packaging tests (man page, completions) all read.
public struct CommandLineOption: Sendable {
    /// How an option reads its value (if any) into `Options`.
    public typealias Reader = @Sendable (inout Options, inout OptionArguments) throws(UsageError) -> Void

    /// The long name without its dashes (`reduce-motion`).
    public let name: String
    /// The one-letter spelling (`h` for `-h`), if any.
    public let short: Character?
    /// What follows the option in `--help` (`NAME`, `[DIR]`, `A B`); nil for a switch.
    public let placeholder: String?
    /// The `--help` description, one entry per printed line.
    public let help: [String]
    /// The runs the option has an effect in.
    public let modes: OptionModes
    let read: Reader

    init(_ name: String, short: Character? = nil, _ placeholder: String? = nil, modes: OptionModes,
         _ help: String..., read: @escaping Reader) {
        self.name = name
        self.short = short
        self.placeholder = placeholder
        self.help = help
        self.modes = modes
        self.read = read
    }

    /// `--name`, as typed.
    public var flag: String { "--" + name }

    /// The option's lines of `--help`: the spelling in a 20-column field, then the description.
    var usageLines: [String] {
        let spelling = (short.map { "-\($0), " } ?? "") + flag + (placeholder.map { " " + $0 } ?? "")
        let field = spelling.count < 20 ? spelling.padding(toLength: 20, withPad: " ", startingAt: 0) : spelling + " "
        return help.enumerated().map { i, line in "  " + (i == 0 ? field : String(repeating: " ", count: 20)) + line }
    }

    /// The option spelled `argument` (`--scene`, `-h`), if the table has one.
    public static func named(_ argument: String) -> CommandLineOption? {
        all.first { $0.flag == argument || $0.short.map { "-\($0)" } == argument }
    }

    // MARK: Readers shared by several options

    static func flag(_ key: WritableKeyPath<Options, Bool> & Sendable) -> Reader {
        { options, _ throws(UsageError) in options[keyPath: key] = true }
    }

    static func text(_ key: WritableKeyPath<Options, String?> & Sendable) -> Reader {
        { options, arguments throws(UsageError) in options[keyPath: key] = try arguments.value() }
    }

    static func number(_ key: WritableKeyPath<Options, Double?> & Sendable) -> Reader {
        { options, arguments throws(UsageError) in options[keyPath: key] = try arguments.number() }
    }

    // MARK: The table

    /// Every option, in `--help` order.
    public static let all: [CommandLineOption] = [
        CommandLineOption("scene", "NAME", modes: .decks,
                          "start on wallet, grid, messages or carousel (default: last used, else wallet)") { options, arguments throws(UsageError) in
            let name = try arguments.value()
            guard Options.sceneNames.contains(name) else {
                throw UsageError("unknown scene '\(name)' (choose \(Options.sceneNames.joined(separator: ", ")))")
            }
            options.scene = name
        },
        CommandLineOption("size", "WxH", modes: .decks,
                          "window or screenshot size in pixels (default: the last window size, else 480x800)") { options, arguments throws(UsageError) in
            let text = try arguments.value()
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                  (1...16384).contains(w), (1...16384).contains(h) else {
                throw UsageError("--size needs WIDTHxHEIGHT between 1 and 16384, not '\(text)'")
            }
            options.width = w
            options.height = h
            options.sizeGiven = true
        },
        CommandLineOption("state", "FILE", modes: .decks,
                          "state file (default $XDG_STATE_HOME/gesturedeck/state.json, else",
                          "~/.local/state/...; without an absolute HOME give --state). One window",
                          "owns it (a lock on FILE.lock); a second one on it runs read-only",
                          read: text(\.statePath)),
        CommandLineOption("assets", "DIR", modes: .decks,
                          "sample data and pictures (default: the installed or bundled assets)",
                          read: text(\.assetsPath)),
        CommandLineOption("pictures", "[DIR]", modes: .decks,
                          "show a folder of pictures (JPEG, PNG, WebP) in the carousel, titled by file name",
                          "(without DIR: your Pictures folder)") { options, arguments throws(UsageError) in
            if let folder = arguments.optionalValue() {
                options.picturesPath = folder
            } else {
                options.picturesFromUserFolder = true
            }
        },
        CommandLineOption("picture-cache", "MIB", modes: .decks,
                          "memory for decoded pictures (default 128)") { options, arguments throws(UsageError) in
            let n = try arguments.number()
            guard n >= 8 && n <= 65536 && n == n.rounded() else {
                throw UsageError("--picture-cache needs a whole number of MiB between 8 and 65536")
            }
            options.pictureCacheMiB = Int(n)
        },
        CommandLineOption("events", modes: .decks,
                          "print one JSON object per line on stdout for each thing that happens", read: flag(\.events)),
        CommandLineOption("reduce-motion", modes: .decks, "make every animation instant", read: flag(\.reduceMotion)),
        CommandLineOption("theme", "NAME", modes: .decks,
                          "light, dark or auto (default: auto, the desktop's choice; headless: light)") { options, arguments throws(UsageError) in
            let name = try arguments.value()
            guard let theme = ThemeChoice(rawValue: name) else {
                throw UsageError("unknown theme '\(name)' (choose light, dark or auto)")
            }
            options.theme = theme
        },
        CommandLineOption("overlay", modes: .decks, "start with the interaction overlay shown", read: flag(\.overlay)),
        CommandLineOption("scale", "N", modes: .decks,
                          "draw at N device pixels per pixel (HiDPI; default from Xft.dpi)") { options, arguments throws(UsageError) in
            let s = try arguments.number()
            guard s >= 0.5 && s <= 4 else { throw UsageError("--scale must be between 0.5 and 4") }
            options.scale = s
        },
        CommandLineOption("screenshot", "FILE", modes: .headless,
                          "render headless to the PNG file FILE (as named) and exit (no X server needed)", read: text(\.screenshot)),
        CommandLineOption("at", "MS", modes: .headless,
                          "with --screenshot: the moment to capture (default: after the trace)", read: number(\.at)),
        CommandLineOption("record", "TRACE", modes: .window,
                          "write every input with its timestamp to TRACE (JSON lines)", read: text(\.record)),
        CommandLineOption("replay", "TRACE", modes: .decks,
                          "feed a recorded trace back (in the window, or headless with --screenshot/--frames)",
                          read: text(\.replay)),
        CommandLineOption("frames", "DIR", modes: .headless,
                          "with --replay: write a numbered PNG sequence into DIR", read: text(\.framesDir)),
        CommandLineOption("fps", "N", modes: .headless,
                          "frame rate of --frames and --video (default 30)") { options, arguments throws(UsageError) in
            options.fps = try arguments.number()
            guard options.fps >= 1 && options.fps <= 240 else { throw UsageError("--fps must be between 1 and 240") }
        },
        CommandLineOption("video", "OUT", modes: .headless,
                          "with --replay: render a video, OUT.mp4 (H.264), OUT.webm (VP9) or OUT.gif (needs ffmpeg)") { options, arguments throws(UsageError) in
            let path = try arguments.value()
            guard let format = VideoFormat(path: path) else {
                throw UsageError("--video needs a file ending in .mp4, .webm or .gif, not '\(path)'")
            }
            options.video = path
            options.videoFormat = format
        },
        CommandLineOption("from", "MS", modes: .headless,
                          "with --video: where the video starts in the trace (default 0)", read: number(\.from)),
        CommandLineOption("to", "MS", modes: .headless,
                          "with --video: where it ends (default: the end of the trace plus 1 s)", read: number(\.to)),
        CommandLineOption("slow", "N", modes: .decks,
                          "run animations N times slower (slow motion; inputs keep real time; also the S key)") { options, arguments throws(UsageError) in
            let n = try arguments.number()
            guard n >= 1 && n <= 100 else {
                throw UsageError("--slow needs a factor between 1 and 100 (4: a quarter of the speed), not '\(n)'")
            }
            options.slow = n
        },
        CommandLineOption("compare", "A B", modes: .decks,
                          "with --replay: play the trace twice side by side, configured by presets A and B",
                          "(default, reduce-motion, slow, or a tuning preset: seed, ios, NAME, FILE.json),",
                          "in the window or with --screenshot [--at MS]") { options, arguments throws(UsageError) in
            options.compare = [try arguments.value(), try arguments.value()]
        },
        CommandLineOption("show-taps", modes: .decks,
                          "draw a dot under the pointer while the button is down (also the K key)", read: flag(\.showTaps)),
        CommandLineOption("capture-dir", "DIR", modes: .window,
                          "where F9 recordings and F12 screenshots go (default: ~/Videos/GestureDeck and",
                          "~/Pictures/GestureDeck, from xdg-user-dirs)", read: text(\.captureDir)),
        CommandLineOption("preset", "NAME|FILE", modes: [.decks, .printsAndExits],
                          "start with a tuning preset: seed, ios, a FILE.json, or a NAME saved in",
                          "$XDG_CONFIG_HOME/gesturedeck/presets/ (else ~/.config/...)", read: text(\.preset)),
        CommandLineOption("export-tuning", "F", modes: .printsAndExits,
                          "print the springs and timings (of --preset) as swiftui, uikit, flutter,",
                          "compose or css code, and exit") { options, arguments throws(UsageError) in
            let text = try arguments.value()
            guard let format = TuningExportFormat(rawValue: text) else {
                throw UsageError("--export-tuning takes one of \(TuningExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            options.exportTuning = format
        },
        CommandLineOption("help", short: "h", modes: .printsAndExits, "show this help and exit", read: flag(\.showHelp)),
        CommandLineOption("version", modes: .printsAndExits, "print the version and exit", read: flag(\.showVersion)),
    ]

    /// The "Options:" section of `--help`, generated from the table.
    public static var usageSection: String {
        all.flatMap(\.usageLines).joined(separator: "\n")
    }
}
