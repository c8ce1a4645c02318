@testable import CairoRenderer
import InteractionEngine
import Testing

/// The damage of a reflow (issue 21, the grid's drag across): only the commands the last list
/// did not draw in place (old and new bounds) are damaged, not every command between the lists'
/// common head and tail. A tile moving in the first row of a grid damages that row alone, and
/// the frames drawn through that damage equal whole repaints byte for byte, also where a moved
/// tile overlaps tiles that stayed (drawn before and after it).
@Suite struct ReflowDamageTests {
    static let width = 480, height = 640
    /// Tile side and pitch (user px): a grid of 4 columns and 5 rows.
    static let side = 96.0, pitch = 112.0, columns = 4, rows = 5

    /// The grid with tile 1 at `x` in the first row (a tile reflowing across it), the others in
    /// their slots, and `extra` drawn last (the lifted tile), as the grid scene orders them.
    static func grid(movingX x: Double, lifted: Point? = nil) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xF2F2F7)))
        for n in 0..<(columns * rows) {
            let slot = Point(x: 16 + Double(n % columns) * pitch, y: 16 + Double(n / columns) * pitch)
            let origin = n == 1 ? Point(x: x, y: slot.y) : slot
            tile(n, at: origin, into: &list)
        }
        if let lifted { tile(99, at: lifted, into: &list) }
        return list
    }

    static func tile(_ n: Int, at p: Point, into list: inout DisplayList) {
        let r = Rect(x: p.x, y: p.y, width: side, height: side)
        list.append(.shadow(r, cornerRadius: 16, blur: 8, offset: Point(x: 0, y: 2), color: Color.black.withAlpha(0.18)))
        list.append(.fillRect(r, .diagonalGradient(from: Color(rgb: 0x5B8DEF), to: Color(rgb: 0x2D5BB9)), cornerRadius: 16))
        list.append(.strokeRect(r, Color.white.withAlpha(0.16), lineWidth: 1, cornerRadius: 16))
        list.append(.text("Tile \(n)", Rect(x: r.minX + 12, y: r.maxY - 34, width: side - 24, height: 26),
                          TextStyle(size: 14, weight: .bold, color: .white)))
    }

    @Test func aTileMovingInTheFirstRowDamagesThatRowAlone() {
        let renderer = CairoRenderer(), tracker = DamageTracker()
        _ = tracker.update(Self.grid(movingX: 128), renderer: renderer, width: Self.width, height: Self.height)
        let damage = tracker.update(Self.grid(movingX: 150), renderer: renderer, width: Self.width, height: Self.height)
        // The first row's tiles reach 16 + 96 px, their shadows' halo (blur / 2 + 1 + offset 2)
        // and the damage slack (2) a few px more; the second row starts at 16 + pitch - halo.
        let rowBottom = Int(16 + Self.side + 8 / 2 + 1 + 2 + CairoRenderer.damageSlack + 1)
        #expect(damage.rects.count == 1)
        #expect(damage.bounds.maxY <= rowBottom, "damage \(damage.rects) reaches past the first row (\(rowBottom))")
        #expect(damage.bounds.maxY > rowBottom - 16, "damage \(damage.rects) misses the moving tile's bottom")
        // With the lifted tile (drawn last) moving too, the lists have no common tail: tile 1's
        // row and the lifted tile's rows are damaged, not the rows of the tiles between them
        // (the damage the whole run from tile 1 to the end had, 480 x 600 px here).
        _ = tracker.update(Self.grid(movingX: 170, lifted: Point(x: 200, y: 400)), renderer: renderer,
                           width: Self.width, height: Self.height)
        let lifted = tracker.update(Self.grid(movingX: 190, lifted: Point(x: 206, y: 410)), renderer: renderer,
                                    width: Self.width, height: Self.height)
        #expect(lifted.rects.count == 2, "\(lifted.rects)")
        #expect(lifted.area <= Self.width * (rowBottom + (Int(Self.side) + 10 + 2 * 12)), "\(lifted.rects)")
        #expect(lifted.bounds.maxY > 410 + Int(Self.side), "\(lifted.rects)")
    }

    @Test func framesDrawnThroughTheReflowsDamageEqualWholeRepaints() {
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: Self.width, height: Self.height)
        let buffers = [ImageSurface(width: Self.width, height: Self.height), ImageSurface(width: Self.width, height: Self.height)]
        var partial = 0, mismatches: [Int] = []
        // Tile 1 slides over tile 2's slot and past it (drawn before tile 2, which stays), while
        // the lifted tile crosses rows 2-4 over tiles that stay.
        for step in 0..<24 {
            let list = Self.grid(movingX: 128 + Double(step) * 9.25, lifted: Point(x: 40 + Double(step) * 7.5, y: 140 + Double(step) * 13.3))
            let whole = direct.image(of: list, width: Self.width, height: Self.height)
            let damage = tracker.update(list, renderer: compositor, width: Self.width, height: Self.height)
            let (index, repaint) = ring.advance(with: damage, width: Self.width, height: Self.height)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            if step > 0, damage.area < Self.width * Self.height / 2 { partial += 1 }
            if !DamageRepaintTests.identical(whole, buffers[index]) { mismatches.append(step) }
        }
        #expect(mismatches.isEmpty, "frames \(mismatches) differ from whole repaints")
        #expect(partial >= 20, "only \(partial) frames were repainted in part")
    }
}
