import Testing
@testable import InteractionEngine

/// W8-W10: tap to expand, the footer, collapsing, and dragging the expanded card away.
@Suite struct WalletExpandTests {
    /// 480x756: the expanded card spans 16...706; the footer starts 10 px below it.
    static let expanded = Rect(x: 16, y: 16, width: 448, height: 690)

    static func tap(_ d: WalletDriver, _ x: Double, _ y: Double) {
        d.press(x, y)
        d.advance(50)
        d.release(x, y)
    }

    /// Expands c3 (at rest, offset 0) and lets it settle.
    static func expandedDriver() -> WalletDriver {
        let d = WalletDriver()
        tap(d, 240, 350)
        d.settle()
        return d
    }

    // MARK: W8

    @Test(arguments: [
        // footer position, inset, top
        (0, 20.0, 716.0), (1, 15.0, 726.0), (2, 10.0, 736.0), (3, 5.0, 746.0), (7, 5.0, 746.0),
    ])
    func footerFramesFollowTheSeed(position: Int, inset: Double, top: Double) {
        let layout = WalletLayout(viewport: WalletDriver.size, count: 14)
        #expect(layout.expandedFrame == Self.expanded)
        #expect(layout.footerFrame(position: position) == Rect(x: 16 + inset, y: top, width: 448 - 2 * inset, height: 200))
    }

    @Test func tappingACardExpandsItOverAFooterOfTheOthers() {
        let d = Self.expandedDriver()
        #expect(d.names() == ["expand"] && d.events[0].string("id") == "c3")
        #expect(d.scene.expandedID == "c3")
        #expect(d.frame("c3") == Self.expanded)
        #expect(d.frame("c0") == Rect(x: 36, y: 716, width: 408, height: 200))
        #expect(d.frame("c1") == Rect(x: 31, y: 726, width: 418, height: 200))
        #expect(d.frame("c2") == Rect(x: 26, y: 736, width: 428, height: 200))
        for later in ["c4", "c5", "c6", "c7"] {
            #expect(d.frame(later) == Rect(x: 21, y: 746, width: 438, height: 200), "later ones stay at position 3")
        }
        #expect(d.drawn.map(\.id) == ["c0", "c1", "c2", "c7", "c3"], "at most four footer cards drawn, expanded on top")
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func expandingAnimatesFromWhereEachCardWas() {
        let d = WalletDriver()
        d.press(240, 350)
        d.advance(50)
        let before = Dictionary(uniqueKeysWithValues: (0..<8).map { ("c\($0)", d.frame("c\($0)")!) })
        d.release(240, 350)
        for (id, frame) in before {
            // Within the animations' 0.1 px tolerance (the pressed card's hold feedback had begun).
            let now = d.frame(id) ?? .zero
            let error = max(abs(now.minX - frame.minX), abs(now.minY - frame.minY), abs(now.width - frame.width),
                            abs(now.height - frame.height))
            #expect(error <= 0.1, "\(id) did not jump when the layout changed")
        }
        // No "jump left first": every footer card only ever moves right and down.
        var lastX = before.mapValues(\.minX), lastY = before.mapValues(\.minY)
        d.advance(700) {
            for id in ["c0", "c1", "c2", "c4", "c7"] {
                let f = d.frame(id)!
                #expect(f.minX >= lastX[id]! - 1e-9 && f.minY >= lastY[id]! - 1e-9, "\(id) moved back at \(f)")
                lastX[id] = f.minX
                lastY[id] = f.minY
            }
        }
        #expect(d.frame("c0")?.minX == 36)
    }

    @Test func scrollingIsOffWhileExpanded() {
        let d = Self.expandedDriver()
        d.wheel(.steps(dx: 0, dy: 3))
        d.settle()
        #expect(d.offset == 0)
        d.press(240, 740)
        d.drag(from: Point(x: 240, y: 740), to: Point(x: 240, y: 400), duration: 200)
        d.release(240, 400)
        d.settle()
        #expect(d.offset == 0)
        #expect(d.scene.expandedID == "c3", "dragging the footer does nothing")
    }

    @Test func expandingAScrolledStackKeepsItsOffset() {
        let d = WalletDriver()
        d.wheel(.pixels(dx: 0, dy: 250))
        Self.tap(d, 240, 80)
        d.settle()
        #expect(d.scene.expandedID == "c3")
        #expect(d.drawn.map(\.id) == ["c2", "c4", "c5", "c9", "c3"])
        Self.tap(d, 240, 300)
        d.settle()
        #expect(d.offset == 250)
        #expect(d.drawn.first?.id == "c2" && d.drawn.first?.frame.minY == 16)
    }

    // MARK: W9

    @Test func tappingTheExpandedCardCollapses() {
        let d = Self.expandedDriver()
        Self.tap(d, 240, 300)
        #expect(d.names() == ["expand", "collapse"])
        #expect(d.scene.expandedID == nil)
        d.settle()
        for i in 0..<8 {
            #expect(d.frame("c\(i)") == Rect(x: 16, y: 16 + Double(i) * 100, width: 448, height: 200))
        }
        #expect(!d.scene.needsFrame(at: d.time))
    }

    @Test func tappingTheFooterCollapses() {
        let d = Self.expandedDriver()
        Self.tap(d, 240, 740)
        #expect(d.names() == ["expand", "collapse"])
        #expect(d.scene.expandedID == nil)
    }

    // MARK: W10

    /// Drags the expanded card from y = 300 down by `distance` at 10 px per frame.
    static func dragExpanded(_ d: WalletDriver, by distance: Double) {
        d.press(240, 300)
        let steps = Int(distance / 10)
        for i in 1...steps {
            d.advance(1000.0 / 60)
            d.move(240, 300 + Double(i) * 10)
        }
    }

    @Test func theExpandedCardFollowsThePointerAndNarrows() {
        let d = Self.expandedDriver()
        Self.dragExpanded(d, by: 200)
        // The first 10 px step crosses the 4 px slop; the card follows the pointer less the slop.
        let distance = 200 - GestureSettings.standard.slop(for: .mouse)
        let inset = 5 * distance / 690
        let f = d.frame("c3")!
        #expect(abs(f.minY - (16 + distance)) < 1e-9)
        #expect(abs(f.minX - (16 + inset)) < 1e-9 && abs(f.width - (448 - 2 * inset)) < 1e-9)
        #expect(f.height == 690)
    }

    @Test func releasedBeforeHalfwaySpringsBack() {
        let d = Self.expandedDriver()
        Self.dragExpanded(d, by: 300)
        d.advance(100)
        d.release(240, 600)
        #expect(d.names() == ["expand"])
        d.settle()
        #expect(d.scene.expandedID == "c3")
        #expect(d.frame("c3") == Self.expanded)
    }

    @Test func releasedPastHalfItsHeightItSlidesOffAndCollapses() {
        let d = Self.expandedDriver()
        Self.dragExpanded(d, by: 370)
        d.advance(100)
        d.release(240, 670)
        #expect(d.names() == ["expand", "collapse"])
        d.advance(125)
        let sliding = d.frame("c3")!
        #expect(sliding.minY > 16 + 360, "slides on down")
        d.advance(150)
        #expect(d.scene.expandedID == nil)
        d.settle()
        #expect(d.frame("c3") == Rect(x: 16, y: 316, width: 448, height: 200))
    }

    @Test func aFlingFasterThan1300PxPerSecondClosesAtOnce() {
        let d = Self.expandedDriver()
        d.press(240, 300)
        for i in 1...6 {
            d.advance(10)
            d.move(240, 300 + Double(i) * 30)   // 3000 px/s
        }
        #expect(d.names() == ["expand", "collapse"], "closed before the release")
        d.release(240, 480)
        #expect(d.names() == ["expand", "collapse"])
        d.settle()
        #expect(d.scene.expandedID == nil)
    }

    @Test func aSlowShortDragDoesNotClose() {
        let d = Self.expandedDriver()
        d.press(240, 300)
        for i in 1...10 {
            d.advance(20)
            d.move(240, 300 + Double(i) * 20)   // 1000 px/s: under the threshold
        }
        d.release(240, 500)
        d.settle()
        #expect(d.scene.expandedID == "c3")
    }

    @Test func reduceMotionJumpsStraightToTheLayout() {
        let d = WalletDriver()
        d.scene.reduceMotion = true
        Self.tap(d, 240, 350)
        #expect(d.frame("c3") == Self.expanded)
        #expect(!d.scene.needsFrame(at: d.time))
    }
}
