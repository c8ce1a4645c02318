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

    /// The scenes `--scene` accepts, in tab order: the catalog's names.
    public static var sceneNames: [String] { SceneCatalog.names }

    /// `--help`: its "Options:" section is generated from `CommandLineOption.all`.
    public static let usage = """
    Usage: gesturedeck [options]

    An iOS-style interaction playground for the Linux desktop: a wallet card
    stack, a reorderable grid, swipeable message rows and a snapping carousel.

    Options:
    \(CommandLineOption.usageSection)

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
      GESTUREDECK_RENDERER  compositor (default: damage, shared memory, layers) or direct
      GESTUREDECK_PRESENT   on (default: Present, paced to the display) or off (MIT-SHM only)
      GESTUREDECK_LAYER_WORKER  auto (default: layers rasterised on a thread with 3+ cores, else between frames), on, off or slack
      DESKTOP_STARTUP_ID  the launcher's startup notification, ended once the window is up

    Exit status:
      0                   success
      1                   a file could not be read or written, or no X server (or it went away)
      2                   a mistake on the command line
    """

    /// Parses arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var arguments = OptionArguments(rest: arguments[...])
        while let arg = arguments.rest.popFirst() {
            // Accept --flag=value as well as --flag value.
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                arguments.rest.insert(String(arg[arg.index(after: eq)...]), at: arguments.rest.startIndex)
                arguments.rest.insert(String(arg[..<eq]), at: arguments.rest.startIndex)
                continue
            }
            guard let option = CommandLineOption.named(arg) else {
                throw UsageError("unknown option '\(arg)'")
            }
            arguments.flag = arg
            try option.read(&options, &arguments)
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
