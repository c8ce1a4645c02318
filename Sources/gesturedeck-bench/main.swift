// gesturedeck-bench: frame time, engine cost at scale, idle cost, latency and memory.
//
//   swift build -c release --scratch-path /tmp/build-bench
//   swift run -c release --scratch-path /tmp/build-bench gesturedeck-bench [--json] [--quick]
//
// Needs Xvfb and xdotool for the window, latency and idle parts (it starts its
// own server) and the `gesturedeck` binary beside it for the idle part.
import CairoRenderer
import Foundation
import InteractionEngine
import X11Host

/// The command line.
struct BenchOptions {
    var json = false
    var quick = false
    var assets: String?
    /// Only these parts (engine, render, latency, idle, memory); all when empty.
    var only: Set<String> = []
    /// Only these scenes; all when empty.
    var scenes: [String] = []
    /// Frames of the render part (default 600, quick 90).
    var frames: Int?
    /// Item counts of the engine part (default 100, 1,000, 10,000; quick 100, 1,000).
    var items: [Int] = []
    /// Only these window sizes; 1280x800 and 480x800 when empty.
    var sizes: [Size] = []
    /// Internal: run as the memory probe child on these data folders.
    var probe: (cards: String, pictures: String)?
    /// Internal: run as the pictures walk child on this folder.
    var picturesWalk: String?
    /// Internal: the walk child uses the old hand-over (frames wait for the workers' lock, free evictions themselves).
    var picturesHandover = PictureHandover.nonBlocking
    /// Checks a `--json` output file instead of measuring.
    var validate: String?
    /// Never start an X server: image-surface figures only.
    var noX = false
    /// Also writes the JSON object to this file (the table still goes to stdout).
    var jsonFile: String?
    /// Where the compare part's compositor rasterises layers (`--layer-worker auto|on|off|slack`): by
    /// default as the window does, on a worker where the machine has a core for it, else in the slack.
    var layerRasterising = CairoRenderer.standardLayerRasterising
    /// The compare part decodes pictures on worker threads, as the app does (`--pictures-inline`: on the drawing thread).
    var backgroundPictures = true
    /// What the compare part's slack after each frame may spend (`--slack window|all`).
    var slackBudget = SlackBudget.window

    static let usage = """
    Usage: gesturedeck-bench [--json] [--quick] [--assets DIR]

      --json     print one JSON object instead of the table
      --quick    a few seconds: fewer frames, 100 and 1,000 items, 2 s idle (CI)
      --assets   the sample data to build synthetic item sets from (default: the source tree's)
      --only P   run only part P (engine, breakdown, render, latency, idle, memory, pictures, compare, pacing); repeatable
                 (compare: direct vs compositor interleaved, at 1280x800, 1920x1080 and 3840x2160 unless --size)
      --scene S  run only scene S; repeatable
      --items N  engine part at N items; repeatable
      --size WxH run only at this window size; repeatable
      --frames N frames of the render part (default 600; quick 20)
      --no-x     no X server: skips the window, latency and idle parts
      --json-file FILE also write the JSON object to FILE
      --layer-worker auto|on|off|slack  compare: the compositor rasterises layers on a worker thread (on),
                             in the frame (off) or between frames on the drawing thread (slack); default
                             (auto): as the window, on with 3 or more cores, else slack
      --pictures-inline  compare: decode pictures on the drawing thread (default: on worker threads, as the window)
      --slack window|all  compare, in the slack's mode: give each slack what the window would (window, the
                             default) or draw everything asked after each frame (all: with --pictures-inline
                             every run does the same work, for comparing two builds frame by frame)
      --validate FILE  check that FILE is well-formed --json output (scripts/bench-ci)
      (for profiling: valgrind --tool=callgrind gesturedeck-bench --only render --scene wallet --frames 60)
    """

    static func parse(_ args: [String]) -> BenchOptions {
        var options = BenchOptions()
        var rest = args[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--assets": options.assets = rest.popFirst()
            case "--only": options.only.insert(rest.popFirst() ?? "")
            case "--scene": options.scenes.append(rest.popFirst() ?? "")
            case "--items":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else { fail("--items needs a count") }
                options.items.append(n)
            case "--size":
                let parts = (rest.popFirst() ?? "").split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts[0] >= 200, parts[1] >= 200 else { fail("--size needs WxH (at least 200x200)") }
                options.sizes.append(Size(width: parts[0], height: parts[1]))
            case "--frames":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else { fail("--frames needs a count") }
                options.frames = n
            case "--validate": options.validate = rest.popFirst()
            case "--json-file": options.jsonFile = rest.popFirst()
            case "--no-x": options.noX = true
            case "--layer-worker":
                guard let choice = rest.popFirst().flatMap({ LayerWorkerOption(rawValue: $0) }) else {
                    fail("--layer-worker needs auto, on, off or slack")
                }
                options.layerRasterising = choice.rasterising(isWorthwhile: CairoRenderer.workerIsWorthwhile)
            case "--slack":
                guard let choice = rest.popFirst().flatMap({ SlackBudget(rawValue: $0) }) else { fail("--slack needs window or all") }
                options.slackBudget = choice
            case "--memory-probe":
                guard let cards = rest.popFirst(), let pictures = rest.popFirst() else {
                    fail("--memory-probe needs two folders")
                }
                options.probe = (cards, pictures)
            case "--pictures-waiting": options.picturesHandover = .waiting
            case "--pictures-inline": options.backgroundPictures = false
            case "--pictures-walk":
                guard let dir = rest.popFirst() else { fail("--pictures-walk needs a folder") }
                options.picturesWalk = dir
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                fail("unknown option \(arg)\n\(usage)")
            }
        }
        return options
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gesturedeck-bench: \(message)\n".utf8))
    exit(2)
}

/// The real sample data: `--assets`, `$GESTUREDECK_ASSETS`, else the source tree's `assets/`.
func locateAssets(_ explicit: String?) -> String {
    let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets")
        .standardized.path
    for candidate in [explicit, ProcessInfo.processInfo.environment["GESTUREDECK_ASSETS"], tree].compactMap({ $0 })
    where FileManager.default.fileExists(atPath: candidate + "/cards.json") {
        return candidate
    }
    fail("no sample data found (looked in \(tree)); use --assets DIR")
}

func machineDescription() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores" + (cpu.map { ", \($0)" } ?? "")
}

_ = processStart  // globals in other files start lazily: start the progress clock now
let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
if let file = options.validate {
    let (problems, summary) = Validate.check(path: file)
    print(summary.joined(separator: "\n"))
    for problem in problems { FileHandle.standardError.write(Data("gesturedeck-bench: \(problem)\n".utf8)) }
    exit(problems.isEmpty ? 0 : 1)
}
let assetsSource = locateAssets(options.assets)
if let probe = options.probe {
    do {
        let result = try MemoryProbe.runChild(cardsFolder: probe.cards, picturesFolder: probe.pictures,
                                              maxFrames: options.frames ?? .max, realAssets: assetsSource)
        let data = try JSONSerialization.data(withJSONObject: result.json, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        exit(0)
    } catch {
        fail("memory probe: \(error)")
    }
}

if let dir = options.picturesWalk {
    do {
        let data = try JSONSerialization.data(withJSONObject: try PicturesBench.walk(dir, realAssets: assetsSource,
                                                                                handover: options.picturesHandover))
        print(String(decoding: data, as: UTF8.self))
        exit(0)
    } catch {
        fail("pictures walk: \(error)")
    }
}

Cleanup.install()
let synthetic: SyntheticAssets
do {
    synthetic = try SyntheticAssets(source: assetsSource)
    Cleanup.folder = synthetic.root
} catch {
    fail("\(error)")
}

let began = monotonicNanos()
var report = Report()
report.quick = options.quick
#if DEBUG
report.build = "debug"
#else
report.build = "release"
#endif
report.machine = machineDescription()
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(1).joined()
}
report.load = loadAverage()

let sizes = options.sizes.isEmpty ? [Size(width: 1280, height: 800), Size(width: 480, height: 800)] : options.sizes
let counts = !options.items.isEmpty ? options.items : options.quick ? [100, 1000] : [100, 1000, 10000]
let scenes = options.scenes.isEmpty ? DeckBuilder.sceneNames : options.scenes
report.renderItems = 1000
let renderFrames = options.frames ?? (options.quick ? 20 : 600)
func wanted(_ part: String) -> Bool { options.only.isEmpty || options.only.contains(part) }

// 1. Engine cost at scale.
for size in sizes where wanted("engine") {
    for scene in scenes {
        progress("engine \(scene) \(sizeLabel(size))")
        do {
            report.engine.append(try EngineBench.run(scene: scene, size: size, counts: counts,
                                                     repetitions: options.quick ? 1 : 5,
                                                     maxFrames: options.quick ? 80 : .max, assets: synthetic))
        } catch {
            report.errors.append("engine \(scene) \(sizeLabel(size)): \(error)")
        }
    }
}

// Where the draw time goes (full runs, and `--only breakdown`).
if options.only.contains("breakdown") || (options.only.isEmpty && !options.quick) {
    for scene in scenes {
        progress("breakdown \(scene)")
        do {
            report.breakdown.append(try RenderBreakdown.run(scene: scene, size: sizes[0], frames: options.frames ?? 60,
                                                            items: report.renderItems, assets: synthetic))
        } catch {
            report.errors.append("breakdown \(scene): \(error)")
        }
    }
}

// 2-5. Render cost, presented to Xvfb, the floor and the budget ratio; 7. latency.
var server: XServer?
if options.noX {
    report.skipped.append("window, latency and idle figures: --no-x")
} else if wanted("render") || wanted("latency") || wanted("idle") || options.only.contains("compare") || options.only.contains("pacing") {
    do {
        server = try XServer()
    } catch {
        report.skipped.append("window, latency and idle figures: \(error)")
    }
}
for size in sizes where wanted("render") {
    var window: X11Window?
    if let server {
        do { window = try server.openWindow(width: Int(size.width), height: Int(size.height)) } catch {
            report.errors.append("window \(sizeLabel(size)): \(error)")
        }
    }
    progress("baseline \(sizeLabel(size))")
    report.baselines.append(RenderBench.baseline(size: size, frames: options.quick ? 30 : 300, window: window))
    for scene in scenes {
        progress("render \(scene) \(sizeLabel(size))")
        do {
            report.render.append(try RenderBench.run(scene: scene, size: size, frames: renderFrames,
                                                     items: report.renderItems, assets: synthetic, window: window))
        } catch {
            report.errors.append("render \(scene) \(sizeLabel(size)): \(error)")
        }
    }
    window = nil
}

// Direct vs compositor, side by side (issue 21): only when asked for (`--only compare`).
if let server, options.only.contains("compare") {
    let compareSizes = options.sizes.isEmpty
        ? [Size(width: 1280, height: 800), Size(width: 1920, height: 1080), Size(width: 3840, height: 2160)] : options.sizes
    for size in compareSizes {
        progress("compare floor \(sizeLabel(size))")
        do { report.compareFloors.append(try CompareBench.floor(size: size, frames: options.quick ? 30 : 120, server: server)) } catch {
            report.errors.append("compare floor \(sizeLabel(size)): \(error)")
        }
        for scene in scenes {
            progress("compare \(scene) \(sizeLabel(size))")
            do {
                report.compare.append(try CompareBench.run(scene: scene, size: size, frames: renderFrames,
                                                           items: report.renderItems, assets: synthetic, server: server,
                                                           layers: options.layerRasterising, backgroundPictures: options.backgroundPictures,
                                                           slackBudget: options.slackBudget))
            } catch {
                report.errors.append("compare \(scene) \(sizeLabel(size)): \(error)")
            }
        }
    }
}

if let server, wanted("latency") {
    do {
        let size = Size(width: 1280, height: 800)
        let window = try server.openWindow(width: Int(size.width), height: Int(size.height))
        let clock = ServerClockCheck.measure(display: window.display)
        report.clock = clock
        let offset = clock.matchesMonotonic ? 0 : clock.medianOffset
        for scene in options.quick ? Array(scenes.prefix(1)) : scenes {
            progress("latency \(scene)")
            report.latency.append(try LatencyBench.run(scene: scene, size: size, seconds: options.quick ? 1 : 3,
                                                       items: report.renderItems, assets: synthetic, server: server,
                                                       window: window, clockOffset: offset))
        }
    } catch {
        report.errors.append("latency: \(error)")
    }
}

// 6. The real app at rest and during a drag.
if let server, wanted("idle") {
    if let binary = IdleBench.binary() {
        progress("idle and drag (\(binary))")
        do {
            report.idle = try IdleBench.run(binary: binary, assets: assetsSource, server: server,
                                            idleSeconds: options.quick ? 2 : 10, dragSeconds: options.quick ? 1 : 5,
                                            settle: options.quick ? 0.3 : 1)
        } catch {
            report.errors.append("idle: \(error)")
        }
    } else {
        report.skipped.append("idle: no gesturedeck binary beside this one (swift build --product gesturedeck, or set GESTUREDECK_BIN)")
    }
}
// Frame pacing of the real app, both paths (issue 21 item 8): only when asked for (`--only pacing`).
if let server, options.only.contains("pacing") {
    if let binary = IdleBench.binary() {
        var lines = PacingResult.header.split(separator: "\n").map(String.init)
        for path in ["direct", "compositor"] {
            progress("pacing \(path)")
            do {
                let result = try PacingBench.run(path: path, binary: binary, assets: try synthetic.folder(items: 1000),
                                                 server: server, dragSeconds: options.quick ? 1 : 4)
                lines.append(result.line)
            } catch {
                report.errors.append("pacing \(path): \(error)")
            }
        }
        report.notes.append(contentsOf: lines)
    } else {
        report.skipped.append("pacing: no gesturedeck binary beside this one (swift build --product gesturedeck, or set GESTUREDECK_BIN)")
    }
}
server?.stop()

// 8. Memory.
if wanted("memory") {
progress("memory")
do {
    report.memory = try MemoryProbe.run(cards: options.quick ? 1000 : 10000, images: options.quick ? 50 : 200,
                                        maxFrames: options.quick ? 30 : 100_000, assets: synthetic)
} catch {
    report.errors.append("memory: \(error)")
}
}

// 9. Pictures (issue 17): decoding, first frame of big folders, memory while walking.
var picturesSection: [String] = []
if options.only.contains("pictures") || (options.only.isEmpty && !options.quick) {
    do {
        picturesSection = try PicturesBench.run(root: synthetic.root, realAssets: assetsSource)
        report.notes.append(contentsOf: picturesSection.map { $0.trimmingCharacters(in: .whitespaces) })
    } catch {
        report.errors.append("pictures: \(error)")
    }
}

report.seconds = Double(monotonicNanos() - began) / 1e9
report.load += "→" + loadAverage()
print(options.json ? report.jsonText() : report.table())
if let file = options.jsonFile {
    do {
        try Data(report.jsonText().utf8).write(to: URL(fileURLWithPath: file))
    } catch {
        fail("cannot write \(file): \(error.localizedDescription)")
    }
}
synthetic.removeAll()
