import Foundation
import Testing
@testable import InteractionEngine

/// The tuning panel with a mouse, docked or floating, and its curve preview's marker.
@Suite struct TuningPanelTests {
    static let narrow = Size(width: 760, height: 800)
    static let hold = WalletTunables.holdDuration

    static func walletDeck(size: Size = narrow) throws -> Deck {
        let deck = Deck(scenes: [try FuzzScenes.make("wallet", state: DeckState())], size: size)
        deck.handle(InputEvent(.key(.character("t"), []), at: 10))
        _ = deck.drainEvents()
        return deck
    }

    /// The knob of `key`'s slider (its row counted with the group headings above it) and its track.
    static func knob(_ deck: Deck, key: String) throws -> (Point, Rect) {
        let row = try #require(TuningPanel.rows(deck).firstIndex { if case .tunable(let t) = $0 { t.key == key } else { false } })
        let track = try #require(TuningPanel.startingTrack(row: row, windowSize: deck.size))
        let t = try #require(deck.tunables[key])
        let span = t.range.upperBound - t.range.lowerBound
        let x = track.minX + track.width * (deck.tuning.value(t) - t.range.lowerBound) / span
        return (Point(x: x, y: track.midY), track)
    }

    static func tunes(_ events: [DeckEvent]) -> [Double] {
        events.compactMap { e in
            guard e.name == "tune", e.string("key") == hold, case .double(let v)? = e["value"] else { return nil }
            return v
        }
    }

    /// Dragging the hold duration's knob moves it by whole 50 ms steps from where it was (a
    /// 10-step move lands on 1000 ms, 7 px is one step), clamped to 100...3000 ms at either end;
    /// the press never reaches the wallet, though it is held far past the hold duration.
    @Test func draggingAKnobStepsAndClampsAndTheSceneNeverSeesThePress() throws {
        let deck = try Self.walletDeck()
        let t = try #require(deck.tunables[Self.hold])
        let (knob, track) = try Self.knob(deck, key: Self.hold)
        let pxPerStep = t.step / ((t.range.upperBound - t.range.lowerBound) / track.width)
        deck.handle(InputEvent(.pointerDown(knob, .primary), at: 100))
        deck.tick(at: 2000)  // held for 1.9 s: a press on a card would have lifted it
        deck.handle(InputEvent(.pointerMove(Point(x: knob.x + 10 * pxPerStep, y: knob.y)), at: 2010))
        #expect(deck.tuning.value(t) == 1000)
        deck.handle(InputEvent(.pointerMove(Point(x: knob.x + 0.7 * pxPerStep, y: knob.y + 30)), at: 2020))
        #expect(deck.tuning.value(t) == 550)  // rounded to the nearest step from where the press started
        deck.handle(InputEvent(.pointerMove(Point(x: knob.x + 5000, y: knob.y)), at: 2030))
        #expect(deck.tuning.value(t) == t.range.upperBound)
        deck.handle(InputEvent(.pointerMove(Point(x: knob.x - 5000, y: knob.y)), at: 2040))
        #expect(deck.tuning.value(t) == t.range.lowerBound)
        deck.handle(InputEvent(.pointerUp(Point(x: knob.x - 5000, y: knob.y), .primary), at: 2050))
        deck.tick(at: 3000)
        let events = deck.drainEvents()
        #expect(Self.tunes(events) == [1000, 550, 3000, 100])
        #expect(events.allSatisfy { $0.name == "tune" }, "the scene saw the press: \(events.map(\.name))")
        // After the release the scene has its pointer back: a real hold on a card lifts it.
        deck.handle(InputEvent(.pointerDown(Point(x: 200, y: 300), .primary), at: 3100))
        deck.tick(at: 3100 + t.range.lowerBound + 50)
        #expect(deck.drainEvents().contains { $0.name == "lift" })
    }

    /// A press on the track beside the knob jumps the value there (in steps); wheel notches over a
    /// slider add (up) or take (down) one step, smooth scrolling one per 20 px.
    @Test func aClickOnTheTrackJumpsAndTheWheelSteps() throws {
        let deck = try Self.walletDeck()
        let t = try #require(deck.tunables[Self.hold])
        let (knob, track) = try Self.knob(deck, key: Self.hold)
        let target = track.minX + track.width * (2000 - t.range.lowerBound) / (t.range.upperBound - t.range.lowerBound)
        deck.handle(InputEvent(.pointerDown(Point(x: target, y: knob.y), .primary), at: 100))
        deck.handle(InputEvent(.pointerUp(Point(x: target, y: knob.y), .primary), at: 150))
        #expect(deck.tuning.value(t) == 2000)
        deck.handle(InputEvent(.wheel(.steps(dx: 0, dy: -1), at: knob, []), at: 200))
        #expect(deck.tuning.value(t) == 2050)
        deck.handle(InputEvent(.wheel(.steps(dx: 0, dy: 3), at: knob, []), at: 210))
        #expect(deck.tuning.value(t) == 1900)
        deck.handle(InputEvent(.wheel(.pixels(dx: 0, dy: -TuningPanel.pixelsPerWheelStep * 0.6), at: knob, []), at: 220))
        #expect(deck.tuning.value(t) == 1900)
        deck.handle(InputEvent(.wheel(.pixels(dx: 0, dy: -TuningPanel.pixelsPerWheelStep * 0.6), at: knob, []), at: 230))
        #expect(deck.tuning.value(t) == 1950)
        for i in 0..<200 { deck.handle(InputEvent(.wheel(.steps(dx: 0, dy: 1), at: knob, []), at: 300 + Double(i))) }
        #expect(deck.tuning.value(t) == t.range.lowerBound)
        // The wheel over the panel never scrolls the wallet.
        #expect(deck.drainEvents().allSatisfy { $0.name == "tune" })
    }

    /// The panel docks beside the scene from `dockThreshold` on: one px under it the panel floats
    /// over a full-width scene; one px over it the scene is laid out in the rest (never narrower
    /// than `minimumSceneWidth`), the panel starts where the scene ends, and a press just left
    /// of the seam reaches the scene while one just right of it does not. Closing gives the width back.
    @Test(arguments: [-1.0, 1.0])
    func thePanelDocksFromTheThresholdOn(delta: Double) throws {
        let width = TuningPanel.dockThreshold + delta
        let deck = try Self.walletDeck(size: Size(width: width, height: 800))
        let panel = try #require(deck.tuningPanel).frame(deck)
        if delta < 0 {
            #expect(deck.sceneSize.width == width)
            #expect(panel.minX < width - TuningPanel.width)  // floating over the scene's right side
            #expect(panel.width == TuningPanel.width)
        } else {
            #expect(deck.sceneSize.width == width - TuningPanel.dockWidth)
            #expect(deck.sceneSize.width >= TuningPanel.minimumSceneWidth)
            #expect(panel.minX == deck.sceneSize.width)
            #expect(panel.maxX == width)
            // The scene is drawn clipped to its own part: nothing of it is under the panel.
            #expect(deck.render(at: 20).commands.contains { if case .pushClip(let r, _) = $0 {
                r.width == deck.sceneSize.width } else { false } })
        }
        deck.handle(InputEvent(.key(.character("t"), []), at: 50))
        #expect(deck.sceneSize.width == width)
    }

    /// Resizing the window across the threshold with the panel open docks and undocks it.
    @Test func resizingAcrossTheThresholdDocksAndUndocks() throws {
        let deck = try Self.walletDeck()
        deck.handle(InputEvent(.resize(Size(width: TuningPanel.dockThreshold + 1, height: 800)), at: 20))
        #expect(deck.sceneSize.width == TuningPanel.dockThreshold + 1 - TuningPanel.dockWidth)
        deck.handle(InputEvent(.resize(Size(width: TuningPanel.dockThreshold - 1, height: 800)), at: 30))
        #expect(deck.sceneSize.width == TuningPanel.dockThreshold - 1)
    }

    static func marker(_ list: DisplayList) -> Point? {
        for case .fillCircle(let center, _, .solid(let color)) in list.commands where color == TuningPanel.markerColor { return center }
        return nil
    }

    /// With the lift's curve selected, a real hold lifts a card and a marker runs along the
    /// preview while the lift animates (further right at each frame), and is gone once it ends.
    @Test func theMarkerFollowsTheRunningAnimation() throws {
        let deck = try Self.walletDeck()
        let rows = WalletTunables.table.all.map(\.key)
        let row = try #require(rows.firstIndex(of: WalletTunables.lift + ".curve"))
        for i in 0..<row { deck.handle(InputEvent(.key(.down, []), at: 20 + Double(i))) }
        #expect(Self.marker(deck.render(at: 100)) == nil)
        deck.handle(InputEvent(.pointerDown(Point(x: 200, y: 300), .primary), at: 1000))
        deck.tick(at: 1500)
        #expect(deck.drainEvents().contains { $0.name == "lift" })
        let lift = WalletMetrics.liftAnimation.duration
        var xs: [Double] = []
        for ms in [0.2, 0.5, 0.8].map({ 1500 + lift * $0 }) {
            deck.tick(at: ms)
            xs.append(try #require(Self.marker(deck.render(at: ms)), "no marker at \(ms)").x)
        }
        #expect(xs == xs.sorted() && Set(xs).count == 3, "the marker did not move right: \(xs)")
        deck.tick(at: 1500 + lift + 100)
        #expect(Self.marker(deck.render(at: 1500 + lift + 100)) == nil)
    }

    /// The preview draws both curves: x(t) and v(t).
    @Test func thePreviewPlotsPositionAndVelocity() throws {
        let deck = try Self.walletDeck()
        let rows = WalletTunables.table.all.map(\.key)
        let row = try #require(rows.firstIndex(of: WalletTunables.slot + ".response"))
        for i in 0..<row { deck.handle(InputEvent(.key(.down, []), at: 20 + Double(i))) }
        let list = deck.render(at: 100)
        let curves = list.commands.filter { if case .polyline(let p, _, _) = $0 { p.count == TuningPanel.previewSamples + 1 } else { false } }
        #expect(curves.count == 2)
        #expect(list.texts.contains { $0.hasPrefix("v(t)") } && list.texts.contains { $0.hasPrefix("x(t)") })
    }
}

extension TuningPanelTests {
    /// The floating panel moves by its title (and stays in the window); a docked one does not.
    @Test func theFloatingPanelMovesByItsTitle() throws {
        let deck = try Self.walletDeck()
        let before = try #require(deck.tuningPanel).frame(deck)
        let title = Point(x: before.midX, y: before.minY + 10)
        deck.handle(InputEvent(.pointerDown(title, .primary), at: 100))
        deck.handle(InputEvent(.pointerMove(Point(x: title.x - 200, y: title.y)), at: 120))
        deck.handle(InputEvent(.pointerUp(Point(x: title.x - 200, y: title.y), .primary), at: 130))
        let after = try #require(deck.tuningPanel).frame(deck)
        #expect(after.minX == before.minX - 200 && after.minY == before.minY)
        deck.handle(InputEvent(.pointerDown(Point(x: after.midX, y: after.minY + 10), .primary), at: 200))
        deck.handle(InputEvent(.pointerMove(Point(x: -5000, y: after.minY + 10)), at: 220))
        #expect(try #require(deck.tuningPanel).frame(deck).minX == 0)
        #expect(deck.drainEvents().isEmpty)

        let docked = try Self.walletDeck(size: Size(width: TuningPanel.dockThreshold + 1, height: 800))
        let frame = try #require(docked.tuningPanel).frame(docked)
        docked.handle(InputEvent(.pointerDown(Point(x: frame.midX, y: frame.minY + 10), .primary), at: 100))
        docked.handle(InputEvent(.pointerMove(Point(x: frame.midX - 200, y: frame.minY + 10)), at: 120))
        #expect(try #require(docked.tuningPanel).frame(docked) == frame)
    }
}

extension TuningPanelTests {
    /// Random presses, drags, wheels and keys, mostly on the open panel, with resizes across the
    /// docking threshold, in every scene: every value stays in its range, the panel stays in the
    /// window, a docked scene is never narrower than `minimumSceneWidth`, and frames keep drawing.
    @Test(arguments: FuzzScenes.names)
    func randomInputOnThePanelKeepsEveryValueInRange(scene: String) throws {
        let deck = Deck(scenes: [try FuzzScenes.make(scene, state: DeckState())], size: Self.narrow)
        deck.handle(InputEvent(.key(.character("t"), []), at: 1))
        var rng = SplitMix64(seed: 0x7A11 ^ UInt64(scene.count))
        var time: Millis = 10
        let keys: [Key] = [.up, .down, .left, .right, .backspace, .enter]
        for _ in 0..<3000 {
            time += 1 + rng.unit() * 40
            let frame = try #require(deck.tuningPanel).frame(deck)
            let onPanel = rng.unit() < 0.8
            let p = onPanel ? Point(x: frame.minX + rng.unit() * frame.width, y: frame.minY + rng.unit() * frame.height)
                : Point(x: rng.unit() * deck.size.width, y: rng.unit() * deck.size.height)
            switch rng.next() % 8 {
            case 0: deck.handle(InputEvent(.pointerDown(p, .primary), at: time))
            case 1, 2: deck.handle(InputEvent(.pointerMove(p), at: time))
            case 3: deck.handle(InputEvent(.pointerUp(p, .primary), at: time))
            case 4: deck.handle(InputEvent(.wheel(.steps(dx: 0, dy: Int(rng.next() % 7) - 3), at: p, []), at: time))
            case 5: deck.handle(InputEvent(.key(keys[Int(rng.next() % UInt64(keys.count))], rng.unit() < 0.3 ? .shift : []), at: time))
            case 6 where rng.unit() < 0.05:
                let width = TuningPanel.dockThreshold + (rng.unit() - 0.5) * 400
                deck.handle(InputEvent(.resize(Size(width: width, height: 500 + rng.unit() * 400)), at: time))
            default: deck.tick(at: time)
            }
            for t in deck.tunables.all {
                let v = deck.tuning.value(t)
                #expect(t.range.contains(v) && deck.tuning[t.key].map(t.range.contains) != false, "\(t.key) = \(v)")
            }
            let panel = try #require(deck.tuningPanel).frame(deck)
            #expect(panel.minX >= 0 && panel.maxX <= deck.size.width + 0.001)
            if TuningPanel.docks(windowWidth: deck.size.width) { #expect(deck.sceneSize.width >= TuningPanel.minimumSceneWidth) }
            if rng.unit() < 0.02 { _ = deck.render(at: time) }
        }
        _ = deck.drainCommands()
    }
}
