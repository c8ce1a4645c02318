import Foundation
import Testing
@testable import InteractionEngine

/// Issue 22, tried by hand: double clicks on the strip and the settle after a fling.
@Suite struct CarouselTriedByHandTests {
    final class Driver {
        let scene = CarouselScene(items: carouselTestItems(16))
        var router = PressRouter()
        /// What the scene returned since the last look.
        var inbox: [SceneEvent] = []
        func takeInbox() -> [DeckEvent] {
            defer { inbox.removeAll() }
            return inbox.map(\.deckEvent)
        }
        var time: Millis = 0
        var events: [DeckEvent] = []
        init() { scene.resize(to: Size(width: 480, height: 756), at: 0) }
        func send(_ kind: InputEvent.Kind) {
            inbox += router.route(InputEvent(kind, at: time), to: scene)
            events += takeInbox()
        }
        func wait(_ ms: Millis) {
            let end = time + ms
            while time < end - 1e-9 {
                time = min(end, time + 1000.0 / 60)
                inbox += router.tick(at: time, scene: scene)
                inbox += scene.tick(at: time)
            }
            events += takeInbox()
        }
        /// A click at `p`: press, release 50 ms later.
        func click(_ p: Point) {
            send(.pointerDown(p, .primary))
            wait(50)
            send(.pointerUp(p, .primary))
        }
        /// The centre of item `index` on screen now.
        func itemCentre(_ index: Int) -> Point {
            let strip = scene.strip
            let cell = strip.visibleItems(at: time).first { $0.index == index }!.frame
            return Point(x: cell.midX + strip.frame.minX, y: cell.midY + strip.frame.minY)
        }
        func settle() { wait(3000) }
        var centredExactly: Int? {
            let strip = scene.strip
            guard let i = strip.centredIndex(at: time) else { return nil }
            return abs(strip.offset(at: time) - strip.layout.offset(centering: i)) <= 0.01 ? i : nil
        }
        var selects: [String] { events.filter { $0.name == "select" }.compactMap { $0.fields["id"] }.map { "\($0)" } }
    }

    // MARK: Item 4

    /// Two clicks 90 ms apart on an item two places right of the centre: the item the
    /// first click selected ends centred with the ring on it.
    @Test func aDoubleClickEndsWithTheSelectedItemCentred() {
        let d = Driver()
        let p = d.itemCentre(2)
        d.click(p)
        d.wait(40)  // the second press comes 90 ms after the first
        d.click(p)
        d.settle()
        #expect(d.scene.selectedIndex == 2)
        #expect(d.centredExactly == 2, "centred: \(String(describing: d.centredExactly))")
        #expect(d.events.filter { $0.name == "select" }.count == 2, "a double click selects twice, the same item")
    }

    /// Straddles `doubleClickInterval`: δ inside it the second click repeats the first;
    /// δ past it, it is a click of its own on whatever item is under the pointer then.
    /// Either way the selected item ends centred.
    @Test(arguments: [-20.0, 20.0])
    func theDoubleClickIntervalStraddles(delta: Double) {
        let d = Driver()
        let p = d.itemCentre(2)
        d.click(p)
        let second = CarouselScene.doubleClickInterval + delta
        d.wait(second - 50)
        let under = d.scene.strip.itemIndex(at: p, time: d.time)
        #expect(under != 2, "the strip has moved another item under the pointer")
        d.click(p)
        d.settle()
        let expected = delta < 0 ? 2 : under
        #expect(d.scene.selectedIndex == expected)
        #expect(d.centredExactly == expected)
    }

    /// Straddles `doubleClickDistance` with the same 90 ms rhythm.
    @Test(arguments: [-1.0, 1.0])
    func theDoubleClickDistanceStraddles(delta: Double) {
        let d = Driver()
        let p = d.itemCentre(2)
        d.click(p)
        d.wait(40)
        let q = p + Point(x: CarouselScene.doubleClickDistance + delta, y: 0)
        let under = d.scene.strip.itemIndex(at: q, time: d.time + 50)
        d.click(q)
        d.settle()
        let expected = delta < 0 ? 2 : under
        #expect(d.scene.selectedIndex == expected)
        #expect(d.centredExactly == expected)
    }

    // MARK: Item 9: the settle after a fling

    /// The time (s) from `start` after which the strip stays within 0.5 px of where it rests.
    static func settleTime(velocity: Double) -> Double {
        var strip = CarouselStrip(items: carouselTestItems(40), frame: Rect(x: 0, y: 600, width: 480, height: 150))
        strip.scroll(toItem: 20, animated: false, at: 0)
        strip.beginDrag(at: 0)
        strip.endDrag(velocity: velocity, at: 10)
        let end = strip.layout.offset(centering: strip.targetIndex(at: 10) ?? 0)
        var last = 10.0
        var t = 10.0
        while t < 10_000 {
            t += 1
            if abs(strip.offset(at: t) - end) > 0.5 { last = t }
        }
        return (last - 10) / 1000
    }

    @Test func aFlingSettlesInAboutFourTenthsOfASecond() {
        let measured = Self.settleTime(velocity: -2000)
        let delta = 0.03
        #expect(measured > CarouselStrip.Metrics.settleTime - delta && measured < CarouselStrip.Metrics.settleTime + delta,
                "settled in \(measured) s")
        for v in [-6000.0, -3000, -1000, -400, 400, 1000, 3000, 6000] {
            let t = Self.settleTime(velocity: v)
            #expect(t <= 0.55, "a \(v) px/s fling settles in \(t) s")
        }
    }
}
