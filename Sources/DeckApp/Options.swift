import Foundation

/// The command line, parsed (SPEC "Program interface").
public struct Options: Equatable, Sendable {
    public var scene: String?
    public var width = 480
    public var height = 800
    /// True when `--size` was given (otherwise the saved window size wins).
    public var sizeGiven = false
    public var statePath: String?
    public var assetsPath: String?
    public var picturesPath: String?
    /// `--pictures` without a folder: the user's Pictures folder (xdg-user-dirs, else ~/Pictures).
    public var picturesFromUserFolder = false
    /// Byte budget of decoded pictures, in MiB (`--picture-cache`).
    public var pictureCacheMiB = 128
    public var events = false
    public var reduceMotion = false
    public var overlay = false
    public var screenshot: String?
    public var at: Double?
    public var record: String?
    public var replay: String?
    public var framesDir: String?
    public var fps = 30.0
    public var scale: Double?
    public var showHelp = false
    public var showVersion = false

    public init() {}

    public static let version = "0.1.0"

    public static let sceneNames = ["wallet", "grid", "messages", "carousel"]

    public static let usage = """
    Usage: gesturedeck [options]

    An iOS-style interaction playground for the Linux desktop: a wallet card
    stack, a reorderable grid, swipeable message rows and a snapping carousel.

    Options:
      --scene NAME        start on wallet, grid, messages or carousel (default: last used, else wallet)
      --size WxH          window or screenshot size in pixels (default: the last window size, else 480x800)
      --state FILE        state file (default $XDG_STATE_HOME/gesturedeck/state.json)
      --assets DIR        sample data and pictures (default: the installed or bundled assets)
      --pictures [DIR]    show a folder of pictures (JPEG, PNG, WebP) in the carousel, titled by file name
                          (without DIR: your Pictures folder)
      --picture-cache MIB memory for decoded pictures (default 128)
      --events            print one JSON object per line on stdout for each thing that happens
      --reduce-motion     make every animation instant
      --overlay           start with the interaction overlay shown
      --scale N           draw at N device pixels per pixel (HiDPI; default from Xft.dpi)
      --screenshot OUT    render headless to OUT.png and exit (no X server needed)
      --at MS             with --screenshot: the moment to capture (default: after the trace)
      --record TRACE      write every input with its timestamp to TRACE (JSON lines)
      --replay TRACE      feed a recorded trace back (in the window, or headless with --screenshot/--frames)
      --frames DIR        with --replay: write a numbered PNG sequence into DIR
      --fps N             frame rate of --frames (default 30)
      -h, --help          show this help and exit
      --version           print the version and exit

    Keys:
      1-4, Tab            switch scene (Shift+Tab goes back)
      arrows              move the focus ring
      Shift+arrows        move the focused item (reorder without a mouse)
      Enter               expand / select the focused item
      Delete              delete the focused message row
      Escape              cancel a drag, collapse an expanded card
      D                   toggle the interaction overlay
      F12                 save a screenshot of the window
      q, Ctrl+Q           quit

    Mouse: press and hold to lift, drag to move or scroll, click to expand or
    select, right click cancels a drag, the wheel scrolls (Shift: sideways).
    """

    /// Parses arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let v = rest.popFirst(), !v.hasPrefix("--") || v == "-" else {
                throw UsageError("\(flag) needs a value")
            }
            return v
        }
        func number(for flag: String) throws(UsageError) -> Double {
            let text = try value(for: flag)
            guard let n = Double(text), n.isFinite, n >= 0 else {
                throw UsageError("\(flag) needs a non-negative number, not '\(text)'")
            }
            return n
        }
        while let arg = rest.popFirst() {
            // Accept --flag=value as well as --flag value.
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                rest.insert(String(arg[arg.index(after: eq)...]), at: rest.startIndex)
                rest.insert(String(arg[..<eq]), at: rest.startIndex)
                continue
            }
            switch arg {
            case "--scene":
                let name = try value(for: arg)
                guard sceneNames.contains(name) else {
                    throw UsageError("unknown scene '\(name)' (choose \(sceneNames.joined(separator: ", ")))")
                }
                options.scene = name
            case "--size":
                let text = try value(for: arg)
                let parts = text.lowercased().split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      (1...16384).contains(w), (1...16384).contains(h) else {
                    throw UsageError("--size needs WIDTHxHEIGHT between 1 and 16384, not '\(text)'")
                }
                options.width = w
                options.height = h
                options.sizeGiven = true
            case "--state": options.statePath = try value(for: arg)
            case "--assets": options.assetsPath = try value(for: arg)
            case "--pictures":
                if let next = rest.first, !next.hasPrefix("-") || next == "-" {
                    options.picturesPath = rest.popFirst()
                } else {
                    options.picturesFromUserFolder = true
                }
            case "--picture-cache":
                let n = try number(for: arg)
                guard n >= 8 && n <= 65536 && n == n.rounded() else {
                    throw UsageError("--picture-cache needs a whole number of MiB between 8 and 65536")
                }
                options.pictureCacheMiB = Int(n)
            case "--events": options.events = true
            case "--reduce-motion": options.reduceMotion = true
            case "--overlay": options.overlay = true
            case "--screenshot": options.screenshot = try value(for: arg)
            case "--at": options.at = try number(for: arg)
            case "--record": options.record = try value(for: arg)
            case "--replay": options.replay = try value(for: arg)
            case "--frames": options.framesDir = try value(for: arg)
            case "--fps":
                options.fps = try number(for: arg)
                guard options.fps >= 1 && options.fps <= 240 else { throw UsageError("--fps must be between 1 and 240") }
            case "--scale":
                let s = try number(for: arg)
                guard s >= 0.5 && s <= 4 else { throw UsageError("--scale must be between 0.5 and 4") }
                options.scale = s
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            default:
                throw UsageError("unknown option '\(arg)'")
            }
        }
        if options.at != nil && options.screenshot == nil {
            throw UsageError("--at only makes sense with --screenshot")
        }
        if options.framesDir != nil && options.replay == nil {
            throw UsageError("--frames needs --replay TRACE")
        }
        return options
    }
}

/// A command-line mistake: printed with the usage hint, exit status 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
