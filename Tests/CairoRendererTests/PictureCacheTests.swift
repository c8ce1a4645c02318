@testable import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// Issue 17: one byte-budgeted LRU of drawn sizes, and frames that never wait for a decode.
@Suite struct PictureCacheTests {
    private func key(_ path: String, _ side: Int) -> PictureKey {
        PictureKey(path: path, width: side, height: side, cornerRadius: 0, exactRadius: 0)
    }

    /// The budget holds: the least recently drawn goes first; what the current frame drew stays.
    @Test func lruEvictsTheLeastRecentlyDrawnWithinTheBudget() {
        let side = 64, bytes = side * side * 4  // 16 KiB per entry
        let store = PictureStore(budget: 3 * bytes)
        for (i, name) in ["a", "b", "c"].enumerated() {
            store.frame = UInt64(i + 1)
            store.insert(key(name, side), ImageSurface(width: side, height: side), average: (0, 0, 0), fadeStart: 0)
        }
        #expect(store.bytes == 3 * bytes && store.count == 3)
        store.frame = 4
        _ = store.entry(key("a", side))  // drawn again: now b is the oldest
        store.insert(key("d", side), ImageSurface(width: side, height: side), average: (0, 0, 0), fadeStart: 0)
        #expect(store.bytes <= store.budget && store.count == 3)
        #expect(store.entry(key("b", side)) == nil)
        #expect(store.entry(key("a", side)) != nil && store.entry(key("c", side)) != nil && store.entry(key("d", side)) != nil)
        // Every entry was drawn in this frame: nothing can go, the frame is never left half drawn.
        store.insert(key("e", side), ImageSurface(width: side, height: side), average: (0, 0, 0), fadeStart: 0)
        #expect(store.count == 4 && store.bytes == 4 * bytes)
        // A later frame trims back to the budget.
        store.frame = 5
        _ = store.entry(key("e", side))
        store.evictOverBudget()
        #expect(store.bytes <= store.budget && store.entry(key("e", side)) != nil)
        #expect(store.evictions == 2)
    }

    /// In the window a frame draws a placeholder at once, asks a worker, and the picture
    /// arrives later (fading in); no decode ever runs on the drawing thread. (How long the
    /// frame's picture work takes is a figure of `gesturedeck-bench --only pictures`.)
    @Test func backgroundDecodingNeverBlocksAFrame() throws {
        let f = try PictureFixtures()
        let photo = try f.convert(["-size", "4000x3000", "xc:#3366cc"], to: "photo.jpg")
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding(threads: 1)
        #expect(renderer.pictureWakeFD != nil)
        var list = DisplayList()
        list.append(.clear(.white))
        list.append(.image(path: photo, Rect(x: 50, y: 50, width: 200, height: 200), alpha: 1, cornerRadius: 0))
        let first = renderer.image(of: list, width: 300, height: 300)
        let placeholder = channels(first.pixel(x: 150, y: 150))
        #expect(abs(placeholder.r - 0x33) > 40, "the first frame already shows the picture: \(placeholder)")
        #expect(renderer.pictureFigures.inlineDecodes == 0 && renderer.pictureFigures.backgroundDecodes <= 1)
        renderer.waitForPictures()
        #expect(renderer.pictureFigures.backgroundDecodes == 1)
        #expect(renderer.takePictureWakeups())
        let second = renderer.image(of: list, width: 300, height: 300)
        #expect(renderer.picturesNeedFrame, "a picture that just arrived fades in")
        Thread.sleep(forTimeInterval: (PictureMetrics.fadeMillis + 20) / 1000)
        let third = renderer.image(of: list, width: 300, height: 300)
        #expect(!renderer.picturesNeedFrame)
        let shown = channels(third.pixel(x: 150, y: 150))
        #expect(abs(shown.r - 0x33) <= 8 && abs(shown.g - 0x66) <= 8 && abs(shown.b - 0xCC) <= 8, "\(shown)")
        _ = second
        #expect(renderer.pictureFigures.inlineDecodes == 0, "a window frame decoded on the drawing thread")
        // Only the drawn size is held, not the 48 MB original.
        #expect(renderer.pictureFigures.bytes == 200 * 200 * 4, "\(renderer.pictureFigures.bytes) bytes")
    }

    /// Headless frames are complete: the picture is there in the very first one.
    @Test func headlessFramesWaitForTheirPictures() throws {
        let f = try PictureFixtures()
        let photo = try f.convert(["-size", "640x480", "xc:#3366cc"], to: "photo.jpg")
        let renderer = CairoRenderer()
        var list = DisplayList()
        list.append(.image(path: photo, Rect(x: 0, y: 0, width: 100, height: 100), alpha: 1, cornerRadius: 0))
        let c = channels(renderer.image(of: list, width: 100, height: 100).pixel(x: 50, y: 50))
        #expect(abs(c.b - 0xCC) <= 8 && abs(c.r - 0x33) <= 8, "\(c)")
        #expect(renderer.pictureFigures.inlineDecodes == 1 && renderer.pictureFigures.backgroundDecodes == 0)
    }

    /// A whole-decoded 3-MP PNG is not kept at full size for the next size: only a copy
    /// near the drawn size (plus headroom) stays; the bundled 256 px pictures stay whole.
    @Test func noOriginalOutlivesItsCopy() throws {
        let f = try PictureFixtures()
        let big = try f.convert(["-size", "2000x1500", "xc:#804020"], to: "big.png")
        let picture = try PictureDecoder.decode(big, width: 100, height: 100)
        #expect(picture.surface.width == 2000, "decoded whole by Cairo (under the 4 MP limit)")
        let kept = PictureProducer.shelved(picture, width: 100, height: 100)
        #expect(kept.surface.width <= Int(134 * PictureMetrics.sourceHeadroom) && kept.surface.height >= 125,
                "\(kept.surface.width)x\(kept.surface.height)")
        #expect(!kept.covers(width: 400, height: 400) && kept.covers(width: 100, height: 100))
        let small = try PictureDecoder.decode(Goldens.assets + "/carousel/balloon.png", width: 72, height: 72)
        #expect(PictureProducer.shelved(small, width: 72, height: 72) === small)
    }

    @Test func naturalOrder() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "img02b.jpg", "b.jpg", "A.jpg", "img2a.jpg", "10.jpg", "9.jpg"]
        let sorted = names.sorted(by: NaturalOrder.precedes)
        #expect(sorted == ["9.jpg", "10.jpg", "A.jpg", "b.jpg", "img1.jpg", "IMG2.jpg", "img2a.jpg", "img02b.jpg", "img10.jpg"])
        #expect(PictureFolder.title("Holiday 2024.JPEG") == "Holiday 2024")
        #expect(PictureFolder.title("no-extension") == "no-extension")
    }
}
