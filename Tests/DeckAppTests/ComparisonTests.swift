import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// A/B comparison (issue 16, item 3), headless: lockstep halves, identical presets give
/// identical halves, different ones differ, names are resolved in one place.
@Suite struct ComparisonTests {
    static func run(_ names: [String], at time: Millis) throws -> (Comparison, ImageSurface) {
        let (trace, dir) = try ReplayTransportTests.trace()
        var options = Options()
        options.assetsPath = repositoryAssets
        options.replay = dir + "/flick.jsonl"
        options.screenshot = dir + "/ab.png"
        let comparison = try Comparison(options: options, trace: trace, names: names)
        try comparison.screenshot(at: time, to: dir + "/ab.png")
        return (comparison, try ImageSurface.load(png: dir + "/ab.png"))
    }

    /// Counts the pixels where the left half and the right half (below the labels) differ.
    static func differingPixels(_ image: ImageSurface, _ comparison: Comparison) -> Int {
        let w = Int(comparison.deckSize.width), h = Int(comparison.deckSize.height)
        let top = Int(Comparison.labelHeight), right = w + Int(Comparison.gap)
        var count = 0
        for y in top..<(top + h) {
            for x in 0..<w where image.pixel(x: x, y: y) != image.pixel(x: right + x, y: y) { count += 1 }
        }
        return count
    }

    @Test func identicalPresetsGiveIdenticalHalvesAtTheSameTraceTime() throws {
        let (comparison, image) = try Self.run(["default", "default"], at: 190)
        #expect(image.width == 360 * 2 + Int(Comparison.gap) && image.height == 600 + Int(Comparison.labelHeight))
        #expect(Self.differingPixels(image, comparison) == 0)
        let labels = comparison.render(at: 190).texts.filter { $0.contains("t 0.190 s") }
        #expect(labels.count == 2, "both halves show trace time 0.190 s: \(labels)")
        #expect(comparison.sides[0].session.deck.state() == comparison.sides[1].session.deck.state())
    }

    @Test func differentPresetsDifferMidMotionAndShareTheClock() throws {
        // Mid-flick: at 1/4 speed the stack has moved less than at full speed.
        let (comparison, image) = try Self.run(["default", "slow"], at: 300)
        #expect(Self.differingPixels(image, comparison) > 1000)
        let a = comparison.sides[0].session.deck, b = comparison.sides[1].session.deck
        #expect(b.animationClock.rate == 0.25 && a.animationClock.rate == 1)
        #expect(comparison.render(at: 300).texts.filter { $0.hasSuffix("t 0.300 s") }.count == 2)
    }

    /// The tuning lab's presets are variants too: `seed` (the blog posts' 0.25 s linear moves)
    /// against `seed` is identical, against `default` only the seed side is tuned.
    @Test func tuningPresetsAreVariants() throws {
        let variant = try ComparisonVariant.resolve(name: "seed", presets: nil)
        #expect(variant.name == "seed")
        let (same, sameImage) = try Self.run(["seed", "seed"], at: 300)
        #expect(Self.differingPixels(sameImage, same) == 0)
        #expect(!same.sides[0].session.deck.tuning.values.isEmpty, "the seed preset changed nothing")
        let (mixed, _) = try Self.run(["default", "seed"], at: 300)
        #expect(mixed.sides[0].session.deck.tuning.values.isEmpty)
        #expect(mixed.sides[1].session.deck.tuning == same.sides[0].session.deck.tuning)
    }

    @Test func unknownPresetIsAUsageErrorNamingTheChoices() {
        #expect(throws: UsageError.self) { try ComparisonVariant.resolve(name: "bouncy") }
        do { _ = try ComparisonVariant.resolve(name: "bouncy") } catch {
            #expect(error.description.contains("'bouncy'") && error.description.contains("default"))
        }
        #expect((try? ComparisonVariant.resolve(name: "reduce-motion"))?.name == "reduce-motion")
    }
}
