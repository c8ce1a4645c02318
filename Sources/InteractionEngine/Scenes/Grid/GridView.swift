extension GridScene {
    /// Draws the visible tiles, the empty slot the held tile will land in, the
    /// focus ring, and the held (or landing) tile above everything (G2).
    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        // In content coordinates: the container's tiles are drawn as laid out.
        let placements = placements(at: time, inContent: true)
        let offset = scrollOffset(at: time)
        // The scroll container (issue 21 item 7): everything but the lifted tile, in content
        // coordinates under the scroll offset, so a fling changes one transform and a
        // compositor can move the content as a few large tiles.
        list.scrollContainer(offset: Point(x: 0, y: offset)) { list in
            if let moving = placements.last, moving.isLifted, let tile = tile(at: moving.index, id: moving.id) {
                GridTilePainter.drawPlaceholder(for: tile, in: layout.frame(at: moving.index), into: &list)
            }
            // The focused tile goes above its neighbours, so a Shift+arrow move glides over them.
            let focused = focusVisible ? focus.flatMap { f in placements.first { $0.index == f && !$0.isLifted } } : nil
            for placement in placements where !placement.isLifted && placement != focused {
                guard let tile = tile(at: placement.index, id: placement.id) else { continue }
                GridTilePainter.draw(tile, in: placement.frame, lift: 0, restingSide: layout.tileSize, into: &list)
            }
            if let focused, let tile = tile(at: focused.index, id: focused.id) {
                GridTilePainter.draw(tile, in: focused.frame, lift: 0, into: &list)
                GridTilePainter.drawFocusRing(around: focused.frame, into: &list)
            }
        }
        if let moving = placements.last, moving.isLifted, let tile = tile(at: moving.index, id: moving.id) {
            let lift = (moving.scale - 1) / (metrics.liftScale - 1)
            GridTilePainter.draw(tile, in: moving.frame.offsetBy(dx: 0, dy: -offset), lift: lift, restingSide: layout.tileSize, into: &list)
        }
        return list
    }

    /// The tile `id`, which the live order keeps in slot `index`.
    private func tile(at index: Int, id: String) -> GridTile? {
        let items = reorder.liveItems
        guard items.indices.contains(index), items[index].id == id else { return nil }
        return items[index]
    }
}

/// Draws grid tiles, their landing well and the focus ring, in the look `GridTileStyle` gives.
enum GridTilePainter {
    private typealias S = GridTileStyle

    /// Draws `tile` filling `rect`; `lift` (0...1) blends the shadow from resting to lifted. The
    /// text is set for a tile `restingSide` wide scaled in steps (`textSide`; nil: for `rect`).
    static func draw(_ tile: GridTile, in rect: Rect, lift: Double, restingSide: Double? = nil, into list: inout DisplayList) {
        let t = min(max(lift, 0), 1)
        let blur = S.restingShadow.blur + (S.liftedShadow.blur - S.restingShadow.blur) * t
        let offset = S.restingShadow.offset + (S.liftedShadow.offset - S.restingShadow.offset) * t
        let alpha = S.restingShadow.alpha + (S.liftedShadow.alpha - S.restingShadow.alpha) * t
        // One soft shadow: the renderer's box shadow fades smoothly at any blur.
        list.append(.shadow(rect, cornerRadius: S.cornerRadius, blur: blur, offset: offset, color: Color.black.withAlpha(alpha)))
        let top = tile.color.mixed(with: .white, 0.18)
        let bottom = tile.color.mixed(with: .black, 0.12)
        list.append(.fillRect(rect, .diagonalGradient(from: top, to: bottom), cornerRadius: S.cornerRadius))
        // A hairline of light around the edge gives the tile some body.
        list.append(.strokeRect(rect, Color.white.withAlpha(0.16), lineWidth: 1, cornerRadius: S.cornerRadius))

        let light = tile.color.luminance > 0.62
        let ink = light ? Theme.inkOnLight : Color.white
        let sizes = textSizes(side: restingSide.map { textSide(resting: $0, drawn: rect.width) } ?? rect.width)
        let labelSize = textSizes(side: rect.width).label  // the box follows the tile, the font the steps
        let label = Rect(x: rect.minX + 12, y: rect.maxY - labelSize * 2.4, width: rect.width - 24, height: labelSize * 1.8)
        list.append(.text(tile.label, label, TextStyle(size: sizes.label, weight: .bold, color: ink)))
        let initial = String(tile.label.prefix(1)).uppercased()
        let glyph = Rect(x: rect.minX + 12, y: rect.minY + 8, width: rect.width * 0.5, height: rect.height * 0.42)
        list.append(.text(initial, glyph, TextStyle(size: sizes.initial, weight: .bold, color: ink.withAlpha(0.35))))

        if tile.pinned { drawPin(at: Point(x: rect.maxX - 8 - S.badgeRadius, y: rect.minY + 8 + S.badgeRadius), into: &list) }
    }

    /// The label's and the initial's sizes on a tile `side` px wide.
    static func textSizes(side: Double) -> (label: Double, initial: Double) {
        (max(11, min(17, side * 0.14)), side * 0.3)
    }

    /// The width a tile drawn `drawn` px wide sets its text for: `resting` times the scale
    /// rounded to `GridTileStyle.textScaleStep` (exactly `drawn` at rest and held lifted), so a
    /// tile whose size animates sets its text in a few sizes, not a new one each frame.
    static func textSide(resting: Double, drawn: Double) -> Double {
        guard resting > 0 else { return drawn }
        let snapped = textSide(resting: resting, step: (drawn / resting / S.textScaleStep).rounded())
        return abs(snapped - drawn) < 1e-6 ? drawn : snapped
    }

    /// The width of step `k` (`k * textScaleStep` times `resting`).
    static func textSide(resting: Double, step k: Double) -> Double { k * S.textScaleStep * resting }

    /// A push pin on a white disc: a round head on a short neck, a collar, and a
    /// steel needle pointing down-left (the pin leans 45°).
    static func drawPin(at center: Point, into list: inout DisplayList) {
        let r = S.badgeRadius
        list.append(.shadow(Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r), cornerRadius: r,
                            blur: 4, offset: Point(x: 0, y: 1), color: Color.black.withAlpha(0.18)))
        list.append(.fillCircle(center: center, radius: r, .solid(Color.white.withAlpha(0.96))))
        let red = Color(rgb: 0xE5484D)
        let along = Point(x: -1, y: 1) * (0.5).squareRoot() // towards the tip
        let across = Point(x: 1, y: 1) * (0.5).squareRoot()
        let collar = center + along * 0.8
        let head = center - along * 3.6
        list.append(.line(from: collar, to: center + along * 7.4, Color(rgb: 0x8E8E93), width: 1.5))
        list.append(.line(from: collar - across * 4.2, to: collar + across * 4.2, red, width: 2.4))
        list.append(.line(from: collar, to: head, red, width: 2.6))
        list.append(.fillCircle(center: head, radius: 3.4, .solid(red)))
        list.append(.fillCircle(center: head - across * 0.2 + Point(x: 0, y: -1.1), radius: 1.0,
                                .solid(Color.white.withAlpha(0.75))))
    }

    /// The empty slot the moving tile will land in: a faint tinted well.
    static func drawPlaceholder(for tile: GridTile, in rect: Rect, into list: inout DisplayList) {
        list.append(.fillRect(rect, .solid(tile.color.withAlpha(0.14)), cornerRadius: S.cornerRadius))
        list.append(.strokeRect(rect, tile.color.withAlpha(0.45), lineWidth: 1.5, cornerRadius: S.cornerRadius))
    }

    /// The keyboard focus ring, just outside the tile.
    static func drawFocusRing(around rect: Rect, into list: inout DisplayList) {
        let ring = rect.insetBy(dx: -4, dy: -4)
        list.append(.strokeRect(ring, Theme.focusRing, lineWidth: 3, cornerRadius: S.cornerRadius + 4))
    }
}

extension GridScene: FontDeclaringScene {
    /// The label's and initial's fonts at every text step from the press shrink to the lift
    /// (`GridTilePainter.textSide`), so the first press, lift and landing load none.
    public var fontsToWarm: [TextFont] {
        let side = layout.tileSize, step = GridTileStyle.textScaleStep
        guard side > 0 else { return [] }
        let low = (min(metrics.pressFeedbackScale, 1) / step).rounded(.down), high = (max(metrics.liftScale, 1) / step).rounded(.up)
        guard low <= high, high - low <= 64 else { return [] }
        return stride(from: low, through: high, by: 1).flatMap { k -> [TextFont] in
            let sizes = GridTilePainter.textSizes(side: GridTilePainter.textSide(resting: side, step: k))
            return [TextFont(size: sizes.label, weight: .bold), TextFont(size: sizes.initial, weight: .bold)]
        }
    }
}
