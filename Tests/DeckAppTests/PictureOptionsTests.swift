import DeckApp
import Foundation
import Testing

/// Issue 17's options: `--pictures` with or without a folder, `--picture-cache MIB`.
@Suite struct PictureOptionsTests {
    @Test func picturesTakesAnOptionalFolder() throws {
        let given = try Options.parse(["--pictures", "/photos", "--events"])
        #expect(given.picturesPath == "/photos" && !given.picturesFromUserFolder && given.events)
        let bare = try Options.parse(["--pictures", "--events"])
        #expect(bare.picturesPath == nil && bare.picturesFromUserFolder && bare.events)
        let last = try Options.parse(["--scene", "carousel", "--pictures"])
        #expect(last.picturesFromUserFolder)
    }

    @Test func pictureCacheBudget() throws {
        #expect(try Options.parse([]).pictureCacheMiB == 128)
        #expect(try Options.parse(["--picture-cache", "256"]).pictureCacheMiB == 256)
        #expect(try Options.parse(["--picture-cache=8"]).pictureCacheMiB == 8)
        for bad in ["7", "1.5", "70000", "lots"] {
            #expect(throws: UsageError.self) { _ = try Options.parse(["--picture-cache", bad]) }
        }
    }
}
