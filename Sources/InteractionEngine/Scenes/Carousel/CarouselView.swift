/// Drawing of the carousel scene: the strip's band, the strip, and the large
/// preview cards that follow the strip as it moves.
extension CarouselScene {
    /// How the large preview follows the strip: a pager of large cards that
    /// moves one card per strip item, so neighbours peek in at the sides.
    enum PreviewMotion {
        /// Gap between neighbouring large cards, for a 240 px card.
        static let gap = 36.0
        /// Shrink of a card one item away from the centre.
        static let shrink = 0.12
        /// Opacity lost by a card one item away from the centre.
        static let fade = 0.55
        /// How fast a card's name fades as it leaves the centre (gone at half an item).
        static let titleFade = 2.0
        /// Corner radius, shadow blur and drop for a 240 px card.
        static let cornerRadius = 28.0
        static let shadowBlur = 16.0
        static let shadowDrop = 8.0
    }

    public func render(at time: Millis) -> DisplayList {
        var list = DisplayList()
        renderBand(into: &list)
        renderPreview(into: &list, at: time)
        strip.render(into: &list, at: time)
        return list
    }

    /// A subtle light band behind the strip, with hairlines above and below.
    private func renderBand(into list: inout DisplayList) {
        let band = geometry.strip
        list.append(.fillRect(band, .verticalGradient(top: Palette.current.bandTop, bottom: Palette.current.bandBottom),
                              cornerRadius: 0))
        for y in [band.minY + 0.5, band.maxY - 0.5] {
            list.append(.line(from: Point(x: band.minX, y: y), to: Point(x: band.maxX, y: y), Theme.separator, width: 1))
        }
    }

    /// The centred item large, with its name and position; its neighbours
    /// peek in at the sides, smaller and faded, and the cards slide with the strip.
    private func renderPreview(into list: inout DisplayList, at time: Millis) {
        let s = geometry.scale
        guard !items.isEmpty else {
            list.append(.text("No pictures", geometry.titleBox,
                              TextStyle(size: 17 * s, weight: .medium, color: Theme.secondaryText, alignment: .center)))
            return
        }
        let position = strip.position(at: time)
        let pitch = previewPitch
        // Cards whose slot (u · pitch from the centre) can reach into the viewport.
        let reach = (geometry.size.width / 2 + geometry.preview.width) / pitch
        let first = max(0, Int((position - reach).rounded(.up)))
        let last = min(items.count - 1, Int((position + reach).rounded(.down)))
        if first <= last {
            let cards = (first...last).sorted { abs(Double($0) - position) > abs(Double($1) - position) }
            for index in cards { renderPreviewCard(index, offset: Double(index) - position, into: &list) }
        }
        let nearest = strip.centredIndex(at: time) ?? 0
        list.append(.text("\(nearest + 1) / \(items.count)", geometry.counterBox,
                          TextStyle(size: 13 * s, color: Theme.secondaryText, alignment: .center)))
    }

    /// Distance between neighbouring large cards.
    var previewPitch: Double {
        let side = max(geometry.preview.width, 120 * geometry.scale)
        return side + PreviewMotion.gap * side / CarouselSceneGeometry.previewSide
    }

    /// One large card `u` items from the centre (negative: to the left).
    private func renderPreviewCard(_ index: Int, offset u: Double, into list: inout DisplayList) {
        let s = geometry.scale
        let distance = min(abs(u), 1.5)
        let alpha = max(0, 1 - PreviewMotion.fade * min(abs(u), 1))
        let titleAlpha = max(0, 1 - PreviewMotion.titleFade * abs(u))
        let k = 1 - PreviewMotion.shrink * distance
        let picture = geometry.preview
        let anchor = Point(x: picture.midX, y: picture.midY)
        let transform = Transform(scale: k, translation: anchor - anchor * k + Point(x: u * previewPitch, y: 0))
        let item = items[index]
        list.transformed(by: transform) { list in
            if picture.width > 0 {
                let unit = picture.width / CarouselSceneGeometry.previewSide
                let radius = PreviewMotion.cornerRadius * unit
                list.append(.shadow(picture, cornerRadius: radius, blur: PreviewMotion.shadowBlur * unit,
                                    offset: Point(x: 0, y: PreviewMotion.shadowDrop * unit),
                                    color: Color.black.withAlpha(0.16 * alpha * alpha)))
                list.append(.image(path: item.imagePath, picture, alpha: alpha, cornerRadius: radius))
                if index == selectedIndex {
                    renderSelectedBadge(on: picture, unit: unit, alpha: alpha, into: &list)
                }
            }
            if titleAlpha > 0 {
                list.append(.text(item.title, geometry.titleBox,
                                  TextStyle(size: 22 * s, weight: .bold, color: Theme.text.withAlpha(titleAlpha),
                                            alignment: .center)))
            }
        }
    }

    /// A round accent badge with a check mark on the selected picture's corner.
    private func renderSelectedBadge(on picture: Rect, unit: Double, alpha: Double, into list: inout DisplayList) {
        let r = 16 * unit
        let centre = Point(x: picture.maxX - 22 * unit, y: picture.minY + 22 * unit)
        list.append(.shadow(Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r), cornerRadius: r,
                            blur: 6 * unit, offset: Point(x: 0, y: 1.5 * unit), color: Color.black.withAlpha(0.25 * alpha)))
        list.append(.fillCircle(center: centre, radius: r, .solid(Theme.accent.withAlpha(alpha))))
        list.append(.strokeCircle(center: centre, radius: r, Color.white.withAlpha(alpha), lineWidth: 2.5 * unit))
        list.append(.text("✓", Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r),
                          TextStyle(size: 17 * unit, weight: .bold, color: Color.white.withAlpha(alpha), alignment: .center)))
    }
}

/// Drawing of the strip: its visible items, each zoomed about its cell's centre.
extension CarouselStrip {
    /// Draws the visible items at `time` into `list`, in the host's coordinates.
    public func render(into list: inout DisplayList, at time: Millis) {
        let unit = layout.options.itemWidth / Metrics.referenceWidth
        list.clipped(to: frame) { list in
            let offset = self.offset(at: time)
            for item in visibleItems(at: time) where items.indices.contains(item.index) {
                let cell = layout.cell(of: item.index, atOffset: offset).offsetBy(dx: frame.minX, dy: frame.minY)
                let anchor = Point(x: cell.midX, y: cell.midY)
                list.transformed(by: .scale(item.scale, about: anchor)) { list in
                    renderCell(items[item.index], in: cell, alpha: item.opacity,
                               selected: item.index == selectedIndex, unit: unit, into: &list)
                }
            }
        }
    }

    /// The picture and name of one item, centred vertically in `cell`.
    private func renderCell(_ item: CarouselItem, in cell: Rect, alpha: Double, selected: Bool, unit: Double,
                            into list: inout DisplayList) {
        let side = cell.width
        let titleBlock = layout.options.showsTitles ? (Metrics.titleGap + Metrics.titleHeight) * unit : 0
        let top = cell.minY + (cell.height - side - titleBlock) / 2
        let picture = Rect(x: cell.minX, y: top, width: side, height: side)
        let radius = Metrics.cornerRadius * unit
        list.append(.shadow(picture, cornerRadius: radius, blur: Metrics.shadowBlur * unit,
                            offset: Point(x: 0, y: Metrics.shadowDrop * unit),
                            color: Color.black.withAlpha(0.16 * alpha)))
        list.append(.image(path: item.imagePath, picture, alpha: alpha, cornerRadius: radius))
        if selected {
            let gap = Metrics.ringGap * unit
            list.append(.strokeRect(picture.insetBy(dx: -gap, dy: -gap), Theme.accent.withAlpha(max(alpha, 0.85)),
                                    lineWidth: Metrics.ringWidth * unit, cornerRadius: radius + gap))
        }
        if layout.options.showsTitles {
            // The name may use the gap beside the item, so short names are never cut.
            let spare = layout.options.spacing * 0.75
            let box = Rect(x: cell.minX - spare, y: picture.maxY + Metrics.titleGap * unit,
                           width: side + 2 * spare, height: Metrics.titleHeight * unit)
            let style = TextStyle(size: Metrics.titleFontSize * unit, weight: selected ? .bold : .medium,
                                  color: (selected ? Theme.accent : Theme.text).withAlpha(alpha), alignment: .center)
            list.append(.text(item.title, box, style))
        }
    }
}
