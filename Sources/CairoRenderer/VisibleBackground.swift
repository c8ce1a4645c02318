import CCairo
import InteractionEngine

/// The background clear painted only where it shows (issue 21, items 3 and 4).
///
/// A display list opens with `.clear(color)`; on the compositor path most of what it paints is
/// then replaced by later commands whose pixels do not depend on what lies under them: an opaque
/// face's wholly covered middle (drawn OVER at full coverage: the face's own colour), a layer's
/// middle copied with SOURCE (`drawLayer`), a scroll container's strips copied with SOURCE over
/// every row of the frame inside its clip (`drawScrollGroup`). Leaving those pixels out of the
/// clear changes no pixel of the frame. The clear paints the repainted bands less that covered
/// set, worked out with Cairo's region API (pixman's regions) and filled as whole-pixel
/// rectangles with SOURCE and no antialiasing.
///
/// What is left out is only ever what a later command writes whatever lies under it: a face
/// inside an opacity group, a translucent face and the edge pixels a clip covers partly (rounded
/// corners, a clip off the pixel grid) are never subtracted; a clip's wholly covered middle
/// bounds every covered rectangle (`DeviceWalk.clipInteriors`). A scroll container that turns
/// out not to draw strips (the guess from `ScrollGroup.drawsStrips` is checked when it is drawn)
/// has its part of the background painted just before its push: only pushes and pops lie between
/// the list's clear and a scroll container (`planScrollGroups`), so that is the same paint.
struct VisibleBackground {
    /// The device rectangles the list's clear paints (the repainted area less what is covered).
    var rects: [PixelRect]
    /// Device pixels of the repainted area (the clear's whole paint).
    var area: Int
    /// Per scroll container (the index of its push), the part of the repainted area left out for
    /// its strips: painted before the container's commands when it draws them instead.
    var deferred: [Int: [PixelRect]]
}

/// Tuning of the background's occlusion (device pixels; measured on the compare bench).
enum VisibleBackgroundMetrics {
    /// A covering rectangle smaller than this is not subtracted (device px^2): a badge or a chip
    /// saves fewer pixels than the rectangles it splits the clear into cost.
    static let minimumCoveredArea = 1024
    /// The clear is split into at most this many rectangles (rectangles): covering rectangles are
    /// subtracted largest first and the first that would split it further is left, with the rest.
    static let maximumRectangles = 64
}

/// Figures of the background clears (`CairoRenderer.backgroundStatistics`), counted, not timed.
public struct BackgroundStatistics: Sendable, Equatable {
    /// Clears drawn, device pixels they painted, and repainted pixels they left to later commands.
    public var clears = 0
    public var paintedPixels = 0
    public var leftOutPixels = 0
    /// Rectangles the clears were filled as (a whole paint counts one per repainted band).
    public var rectangles = 0
    /// Pixels painted late, before a scroll container that drew its commands instead of strips.
    public var deferredPixels = 0

    public init() {}
}

extension CairoRenderer {
    /// The background clears' figures since the renderer was made.
    public var backgroundStatistics: BackgroundStatistics { backgroundFigures }

    /// What this frame's clear paints, from the covered set of `list`: the faces of `occluders`,
    /// the middles of the layers of `plans`, the rows of the scroll containers of `groups` that
    /// draw strips. Nil: paint the clear whole (no image target, nothing covered).
    func planBackground(_ list: DisplayList, occluders: [(index: Int, rect: PixelRect)], plans: [Int: LayerPlan],
                        groups: [Int: ScrollGroup], frame: PixelRect) -> VisibleBackground? {
        guard case .clear = list.commands.first, !frame.isEmpty else { return nil }
        let area = (repaintBands ?? [frame]).map { $0.intersection(frame) }.filter { !$0.isEmpty }
        guard !area.isEmpty else { return nil }
        var region = VisibleBackground.region(area)
        defer { cairo_region_destroy(region) }  // the region subtract left (it may replace it)
        var box = area[0]
        for r in area.dropFirst() { box = box.union(r) }

        // Scroll containers first (the largest): the frame inside their clips, when they will copy strips.
        var deferred: [Int: [PixelRect]] = [:]
        var insideGroupUntil = 0
        for start in groups.keys.sorted() where start >= insideGroupUntil {
            guard let group = groups[start], group.drawsStrips,
                  let rows = VisibleBackground.clipInterior(list, before: start, renderer: self)?.intersection(frame),
                  rows.area >= VisibleBackgroundMetrics.minimumCoveredArea, rows.intersects(box) else { continue }
            let left = area.map { $0.intersection(rows) }.filter { !$0.isEmpty }
            guard VisibleBackground.subtract(rows, from: &region) else { continue }
            deferred[start] = left
            // A container inside this one is drawn in its strips.
            insideGroupUntil = group.end
        }
        // Each face once: the larger of its straight middle and its layer's copied middle.
        var faces: [Int: PixelRect] = [:]
        for o in occluders { faces[o.index] = o.rect }
        for (index, plan) in plans where plan.inner.area > (faces[index]?.area ?? 0) { faces[index] = plan.inner }
        let covered = faces.values.map { $0.intersection(box) }
            .filter { $0.area >= VisibleBackgroundMetrics.minimumCoveredArea }
            .sorted { ($0.area, $0.y, $0.x) > ($1.area, $1.y, $1.x) }
        for rect in covered where !VisibleBackground.subtract(rect, from: &region) { break }
        return VisibleBackground(rects: VisibleBackground.rectangles(of: region), area: area.reduce(0) { $0 + $1.area },
                                 deferred: deferred)
    }

    /// Paints the list's clear (command `index`) in `color`: the planned rectangles for the first
    /// command of a planned frame, else the whole clip.
    func paintBackground(_ cr: OpaquePointer, _ color: Color, index: Int) {
        backgroundFigures.clears += 1
        withBackgroundSource(cr, color) {
            if index == 0, let plan = background {
                background?.rects = []
                let painted = plan.rects.reduce(0) { $0 + $1.area }
                backgroundFigures.paintedPixels += painted
                backgroundFigures.leftOutPixels += plan.area - painted
                backgroundFigures.rectangles += plan.rects.count
                fillRectangles(cr, plan.rects)
            } else {
                let area = repaintBands ?? []
                backgroundFigures.paintedPixels += area.reduce(0) { $0 + $1.area }
                backgroundFigures.rectangles += max(1, area.count)
                cairo_paint(cr)
            }
        }
    }

    /// Before the push at `index`: a scroll container whose strips were expected draws its
    /// commands, so the background left out for it is painted now (nothing was drawn there since
    /// the clear).
    func paintDeferredBackground(_ cr: OpaquePointer, at index: Int, list: DisplayList) {
        guard let rects = background?.deferred.removeValue(forKey: index), !rects.isEmpty,
              case .clear(let color) = list.commands.first else { return }
        backgroundFigures.deferredPixels += rects.reduce(0) { $0 + $1.area }
        withBackgroundSource(cr, color) { fillRectangles(cr, rects) }
    }

    /// The clears' preamble: `body` paints in `color` with SOURCE in device space (`cr`'s state restored after).
    private func withBackgroundSource(_ cr: OpaquePointer, _ color: Color, _ body: () -> Void) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        setColor(cr, color)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        body()
        cairo_restore(cr)
    }

    private func fillRectangles(_ cr: OpaquePointer, _ rects: [PixelRect]) {
        guard !rects.isEmpty else { return }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_new_path(cr)
        for r in rects { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
        cairo_fill(cr)
    }
}

extension VisibleBackground {
    static func region(_ rects: [PixelRect]) -> OpaquePointer {
        var boxes = rects.map { cairo_rectangle_int_t(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height)) }
        return cairo_region_create_rectangles(&boxes, Int32(boxes.count))
    }

    /// Subtracts `rect` from `region` unless that would split it into more than
    /// `maximumRectangles`; false (and `region` unchanged) then. The subtraction is worked on a
    /// copy, which becomes `region` when it fits (the old one is destroyed): one subtraction, not two.
    static func subtract(_ rect: PixelRect, from region: inout OpaquePointer) -> Bool {
        var box = cairo_rectangle_int_t(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        guard cairo_region_contains_rectangle(region, &box) != CAIRO_REGION_OVERLAP_OUT else { return true }
        guard let trial = cairo_region_copy(region) else { return false }
        guard cairo_region_subtract_rectangle(trial, &box) == CAIRO_STATUS_SUCCESS,
              cairo_region_num_rectangles(trial) <= Int32(VisibleBackgroundMetrics.maximumRectangles) else {
            cairo_region_destroy(trial)
            return false
        }
        cairo_region_destroy(region)
        region = trial
        return true
    }

    static func rectangles(of region: OpaquePointer) -> [PixelRect] {
        (0..<cairo_region_num_rectangles(region)).map { i in
            var box = cairo_rectangle_int_t()
            cairo_region_get_rectangle(region, i, &box)
            return PixelRect(x: Int(box.x), y: Int(box.y), width: Int(box.width), height: Int(box.height))
        }
    }

    /// The device pixels every clip open at command `index` of `list` covers wholly (the frame's
    /// when none is open); nil when a clip's is unknown or empty, or a transform or opacity group
    /// is open there with anything but pushes and pops before it.
    static func clipInterior(_ list: DisplayList, before index: Int, renderer: CairoRenderer) -> PixelRect? {
        var walk = DeviceWalk(scale: renderer.scale)
        for command in list.commands[1..<index] {
            guard walk.follow(command, renderer: renderer) else { return nil }
        }
        guard walk.groupDepth == 0 else { return nil }
        let all = PixelRect(x: Int(Int32.min / 4), y: Int(Int32.min / 4), width: Int(Int32.max / 2), height: Int(Int32.max / 2))
        return CairoRenderer.within(all, walk.clipInteriors)
    }
}
