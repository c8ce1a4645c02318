import DeckApp
import Testing

@Suite struct OptionsTests {
    @Test func defaultsMatchTheSpec() throws {
        let o = try Options.parse([])
        #expect(o.width == 480 && o.height == 800)
        #expect(o.scene == nil && !o.events && !o.reduceMotion && o.screenshot == nil)
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
