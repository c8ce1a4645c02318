/// Shaping a frame's damage into column-limited rectangles (issue 21 item 7).
///
/// The damage was full-width row bands, so beside the wallet's 450 px cards in a 1280 px window
/// the gutters were cleared, repainted and sent every moving frame. Rectangles keep the x-extent
/// of what changed. Byte for byte they are still a whole repaint inside, because they never cut
/// what pixman paints from where a span starts (pictures, gradient circles: `held`): a rectangle
/// touching such a box holds it whole, in x as in y. Nor does a rectangle's side cut a clip that
/// Cairo applies as a path (rounded, or not on whole pixels: `columns`): the clip path
/// intersected with the rectangles is split where a side crosses it, and the pixels it clips
/// there (a card's sheen discs under its rounded face) come out a level off. Such a clip is
/// held across all its columns (not its rows: a rectangle's top and bottom cut it exactly, as
/// the full-width bands did).
///
/// The rectangles come in row bands, as before, each band split into the column spans of its
/// damage: every rectangle of a band has the band's rows. Cairo intersects what it fills with
/// the clip's boxes, and a box corner inside another box's rows changed a stroked circle there
/// by a level (the carousel's check badge, `DamageRepaintTests`), though no side crossed it.
enum DamageRectangles {
    /// `rects` (clipped, non-empty) as column spans of row bands, none cutting a box of `held`
    /// or the columns of a box of `columns` it touches, at most `limit` of them (the two spans of
    /// a band with the narrowest gap merged first, then the two nearest bands).
    static func shape(_ input: [PixelRect], holding held: [PixelRect], columns: [PixelRect] = [], limit: Int) -> [PixelRect] {
        var rects = banded(input)
        while true {
            let widened = widen(&rects, across: columns)
            if grow(&rects, holding: held) || widened {
                rects = banded(rects)
                continue
            }
            guard rects.count > limit else { return rects }
            mergeCheapest(&rects)
            rects = banded(rects)
        }
    }

    /// Rectangles sharing rows gathered into bands; in each band the x-extents of its members
    /// merged where they overlap or touch, each a rectangle of the band's rows, bands top first.
    static func banded(_ input: [PixelRect]) -> [PixelRect] {
        // A rectangle inside the one before it (a tile's text inside its face, its face inside
        // its shadow) or holding it changes no band and no span: left out before the sorts, which
        // were 6 % of the compositor's frame for the 3840x2160 grid's 7,500 rectangles.
        var kept: [PixelRect] = []
        kept.reserveCapacity(input.count)
        for r in input where !r.isEmpty {
            if let previous = kept.last {
                if previous.contains(r) { continue }
                if r.contains(previous) {
                    kept[kept.count - 1] = r
                    continue
                }
            }
            kept.append(r)
        }
        var bands: [(top: Int, bottom: Int, spans: [(Int, Int)])] = []
        for r in kept.sorted(by: { $0.y < $1.y }) {
            // The last band by index, not bound to a name: a copy of it would share its spans and
            // make each append copy them all (a 3840x2160 grid frame's 7,500 rectangles in one
            // band: 6 % of the compositor's frame).
            let last = bands.count - 1
            if last >= 0, r.y < bands[last].bottom {
                bands[last].bottom = max(bands[last].bottom, r.maxY)
                bands[last].spans.append((r.x, r.maxX))
            } else {
                bands.append((r.y, r.maxY, [(r.x, r.maxX)]))
            }
        }
        var out: [PixelRect] = []
        for band in bands {
            var merged: [(Int, Int)] = []
            for span in band.spans.sorted(by: { $0.0 < $1.0 }) {
                if let last = merged.last, span.0 <= last.1 {
                    merged[merged.count - 1].1 = max(last.1, span.1)
                } else {
                    merged.append(span)
                }
            }
            for span in merged { out.append(PixelRect(x: span.0, y: band.top, width: span.1 - span.0, height: band.bottom - band.top)) }
        }
        return out
    }

    /// Merges the two spans of one band with the fewest pixels between them; when every band is
    /// one span, the two bands next to each other whose box adds the fewest pixels.
    static func mergeCheapest(_ rects: inout [PixelRect]) {
        guard rects.count > 1 else { return }
        var best = (0, 1), cost = Int.max
        for i in 0..<(rects.count - 1) where rects[i].y == rects[i + 1].y {
            let added = (rects[i + 1].x - rects[i].maxX) * rects[i].height
            if added < cost { cost = added; best = (i, i + 1) }
        }
        if cost == Int.max {
            for i in 0..<(rects.count - 1) {
                let added = rects[i].union(rects[i + 1]).area - rects[i].area - rects[i + 1].area
                if added < cost { cost = added; best = (i, i + 1) }
            }
        }
        let box = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects[best.0] = box
    }

    /// Grows each rectangle that cuts a box of `held` to hold it, and each that shares rows with
    /// one to all its rows (the bands' rule before: a band's rows are those full-width bands had,
    /// only its columns are fewer); true when one grew.
    static func grow(_ rects: inout [PixelRect], holding held: [PixelRect]) -> Bool {
        growEach(&rects, over: held) { r, box in
            if r.intersects(box) { return r.contains(box) ? nil : r.union(box) }
            guard r.y < box.maxY, box.y < r.maxY, box.y < r.y || box.maxY > r.maxY else { return nil }
            let y0 = min(r.y, box.y), y1 = max(r.maxY, box.maxY)
            return PixelRect(x: r.x, y: y0, width: r.width, height: y1 - y0)
        }
    }

    /// Widens each rectangle that touches a box of `columns` to all its columns; true when one grew.
    static func widen(_ rects: inout [PixelRect], across columns: [PixelRect]) -> Bool {
        growEach(&rects, over: columns) { r, box in
            guard r.intersects(box), box.x < r.x || box.maxX > r.maxX else { return nil }
            let x0 = min(r.x, box.x), x1 = max(r.maxX, box.maxX)
            return PixelRect(x: x0, y: r.y, width: x1 - x0, height: r.height)
        }
    }

    /// Replaces each rectangle by what `grown` makes of it and a box of `boxes`, box after box,
    /// until no box grows it (`grown` returns nil); true when one grew.
    private static func growEach(_ rects: inout [PixelRect], over boxes: [PixelRect],
                                 _ grown: (PixelRect, PixelRect) -> PixelRect?) -> Bool {
        guard !boxes.isEmpty else { return false }
        var grew = false
        for i in rects.indices {
            var again = true
            while again {
                again = false
                for box in boxes {
                    guard let next = grown(rects[i], box) else { continue }
                    rects[i] = next
                    again = true
                    grew = true
                }
            }
        }
        return grew
    }

    /// `rect` less every rectangle of `cuts`, as disjoint rectangles (for the copy-forward).
    static func subtracting(_ cuts: [PixelRect], from rect: PixelRect) -> [PixelRect] {
        var pieces = rect.isEmpty ? [] : [rect]
        for cut in cuts where !cut.isEmpty {
            var next: [PixelRect] = []
            for p in pieces {
                guard p.intersects(cut) else { next.append(p); continue }
                let i = p.intersection(cut)
                // Above, below, then left and right of the cut within its rows.
                next.append(PixelRect(x: p.x, y: p.y, width: p.width, height: i.y - p.y))
                next.append(PixelRect(x: p.x, y: i.maxY, width: p.width, height: p.maxY - i.maxY))
                next.append(PixelRect(x: p.x, y: i.y, width: i.x - p.x, height: i.height))
                next.append(PixelRect(x: i.maxX, y: i.y, width: p.maxX - i.maxX, height: i.height))
            }
            pieces = next.filter { !$0.isEmpty }
        }
        return pieces
    }
}
