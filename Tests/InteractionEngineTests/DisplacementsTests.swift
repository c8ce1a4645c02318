import Testing
@testable import InteractionEngine

/// The shared additive displacements the wallet, messages and grid slide items with.
@Suite struct DisplacementsTests {
    let spec = AnimationSpec.spring(.smooth)
    let slotA = Rect(x: 0, y: 0, width: 100, height: 100)
    let slotB = Rect(x: 120, y: 0, width: 100, height: 100)

    @Test func anItemStartsWhereItWasDrawnAndArrivesInItsLayoutFrame() {
        var d = Displacements(.followsLayout)
        d.record("a", from: slotA, to: slotB, at: 1000, spec: spec, reduceMotion: false)
        #expect(d.count == 1 && d.contains("a") && d.isAnimating(at: 1000))
        #expect(d.frame(of: "a", layoutFrame: slotB, at: 1000) == slotA)
        let midway = d.frame(of: "a", layoutFrame: slotB, at: 1100)
        #expect(midway.minX > slotA.minX && midway.minX < slotB.minX && midway.size == slotB.size)
        #expect(d.frame(of: "a", layoutFrame: slotB, at: 10_000) == slotB)
        #expect(!d.isAnimating(at: 10_000))
        d.prune(at: 10_000)
        #expect(d.count == 0 && !d.contains("a"))
        #expect(d.frame(of: "b", layoutFrame: slotA, at: 1000) == slotA, "an item without an entry sits in its frame")
    }

    @Test func followingTheLayoutTheDisplacementRidesOnAMovingFrame() {
        var d = Displacements(.followsLayout)
        d.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
        let scrolled = slotB.offsetBy(dx: 0, dy: -40)
        let here = d.frame(of: "a", layoutFrame: slotB, at: 50)
        let there = d.frame(of: "a", layoutFrame: scrolled, at: 50)
        #expect(there == here.offsetBy(dx: 0, dy: -40))
    }

    @Test func aFixedSlotEntryIsIgnoredOnceTheSlotChanged() {
        var d = Displacements(.fixedSlots)
        d.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
        #expect(d.frame(of: "a", layoutFrame: slotB, at: 50) != slotB)
        // Moved again while off screen: its slot is now C, and the entry for B is stale.
        let slotC = Rect(x: 240, y: 0, width: 100, height: 100)
        #expect(d.frame(of: "a", layoutFrame: slotC, at: 50) == slotC)
    }

    @Test func aRetargetKeepsPositionAndVelocity() {
        for anchoring in [Displacements.Anchoring.followsLayout, .fixedSlots] {
            var d = Displacements(anchoring)
            d.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
            let now = d.frame(of: "a", layoutFrame: slotB, at: 80)
            let speed = d.velocity(of: "a", at: 80)
            #expect(speed.minX > 0)
            d.record("a", from: now, to: slotA, at: 80, spec: spec, reduceMotion: false)
            #expect(d.frame(of: "a", layoutFrame: slotA, at: 80) == now)
            #expect(abs(d.velocity(of: "a", at: 80).minX - speed.minX) < 1e-9)
        }
    }

    @Test func aFixedSlotItemDrawnElsewhereStartsFromRest() {
        var d = Displacements(.fixedSlots)
        d.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
        let altered = d.frame(of: "a", layoutFrame: slotB, at: 80).insetBy(dx: 2, dy: 2)
        d.record("a", from: altered, to: slotB, at: 80, spec: spec, reduceMotion: false)
        #expect(d.velocity(of: "a", at: 80) == .zero)
        var following = Displacements(.followsLayout)
        following.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
        let moving = following.velocity(of: "a", at: 80)
        following.record("a", from: altered, to: slotB, at: 80, spec: spec, reduceMotion: false)
        #expect(following.velocity(of: "a", at: 80) == moving, "a moving layout always carries the velocity")
    }

    @Test func anItemThatWouldNotMoveKeepsNoEntry() {
        var d = Displacements(.followsLayout)
        d.record("still", from: slotB, to: slotB, at: 0, spec: spec, reduceMotion: false)
        d.record("reduced", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: true)
        #expect(d.count == 0 && !d.isAnimating(at: 0))
        d.record("pushed", from: slotB, to: slotB, at: 0, spec: spec, reduceMotion: false,
                 velocity: Rect(x: 500, y: 0, width: 0, height: 0))
        #expect(d.contains("pushed") && d.isAnimating(at: 0))
    }

    @Test func removeAndRemoveAllPutItemsInTheirFrames() {
        var d = Displacements(.fixedSlots)
        d.record("a", from: slotA, to: slotB, at: 0, spec: spec, reduceMotion: false)
        d.record("b", from: slotB, to: slotA, at: 0, spec: spec, reduceMotion: false)
        d.remove("a")
        #expect(d.frame(of: "a", layoutFrame: slotB, at: 10) == slotB && d.count == 1)
        d.removeAll()
        #expect(d.frame(of: "b", layoutFrame: slotA, at: 10) == slotA && d.count == 0)
    }
}
