import Foundation
import InteractionEngine

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
    public var theme = ThemeChoice.auto
    public var overlay = false
    public var screenshot: String?
    public var at: Double?
    public var record: String?
    public var replay: String?
    public var framesDir: String?
    public var fps = 30.0
    public var scale: Double?
    /// `--video OUT`: render the replayed trace into a video file (its format from the extension).
    public var video: String?
    public var videoFormat: VideoFormat?
    /// `--from MS --to MS`: the part of the trace a video covers.
    public var from: Double?
    public var to: Double?
    /// `--show-taps`: draw the finger dot under the pressed pointer.
    public var showTaps = false
    /// `--slow N`: animations run N times slower (1/N speed; the `S` key cycles 1x, 1/2, 1/4, 1/10).
    public var slow: Double?
    /// `--compare A B`: the replayed trace on two decks side by side, configured by presets A and B.
    public var compare: [String]?
    /// `--capture-dir DIR`: where F9 recordings and F12 screenshots go.
    public var captureDir: String?
    /// `--preset NAME|FILE`: start with a tuning preset (built-in `seed`/`ios`, a file, or a saved name).
    public var preset: String?
    /// `--export-tuning FORMAT`: print the tuning's springs and timings as code, then exit.
    public var exportTuning: TuningExportFormat?
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// True when the run renders without a window (`--screenshot`, `--frames`, `--video`): it
    /// opens no X connection and touches the state file only when `--state` is given explicitly.
    public var rendersHeadless: Bool { screenshot != nil || framesDir != nil || video != nil }

    public static let version = "0.1.0"

    public static let sceneNames = ["wallet", "grid", "messages", "carousel"]

    public static let usage = """
    Usage: gesturedeck [options]

    An iOS-style interaction playground for the Linux desktop: a wallet card
    stack, a reorderable grid, swipeable message rows and a snapping carousel.

    Options:
      --scene NAME        start on wallet, grid, messages or carousel (default: last used, else wallet)
      --size WxH          window or screenshot size in pixels (default: the last window size, else 480x800)
      --state FILE        state file (default $XDG_STATE_HOME/gesturedeck/state.json, else
                          ~/.local/state/...; without an absolute HOME give --state). One window
                          owns it (a lock on FILE.lock); a second one on it runs read-only
      --assets DIR        sample data and pictures (default: the installed or bundled assets)
      --pictures [DIR]    show a folder of pictures (JPEG, PNG, WebP) in the carousel, titled by file name
                          (without DIR: your Pictures folder)
      --picture-cache MIB memory for decoded pictures (default 128)
      --events            print one JSON object per line on stdout for each thing that happens
      --reduce-motion     make every animation instant
      --theme NAME        light, dark or auto (default: auto, the desktop's choice; headless: light)
      --overlay           start with the interaction overlay shown
      --scale N           draw at N device pixels per pixel (HiDPI; default from Xft.dpi)
      --screenshot OUT    render headless to OUT.png and exit (no X server needed)
      --at MS             with --screenshot: the moment to capture (default: after the trace)
      --record TRACE      write every input with its timestamp to TRACE (JSON lines)
      --replay TRACE      feed a recorded trace back (in the window, or headless with --screenshot/--frames)
      --frames DIR        with --replay: write a numbered PNG sequence into DIR
      --fps N             frame rate of --frames and --video (default 30)
      --video OUT         with --replay: render a video, OUT.mp4 (H.264), OUT.webm (VP9) or OUT.gif (needs ffmpeg)
      --from MS           with --video: where the video starts in the trace (default 0)
      --to MS             with --video: where it ends (default: the end of the trace plus 1 s)
      --slow N            run animations N times slower (slow motion; inputs keep real time; also the S key)
      --compare A B       with --replay: play the trace twice side by side, configured by presets A and B
                          (default, reduce-motion, slow, or a tuning preset: seed, ios, NAME, FILE.json),
                          in the window or with --screenshot [--at MS]
      --show-taps         draw a dot under the pointer while the button is down (also the K key)
      --capture-dir DIR   where F9 recordings and F12 screenshots go (default: ~/Videos/GestureDeck and
                          ~/Pictures/GestureDeck, from xdg-user-dirs)
      --preset NAME|FILE  start with a tuning preset: seed, ios, a FILE.json, or a NAME saved in
                          $XDG_CONFIG_HOME/gesturedeck/presets/ (else ~/.config/...)
      --export-tuning F   print the springs and timings (of --preset) as swiftui, uikit, flutter,
                          compose or css code, and exit
      -h, --help          show this help and exit
      --version           print the version and exit

    Keys:
      1-4, Tab            switch scene (Shift+Tab goes back)
      arrows              move the focus ring
      Shift+arrows        move the focused item (reorder without a mouse)
      Enter               expand / select the focused item
      Delete              delete the focused message row
      Escape              cancel a drag, collapse an expanded card
      D                   cycle the interaction overlay: off, compact, full
      K                   toggle the finger dot (show taps)
      T                   the tuning panel (Up/Down select, Left/Right adjust, Shift: x10, Backspace resets)
                          drag a slider or wheel over it; Ctrl+S saves a preset, Ctrl+C copies as code
      S                   slow motion: 1x, 1/2, 1/4, 1/10 (the hold delay stays real time)
      Space, Home         during a --replay: pause / play, restart (L: loop at the end)
      . and ,             during a --replay: step one frame forward / back (drag the timeline to scrub)
      Enter               during a --replay: take over (live input continues from there)
      F9                  start / stop recording a video of the window
      F12                 save a screenshot of the window (and put it on the clipboard)
      q, Ctrl+Q           quit

    Mouse: press and hold to lift, drag to move or scroll, click to expand or
    select, right click cancels a drag, the wheel scrolls (Shift: sideways).

    Environment:
      DISPLAY             the X server to open the window on
      XDG_STATE_HOME      where the state file lives (default ~/.local/state)
      GESTUREDECK_ASSETS  the folder of sample data and pictures (as --assets)
      GESTUREDECK_SCALE   device pixels per pixel (as --scale)
      GDK_SCALE           device pixels per pixel, when GESTUREDECK_SCALE is not set
      GESTUREDECK_SCREENSHOT_DIR  where F12 saves screenshots (default: the current folder)
      DESKTOP_STARTUP_ID  the launcher's startup notification, ended once the window is up

    Exit status:
      0                   success
      1                   a file could not be read or written, or no X server (or it went away)
      2                   a mistake on the command line
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
            case "--theme":
                let name = try value(for: arg)
                guard let theme = ThemeChoice(rawValue: name) else {
                    throw UsageError("unknown theme '\(name)' (choose light, dark or auto)")
                }
                options.theme = theme
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
            case "--video":
                let path = try value(for: arg)
                guard let format = VideoFormat(path: path) else {
                    throw UsageError("--video needs a file ending in .mp4, .webm or .gif, not '\(path)'")
                }
                options.video = path
                options.videoFormat = format
            case "--from": options.from = try number(for: arg)
            case "--to": options.to = try number(for: arg)
            case "--show-taps": options.showTaps = true
            case "--compare":
                options.compare = [try value(for: arg), try value(for: arg)]
            case "--slow":
                let n = try number(for: arg)
                guard n >= 1 && n <= 100 else {
                    throw UsageError("--slow needs a factor between 1 and 100 (4: a quarter of the speed), not '\(n)'")
                }
                options.slow = n
            case "--capture-dir": options.captureDir = try value(for: arg)
            case "--preset": options.preset = try value(for: arg)
            case "--export-tuning":
                let text = try value(for: arg)
                guard let format = TuningExportFormat(rawValue: text) else {
                    throw UsageError("--export-tuning takes one of \(TuningExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
                }
                options.exportTuning = format
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
        try options.checkVideo()
        if options.compare != nil && (options.replay == nil || options.framesDir != nil || options.video != nil) {
            throw UsageError("--compare needs --replay TRACE, in the window or with --screenshot")
        }
        return options
    }
}

/// A command-line mistake: printed with the usage hint, exit status 2.
public enum UsageProblemKind: ProblemKind {}
public typealias UsageError = Problem<UsageProblemKind>
