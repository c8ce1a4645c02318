import Foundation
import Testing
@testable import InteractionEngine

@Suite struct PhysicsDecayTests {
    @Test(arguments: [2000.0, -2000.0, 500.0, 8000.0, -137.5, 0.0])
    func restingPointAtNormalRate(velocity: Double) {
        let decay = DecaySimulation(start: 100, velocity: velocity)
        let expected = 100 + velocity / (-1000 * log(0.998))
        #expect(abs(decay.restingPosition - expected) < 1e-9)
        #expect(abs(decay.x(1000) - expected) < 1e-6)
    }

    @Test func twoThousandPixelsPerSecondTravelsAbout999() {
        let decay = DecaySimulation(start: 0, velocity: 2000)
        #expect(abs(decay.restingPosition - 999.0) < 0.1)
    }

    @Test func closedFormMatchesPerMillisecondSteps() {
        // Integrate v(t) = v0 * 0.998^ms by summing 1 µs slices.
        let decay = DecaySimulation(start: 10, velocity: 1500)
        var x = 10.0
        let dt = 1e-6
        var t = 0.0
        for checkpoint in [0.05, 0.2, 0.5] {
            while t < checkpoint - dt / 2 {
                x += 1500 * pow(0.998, 1000 * (t + dt / 2)) * dt
                t += dt
            }
            #expect(abs(decay.x(checkpoint) - x) < 1e-4)
            #expect(abs(decay.dx(checkpoint) - 1500 * pow(0.998, 1000 * checkpoint)) < 1e-9)
        }
    }

    @Test(arguments: [2000.0, -3500.0, 120.0])
    func doneNearTheRestingPoint(velocity: Double) {
        let decay = DecaySimulation(start: 0, velocity: velocity)
        let stop = decay.timeToStop(threshold: DecaySimulation.defaultStopSpeed)
        #expect(!decay.isDone(stop - 0.001))
        #expect(decay.isDone(stop))
        #expect(abs(decay.x(stop) - decay.restingPosition) < 0.5)
        #expect(abs(decay.dx(stop)) <= 0.5 + 1e-9)
    }

    @Test(arguments: [
        (0.0, 2000.0, 1024.0), (0.0, 2000.0, 960.0), (300.0, -1200.0, 0.0),
        (0.0, 800.0, 448.0), (64.0, 50.0, 128.0),
    ])
    func rateLandsExactly(x0: Double, v0: Double, target: Double) throws {
        let rate = try #require(DecaySimulation.rate(toLandAt: target, from: x0, velocity: v0))
        #expect(rate > 0.9 && rate < 0.9999)
        let decay = DecaySimulation(start: x0, velocity: v0, rate: rate)
        #expect(abs(decay.restingPosition - target) < 1e-9)
    }

    @Test func rateRefusesImpossibleLandings() {
        #expect(DecaySimulation.rate(toLandAt: -10, from: 0, velocity: 500) == nil) // sign mismatch
        #expect(DecaySimulation.rate(toLandAt: 0, from: 0, velocity: 500) == nil)   // no distance
        #expect(DecaySimulation.rate(toLandAt: 10, from: 0, velocity: 0) == nil)    // no velocity
        #expect(DecaySimulation.rate(toLandAt: 1, from: 0, velocity: 5000) == nil)  // too abrupt
        #expect(DecaySimulation.rate(toLandAt: 5000, from: 0, velocity: 1) == nil)  // too sluggish
    }

    @Test func timeToReachIsClosedForm() throws {
        let decay = DecaySimulation(start: 0, velocity: 2000)
        for p in [0.0, 100.0, 500.0, 900.0, 998.0] {
            let t = try #require(decay.time(toReach: p))
            #expect(abs(decay.x(t) - p) < 1e-6)
        }
        #expect(decay.time(toReach: 999.5) == nil)  // beyond the rest
        #expect(decay.time(toReach: -5) == nil)     // behind the start
        let back = DecaySimulation(start: 0, velocity: -2000)
        let t = try #require(back.time(toReach: -400))
        #expect(abs(back.x(t) + 400) < 1e-6)
    }

    @Test func fastRateStopsSooner() {
        let normal = DecaySimulation(start: 0, velocity: 2000)
        let fast = DecaySimulation(start: 0, velocity: 2000, rate: DecaySimulation.fastRate)
        #expect(fast.restingPosition < normal.restingPosition / 4)
        #expect(fast.timeToStop(threshold: 0.5) < normal.timeToStop(threshold: 0.5))
    }
}
