import Foundation
import Testing
@testable import InteractionEngine

/// Ticks `strip` at 60 Hz from `start` until it rests (or 20 s pass); returns
/// the end time and the offsets seen on the way.
private func settle(_ strip: inout CarouselStrip, from start: Millis) -> (end: Millis, offsets: [Double]) {
    var t = start
    var offsets: [Double] = []
    while strip.isAnimating(at: t), t < start + 20_000 {
        t += 1000.0 / 60
        offsets.append(strip.offset(at: t))
        strip.tick(at: t)
    }
    return (t, offsets)
}

/// Index of the item exactly centred at `offset` (within 0.01 px), else nil.
private func exactlyCentred(_ strip: CarouselStrip, _ offset: Double) -> Int? {
    let l = strip.layout
    guard let index = l.index(nearestOffset: offset) else { return nil }
    return abs(offset - l.offset(centering: index)) <= 0.01 ? index : nil
}

@Suite struct CarouselStripTests {
    static func strip(count: Int = 16) -> CarouselStrip {
        CarouselStrip(items: carouselTestItems(count), frame: Rect(x: 0, y: 600, width: 480, height: 150))
    }

    /// C4: whatever the fling, the strip comes to rest with an item exactly
    /// centred, and it is the item nearest the projected resting point of the
    /// settle spring (x0 - v / ω, clamped to the ends; issue 22 replaced the
    /// 0.998/ms decay, whose tail took seconds). The motion is one
    /// continuous curve: no frame jumps, and it lands without a correction.
    @Test(arguments: [-6000.0, -4000, -2500, -1500, -800, -400, -150, -40, 0, 40, 150, 400, 800, 1500, 2500, 4000, 6000])
    func flingEndsOnTheItemNearestTheProjection(velocity: Double) {
        var strip = Self.strip()
        strip.scroll(toItem: 7, animated: false, at: 0)
        strip.beginDrag(at: 0)
        strip.drag(translation: -23, at: 50)  // a little off-centre, towards item 8
        let released = strip.offset(at: 50)
        strip.endDrag(velocity: velocity, at: 50)

        let spring = CarouselStrip.Metrics.settleSpring
        let projection = strip.scroll.clamped(released - velocity / (spring.stiffness / spring.mass).squareRoot())
        let expected = strip.layout.index(nearestOffset: projection)
        #expect(strip.targetIndex(at: 50) == expected, "the target is chosen at release")

        let run = settle(&strip, from: 50)
        let final = strip.offset(at: run.end)
        #expect(exactlyCentred(strip, final) == expected)
        #expect(!strip.isAnimating(at: run.end))

        // One smooth motion: starts where the drag left off, never jumps.
        let limit = max(abs(velocity), ScrollAxis.maxBounceVelocity) / 60 * 1.5 + 2
        var previous = released
        for x in run.offsets {
            #expect(abs(x - previous) <= limit, "jump of \(x - previous) px at velocity \(velocity)")
            previous = x
        }
        // The last moving frame is already next to the resting point: no correction jump at the end.
        let beforeLanding = run.offsets.dropLast().last ?? released
        #expect(abs(beforeLanding - final) < 2)
    }

    /// A fling towards the target travels monotonically: decelerating onto it, no overshoot and return.
    @Test(arguments: [-2500.0, -800, 800, 2500])
    func flingDoesNotOvershootItsTarget(velocity: Double) {
        var strip = Self.strip()
        strip.scroll(toItem: 7, animated: false, at: 0)
        strip.beginDrag(at: 0)
        strip.endDrag(velocity: velocity, at: 10)
        let target = strip.layout.offset(centering: strip.targetIndex(at: 10) ?? -1)
        let run = settle(&strip, from: 10)
        let direction = velocity < 0 ? 1.0 : -1.0  // the offset moves against the pointer
        var previous = strip.layout.offset(centering: 7)
        for x in run.offsets {
            #expect((x - previous) * direction >= -1e-9)
            #expect((target - x) * direction >= -1e-9)
            previous = x
        }
    }

    /// C4: one wheel notch, vertical or horizontal, moves exactly one item.
    @Test func wheelNotchMovesOneItem() {
        var strip = Self.strip()
        strip.scroll(toItem: 4, animated: false, at: 0)
        strip.wheel(steps: 1, at: 0)
        var run = settle(&strip, from: 0)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 5)
        strip.wheel(steps: -1, at: run.end)
        run = settle(&strip, from: run.end)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 4)
        // Notches arriving during the motion add up.
        strip.wheel(steps: 1, at: run.end)
        strip.wheel(steps: 1, at: run.end + 30)
        strip.wheel(steps: 1, at: run.end + 60)
        run = settle(&strip, from: run.end + 60)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 7)
        // And stop at the ends.
        strip.wheel(steps: 40, at: run.end)
        run = settle(&strip, from: run.end)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 15)
    }

    /// C4: smooth wheel pixels move at once, then settle on the nearest item
    /// about 150 ms after they stop.
    @Test(arguments: [(50.0, 5), (30.0, 4), (-50.0, 3), (170.0, 6)])
    func smoothDeltasSettleOnAnItem(total: Double, expected: Int) {
        var strip = Self.strip()
        strip.scroll(toItem: 4, animated: false, at: 0)
        let start = strip.offset(at: 0)
        for i in 0..<5 {
            let t = Double(i) * 16
            strip.wheel(pixels: total / 5, at: t)
            strip.tick(at: t)
        }
        #expect(abs(strip.offset(at: 64) - (start + total)) < 1e-9, "pixels scroll 1:1 at once")
        #expect(strip.isAnimating(at: 64), "a snap is due: keep ticking")
        strip.tick(at: 64 + 149)
        #expect(abs(strip.offset(at: 64 + 149) - (start + total)) < 1e-9, "no snap before 150 ms of quiet")
        let run = settle(&strip, from: 64 + 149)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == expected)
        #expect(run.end < 64 + 1500)
    }

    /// Programmatic scrolls clamp to the items and land exactly.
    @Test func scrollToItemClampsAndLands() {
        var strip = Self.strip()
        strip.scroll(toItem: 99, animated: true, at: 0)
        #expect(strip.targetIndex(at: 0) == 15)
        let run = settle(&strip, from: 0)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 15)
        strip.scroll(toItem: -3, animated: false, at: run.end)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 0)
    }

    /// A new frame or new options keep the same item centred.
    @Test func relayoutKeepsTheCentredItem() {
        var strip = Self.strip()
        strip.scroll(toItem: 9, animated: false, at: 0)
        strip.setFrame(Rect(x: 0, y: 0, width: 960, height: 300), at: 10)
        #expect(exactlyCentred(strip, strip.offset(at: 10)) == 9)
        strip.reconfigure(options: CarouselOptions(itemWidth: 120, spacing: 8), frame: strip.frame, at: 10)
        #expect(strip.layout.pitch == 128)
        #expect(exactlyCentred(strip, strip.offset(at: 10)) == 9)
        strip.wheel(steps: 1, at: 20)
        let run = settle(&strip, from: 20)
        #expect(exactlyCentred(strip, strip.offset(at: run.end)) == 10, "the wheel step follows the new pitch")
    }

    /// Hit testing uses the zoomed cells, in host coordinates.
    @Test func itemUnderThePointer() {
        var strip = Self.strip()
        strip.scroll(toItem: 3, animated: false, at: 0)
        #expect(strip.itemIndex(at: Point(x: 240, y: 675), time: 0) == 3)
        #expect(strip.itemIndex(at: Point(x: 240 + 80, y: 675), time: 0) == 4)
        #expect(strip.itemIndex(at: Point(x: 240 - 160, y: 620), time: 0) == 1)
        // The zoomed centre item (76.8 wide) reaches past its 64 px cell.
        #expect(strip.itemIndex(at: Point(x: 240 + 36, y: 675), time: 0) == 3)
        // The gap between two unzoomed items, and anything outside the strip, is nothing.
        #expect(strip.itemIndex(at: Point(x: 240 + 80 + 40, y: 675), time: 0) == nil)
        #expect(strip.itemIndex(at: Point(x: 240, y: 590), time: 0) == nil)
    }

    /// The strip draws only visible items, each once, zoomed about its centre, and the titles only when asked.
    @Test func renderDrawsVisibleItemsAndTitles() {
        var strip = CarouselStrip(items: carouselTestItems(10_000), frame: Rect(x: 0, y: 600, width: 480, height: 150))
        strip.scroll(toItem: 5000, animated: false, at: 0)
        strip.selectedIndex = 5000
        var list = DisplayList()
        strip.render(into: &list, at: 0)
        let images = list.commands.compactMap { if case .image(let path, _, _, _) = $0 { path } else { nil } }
        #expect(images.count <= 9 && images.last == "/pictures/p5000.png")
        #expect(list.texts.contains("Picture 5000"))
        #expect(list.commands.contains { if case .pushTransform(let t) = $0 { t.scale == 1.2 } else { false } })
        #expect(list.commands.contains { if case .strokeRect = $0 { true } else { false } }, "selection ring")

        var untitled = strip.options
        untitled.showsTitles = false
        strip.reconfigure(options: untitled, frame: strip.frame, at: 0)
        var bare = DisplayList()
        strip.render(into: &bare, at: 0)
        #expect(bare.texts.isEmpty)
    }
}
