import CCairo
import CairoRenderer
import InteractionEngine
import Testing

@Suite struct FontOptionsTests {
    private func shades(_ renderer: CairoRenderer) -> Int {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xFFFFFF)))
        list.append(.text("Wallet Grid Messages", Rect(x: 4, y: 4, width: 230, height: 30), TextStyle(size: 17)))
        let image = renderer.image(of: list, width: 240, height: 40)
        var seen = Set<UInt32>()
        for y in 0..<image.height { for x in 0..<image.width { seen.insert(image.pixel(x: x, y: y)) } }
        return seen.count
    }

    /// Headless text is antialiased (fixed options); the screen's options, merged in, win:
    /// with antialiasing off every text pixel is either ink or background.
    @Test func screenFontOptionsChangeHowTextIsDrawn() throws {
        #expect(shades(CairoRenderer()) > 8)
        let renderer = CairoRenderer()
        let options = try #require(cairo_font_options_create())
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        renderer.useFontOptions(options)
        #expect(shades(renderer) == 2)
    }
}
