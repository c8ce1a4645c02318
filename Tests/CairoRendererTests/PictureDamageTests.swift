import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// A picture that lands from a decoder changes pixels while its display-list command stays
/// the same. The compositor's damage must still repaint it: before this was tracked, a window
/// showing nothing but a still carousel kept its grey placeholders for good (the decoded
/// pictures were never even taken in, since a frame with no damage draws nothing).
@Suite struct PictureDamageTests {
    static let size = 300
    static let cell = Rect(x: 50, y: 50, width: 200, height: 200)

    /// One frame of the compositor path: the damage of `list`, drawn into `buffer` inside it.
    static func frame(_ list: DisplayList, _ renderer: CairoRenderer, _ tracker: DamageTracker,
                      into buffer: ImageSurface) -> FrameDamage {
        let damage = tracker.update(list, renderer: renderer, width: size, height: size)
        renderer.draw(list, onto: buffer, repainting: damage, bounds: tracker.commandBounds)
        return damage
    }

    @Test func aPictureThatLandsIsRepaintedUntilItHasFadedInThenNothingIs() throws {
        let f = try PictureFixtures()
        let photo = try f.convert(["-size", "1600x1200", "xc:#3366cc"], to: "photo.jpg")
        var list = DisplayList()
        list.append(.clear(.white))
        list.append(.image(path: photo, Self.cell, alpha: 1, cornerRadius: 0))
        let renderer = CairoRenderer(), tracker = DamageTracker()
        renderer.startBackgroundDecoding(threads: 1)
        let buffer = ImageSurface(width: Self.size, height: Self.size)

        let first = Self.frame(list, renderer, tracker, into: buffer)
        #expect(first.area == Self.size * Self.size, "the first frame is whole")
        let placeholder = channels(buffer.pixel(x: 150, y: 150))
        #expect(abs(placeholder.r - 0x33) > 40, "the first frame already shows the picture: \(placeholder)")

        renderer.waitForPictures()
        #expect(renderer.takePictureWakeups())
        // Same list, yet the picture's cell is damaged: the frame takes the picture in and draws it.
        let landed = Self.frame(list, renderer, tracker, into: buffer)
        let cellRows = PixelRect(x: 0, y: Int(Self.cell.minY), width: Self.size, height: Int(Self.cell.height))
        #expect(landed.rects.contains { $0.intersects(cellRows) }, "no damage where the picture landed: \(landed.rects)")
        #expect(renderer.picturesNeedFrame, "a picture that just arrived fades in")

        // Frames go on while it fades (the window draws while `picturesNeedFrame`); each repaints it.
        var fadeFrames = 0
        while renderer.picturesNeedFrame && fadeFrames < 200 {
            Thread.sleep(forTimeInterval: 0.01)
            let damage = Self.frame(list, renderer, tracker, into: buffer)
            #expect(!damage.isEmpty, "a fading picture was left out of frame \(fadeFrames)")
            fadeFrames += 1
        }
        #expect(!renderer.picturesNeedFrame, "still fading after \(fadeFrames) frames")
        let shown = channels(buffer.pixel(x: 150, y: 150))
        #expect(abs(shown.r - 0x33) <= 8 && abs(shown.g - 0x66) <= 8 && abs(shown.b - 0xCC) <= 8, "\(shown)")

        // The frame after the last fade step settles the cell; from then on an unchanged list is idle.
        _ = Self.frame(list, renderer, tracker, into: buffer)
        let idle = Self.frame(list, renderer, tracker, into: buffer)
        #expect(idle.isEmpty, "a settled picture keeps being repainted: \(idle.rects)")
        #expect(renderer.pictureFigures.inlineDecodes == 0)
    }
}
