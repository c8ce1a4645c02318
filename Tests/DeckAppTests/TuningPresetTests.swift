import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// Presets (built-in, saved, loaded, bad files) and the code export.
@Suite struct TuningPresetTests {
    static func library(_ folder: ScratchFolder) -> PresetLibrary { PresetLibrary(folder: folder.path + "/presets") }

    static func write(_ text: String, _ folder: ScratchFolder, name: String = "p") throws -> String {
        try FileManager.default.createDirectory(atPath: folder.path + "/presets", withIntermediateDirectories: true)
        let path = folder.path + "/presets/\(name).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The library lives under `UserDirectories.configHome`.
    @Test func standardFolderIsUnderConfigHome() {
        let dirs = UserDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg"])
        #expect(PresetLibrary.standard(dirs)?.folder == "/cfg/gesturedeck/presets")
        #expect(PresetLibrary.standard(UserDirectories(environment: ["HOME": "/home/u"]))?.folder
                == "/home/u/.config/gesturedeck/presets")
    }

    /// The built-ins validate against the table; seed moves linearly in 0.25 s, ios uses springs.
    @Test func builtInPresets() throws {
        let library = PresetLibrary(folder: "/nonexistent")
        for name in PresetLibrary.builtInNames {
            let tuning = try library.resolve(name: name)
            for (key, value) in tuning.values { try TunableTable.everything.validate(key, value) }
        }
        let seed = try library.resolve(name: "seed")
        #expect(seed.animation("wallet.slotSpring", in: .everything) == .timing(duration: 0.25, curve: .linear))
        #expect(seed.animation("messages.openSpring", in: .everything) == .timing(duration: 0.1, curve: .linear))
        #expect(seed.animation("messages.closeSpring", in: .everything) == .timing(duration: 0.3, curve: .linear))
        let ios = try library.resolve(name: "ios")
        guard case .spring(let s) = ios.animation("wallet.expandSpring", in: .everything) else {
            Issue.record("ios expand is not a spring"); return
        }
        #expect(abs(s.response - 0.55) < 1e-12 && abs(s.dampingRatio - 0.825) < 1e-12)
    }

    /// Save, load: the same tuning, and the same behaviour (a deck driven by each gives the same frames).
    @Test func saveLoadRoundTrip() throws {
        let folder = try ScratchFolder()
        let library = Self.library(folder)
        let tuning = Tuning(["wallet.holdDuration": 750, "wallet.lift.curve": 1, "carousel.zoom": 1.45,
                             "messages.openSpring.response": 333.25, "scroll.rubberBand": 0.3])
        let path = try library.save(TuningPreset(name: "mine", tuning: tuning), as: "mine")
        #expect(path == folder.path + "/presets/mine.json")
        let loaded = try library.preset(named: "mine")
        #expect(loaded.tuning == tuning && loaded.name == "mine" && loaded.warnings.isEmpty)
        #expect(try library.resolve(name: path) == tuning, "by path too")
        // Identical behaviour: the wallet scene under both tunings shows the same frame after a hold.
        func frame(_ t: Tuning) -> String {
            let scene = WalletScene(cards: (0..<6).map { i in
                WalletCard(id: "c\(i)", bank: "B", name: "N", brand: "V", colors: ["#336699", "#112244"],
                           number: "1", holder: "H", expiry: "01/30", transactions: [])
            })
            scene.resize(to: Size(width: 480, height: 756), at: 0)
            scene.apply(t, at: 0)
            var router = PressRouter()
            router.route(InputEvent(.pointerDown(Point(x: 240, y: 150), .primary), at: 0), to: scene)
            for i in 1...50 {
                router.tick(at: Double(i) * 16, scene: scene)
                scene.tick(at: Double(i) * 16)
            }
            return "\(scene.liftedID ?? "none") \(scene.render(at: 800).commands.count)"
        }
        #expect(frame(loaded.tuning) == frame(tuning))
        // And the comparison can fail: at 800 ms a 750 ms hold has lifted, a 900 ms one has not.
        #expect(!frame(tuning).hasPrefix("none"))
        #expect(frame(Tuning(["wallet.holdDuration": 900])).hasPrefix("none"))
    }

    /// Unknown keys are warned about (naming the file and the key) and written back on save.
    @Test func unknownKeysAreWarnedAndKept() throws {
        let folder = try ScratchFolder()
        let library = Self.library(folder)
        let path = try Self.write(#"{"name": "x", "values": {"wallet.holdDuration": 600, "future.thing": {"a": [1, 2]}}}"#, folder)
        let preset = try library.load(path: path)
        #expect(preset.tuning == Tuning(["wallet.holdDuration": 600]))
        #expect(preset.warnings == ["preset \(path): future.thing: unknown key (kept, not used)"])
        try library.save(preset, as: "x2")
        let again = try library.load(path: library.path(for: "x2"))
        #expect(again.unknown == preset.unknown && again.unknown["future.thing"] == #"{"a":[1,2]}"#)
    }

    /// Every bad-file class is refused with a message naming the file, the key and the problem.
    @Test(arguments: [
        ("", nil, "is empty"),
        ("  \n", nil, "is empty"),
        ("{nope", nil, "is not JSON"),
        ("[1, 2]", nil, "must be a JSON object"),
        (#"{"values": 3}"#, "values", "must be an object"),
        (#"{"values": {"wallet.holdDuration": "slow"}}"#, "wallet.holdDuration", "must be a number in ms, not a string"),
        (#"{"values": {"wallet.holdDuration": true}}"#, "wallet.holdDuration", "not a boolean"),
        (#"{"values": {"wallet.holdDuration": 99999}}"#, "wallet.holdDuration", "99999 is outside 100...3000 ms"),
        (#"{"values": {"carousel.zoom": -1}}"#, "carousel.zoom", "-1 is outside 1...3"),
        (#"{"values": {"wallet.lift.curve": "wobbly"}}"#, "wallet.lift.curve", "\"wobbly\" is not one of spring, linear"),
    ] as [(String, String?, String)])
    func badFiles(text: String, key: String?, problem: String) throws {
        let folder = try ScratchFolder()
        let path = try Self.write(text, folder)
        do {
            _ = try Self.library(folder).load(path: path)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == path && error.key == key)
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.description.hasPrefix("preset \(path): " + (key.map { $0 + ": " } ?? "")))
        }
    }

    /// A huge file is refused by its size, before it is read.
    @Test func hugeFileIsRefused() throws {
        let folder = try ScratchFolder()
        let path = try Self.write(#"{"values": {}, "pad": ""# + String(repeating: "x", count: PresetLibrary.maximumFileSize) + "\"}", folder)
        #expect(throws: PresetError.self) { try Self.library(folder).load(path: path) }
        do { _ = try Self.library(folder).load(path: path) } catch {
            #expect(error.problem.contains("more than the 256 KiB"), "\(error)")
        }
        // Just under the limit is fine.
        let small = try Self.write(#"{"values": {}, "pad": ""# + String(repeating: "x", count: 1000) + "\"}", folder, name: "s")
        #expect(try Self.library(folder).load(path: small).tuning == Tuning())
    }

    /// A missing preset names the file and the built-ins.
    @Test func missingPreset() throws {
        let folder = try ScratchFolder()
        do { _ = try Self.library(folder).resolve(name: "nothere") } catch {
            #expect(error.description == "preset \(folder.path)/presets/nothere.json: no such file (built-in presets: seed, ios)")
            return
        }
        Issue.record("resolved a missing preset")
    }

    // MARK: Export

    /// The Swift exports parse with `swiftc -parse`; the spring values are the tuning's.
    @Test(arguments: [TuningExportFormat.swiftui, .uikit])
    func swiftExportsParse(format: TuningExportFormat) throws {
        let folder = try ScratchFolder()
        for preset in ["seed", "ios"] {
            let tuning = try PresetLibrary(folder: "/none").resolve(name: preset)
            let code = TuningExport(tuning: tuning, source: preset).render(format)
            let file = folder.path + "/\(format)-\(preset).swift"
            try Data(code.utf8).write(to: URL(fileURLWithPath: file))
            let swiftc = Process()
            swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            swiftc.arguments = ["swiftc", "-parse", file]
            let errors = Pipe()
            swiftc.standardError = errors
            try swiftc.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            swiftc.waitUntilExit()
            #expect(swiftc.terminationStatus == 0, "\(format) \(preset): \(output)\n\(code)")
        }
        let ios = TuningExport(tuning: try PresetLibrary(folder: "/none").resolve(name: "ios")).render(format)
        if format == .swiftui {
            #expect(ios.contains("static let walletExpandSpring = Animation.spring(response: 0.55, dampingFraction: 0.825)"))
        } else {
            let k = TunableFormat.number(pow(2 * Double.pi / 0.55, 2), digits: 4)
            #expect(ios.contains("static let walletExpandSpring = UISpringTimingParameters(mass: 1, stiffness: \(k),"))
        }
    }

    /// Flutter, Compose and CSS (no checker here): one declaration per animation, balanced
    /// brackets, and CSS linear() easings running from 0 to exactly 1.
    @Test(arguments: [TuningExportFormat.flutter, .compose, .css])
    func otherExportsAreWellFormed(format: TuningExportFormat) throws {
        let code = TuningExport(tuning: try PresetLibrary(folder: "/none").resolve(name: "ios")).render(format)
        let animations = TunableTable.everything.animations.filter { TunableTable.everything[$0 + ".response"] != nil }
        for open in ["(", "{", "["] {
            let close = [("(", ")"), ("{", "}"), ("[", "]")].first { $0.0 == open }!.1
            #expect(code.filter { String($0) == open }.count == code.filter { String($0) == close }.count)
        }
        switch format {
        case .flutter:
            #expect(code.components(separatedBy: "\n").filter { $0.hasPrefix("const ") && !$0.contains("Duration(") }.count == animations.count)
            #expect(code.contains("SpringDescription(mass: 1, stiffness:"))
        case .compose:
            #expect(code.components(separatedBy: "\n").filter { $0.hasPrefix("val ") }.count == animations.count)
            #expect(code.contains("spring<Float>(dampingRatio = 0.825f"))
        default:
            let easings = code.components(separatedBy: "\n").filter { $0.contains("-easing:") }
            #expect(easings.count == animations.count)
            for line in easings where line.contains("linear(") {
                let inner = line.split(separator: "(")[1].split(separator: ")")[0]
                let values = inner.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                #expect(values.first == 0 && values.last == 1 && values.count == 41, "\(line)")
            }
        }
    }
}
