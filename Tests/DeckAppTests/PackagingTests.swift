import DeckApp
import Foundation
import Testing
import TestSupport

/// The packaging files beside the code: the man page and completions say what `--help`
/// says, the .desktop file and AppStream metainfo pass their validators.
@Suite struct PackagingTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: repo + "/" + path, encoding: .utf8)
    }

    /// The lines of one section of the help text ("Options:", "Environment:", ...).
    static func helpSection(_ title: String) -> [Substring] {
        let lines = Options.usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == title }) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// Every long option of `--help` ("scene", "reduce-motion", ...), read from the option table
    /// that generates it (OptionsTests checks the help text lists exactly these).
    static var helpOptions: [String] {
        CommandLineOption.all.map(\.name)
    }

    /// The first word of each line of a help section (variable names, exit codes).
    static func helpNames(_ title: String) -> [String] {
        helpSection(title).compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The `.B NAME` entries of one `.SH` section of the man page.
    static func manEntries(_ page: String, section: String) -> [String] {
        guard let range = page.range(of: ".SH \(section)\n") else { return [] }
        let body = page[range.upperBound...]
        let end = body.range(of: "\n.SH ")?.lowerBound ?? body.endIndex
        let lines = body[..<end].split(separator: "\n")
        return lines.indices.compactMap { i in
            lines[i] == ".TP" && i + 1 < lines.count && lines[i + 1].hasPrefix(".B ") ? String(lines[i + 1].dropFirst(3)) : nil
        }
    }

    @Test func themeOption() throws {
        #expect(try Options.parse([]).theme == .auto)
        #expect(try Options.parse(["--theme", "dark"]).theme == .dark)
        #expect(try Options.parse(["--theme=light"]).theme == .light)
        #expect(throws: UsageError.self) { try Options.parse(["--theme", "sepia"]) }
        #expect(ThemeChoice.auto.appearance(desktopPrefersDark: true) == .dark)
        #expect(ThemeChoice.auto.appearance(desktopPrefersDark: false) == .light)
        #expect(ThemeChoice.light.appearance(desktopPrefersDark: true) == .light)
    }

    @Test func helpListsEnvironmentAndExitStatus() {
        #expect(PackagingTests.helpNames("Environment:").contains("DISPLAY"))
        #expect(PackagingTests.helpNames("Environment:").contains("XDG_STATE_HOME"))
        #expect(PackagingTests.helpNames("Exit status:") == ["0", "1", "2"])
        #expect(PackagingTests.helpOptions.count >= 17)
    }

    @Test func manPageHasEveryOptionOfTheHelpAndNoOther() throws {
        let page = try PackagingTests.read("packaging/gesturedeck.1")
        let help = Set(PackagingTests.helpOptions)
        for option in help {
            let escaped = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
            #expect(page.contains(escaped), "the man page does not describe --\(option)")
        }
        let inPage = Set(page.matches(of: /\\-\\-((?:[a-z]|\\-)+)/).map { $0.1.replacingOccurrences(of: "\\-", with: "-") })
        #expect(inPage.subtracting(help).isEmpty, "the man page names options --help lacks: \(inPage.subtracting(help))")
        #expect(page.contains("\"gesturedeck \(Options.version)\""), "the man page's version is not \(Options.version)")
    }

    @Test func manPageEnvironmentAndExitStatusMatchTheHelp() throws {
        let page = try PackagingTests.read("packaging/gesturedeck.1")
        #expect(PackagingTests.manEntries(page, section: "ENVIRONMENT") == PackagingTests.helpNames("Environment:"))
        #expect(PackagingTests.manEntries(page, section: "EXIT STATUS") == PackagingTests.helpNames("Exit status:"))
    }

    @Test func manPageFormatsWithoutWarnings() throws {
        let r = try PackagingTests.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", PackagingTests.repo + "/packaging/gesturedeck.1"])
        #expect(r.status == 0 && r.err.isEmpty, "groff: \(r.err)")
    }

    @Test func completionsOfferEveryOptionAndScene() throws {
        let files: [(String, (String) -> String)] = [
            ("packaging/completions/gesturedeck.bash", { "--\($0)" }),
            ("packaging/completions/_gesturedeck", { "--\($0)[" }),
            ("packaging/completions/gesturedeck.fish", { "-l \($0) " }),
        ]
        for (path, spelling) in files {
            let text = try PackagingTests.read(path)
            for option in PackagingTests.helpOptions {
                #expect(text.contains(spelling(option)), "\(path) does not complete --\(option)")
            }
            for scene in Options.sceneNames {
                #expect(text.contains(scene), "\(path) does not complete the scene \(scene)")
            }
        }
    }

    @Test func bashCompletionCompletes() throws {
        func complete(_ words: [String]) throws -> [String] {
            let script = """
            source "\(PackagingTests.repo)/packaging/completions/gesturedeck.bash"
            COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _gesturedeck; printf '%s\\n' "${COMPREPLY[@]}"
            """
            let r = try PackagingTests.run("/bin/bash", ["-c", script])
            #expect(r.status == 0, "\(r.err)")
            return r.out.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["gesturedeck", "--scene", "m"]) == ["messages"])
        #expect(try complete(["gesturedeck", "--scene", ""]) == Options.sceneNames)
        #expect(Set(try complete(["gesturedeck", "--re"])) == ["--reduce-motion", "--record", "--replay"])
        #expect(try complete(["gesturedeck", "--theme", "d"]) == ["dark"])
    }

    @Test func desktopFileValidatesWithAnActionPerScene() throws {
        let path = PackagingTests.repo + "/packaging/gesturedeck.desktop"
        let r = try PackagingTests.run("/usr/bin/desktop-file-validate", [path])
        #expect(r.status == 0 && r.out.isEmpty && r.err.isEmpty, "desktop-file-validate: \(r.out)\(r.err)")
        let text = try PackagingTests.read("packaging/gesturedeck.desktop")
        #expect(text.contains("\nCategories=Development;GUIDesigner;\n"))
        #expect(text.contains("\nActions=\(Options.sceneNames.joined(separator: ";"));\n"))
        for scene in Options.sceneNames {
            #expect(text.contains("[Desktop Action \(scene)]\nName=\(scene.capitalized)\nExec=gesturedeck --scene \(scene)\n"))
        }
    }

    @Test func appStreamMetainfoValidates() throws {
        let path = PackagingTests.repo + "/packaging/org.gesturedeck.GestureDeck.metainfo.xml"
        let r = try PackagingTests.run("/usr/bin/appstreamcli", ["validate", "--no-net", path])
        #expect(r.status == 0, "appstreamcli validate: \(r.out)\(r.err)")
        let text = try PackagingTests.read("packaging/org.gesturedeck.GestureDeck.metainfo.xml")
        #expect(text.contains("<release version=\"\(Options.version)\""), "the newest release is not \(Options.version)")
        #expect(text.contains("<launchable type=\"desktop-id\">gesturedeck.desktop</launchable>"))
    }

    /// Runs a tool to the end; its status and output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw PackagingError("\(tool) is not installed (scripts/install-deps --test)")
        }
        let r = try runProcess(tool, arguments)
        return (r.status, String(decoding: r.out, as: UTF8.self), r.err)
    }
}

struct PackagingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
