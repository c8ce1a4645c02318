import Foundation
import Testing
@testable import InteractionEngine

/// Drives a carousel scene with timed input, as the host would.
private final class Driver {
    let scene: CarouselScene
    /// The press router a deck would own: scenes take gestures, not pointer input.
    var router = PressRouter()
    /// What the scene returned since the last look.
    var inbox: [SceneEvent] = []
    func takeInbox() -> [DeckEvent] {
        defer { inbox.removeAll() }
        return inbox.map(\.deckEvent)
    }
    var time: Millis = 0
    var events: [DeckEvent] = []

    init(state: DeckState.CarouselState? = nil, count: Int = 16) {
        scene = CarouselScene(items: carouselTestItems(count), state: state)
        scene.resize(to: Size(width: 480, height: 756), at: 0)
    }

    func send(_ kind: InputEvent.Kind, after delay: Millis = 16) {
        time += delay
        inbox += router.route(InputEvent(kind, at: time), to: scene)
        inbox += router.tick(at: time, scene: scene)
        inbox += scene.tick(at: time)
        events += takeInbox()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) { send(.key(key, modifiers)) }

    /// Ticks at 60 Hz until the scene needs no more frames.
    func settle() {
        var guardTime = 0
        while scene.needsFrame(at: time), guardTime < 2000 {
            time += 1000.0 / 60
            inbox += router.tick(at: time, scene: scene)
            inbox += scene.tick(at: time)
            guardTime += 1
        }
        #expect(!scene.needsFrame(at: time), "the scene never came to rest")
        events += takeInbox()
    }

    var stripY: Double { scene.geometry.strip.midY }
    var centred: Int? { scene.strip.centredIndex(at: time) }

    /// True when an item is centred to within 0.01 px.
    var isExactlyCentred: Bool {
        let strip = scene.strip
        guard let index = strip.centredIndex(at: time) else { return false }
        return abs(strip.offset(at: time) - strip.layout.offset(centering: index)) <= 0.01
    }
}

@Suite struct CarouselSceneTests {
    @Test func namesAndRestingState() {
        let d = Driver()
        #expect(d.scene.name == "carousel" && d.scene.title == "Carousel")
        #expect(d.centred == 0 && d.isExactlyCentred)
        #expect(!d.scene.needsFrame(at: 0), "idle at rest")
        #expect(d.router.nextDeadline() == nil, "no hold timer in the carousel")
    }

    /// C5: a click on an item selects it (event with its id, saved) and
    /// scrolls it to the centre, animated.
    @Test func clickSelectsAndCentres() {
        let d = Driver()
        let target = Point(x: 240 + 2 * 80, y: d.stripY)
        d.send(.pointerDown(target, .primary))
        d.send(.pointerUp(target, .primary), after: 80)
        #expect(d.events == [DeckEvent("select", ["id": .string("p2")])])
        #expect(d.scene.selectedID == "p2" && d.scene.stateRevision == 1 && d.scene.strip.selectedIndex == 2)
        #expect(d.scene.needsFrame(at: d.time), "the strip animates to the item")
        let halfway = d.scene.strip.position(at: d.time + 60)
        #expect(halfway > 0 && halfway < 2)
        d.settle()
        #expect(d.centred == 2 && d.isExactlyCentred)

        // Clicking the same item again reports it again but changes nothing to save.
        let centre = Point(x: 240, y: d.stripY)
        d.send(.pointerDown(centre, .primary))
        d.send(.pointerUp(centre, .primary), after: 60)
        #expect(d.events.count == 2 && d.scene.stateRevision == 1)
    }

    /// A click on the large picture selects the centred item.
    @Test func clickOnThePreviewSelectsTheCentredItem() {
        let d = Driver()
        d.key(.right)
        d.settle()
        let p = Point(x: d.scene.geometry.preview.midX, y: d.scene.geometry.preview.midY)
        d.send(.pointerDown(p, .primary))
        d.send(.pointerUp(p, .primary), after: 60)
        #expect(d.scene.selectedID == "p1")
        // A drag outside the strip scrolls nothing.
        d.send(.pointerDown(p, .primary))
        for i in 1...10 { d.send(.pointerMove(Point(x: p.x - Double(i) * 20, y: p.y))) }
        d.send(.pointerUp(Point(x: p.x - 200, y: p.y), .primary))
        d.settle()
        #expect(d.centred == 1)
    }

    /// C4 through real pointer input: the content follows the pointer 1:1 less
    /// the slop (no jump by it, no first motion dropped), and the fling lands on an item.
    @Test(arguments: [40.0, 120.0, 400.0])
    func dragAndFlingLandsOnAnItem(speed: Double) {
        let d = Driver()
        d.key(.end)
        d.settle()
        let start = d.scene.strip.offset(at: d.time)
        let y = d.stripY
        d.send(.pointerDown(Point(x: 300, y: y), .primary))
        var x = 300.0
        let slop = GestureSettings.standard.slop(for: .mouse)
        var dragged = false
        while x < 300 + 260 {
            x += speed * 16 / 1000 * 10  // a steady move to the right (towards the start)
            d.send(.pointerMove(Point(x: x, y: y)))
            guard d.scene.strip.isDragging else { continue }
            // From the move that crossed the slop on, the content is the pointer's travel less the slop.
            dragged = true
            #expect(abs(d.scene.strip.offset(at: d.time) - (start - (x - 300 - slop))) < 1e-9, "1:1 less the slop")
        }
        #expect(dragged)
        let beforeRelease = d.scene.strip.offset(at: d.time)
        #expect(beforeRelease < start - 200)
        d.send(.pointerUp(Point(x: x, y: y), .primary))
        #expect(d.events.isEmpty, "a drag selects nothing")
        d.settle()
        #expect(d.isExactlyCentred)
        #expect((d.centred ?? 99) < 15)
    }

    /// A press on a moving strip stops it; releasing settles it, without selecting.
    @Test func tapOnAMovingStripStopsIt() {
        let d = Driver()
        d.key(.end)
        d.send(.pointerDown(Point(x: 240, y: d.stripY), .primary), after: 100)
        let caught = d.scene.strip.offset(at: d.time)
        d.send(.pointerUp(Point(x: 240, y: d.stripY), .primary), after: 60)
        #expect(d.events.isEmpty && d.scene.selectedID == nil)
        d.settle()
        #expect(d.isExactlyCentred && (d.centred ?? 0) < 15)
        #expect(abs(d.scene.strip.offset(at: d.time) - caught) <= d.scene.strip.layout.pitch / 2 + 1e-9)
    }

    /// Escape (or a right click) during a drag settles the strip on the nearest item.
    @Test func cancelledDragSettles() {
        let d = Driver()
        d.key(.home)
        d.send(.pointerDown(Point(x: 240, y: d.stripY), .primary))
        for i in 1...8 { d.send(.pointerMove(Point(x: 240 - Double(i) * 15, y: d.stripY))) }
        d.send(.key(.escape, []))
        d.settle()
        #expect(d.isExactlyCentred && d.centred == 1)
    }

    /// C4: the wheel, vertical or horizontal, moves one item per notch.
    @Test func wheelNotches() {
        let d = Driver()
        d.send(.wheel(.steps(dx: 0, dy: 1), at: Point(x: 100, y: 100), []))
        d.settle()
        #expect(d.centred == 1 && d.isExactlyCentred)
        d.send(.wheel(.steps(dx: 1, dy: 0), at: Point(x: 100, y: 700), .shift))
        d.settle()
        #expect(d.centred == 2 && d.isExactlyCentred)
        d.send(.wheel(.steps(dx: 0, dy: -1), at: Point(x: 100, y: 700), []))
        d.settle()
        #expect(d.centred == 1 && d.isExactlyCentred)
        for _ in 0..<4 { d.send(.wheel(.pixels(dx: 0, dy: 14), at: Point(x: 100, y: 700), [])) }
        #expect(d.scene.needsFrame(at: d.time))
        d.settle()
        #expect(d.centred == 2 && d.isExactlyCentred)
    }

    /// Keyboard: Left/Right one item, Page Up/Down a strip's width, Home/End
    /// the ends, Enter selects the centred item.
    @Test func keyboard() {
        let d = Driver()
        d.key(.right)
        d.key(.right)
        d.settle()
        #expect(d.centred == 2 && d.isExactlyCentred)
        d.key(.left)
        d.settle()
        #expect(d.centred == 1)
        d.key(.end)
        d.settle()
        #expect(d.centred == 15 && d.isExactlyCentred)
        d.key(.right)
        d.settle()
        #expect(d.centred == 15)
        d.key(.pageUp)
        d.settle()
        #expect(d.centred == 10)
        d.key(.home)
        d.settle()
        #expect(d.centred == 0)
        d.key(.right)
        d.key(.enter)
        #expect(d.events.last == DeckEvent("select", ["id": .string("p1")]), "Enter selects where the strip is heading")
        d.settle()
        #expect(d.scene.selectedID == "p1" && d.centred == 1)
    }

    /// C5: the selection is saved and restored centred; an unknown saved id
    /// is kept (nothing lost) but nothing is drawn as selected.
    @Test func saveAndRestore() {
        let d = Driver()
        d.key(.end)
        d.settle()
        d.key(.left)
        d.key(.enter)
        var state = DeckState()
        d.scene.save(into: &state)
        #expect(state.carousel == DeckState.CarouselState(selected: "p14"))

        let restored = Driver(state: state.carousel)
        #expect(restored.scene.selectedID == "p14" && restored.scene.strip.selectedIndex == 14)
        #expect(restored.centred == 14 && restored.isExactlyCentred)
        #expect(!restored.scene.needsFrame(at: 0) && restored.scene.stateRevision == 0)

        let stranger = Driver(state: DeckState.CarouselState(selected: "gone"))
        #expect(stranger.scene.selectedIndex == nil && stranger.centred == 0)
        var again = DeckState()
        stranger.scene.save(into: &again)
        #expect(again.carousel?.selected == "gone")

        let fresh = Driver(state: nil)
        var none = DeckState()
        fresh.scene.save(into: &none)
        #expect(none.carousel == DeckState.CarouselState(selected: nil))
    }

    /// C2 and I4: the layout scales with the window and a resize keeps the centred item.
    @Test func resizeScalesAndKeepsTheCentredItem() {
        let d = Driver()
        d.key(.right)
        d.key(.right)
        d.key(.right)
        d.settle()
        d.scene.resize(to: Size(width: 960, height: 1400), at: d.time)
        let g = d.scene.geometry
        #expect(g.scale == 2 && d.scene.strip.layout.options.itemWidth == 128)
        #expect(g.strip.width == 960 && g.strip.height == 300 && g.preview.width == 480)
        #expect(d.centred == 3 && d.isExactlyCentred)
        d.scene.resize(to: Size(width: 960, height: 700), at: d.time)
        #expect(abs(d.scene.geometry.scale - 700.0 / 600) < 1e-12, "a short window limits the scale")
        d.scene.resize(to: Size(width: 200, height: 260), at: d.time)
        #expect(d.scene.geometry.scale == 1 && d.scene.geometry.preview.width == 0, "too small for the picture")
        #expect(d.centred == 3 && d.isExactlyCentred)
        _ = d.scene.render(at: d.time)
    }

    /// Reduce motion: a selection jumps straight to the centre.
    @Test func reduceMotionJumps() {
        let d = Driver()
        d.scene.reduceMotion = true
        let p = Point(x: 240 + 160, y: d.stripY)
        d.send(.pointerDown(p, .primary))
        d.send(.pointerUp(p, .primary), after: 50)
        #expect(d.centred == 2 && d.isExactlyCentred && !d.scene.needsFrame(at: d.time))
    }

    /// The large preview shows the centred item, its name and position, with
    /// its neighbours faded at the sides; mid-scroll the cards slide and fade
    /// in proportion to the strip's position.
    @Test func previewFollowsTheStrip() {
        let d = Driver()
        let card = d.scene.geometry.preview
        func previewImages(_ list: DisplayList) -> [String: Double] {
            var result: [String: Double] = [:]
            for case .image(let path, let rect, let alpha, _) in list.commands where rect == card { result[path] = alpha }
            return result
        }
        func previewTitles(_ list: DisplayList) -> [String] {
            list.commands.compactMap { if case .text(let s, _, let style) = $0, style.size == 22 { s } else { nil } }
        }
        var list = d.scene.render(at: 0)
        let resting = previewImages(list)
        #expect(resting.count == 2 && resting["/pictures/p0.png"] == 1)
        #expect(abs((resting["/pictures/p1.png"] ?? 0) - 0.45) < 1e-12)
        #expect(previewTitles(list) == ["Picture 0"] && list.texts.contains("1 / 16"))

        d.key(.right)
        let mid = d.time + 40
        let p = d.scene.strip.position(at: mid)
        #expect(p > 0.2 && p < 0.8)
        list = d.scene.render(at: mid)
        let images = previewImages(list)
        #expect(abs((images["/pictures/p0.png"] ?? 0) - (1 - 0.55 * p)) < 1e-9)
        #expect(abs((images["/pictures/p1.png"] ?? 0) - (1 - 0.55 * (1 - p))) < 1e-9)
        #expect(images["/pictures/p2.png"] != nil, "the next neighbour slides in")
        #expect(previewTitles(list).count == (abs(p - 0.5) < 1e-9 ? 0 : 1))
        d.settle()
        list = d.scene.render(at: d.time)
        #expect(previewTitles(list) == ["Picture 1"] && list.texts.contains("2 / 16"))
    }

    @Test func emptySceneIsHarmless() {
        let d = Driver(count: 0)
        d.key(.right)
        d.key(.enter)
        d.send(.pointerDown(Point(x: 240, y: d.stripY), .primary))
        d.send(.pointerUp(Point(x: 240, y: d.stripY), .primary))
        d.send(.wheel(.steps(dx: 0, dy: 3), at: .zero, []))
        d.settle()
        #expect(d.events.isEmpty)
        #expect(d.scene.render(at: d.time).texts == ["No pictures"])
    }
}
