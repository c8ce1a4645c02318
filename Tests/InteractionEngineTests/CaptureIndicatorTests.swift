import InteractionEngine
import Testing

@Suite struct TouchIndicatorTests {
    typealias M = TouchIndicator.Metrics

    private func pressed(at time: Millis = 1000, _ p: Point = Point(x: 100, y: 200)) -> TouchIndicator {
        var dot = TouchIndicator()
        dot.record(InputEvent(.pointerDown(p, .primary), at: time))
        return dot
    }

    @Test func growsOnPressFromItsStartSizeToFullSize() throws {
        let dot = pressed()
        let start = try #require(dot.dot(at: 1000))
        #expect(abs(start.radius - M.radius * M.pressedStartScale) < 1e-9)
        #expect(start.alpha == 1)
        // Just before the end of the growth it is still smaller; from the end on it is full size.
        let before = try #require(dot.dot(at: 1000 + M.growDuration - 1))
        #expect(before.radius < M.radius && before.radius > start.radius)
        #expect(abs(try #require(dot.dot(at: 1000 + M.growDuration)).radius - M.radius) < 1e-9)
        #expect(abs(try #require(dot.dot(at: 1000 + M.growDuration + 1)).radius - M.radius) < 1e-9)
        #expect(dot.needsFrame(at: 1000 + M.growDuration - 1))
        #expect(!dot.needsFrame(at: 1000 + M.growDuration + 1), "a resting press must not keep the host drawing")
    }

    @Test func followsThePointerAndFadesOnRelease() throws {
        var dot = pressed()
        dot.record(InputEvent(.pointerMove(Point(x: 130, y: 260)), at: 1100))
        #expect(try #require(dot.dot(at: 1100)).center == Point(x: 130, y: 260))
        dot.record(InputEvent(.pointerUp(Point(x: 140, y: 270), .primary), at: 1500))
        // Moves after the release do not drag the fading dot along.
        dot.record(InputEvent(.hover(Point(x: 300, y: 300)), at: 1510))
        dot.record(InputEvent(.pointerMove(Point(x: 300, y: 300)), at: 1520))
        let fading = try #require(dot.dot(at: 1500 + M.fadeDuration / 2))
        #expect(fading.center == Point(x: 140, y: 270))
        #expect(abs(fading.alpha - 0.5) < 1e-9)
        #expect(fading.radius > M.radius, "it swells as it lifts off")
        #expect(dot.dot(at: 1500 + M.fadeDuration - 1) != nil)
        #expect(dot.dot(at: 1500 + M.fadeDuration + 1) == nil)
        #expect(dot.needsFrame(at: 1500 + M.fadeDuration - 1))
        #expect(!dot.needsFrame(at: 1500 + M.fadeDuration + 1))
        var list = DisplayList()
        dot.render(into: &list, at: 1500 + M.fadeDuration + 1)
        #expect(list.commands.isEmpty)
    }

    @Test func onlyThePrimaryButtonIsAFingerAndACancelFades() throws {
        var dot = TouchIndicator()
        dot.record(InputEvent(.pointerDown(Point(x: 1, y: 1), .secondary), at: 0))
        #expect(dot.dot(at: 10) == nil)
        dot = pressed(at: 0)
        dot.record(InputEvent(.pointerCancel, at: 50))
        #expect(try #require(dot.dot(at: 50 + M.fadeDuration / 2)).alpha < 1)
        #expect(dot.dot(at: 50 + M.fadeDuration + 1) == nil)
    }
}

@Suite struct CaptureChromeTests {
    typealias M = CaptureChrome.Metrics

    private final class Still: DeckScene {
        let name = "wallet"
        let title = "Wallet"
        var stateRevision = 0
        var reduceMotion = false
        func resize(to size: Size, at time: Millis) {}
        func update(_ input: SceneInput) -> [SceneEvent] { [] }
        func tick(at time: Millis) -> [SceneEvent] { [] }
        func needsFrame(at time: Millis) -> Bool { false }
        func render(at time: Millis) -> DisplayList { DisplayList() }
        func save(into state: inout DeckState) {}
    }

    private func deck() -> Deck { Deck(scenes: [Still()], size: Size(width: 480, height: 800)) }

    @Test func keysKAndF9() {
        let deck = deck()
        deck.handle(InputEvent(.key(.character("k"), []), at: 1))
        #expect(deck.touches != nil)
        #expect(deck.drainEvents().contains { $0.name == "show-taps" && $0["on"] == .bool(true) })
        deck.handle(InputEvent(.key(.character("K"), .shift), at: 2))
        #expect(deck.touches == nil)
        deck.handle(InputEvent(.key(.function(9), []), at: 3))
        deck.handle(InputEvent(.key(.function(12), []), at: 4))
        #expect(deck.drainCommands() == [.toggleRecording, .screenshot])
    }

    @Test func touchDotIsInTheDisplayListWhileThePressLasts() {
        let deck = deck()
        deck.touches = TouchIndicator()
        let empty = deck.render(at: 0).commands.count
        deck.handle(InputEvent(.pointerDown(Point(x: 50, y: 300), .primary), at: 10))
        #expect(deck.render(at: 20).commands.count > empty)
        #expect(deck.needsFrame(at: 20))
        deck.handle(InputEvent(.pointerUp(Point(x: 50, y: 300), .primary), at: 500))
        #expect(deck.render(at: 500 + TouchIndicator.Metrics.fadeDuration + 1).commands.count == empty)
    }

    @Test func chromeIsDrawnInTheWindowButNotInScreenshots() {
        let deck = deck()
        let bare = deck.render(at: 0).commands
        deck.chrome.recording = true
        deck.chrome.progress = ("Encoding video…", 0.5)
        deck.chrome.showToast("Saved to /tmp/x.png")
        deck.tick(at: 0)
        #expect(deck.render(at: 0).commands.count > bare.count)
        #expect(deck.render(at: 0).texts.contains("✓ Saved to /tmp/x.png"))
        #expect(deck.render(at: 0).texts.contains("Encoding video… 50 %"))
        #expect(deck.render(at: 0, chrome: false).commands == bare)
    }

    @Test func toastLastsItsDurationAndWakesTheHostToFadeOut() {
        let deck = deck()
        deck.chrome.showToast("Saved to here")
        deck.tick(at: 1000)  // the timer starts at the first frame
        let fadeStart = 1000 + M.toastDuration - M.toastFade
        #expect(deck.nextDeadline() == fadeStart)
        #expect(!deck.needsFrame(at: fadeStart - 1))
        #expect(deck.needsFrame(at: fadeStart + 1))
        deck.tick(at: 1000 + M.toastDuration - 1)
        #expect(deck.chrome.toastText == "Saved to here")
        deck.tick(at: 1000 + M.toastDuration + 1)
        #expect(deck.chrome.toastText == nil)
        #expect(deck.nextDeadline() == nil)
    }
}
