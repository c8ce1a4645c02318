import CairoRenderer
import Foundation
import Testing
import TestSupport

@Suite struct InstallTests {
    /// `scripts/install` as a packager runs it: the release build with the Swift runtime linked
    /// in, into a temporary DESTDIR. The installed files validate, and the installed binary runs
    /// from there with the loader's library path emptied and no toolchain library in its `ldd`.
    ///
    /// The static release build is the slow part (minutes from scratch on two cores, seconds
    /// when `.build/static` is up to date); it is built once, here.
    @Test(.timeLimit(.minutes(20))) func installsIntoADestdirAndRunsWithoutTheToolchain() throws {
        let destdir = try temporaryFolder() + "/destdir"
        let prefix = "/usr"
        let root = destdir + prefix
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
        let started = Date()
        let install = try run("/bin/bash", [repo + "/scripts/install", "--prefix", prefix], environment: ["DESTDIR": destdir])
        #expect(install.status == 0, "scripts/install failed: \(install.err.suffix(2000))")
        let seconds = Date().timeIntervalSince(started)
        print("install: static release build and install took \(Int(seconds)) s")

        var files = ["bin/gesturedeck", "share/gesturedeck/assets/cards.json", "share/gesturedeck/assets/icons/gesturedeck-256.png",
                     "share/applications/gesturedeck.desktop", "share/metainfo/org.gesturedeck.GestureDeck.metainfo.xml",
                     "share/icons/hicolor/scalable/apps/gesturedeck.svg", "share/man/man1/gesturedeck.1",
                     "share/bash-completion/completions/gesturedeck", "share/zsh/site-functions/_gesturedeck",
                     "share/fish/vendor_completions.d/gesturedeck.fish"]
        files += [16, 24, 32, 48, 64, 128, 256].map { "share/icons/hicolor/\($0)x\($0)/apps/gesturedeck.png" }
        for file in files {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file) not installed")
        }
        for size in [16, 48, 256] {
            let icon = try ImageSurface.load(png: root + "/share/icons/hicolor/\(size)x\(size)/apps/gesturedeck.png")
            #expect(icon.width == size && icon.height == size)
        }

        let desktop = try run("/usr/bin/desktop-file-validate", [root + "/share/applications/gesturedeck.desktop"])
        #expect(desktop.status == 0 && desktop.out.isEmpty, "desktop-file-validate: \(desktop.out)\(desktop.err)")
        let appstream = try run("/usr/bin/appstreamcli", ["validate", "--no-net", root + "/share/metainfo/org.gesturedeck.GestureDeck.metainfo.xml"])
        #expect(appstream.status == 0, "appstreamcli: \(appstream.out)\(appstream.err)")

        // No Swift runtime from the toolchain: ldd lists only system libraries.
        let binary = root + "/bin/gesturedeck"
        let ldd = try run("/usr/bin/ldd", [binary], environment: ["LD_LIBRARY_PATH": ""])
        #expect(ldd.status == 0)
        let toolchain = try toolchainLibraryFolder()
        #expect(!ldd.out.contains(toolchain), "ldd shows the toolchain's \(toolchain):\n\(ldd.out)")
        #expect(!ldd.out.contains("libswift") && !ldd.out.contains("libFoundation") && !ldd.out.contains("not found"), "\(ldd.out)")
        let elf = try run("/usr/bin/readelf", ["-d", binary])
        #expect(!elf.out.contains(toolchain), "the RUNPATH still names the toolchain")

        // The installed binary, outside the source tree, with only its installed assets.
        let version = try run(binary, ["--version"], environment: ["LD_LIBRARY_PATH": "", "GESTUREDECK_ASSETS": nil])
        #expect(version.status == 0 && version.out.hasPrefix("gesturedeck "), "\(version.err)")
        let png = destdir + "/shot.png"
        let shot = try run(binary, ["--screenshot", png, "--state", destdir + "/state.json", "--scene", "carousel"],
                           environment: ["LD_LIBRARY_PATH": "", "GESTUREDECK_ASSETS": nil])
        #expect(shot.status == 0, "\(shot.err)")
        let image = try ImageSurface.load(png: png)
        #expect(image.width == 480 && image.height == 800)
    }

    /// The folder the toolchain's Swift runtime lives in (where `swift` is, ../lib/swift/linux).
    private func toolchainLibraryFolder() throws -> String {
        let which = try run("/bin/sh", ["-c", "readlink -f \"$(command -v swift)\""])
        let bin = URL(fileURLWithPath: which.out.trimmingCharacters(in: .whitespacesAndNewlines)).deletingLastPathComponent()
        let lib = bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux").path
        guard FileManager.default.fileExists(atPath: lib) else { throw HarnessError("no Swift runtime folder at \(lib)") }
        return lib
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String?] = [:]) throws
        -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes at once: a long build log must not fill one while we wait on the other.
        let errBox = DataBox()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async {
            errBox.data = errHandle.readDataToEndOfFile()
            done.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        done.wait()
        return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }
}

/// Filled by one thread, read after it signals.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
