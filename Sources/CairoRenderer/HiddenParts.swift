import CCairo
import InteractionEngine

/// What later opaque faces leave showing of a command (issue 21 item 5, occlusion culling).
///
/// An opaque face replaces every pixel of its straight middle (`occluders(in:)`), so what was
/// drawn there before it never shows. A command wholly inside a later face's middle is not
/// drawn at all; one mostly inside is drawn clipped to the ring of device pixels around it
/// (whole rows above and below, the parts left and right). During a wallet expand or collapse the
/// cards sliding into the footer change size every frame, so nothing of them is cached, and the
/// growing card hides nearly all of them: before, each was drawn whole (its gradient face, sheen,
/// text and shadow) behind it.
///
/// Pixels: what a later face hides is replaced, so leaving it out changes nothing; but a clip
/// may change a command's edge pixels by a level (a gradient steps along a row from its span's
/// start; a clip path and a box combine differently), and a shape the cache never saw would be
/// drawn afresh rather than copied once it rests. So this runs on the layer path only, for
/// commands not in the last frame's list (moving or changed ones); cached shapes are clipped,
/// never left out; every clipped command's box joins the settle rectangles, and in the next frame,
/// at rest, it is drawn whole.
enum Showing: Equatable {
    /// Nothing hides the command (or it is not worth a clip).
    case all
    /// A later face hides all of it.
    case none
    /// Draw inside `bands` only, then repaint `box` exactly in the next frame.
    case bands([PixelRect], box: PixelRect)
}

extension CairoRenderer {
    /// A command is clipped to what shows only when a later face hides at least this share of
    /// its device bounds: a clip costs a save, a path and a restore.
    static let hiddenShareForClip = 0.25
    /// ... and at least this many device pixels of it (a line of text half hidden is cheaper drawn whole).
    static let hiddenAreaForClip = 4096

    /// What of command `index` (device bounds `bounds`) the faces of `occluders` after it leave showing.
    func showing(_ index: Int, _ command: DrawCommand, bounds: PixelRect?,
                 occluders: [(index: Int, rect: PixelRect)]) -> Showing {
        switch command {
        // A picture is always drawn: drawing it is what asks the loader for it (and tells the
        // damage whether it has landed).
        case .clear, .image, .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: return .all
        default: break
        }
        // Only on the layer path (settle repaints), and only for a command that was not in the
        // last frame's list (it moves or changes): a frame at rest draws every command whole.
        guard retainedLayers, let b = bounds, !b.isEmpty, !occluders.isEmpty, !unchangedSinceLastList(index) else { return .all }
        // A shape of the shape cache is drawn (clipped) rather than left out, so the cache sees it
        // as the direct path's does and copies it, not draws it, once it rests.
        let cached: Bool
        switch command {
        case .shadow, .strokeRect: cached = true
        case .fillRect(_, let paint, _): if case .solid = paint { cached = false } else { cached = true }
        default: cached = false
        }
        var lo = 0, hi = occluders.count
        while lo < hi { let mid = (lo + hi) / 2; if occluders[mid].index <= index { lo = mid + 1 } else { hi = mid } }
        // The face covering most of the box (the first in the list of those covering as much).
        var best: PixelRect?, bestPosition = Int.max
        func consider(_ position: Int) -> Bool {
            let o = occluders[position]
            if o.rect.contains(b), !cached { return false }
            let part = o.rect.intersection(b)
            if !part.isEmpty, part.area > (best?.area ?? 0) || (part.area == best?.area && position < bestPosition) {
                (best, bestPosition) = (part, position)
            }
            return true
        }
        if let index = indexedOccluders(occluders), let finished = index.forEachCandidate(meeting: b, from: lo, consider) {
            indexedShowings += 1
            if !finished { return .none }
        } else {
            for position in lo..<occluders.count where !consider(position) { return .none }
        }
        guard let hole = best, hole.area >= CairoRenderer.hiddenAreaForClip,
              Double(hole.area) >= CairoRenderer.hiddenShareForClip * Double(b.area) else { return .all }
        return .bands(CairoRenderer.ring(b, around: hole), box: b)
    }

    /// Clips `cr` to `bands` (device pixels) for one command; `endShowing` undoes it.
    func beginShowing(_ cr: OpaquePointer, _ bands: [PixelRect]) {
        cairo_save(cr)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for r in bands { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_clip(cr)
        cairo_set_matrix(cr, &m)
    }

    /// Ends a clipped command: restores `cr` (a stroke's round caps stay set, as unclipped), and
    /// lists `box` for the next frame's repaint, where the command, at rest, is drawn whole.
    func endShowing(_ cr: OpaquePointer, _ command: DrawCommand, box: PixelRect) {
        cairo_restore(cr)
        switch command {
        case .line, .polyline:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        default: break
        }
        layers.approximated(box)
    }
}

extension CairoRenderer {
    /// Command `index` of the list being drawn was in the last list drawn: it neither moved nor
    /// changed. Before any list was drawn (the window's first frame) every command is unchanged.
    func unchangedSinceLastList(_ index: Int) -> Bool {
        guard let flags = knownUnchanged, index < flags.count else { return true }
        return flags[index]
    }

    /// Which commands of `list` the last list drawn holds too, for a draw the damage tracker did
    /// not compare (its `CommandBounds.unchanged` is the command in the same context): the lists'
    /// commands matched in order (`CommandMatch`); nil before any list was drawn.
    func unchangedCommands(_ list: DisplayList) -> [Bool]? {
        guard let old = lastDrawn else { return nil }
        let new = list.commands
        return CommandMatch.match(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] }.matched.map { $0 >= 0 }
    }
}
