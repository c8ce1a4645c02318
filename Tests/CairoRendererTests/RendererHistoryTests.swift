import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// A renderer's pixels for a display list depend on that list alone, never on what it drew
/// before (issue 21 item 5): the direct path is the reference every compositor frame is compared
/// with, so a cache whose history changed its output made "byte-identical at rest" depend on the
/// frames before. Found here: the shape cache keyed a shape by its radius and blur rounded to half
/// pixels but drew its surface with the exact values of the first draw (a zoomed carousel item's
/// shadow was 1/255 off in the frame after a drag), and a picture's drawn copy kept the corner
/// radius of the first request of its size.
@Suite struct RendererHistoryTests {
    /// How many pixels of `a` and `b` differ, and by how much at most (any channel, of 255).
    static func difference(_ a: ImageSurface, _ b: ImageSurface) -> (count: Int, worst: Int) {
        a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                var count = 0, worst = 0
                for y in 0..<a.height {
                    if memcmp(pa.baseAddress! + y * sa, pb.baseAddress! + y * sb, a.width * 4) == 0 { continue }
                    for x in 0..<a.width {
                        var off = 0
                        for c in 0..<4 { off = max(off, abs(Int(pa[y * sa + x * 4 + c]) - Int(pb[y * sb + x * 4 + c]))) }
                        if off > 0 { count += 1; worst = max(worst, off) }
                    }
                }
                return (count, worst)
            }
        }
    }

    /// The carousel dragged slowly at 1280x800 (PictureRasterTests' drag), drawn by one direct
    /// renderer frame after frame: every resting frame equals a fresh renderer's drawing of it.
    @Test func aDragLeavesNoTraceInTheDirectPathsRestingFrames() throws {
        let width = 1280, height = 800
        let size = Size(width: Double(width), height: Double(height))
        let deck = try Goldens.deck(scene: "carousel", size: size)
        let warm = CairoRenderer()
        var pending = PictureRasterTests.leftDrag(size: size).events[...]
        var time: Millis = 0, previous: [DrawCommand]? = nil
        var resting = 0, afterMotion = 0, moving = 0
        var mismatches: [String] = []
        while time <= 1300 {
            while let (t, kind) = pending.first, t <= time {
                pending.removeFirst()
                deck.handle(InputEvent(kind, at: t))
            }
            deck.tick(at: time)
            let list = deck.render(at: time)
            let image = warm.image(of: list, width: width, height: height)
            if previous == list.commands {
                resting += 1
                if moving > 0 { afterMotion += 1 }
                let d = Self.difference(image, CairoRenderer().image(of: list, width: width, height: height))
                if d.count > 0 { mismatches.append("\(Int(time)) ms: \(d.count) px, up to \(d.worst)/255") }
            } else {
                moving += 1
            }
            previous = list.commands
            time += 1000.0 / 60
        }
        // The drag moves, pauses at its last motion (the frame that showed the bug) and settles.
        #expect(moving > 30 && afterMotion > 10, "moving \(moving), resting after motion \(afterMotion)")
        #expect(mismatches.isEmpty, "resting frames unlike a fresh renderer's: \(mismatches)")
    }

    /// Two looks of a shape whose device radius, blur or line width round to the same half pixel
    /// (quarter for lines): drawn after the other one (twice, so it is cached), the second equals a
    /// fresh renderer's drawing of it.
    @Test(arguments: ["shadow", "fill", "stroke", "picture"])
    func aShapeDrawnAfterANearbyLookIsDrawnAsByAFreshRenderer(kind: String) {
        func list(_ radius: Double, _ blur: Double, _ line: Double) -> DisplayList {
            var list = DisplayList()
            list.append(.clear(Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)))
            let rect = Rect(x: 20.3, y: 18.6, width: 80, height: 80)
            switch kind {
            case "shadow":
                list.append(.shadow(rect, cornerRadius: radius, blur: blur, offset: Point(x: 0, y: 3),
                                    color: Color.black.withAlpha(0.3)))
            case "fill":
                list.append(.fillRect(rect, .verticalGradient(top: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1),
                                                              bottom: Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)),
                                      cornerRadius: radius))
            case "stroke":
                list.append(.strokeRect(rect, Color(red: 0.1, green: 0.4, blue: 0.8, alpha: 1), lineWidth: line,
                                        cornerRadius: radius))
            default:
                list.append(.image(path: Goldens.assets + "/carousel/aurora.png", rect, alpha: 1, cornerRadius: radius))
            }
            return list
        }
        // Same rounded key (radius 14.1 and 14.2 -> 28 half pixels, blur 9.1 and 9.2 -> 18, line
        // width 2.05 and 2.1 -> 8 quarters), different exact values.
        let first = list(14.1, 9.1, 2.05), second = list(14.2, 9.2, 2.1)
        let warm = CairoRenderer()
        _ = warm.image(of: first, width: 128, height: 128)
        _ = warm.image(of: first, width: 128, height: 128)
        let afterFirst = warm.image(of: second, width: 128, height: 128)
        let again = warm.image(of: second, width: 128, height: 128)
        let fresh = CairoRenderer().image(of: second, width: 128, height: 128)
        // The two looks do differ (else the case would prove nothing).
        #expect(Self.difference(CairoRenderer().image(of: first, width: 128, height: 128), fresh).count > 0)
        let d1 = Self.difference(afterFirst, fresh), d2 = Self.difference(again, fresh)
        #expect(d1.count == 0, "\(kind) after a nearby look: \(d1.count) px off, up to \(d1.worst)/255")
        #expect(d2.count == 0, "\(kind) cached after a nearby look: \(d2.count) px off, up to \(d2.worst)/255")
    }
}
