import DeckApp
import Testing

@Suite struct OptionsTests {
    @Test func defaultsMatchTheSpec() throws {
        let o = try Options.parse([])
        #expect(o.width == 480 && o.height == 800)
        #expect(o.scene == nil && !o.events && !o.reduceMotion && o.screenshot == nil)
    }

    /// `--scene` accepts the catalog's names, which are the SPEC's four in tab order
    /// (`gesturedeck [--scene wallet|grid|messages|carousel]`).
    @Test func sceneNamesAreTheCatalogsInTheSpecsOrder() throws {
        #expect(Options.sceneNames == SceneCatalog.names)
        #expect(SceneCatalog.names == ["wallet", "grid", "messages", "carousel"])
        for name in SceneCatalog.names { #expect(try Options.parse(["--scene", name]).scene == name) }
    }

    /// Every way of rendering without a window counts as headless (a `--video` run once took the
    /// user's state lock and drew a "read-only" notice into the video).
    @Test func everyHeadlessOutputCountsAsHeadless() throws {
        #expect(try !Options.parse([]).rendersHeadless)
        #expect(try !Options.parse(["--replay", "t.jsonl"]).rendersHeadless)
        #expect(try Options.parse(["--screenshot", "o.png"]).rendersHeadless)
        #expect(try Options.parse(["--replay", "t.jsonl", "--frames", "d"]).rendersHeadless)
        #expect(try Options.parse(["--replay", "t.jsonl", "--video", "o.mp4"]).rendersHeadless)
    }

    @Test func parsesEveryOption() throws {
        let o = try Options.parse(["--scene", "grid", "--size", "1280x720", "--state", "/tmp/s.json", "--assets", "/a",
                                   "--events", "--reduce-motion", "--screenshot", "o.png", "--at", "250",
                                   "--replay", "t.jsonl", "--overlay", "--scale=2"])
        #expect(o.scene == "grid")
        #expect(o.width == 1280 && o.height == 720)
        #expect(o.statePath == "/tmp/s.json" && o.assetsPath == "/a")
        #expect(o.events && o.reduceMotion && o.overlay)
        #expect(o.screenshot == "o.png" && o.at == 250 && o.replay == "t.jsonl" && o.scale == 2)
    }

    @Test(arguments: [
        (["--scene", "nope"], "unknown scene 'nope'"),
        (["--size", "12"], "--size needs WIDTHxHEIGHT"),
        (["--size", "0x10"], "--size needs WIDTHxHEIGHT"),
        (["--state"], "--state needs a value"),
        (["--bogus"], "unknown option '--bogus'"),
        (["--at", "5"], "--at only makes sense with --screenshot"),
        (["--at", "-5", "--screenshot", "x.png"], "--at needs a non-negative number"),
        (["--fps", "0", "--replay", "t"], "--fps must be between 1 and 240"),
    ])
    func rejectsBadInput(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Options.parse(arguments) }
        do {
            _ = try Options.parse(arguments)
        } catch {
            #expect(error.description.contains(message), "got: \(error.description)")
        }
    }

    @Test func usageDocumentsEveryOptionAndKey() {
        for flag in ["--scene", "--size", "--state", "--assets", "--events", "--reduce-motion", "--screenshot",
                     "--at", "--record", "--replay", "--help", "--version", "F12", "Escape", "Shift+arrows"] {
            #expect(Options.usage.contains(flag), "\(flag) missing from --help")
        }
    }
}

/// The option table (`CommandLineOption.all`) is the one source of `--help` and of parsing.
@Suite struct OptionTableTests {
    /// A value each option accepts; an option added to the table without one here fails `everyOptionOfTheTableParses`.
    static let sampleValues: [String: [String]] = [
        "scene": ["messages"], "size": ["640x480"], "state": ["/tmp/s.json"], "assets": ["/a"], "pictures": ["/p"],
        "picture-cache": ["64"], "theme": ["dark"], "scale": ["1.5"], "screenshot": ["o.png"], "at": ["100"],
        "record": ["r.jsonl"], "replay": ["t.jsonl"], "frames": ["d"], "fps": ["60"], "video": ["o.webm"],
        "from": ["10"], "to": ["20"], "slow": ["4"], "compare": ["seed", "ios"], "capture-dir": ["/c"],
        "preset": ["ios"], "export-tuning": ["css"],
    ]

    /// What each option needs beside it to make sense (`--at` only with `--screenshot`, ...).
    static let companions: [String: [String]] = [
        "at": ["--screenshot", "o.png"], "frames": ["--replay", "t"], "video": ["--replay", "t"],
        "from": ["--replay", "t", "--video", "o.mp4"], "to": ["--replay", "t", "--video", "o.mp4"],
        "compare": ["--replay", "t"],
    ]

    @Test func theHelpListsExactlyTheTableInOrder() {
        let lines = Options.usage.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex(of: "Options:")! + 1
        let section = lines[start...].prefix { !$0.isEmpty }
        let spelled = section.compactMap { $0.firstMatch(of: /^  (?:-[a-z], )?--([a-z-]+)/).map { String($0.1) } }
        #expect(spelled == CommandLineOption.all.map(\.name))
        #expect(section.count == CommandLineOption.all.map(\.help.count).reduce(0, +))
        // Every description starts in the same column.
        for line in section {
            #expect(line.count > 22 && line.prefix(22).last == " " && line.dropFirst(22).first != " ", "\(line)")
        }
        #expect(Set(CommandLineOption.all.map(\.name)).count == CommandLineOption.all.count)
    }

    @Test func everyOptionOfTheTableParses() throws {
        for option in CommandLineOption.all {
            let values = option.placeholder == nil ? [] : try #require(Self.sampleValues[option.name], "no sample value for \(option.flag)")
            let arguments = (Self.companions[option.name] ?? []) + [option.flag] + values
            let parsed = try Options.parse(arguments)
            #expect(parsed != Options(), "\(option.flag) changed nothing")
            #expect(try Options.parse(Self.companions[option.name] ?? []) != parsed, "\(option.flag) changed nothing")
            if values.count == 1 {
                #expect(try Options.parse((Self.companions[option.name] ?? []) + ["\(option.flag)=\(values[0])"]) == parsed)
            }
        }
        #expect(try Options.parse(["-h"]).showHelp)
    }

    /// An option that takes a value names itself when the value is missing (`--pictures [DIR]` may go without).
    @Test func everyValueOptionSaysWhenItsValueIsMissing() {
        for option in CommandLineOption.all {
            guard let placeholder = option.placeholder, !placeholder.hasPrefix("[") else { continue }
            for after in [[], ["--events"]] {
                do {
                    _ = try Options.parse([option.flag] + after)
                    Issue.record("\(option.flag) without a value was accepted")
                } catch {
                    #expect(error.description == "\(option.flag) needs a value", "got: \(error.description)")
                }
            }
        }
    }

    /// An option that only works without a window says in its help which headless output it goes with.
    @Test func headlessOnlyOptionsNameTheirOutput() {
        let headlessOnly = CommandLineOption.all.filter { $0.modes == .headless }
        #expect(headlessOnly.map(\.name).contains("screenshot"))
        for option in headlessOnly {
            let text = option.help.joined(separator: " ")
            #expect(["headless", "--screenshot", "--replay", "--frames", "--video"].contains { text.contains($0) }, "\(option.flag): \(text)")
        }
        #expect(CommandLineOption.all.allSatisfy { !$0.modes.isEmpty })
    }
}
