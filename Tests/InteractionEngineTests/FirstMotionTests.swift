import Testing
@testable import InteractionEngine

/// Issue 22 item 1: once a drag is recognised, the content follows the pointer
/// 1:1, losing at most the slop, however large the first motion (a quick real
/// flick or a tablet delivers 40-100 px at once). And a still press waiting for
/// its hold deadline draws no frames.
@Suite struct FirstMotionTests {
    static let slop = GestureSettings.standard.slop(for: .mouse)

    @Test func aFortyPixelFirstMotionSwipesAMessageRowByFortyLessTheSlop() {
        let d = MessagesDriver()
        let start = MessagesDriver.row(2, x: 400)
        d.press(start)
        d.move(start + Point(x: -40, y: 0))
        #expect(d.offset("m2") <= -(40 - Self.slop) && d.offset("m2") >= -40)
        #expect(abs(d.offset("m2") - -(40 - Self.slop)) < 1e-9)
        d.move(start + Point(x: -90, y: 0))
        #expect(abs(d.offset("m2") - -(90 - Self.slop)) < 1e-9, "then 1:1")
    }

    @Test func aHundredPixelFirstMotionScrollsTheWalletStackByAHundredLessTheSlop() {
        let d = WalletDriver()
        let before = d.offset
        d.press(240, 600)
        d.advance(8, step: 8)
        d.move(240, 500)  // 100 px up in one event
        #expect(abs(d.offset - before - (100 - Self.slop)) < 1e-9)
        d.advance(8, step: 8)
        d.move(240, 450)
        #expect(abs(d.offset - before - (150 - Self.slop)) < 1e-9, "then 1:1")
    }

    @Test func aHundredPixelFirstMotionMovesTheExpandedCardByAHundredLessTheSlop() {
        let d = WalletExpandTests.expandedDriver()
        let top = d.frame("c3")!.minY
        d.press(240, 300)
        d.advance(50)  // slow enough not to be a closing fling
        d.move(240, 400)
        #expect(abs(d.frame("c3")!.minY - top - (100 - Self.slop)) < 1e-9)
    }

    @Test func aSixtyPixelFirstMotionMovesTheCarouselBySixtyLessTheSlop() {
        let scene = CarouselScene(items: carouselTestItems(16))
        var router = PressRouter()
        scene.resize(to: Size(width: 480, height: 756), at: 0)
        router.route(InputEvent(.key(.end, []), at: 0), to: scene)
        var t = 0.0
        while scene.needsFrame(at: t), t < 10_000 { t += 16; scene.tick(at: t) }
        let before = scene.strip.offset(at: t)
        let y = scene.geometry.strip.midY
        router.route(InputEvent(.pointerDown(Point(x: 200, y: y), .primary), at: t + 10), to: scene)
        router.route(InputEvent(.pointerMove(Point(x: 260, y: y)), at: t + 20), to: scene)
        #expect(abs(scene.strip.offset(at: t + 20) - (before - (60 - Self.slop))) < 1e-9)
    }

    // MARK: A still press draws nothing until its hold fires

    /// Ticks `scene` and its press like the host does, from `from` up to (not including)
    /// `until` at 60 Hz, counting the frames it would draw.
    static func framesDrawn(_ scene: any DeckScene, _ router: inout PressRouter, from: Millis, until: Millis) -> Int {
        var frames = 0
        var t = from
        while t < until {
            router.tick(at: t, scene: scene)
            scene.tick(at: t)
            if scene.needsFrame(at: t) { frames += 1 }
            t += 1000.0 / 60
        }
        return frames
    }

    /// The wallet's pressed card shrinks a little while the hold builds (its hold feedback): a
    /// still press on a card draws those frames, one per 60 Hz frame up to the deadline (it drew
    /// none, so the real window did not show the shrink), and a press off the cards draws none.
    @Test func aStillPressOnAWalletCardDrawsOnlyItsHoldFeedbackBeforeTheHold() {
        let margin = WalletDriver()
        margin.press(5, 250)
        #expect(Self.framesDrawn(margin.scene, &margin.router, from: margin.time,
                                 until: margin.time + GestureSettings.standard.holdDuration) == 0)
        let d = WalletDriver()
        d.press(240, 250)
        let deadline = d.time + GestureSettings.standard.holdDuration
        #expect(d.router.nextDeadline() == deadline)
        let feedbackFrames = Int((GestureSettings.standard.holdDuration / (1000.0 / 60)).rounded(.up))
        #expect(Self.framesDrawn(d.scene, &d.router, from: d.time, until: deadline) == feedbackFrames)
        d.router.tick(at: deadline, scene: d.scene)
        d.scene.tick(at: deadline)
        #expect(d.scene.needsFrame(at: deadline), "the lift animates from the deadline on")
        #expect(d.scene.liftedID != nil)
    }

    @Test func aStillPressOnAGridTileDrawsNoFramesBeforeTheHold() {
        let scene = GridScene(tiles: gridTiles(30), size: gridViewport)
        var router = PressRouter()
        let p = scene.layout.center(at: 4)
        router.route(InputEvent(.pointerDown(p, .primary), at: 100), to: scene)
        #expect(router.nextDeadline() == 600)
        #expect(Self.framesDrawn(scene, &router, from: 100, until: 600) == 0)
        router.tick(at: 600, scene: scene)
        scene.tick(at: 600)
        #expect(scene.needsFrame(at: 600) && scene.phase == .lifted)
    }

    @Test func stillPressesInMessagesAndTheCarouselDrawNoFrames() {
        let messages = MessagesScene(conversations: MessagesDriver.conversations(10))
        messages.resize(to: Size(width: 480, height: 756), at: 0)
        var router = PressRouter()
        router.route(InputEvent(.pointerDown(MessagesDriver.row(2), .primary), at: 100), to: messages)
        #expect(Self.framesDrawn(messages, &router, from: 100, until: 2000) == 0)
        let carousel = CarouselScene(items: carouselTestItems(16))
        carousel.resize(to: Size(width: 480, height: 756), at: 0)
        router = PressRouter()
        router.route(InputEvent(.pointerDown(Point(x: 240, y: carousel.geometry.strip.midY), .primary), at: 100),
                     to: carousel)
        #expect(Self.framesDrawn(carousel, &router, from: 100, until: 2000) == 0)
    }

    // MARK: A press that stops a fling never lifts or opens anything

    @Test func aPressThatCatchesAFlingingWalletNeverLiftsOrExpands() {
        for holdAfter in [false, true] {
            let d = WalletDriver()
            d.press(240, 600)
            for i in 1...6 {
                d.advance(8, step: 8)
                d.move(240, 600 - Double(i) * 40)  // 5000 px/s up: a fling
            }
            d.release(240, 360)
            d.advance(50)
            #expect(d.scene.needsFrame(at: d.time), "still flinging")
            d.press(240, 300)  // catch it
            d.advance(holdAfter ? 700 : 60)
            d.release(240, 300)
            d.settle()
            #expect(d.names().isEmpty, "no lift, no expand: \(d.names())")
            #expect(d.scene.liftedID == nil && d.scene.expandedID == nil)
        }
    }

    @Test func aPressThatCatchesAFlingingListNeitherSelectsNorSwipesARowOpen() {
        for swipe in [false, true] {
            let d = MessagesDriver()
            d.drag(from: MessagesDriver.row(8), by: Point(x: 0, y: -240), steps: 6)  // a fling up
            d.release(dt: 8)
            d.wait(50)
            #expect(d.scene.needsFrame(at: d.time), "still flinging")
            let at = Point(x: 400, y: 300)
            d.press(at)
            if swipe { d.moveBy(Point(x: -200, y: 0), from: at, steps: 10) }
            d.release()
            d.settle()
            #expect(d.events().isEmpty, "caught: nothing selected or opened")
            #expect(d.scene.openRowID == nil && d.scene.selectedID == nil)
        }
    }
}
