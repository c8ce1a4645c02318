import CairoRenderer
import Foundation
import Testing

@Suite struct InstallTests {
    /// scripts/install into a temporary prefix, then the installed binary renders with the installed assets.
    @Test func installsIntoAPrefixAndRunsFromThere() throws {
        let prefix = try temporaryFolder() + "/prefix"
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/bin/bash")
        install.arguments = [repo + "/scripts/install", "--prefix", prefix, "--binary", try AppProcess.binary()]
        install.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)

        for file in ["bin/gesturedeck", "share/gesturedeck/assets/cards.json", "share/applications/gesturedeck.desktop",
                     "share/icons/hicolor/scalable/apps/gesturedeck.svg"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) not installed")
        }
        let desktop = try String(contentsOfFile: prefix + "/share/applications/gesturedeck.desktop", encoding: .utf8)
        #expect(desktop.contains("Exec=gesturedeck") && desktop.contains("Icon=gesturedeck"))

        // The installed binary lives outside the source tree, so only the installed assets can serve it.
        let png = prefix + "/shot.png"
        let run = Process()
        run.executableURL = URL(fileURLWithPath: prefix + "/bin/gesturedeck")
        run.arguments = ["--screenshot", png, "--state", prefix + "/state.json"]
        var env = ProcessInfo.processInfo.environment
        env["GESTUREDECK_ASSETS"] = nil
        run.environment = env
        try run.run()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0)
        let image = try ImageSurface.load(png: png)
        #expect(image.width == 480 && image.height == 800)
    }
}
