import CCairo
import CairoRenderer
import InteractionEngine
import Testing

/// The host's idle warm-up (`CairoRenderer.warmNext`): one declared font per idle moment, again
/// after a resize or a font-option change. Counted, never timed.
@Suite struct FontWarmupTests {
    /// Calls `warmNext` until it returns nil; returns how many fonts it loaded.
    static func warmAll(_ renderer: CairoRenderer, _ fonts: [TextFont]) -> Int {
        var loaded = 0
        while renderer.warmNext(fonts) != nil {
            loaded += 1
            if loaded > fonts.count { break }  // a font that never counts as loaded would loop forever
        }
        return loaded
    }

    @Test func eachIdleMomentLoadsOneFontUntilAllAreLoaded() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Size(width: 480, height: 640))
        let fonts = deck.fontsToWarm
        #expect(fonts.count > 1, "the wallet declares \(fonts.count) fonts: nothing to spread")
        let renderer = CairoRenderer()
        let first = renderer.frameCounts.fontsLoaded
        #expect(renderer.warmNext(fonts) == fonts.first)
        #expect(renderer.frameCounts.fontsLoaded == first + 1, "one idle moment loads exactly one font")
        #expect(Self.warmAll(renderer, fonts) == fonts.count - 1)
        #expect(renderer.warmNext(fonts) == nil, "with every font loaded an idle moment loads none (the loop blocks)")
        #expect(renderer.warm(fonts) == 0)
    }

    @Test func aResizedGridDeclaresFontsTheFirstWarmUpDidNotLoad() throws {
        let deck = try Goldens.deck(scene: "grid", size: Size(width: 480, height: 640))
        let renderer = CairoRenderer()
        #expect(Self.warmAll(renderer, deck.fontsToWarm) > 0)
        deck.handle(InputEvent(.resize(Size(width: 1280, height: 800)), at: 0))
        let resized = deck.fontsToWarm
        let pending = Self.warmAll(renderer, resized)
        #expect(pending > 0, "the resized grid's text steps were all loaded at the old size")
        #expect(renderer.warmNext(resized) == nil && renderer.warm(resized) == 0)
    }

    @Test func aFontOptionChangeMakesTheDeclaredFontsPendingAgain() throws {
        let deck = try Goldens.deck(scene: "wallet", size: Size(width: 480, height: 640))
        let renderer = CairoRenderer()
        let fonts = deck.fontsToWarm
        #expect(Self.warmAll(renderer, fonts) == fonts.count)
        let options = try #require(cairo_font_options_create())
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        renderer.useFontOptions(options)
        #expect(Self.warmAll(renderer, fonts) == fonts.count, "fonts made for the old options count as loaded")
    }
}
