import Foundation
import Glibc
import Testing
import TestSupport

/// Issue 17 end to end, headless: `--pictures` alone opens the user's Pictures folder
/// (xdg-user-dirs), a FIFO named x.png does not hang start-up, a JPEG named .png and a
/// non-UTF-8 name are shown.
@Suite struct PicturesCommandLineTests {
    @Test func barePicturesOpensTheUserFolderAndAFifoDoesNotHang() throws {
        let home = try ScratchFolder()
        let photos = home.path + "/Bilder"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.path + "/.config", withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(to: URL(fileURLWithPath: home.path + "/.config/user-dirs.dirs"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["convert", "-size", "300x300", "xc:#10a030", photos + "/green.jpg"]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "ImageMagick's convert is needed (scripts/install-deps --test)")
        try FileManager.default.moveItem(atPath: photos + "/green.jpg", toPath: photos + "/a-jpeg.png")
        #expect(mkfifo(photos + "/x.png", 0o644) == 0)
        let shot = home.path + "/shot.png"
        let run = try runBinary(["--pictures", "--scene", "carousel", "--screenshot", shot, "--state", home.path + "/s.json"],
                                environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"], timeout: 20)
        #expect(!run.timedOut && run.status == 0, "status \(run.status): \(run.err)")
        #expect(run.err.contains("skipped 1 of 2 files: x.png (not a regular file (a FIFO))"), "\(run.err)")
        #expect(!run.err.contains("could not show"), "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: shot))

        // No Pictures folder at all: a clear message, not a crash.
        try FileManager.default.removeItem(atPath: photos)
        let none = try runBinary(["--pictures", "--screenshot", shot, "--state", home.path + "/s.json"],
                                 environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"], timeout: 20)
        #expect(none.status != 0 && none.err.contains(photos), "\(none.err)")
    }
}
