import Testing
@testable import InteractionEngine

/// Slow motion (issue 16, item 1), with synthetic time: animations stretch, inputs and
/// timers keep host time.
@Suite struct SlowMotionTests {
    /// A wallet deck at `rate` from time 0 (the bar is 44 px: scene y = window y - 44).
    static func deck(rate: Double) -> (Deck, WalletScene) {
        let scene = WalletScene(cards: WalletDriver.cards(14), saved: nil, size: WalletDriver.size)
        let deck = Deck(scenes: [scene], size: Size(width: 480, height: 800))
        deck.setSlowMotion(rate, at: 0)
        return (deck, scene)
    }

    static func midY(_ deck: Deck, _ scene: WalletScene, _ id: String, at time: Millis) -> Double {
        deck.withAnimationClock { scene.frame(of: id, at: time)?.midY ?? .nan }
    }

    @Test func atAQuarterTheQuarterSecondLiftTakesOneSecondAndTheHoldDeadlineStays() {
        let (deck, scene) = Self.deck(rate: 0.25)
        let (normal, normalScene) = Self.deck(rate: 1)
        for d in [deck, normal] { d.handle(InputEvent(.pointerDown(Point(x: 240, y: 294), .primary), at: 1000)) }
        // The hold deadline is in host time at both rates.
        #expect(deck.nextDeadline() == 1500 && normal.nextDeadline() == 1500)
        deck.tick(at: 1499)
        #expect(scene.liftedID == nil)
        deck.tick(at: 1500)
        normal.tick(at: 1500)
        #expect(scene.liftedID == "c2" && normalScene.liftedID == "c2")
        let rest = Self.midY(normal, normalScene, "c2", at: 1500 + WalletMetrics.liftDuration * 1000)
        #expect(rest == 286)
        // 1/4 speed: host 500 ms in is where the 1x lift is 125 ms in; it ends at 1 s, not 0.25 s.
        #expect(Self.midY(deck, scene, "c2", at: 2000) == Self.midY(normal, normalScene, "c2", at: 1625))
        let liftMillis = WalletMetrics.liftDuration * 1000 / 0.25
        #expect(Self.midY(deck, scene, "c2", at: 1500 + liftMillis - 20) > rest + 0.01, "still rising just before 1 s")
        #expect(Self.midY(deck, scene, "c2", at: 1500 + liftMillis) == rest, "at rest after 1 s")
        #expect(deck.withAnimationClock { deck.needsFrame(at: 1500 + liftMillis - 20) })
    }

    /// The same quick flick (real-time samples 16 ms apart) at every factor.
    static func flick(rate: Double) -> (velocity: Double, resting: Double, deck: Deck, scene: WalletScene) {
        let (deck, scene) = Self.deck(rate: rate)
        var t: Millis = 1000
        var y = 700.0
        deck.handle(InputEvent(.pointerDown(Point(x: 240, y: y), .primary), at: t))
        for _ in 0..<6 {
            t += 16; y -= 40
            deck.handle(InputEvent(.pointerMove(Point(x: 240, y: y)), at: t))
            deck.tick(at: t)
        }
        deck.handle(InputEvent(.pointerUp(Point(x: 240, y: y), .primary), at: t))
        let v = deck.withAnimationClock { scene.scroll.velocity(at: t) }
        let resting = deck.withAnimationClock { scene.scroll.projectedRestingOffset(at: t) }
        return (v, resting, deck, scene)
    }

    @Test func aFlickKeepsItsReleaseVelocityAndTravelAtEveryFactor() {
        let full = Self.flick(rate: 1)
        #expect(full.velocity > 1000, "a quick flick: \(full.velocity) px/s")
        for rate in SlowMotion.rates.dropFirst() {
            let slow = Self.flick(rate: rate)
            #expect(slow.velocity == full.velocity, "release velocity at \(rate)")
            #expect(slow.resting == full.resting, "where it comes to rest at \(rate)")
            // 100 ms into the 1x decay is 100 / rate ms of host time in slow motion.
            let release: Millis = 1096
            let a = full.deck.withAnimationClock { full.scene.offset(at: release + 100) }
            let b = slow.deck.withAnimationClock { slow.scene.offset(at: release + 100 / rate) }
            #expect(abs(a - b) < 1e-6, "offset \(a) at 1x vs \(b) at \(rate)")
            #expect(slow.deck.withAnimationClock { slow.scene.offset(at: release + 100) } < a, "slower to watch")
        }
    }

    @Test func changingTheRateMidAnimationNeverJumps() {
        var clock = AnimationClock()
        var value = AnimatedValue(0)
        AnimationClock.$current.withValue(clock) {
            value.animate(to: 100, at: 1000, spec: .easeInOut(1))
        }
        let before = AnimationClock.$current.withValue(clock) { value.value(at: 1400) }
        clock.setRate(0.1, at: 1400)
        let after = AnimationClock.$current.withValue(clock) { value.value(at: 1400) }
        #expect(before == after && before > 0 && before < 100)
        // 0.6 s of the animation left, now ten times slower: 6 s of host time.
        #expect(AnimationClock.$current.withValue(clock) { value.isAnimating(at: 1400 + 5990) })
        #expect(!AnimationClock.$current.withValue(clock) { value.isAnimating(at: 1400 + 6010) })
        #expect(clock.animationTime(at: 500) == 500, "the past keeps its mapping")
        #expect(AnimationClock().animationTime(at: 1234.5678) == 1234.5678, "real time is host time exactly")
    }

    @Test func theSKeyCyclesOneHalfQuarterTenthAndTheBadgeShowsIt() {
        let (deck, _) = Self.deck(rate: 1)
        var rates: [Double] = []
        for i in 0..<4 {
            deck.handle(InputEvent(.key(.character("s"), []), at: Double(100 * (i + 1))))
            rates.append(deck.animationClock.rate)
        }
        #expect(rates == [0.5, 0.25, 0.1, 1])
        #expect(deck.drainEvents().filter { $0.name == "slow-motion" }.count == 4)
        func badge() -> [String] {
            deck.render(at: 1000).texts.filter { $0.hasPrefix("Slow") }
        }
        #expect(badge().isEmpty)
        deck.handle(InputEvent(.key(.character("S"), .shift), at: 900))
        #expect(badge() == ["Slow 1/2×"])
        #expect(SlowMotion.label(for: 0.1) == "1/10×" && SlowMotion.next(after: 0.3) == 0.25)
    }
}
