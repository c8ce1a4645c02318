@testable import DeckApp
import Testing

@Suite struct UserDirectoriesTests {
    @Test func baseDirectoriesFollowTheSpec() {
        let plain = UserDirectories(environment: ["HOME": "/home/ann"])
        #expect(plain.stateHome == "/home/ann/.local/state")
        #expect(plain.configHome == "/home/ann/.config")
        let overridden = UserDirectories(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c"])
        #expect(overridden.stateHome == "/s" && overridden.configHome == "/c")
        // A relative override is ignored, as the spec says.
        let relative = UserDirectories(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "state"])
        #expect(relative.stateHome == "/home/ann/.local/state")
    }

    @Test(arguments: [nil, "", "relative/home"])
    func noAbsoluteHomeGivesNoFolder(home: String?) {
        var environment: [String: String] = [:]
        environment["HOME"] = home
        let dirs = UserDirectories(environment: environment)
        #expect(dirs.home == nil && dirs.stateHome == nil && dirs.configHome == nil)
        #expect(dirs.folder(.pictures, userDirsFile: "") == nil)
        #expect(dirs.folder(.pictures, userDirsFile: "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n") == nil)
        // An absolute entry still works without a home.
        #expect(dirs.folder(.videos, userDirsFile: "XDG_VIDEOS_DIR=\"/media/v\"\n") == "/media/v")
    }

    @Test func userDirsFileIsReadLikeXdgUserDir() {
        let dirs = UserDirectories(environment: ["HOME": "/home/ann"])
        let text = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_PICTURES_DIR="$HOME/Bilder"
        XDG_VIDEOS_DIR="/srv/videos"
        XDG_DOCUMENTS_DIR="$HOME"
        XDG_DOWNLOAD_DIR=unquoted
        """
        #expect(dirs.folder(.pictures, userDirsFile: text) == "/home/ann/Bilder")
        #expect(dirs.folder(.videos, userDirsFile: text) == "/srv/videos")
        // "$HOME" itself means disabled, a malformed line is ignored: both fall back.
        #expect(dirs.folder(.documents, userDirsFile: text) == "/home/ann/Documents")
        #expect(dirs.folder(.download, userDirsFile: text) == "/home/ann/Downloads")
        #expect(dirs.folder(.pictures, userDirsFile: "") == "/home/ann/Pictures")
    }
}
