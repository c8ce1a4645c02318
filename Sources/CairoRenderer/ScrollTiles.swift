import CCairo
import InteractionEngine

/// Scroll tiles (issue 21 item 7): the content of a scroll container, rasterised into strips of
/// the window's width and moved as a whole, the way WebRender's picture cache and Chrome's tiled
/// layers move a scrolled page.
///
/// A scroll container is a translation group (`pushTransform` of scale 1) drawn straight on the
/// list's background: only pushes and pops lie between the list's `clear` and the group (which
/// may be inside another, such as the deck's offset of the scene below its bar). It scrolls in a
/// frame when its vertical translation (alone) changed since the previous frame; then its
/// visible strips are copied (rasterised first where missing) instead of drawing its commands.
/// A strip lands on the nearest device pixel, up to half a pixel from where the direct path
/// draws, so its pixels join the settle rectangles and are repainted exactly once the container
/// rests (a resting frame draws the commands). The strips live in the layer cache, under its
/// byte budget, each keyed by the commands that reach its rows.
struct ScrollGroup {
    let start: Int
    let end: Int
    let translation: Point
    /// The translation changed since the previous frame.
    let scrolling: Bool
    /// The content's commands changed too (tiles reflowing while it scrolls).
    let contentChanged: Bool
    /// Indices of the drawing commands that were not in the last frame's content (tiles reflowing
    /// or scrolling in): left out of the strips and drawn over them, so the strips hold what
    /// stays put. Empty for a content without clips, transforms or opacity groups that did not
    /// change, nil when the content has any of those (then a change draws the group as before).
    var moving: Set<Int>? = nil
    /// The container's place among the list's containers (its strips' keys hold it).
    var ordinal = 0

    /// Whether its visible rows are copied from strips this frame (`drawScrollGroup`): while it
    /// scrolls (what moved drawn over them), and while its content reflows in place (tiles moving
    /// around a lifted one with the translation held: the rest of the content stays in its strips).
    var drawsStrips: Bool {
        if scrolling { return !contentChanged || moving != nil }
        return contentChanged && !(moving?.isEmpty ?? true)
    }
}

/// A strip a frame found missing, made in the slack after it (`LayerRasterising.slack`): the
/// frame's list, the content's range and the strip's members (positions in the list) with the
/// content device rows each may reach and covers, the layers to copy in, where it lands.
struct StripJob {
    let list: DisplayList
    let plans: [Int: LayerPlan]
    let content: Range<Int>
    let members: [Int]
    let reach: [ClosedRange<Int>]
    let core: [ClosedRange<Int>]
    /// The frame's matrix before the container's push, and the container's translation.
    let matrix: cairo_matrix_t
    let translation: Point
    /// The strip's device pixels at the frame's phase, its key and its origin (`storeStrip`).
    let strip: PixelRect
    let key: LayerKey
    let origin: Point
    let background: Color
    let deviceScale: Double
}

/// Content device rows of each command of a container's range, by its index in the list (nil:
/// left out). An array, not a dictionary: a scroll frame of the grid sets and reads two for each
/// of its 400-4,000 commands (hashing them was 6 % of the compositor's frame at 1280x800).
struct CommandRows {
    private let offset: Int
    private var rows: [ClosedRange<Int>?]

    init(_ range: Range<Int>) {
        offset = range.lowerBound
        rows = Array(repeating: nil, count: range.count)
    }

    subscript(index: Int) -> ClosedRange<Int>? {
        get { rows[index - offset] }
        set { rows[index - offset] = newValue }
    }
}

/// What the renderer remembers of the last frame's scroll containers, by their order in the list.
struct ScrollMemory {
    /// Each container's content, a slice of its frame's list (sharing the list's storage: a copy
    /// of the 4K grid's 4,000 commands a frame cost page faults on fresh memory, 2.7 % of the
    /// compositor's time in the bench's grid run there).
    var contents: [ArraySlice<DrawCommand>] = []
    var translations: [Point] = []
    /// What each held strip was drawn from, by its stable key (kept across frames).
    var strips: [LayerKey: StripRecord] = [:]
    /// Strips still valid for the rows a frame shows though the content around them changed (rows
    /// culled above the viewport, rows entering), and strips extended with the commands that
    /// entered instead of rasterised again.
    var stripsKept = 0
    var stripsExtended = 0
    /// Strips whose changed rows were repainted in place (`stripPatch`) instead of rasterised again.
    var stripsPatched = 0
}

/// The commands a strip's raster was drawn from, each with the content device rows it may reach
/// (`scrollBox`) and those its shape covers (`tightBox`: a shadow without its halo, text without
/// its slack), in the order drawn.
struct StripRecord {
    var commands: [DrawCommand]
    var reach: [ClosedRange<Int>]
    var core: [ClosedRange<Int>]
    /// Every pixel was drawn as the direct path draws it at the raster's phase (no layer copied
    /// at another phase, no shape a level off): a copy at that phase needs no settle.
    var exact = false
}

/// Whether a held strip can be copied for the rows a frame shows (`ScrollTiles.swift`).
enum StripValidity {
    /// Its raster holds what the frame's commands paint in those rows.
    case valid
    /// Valid once these commands (positions in the frame's list for the strip) are drawn onto it.
    case extend([Int])
    /// Rasterised again (or drawn from its commands).
    case stale
}

extension LayerCache {
    /// Device rows of one strip. Compare bench at 1280x800, 128 against 256 (2026-12-03, two
    /// alternated runs each, per-frame CPU the lower of two): the message list's p99 2.46 -> 2.18 ms
    /// (strips rasterised 42 -> 103), the grid's 4.45 -> 4.62 ms and 9 % more CPU in all (40 -> 98).
    static let stripHeight = 256
    /// The largest share of a strip's rows a patch may repaint (a ratio): past it the strip is
    /// rasterised again (a whole strip draws its commands once, a patch draws those of its rows
    /// and leaves the rest). A grid tile's reach is about 130 of a strip's 256 rows at scale 1.
    static let patchShare = 0.75
    /// Commands looked ahead for a held strip's next command when matching it against the frame's
    /// (commands): a reflow moves a few tiles of a strip, each 4-5 commands.
    static let patchWindow = 64
    /// Strips a frame may patch (strips): the rest are rasterised or drawn as before.
    static let patchesPerFrame = 4
    /// Strips a frame may rasterise: the other missing strips' rows are drawn from their commands
    /// this frame (clipped to their rows, their rows' and tiles' layers copied) and rasterised in
    /// later frames. Rasterising all that were missing made a scroll's first frame the message
    /// list's slowest: 5 strips of about 2.6 ms each at 1280x800 (compare bench, frame #96).
    static let stripsPerFrame = 1
    /// The longest estimated raster of a strip left to the slack (ms, `SlackCost`): longer ones are
    /// the frames' (`stripsPerFrame` a frame) as without the slack. A 1280x800 strip (1280 x 258 px)
    /// is about 1.3 ms and several fit one slack; a 3840x2160 one (about 1 Mpx) took 3-14 ms in the
    /// slack (14 on fresh memory), left the layers asked no time, and the 4K grid's CPU p99 went
    /// from 31 to 47 ms (compare bench, 2026-12-04).
    static let slackStripLongest = 2.0
    /// The largest share of a container's drawing commands that may be drawn over its strips as
    /// moving (a ratio): with more (a reflow across most of the screen) the strips would save
    /// little and the group is drawn as before. Measured on the bench's grid at 1280x800: a reflow
    /// step moves up to about a third of the visible tiles.
    static let movingShare = 0.5
    /// Old commands looked through for a command not at its old place (commands): a grid row of
    /// 11 tiles is about 60 commands at 1280x800, a message row 8-10.
    static let resyncWindow = 96
    /// Frames a strip is kept unused: strips of content that scrolled away or changed leave the
    /// budget to the layers (at 1280x800 a strip is 1.3 MB; in the bench's 600-frame grid run 120
    /// frames evicted 293 layers, 8 frames 203); a fling after a rest rasterises its strips again.
    static let stripFrames = 8
    /// Strips a fling passes in `stripFrames` frames beyond those it shows (strips): its fastest
    /// frames in the bench's grid and messages scripts move under 128 device px a frame at
    /// 1280x800 (8 x 128 px = 4 strips of 256 rows).
    static let stripsPassed = 4
    /// Bytes the strips of one scroll container take at most, on top of the layers' budget (bytes):
    /// the strips the window shows (its rows over `stripHeight`, plus one cut by each edge) and
    /// those a fling passed and keeps for `stripFrames` frames; a strip whose content changes
    /// replaces its older raster (`storeStrip`). At 1280x800 9 strips of 1280x258 (11.9 MB): the
    /// bench's grid had 16 MB for layers and strips together and evicted 203 layers in 600 frames.
    static func stripBudget(width: Int, height: Int) -> Int {
        let shown = (height + stripHeight - 1) / stripHeight + 1
        return (shown + stripsPassed) * width * (stripHeight + 2) * 4
    }
    /// Two offsets of a raster closer than this are the same phase (device px): Cairo's fixed
    /// point is 1/256 px, so a copy this close lands every pixel as drawn at its own offset.
    static let phaseTolerance = 1e-6
    /// The smallest side of a moving face's covered middle left out of the strip copies under it
    /// (device px): a smaller one splits the copy into more rectangles than it saves.
    static let coveredMinimumSide = 16
    /// Commands a translation group needs before it is treated as a scroll container.
    static let minimumScrollCommands = 16
}

extension CairoRenderer {
    /// The scroll containers of `list` by the index of their push, compared with the last frame's.
    func planScrollGroups(_ list: DisplayList) -> [Int: ScrollGroup] {
        // The slack after the last frame had its turn: this frame asks anew (older positions are
        // stale); what it left is rasterised by the frame (`drawScrollGroup`).
        stripsUnserved = Set(stripAsks.map(\.key))
        stripAsks.removeAll()
        let commands = list.commands
        guard case .clear = commands.first else {
            scrollMemory = ScrollMemory(strips: [:], stripsKept: scrollMemory.stripsKept, stripsExtended: scrollMemory.stripsExtended,
                                        stripsPatched: scrollMemory.stripsPatched)
            return [:]
        }
        var found: [Int: ScrollGroup] = [:]
        var memory = ScrollMemory()
        var i = 1
        // Only pushes and pops before the group: it is drawn straight on the background.
        scan: while i < commands.count {
            switch commands[i] {
            case .pushClip, .popClip, .popTransform:
                i += 1
            case .pushTransform(let t) where t.scale == 1:
                var depth = 0, j = i + 1
                while j < commands.count {
                    if case .pushTransform = commands[j] { depth += 1 }
                    if case .popTransform = commands[j] {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    j += 1
                }
                guard j < commands.count else { break scan }
                if j - i - 1 < LayerCache.minimumScrollCommands {
                    i += 1
                    continue
                }
                let content = commands[(i + 1)..<j]
                let ordinal = memory.contents.count
                let old = scrollMemory
                let same = ordinal < old.contents.count && old.contents[ordinal] == content
                // Vertical scrolls only: a strip holds the window's columns, not what lies beside them.
                let scrolling = ordinal < old.translations.count && old.translations[ordinal].x == t.translation.x
                    && old.translations[ordinal].y != t.translation.y
                var group = ScrollGroup(start: i, end: j, translation: t.translation, scrolling: scrolling, contentChanged: !same)
                group.ordinal = ordinal
                // The commands a scroll or an in-place reflow moved (a translation held since the last frame).
                let held = ordinal < old.translations.count && old.translations[ordinal] == t.translation
                if scrolling || (held && !same) {
                    group.moving = CairoRenderer.movingCommands(content, offset: i + 1, before: same ? nil : old.contents[ordinal])
                }
                found[i] = group
                memory.contents.append(content)
                memory.translations.append(t.translation)
                // A container inside this one (the deck's scene offset around a grid's scroll).
                i += 1
            case .pushTransform:
                i += 1
            default:
                break scan
            }
        }
        layers.dropStrips()
        memory.strips = scrollMemory.strips.filter { layers.hasStrip($0.key) }
        memory.stripsKept = scrollMemory.stripsKept
        memory.stripsExtended = scrollMemory.stripsExtended
        memory.stripsPatched = scrollMemory.stripsPatched
        scrollMemory = memory
        return found
    }

    /// The indices (`offset` + position in `content`) of the drawing commands not in `before`;
    /// empty when `before` is nil (the same content); nil when `content` holds clips, transforms
    /// or opacity groups (whose commands cannot be drawn apart from the rest).
    static func movingCommands(_ content: ArraySlice<DrawCommand>, offset: Int, before: ArraySlice<DrawCommand>?) -> Set<Int>? {
        for command in content {
            switch command {
            case .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity, .clear: return nil
            default: continue
            }
        }
        guard let before else { return [] }
        // Both lists keep their items' order (a reflow moves some, a row enters or leaves at an
        // end): walk them together, a command equal to the next old one (or one a little further,
        // past what left) is in place; the others moved. Equality, not hashing: most compare
        // unequal at their first field, or equal to the command at the same place.
        // Past the share the answer is nil: stop there (a reflow of every tile shown searched the
        // window for each of its commands, 5 % of such a frame at 1280x800).
        let most = Int((LayerCache.movingShare * Double(content.count)).rounded(.down))
        var moving: Set<Int> = []
        var j = before.startIndex
        for (n, command) in content.enumerated() {
            if j < before.endIndex, before[j] == command {
                j += 1
                continue
            }
            let window = min(before.endIndex, j + LayerCache.resyncWindow)
            if let k = (j..<window).first(where: { before[$0] == command }) {
                j = k + 1
            } else {
                moving.insert(offset + n)
                if moving.count > most { return nil }
            }
        }
        return moving
    }

    /// Copies the visible strips of a scrolling `group` (at `cr`'s current matrix, before its
    /// push), rasterising at most `stripsPerFrame` of those missing (the others' rows are drawn
    /// from their commands, clipped to those rows); false when it is to be drawn as before.
    ///
    /// While the content changes (a reflow during auto-scroll), the commands that moved since the
    /// last frame are left out of the strips and drawn over them (with their layers).
    ///
    /// Strip `i` holds the content's device rows `i * stripHeight ..< (i + 1) * stripHeight`
    /// (from the content's origin) and a row more on each side, and is keyed by the commands that
    /// reach those rows: a row of tiles scrolling in changes only the strip it enters.
    func drawScrollGroup(_ group: ScrollGroup, of list: DisplayList, on cr: OpaquePointer, deviceScale k: Double,
                         skip: ((Int) -> Bool)? = nil, plans: [Int: LayerPlan] = [:], occluders: [(index: Int, rect: PixelRect)] = [],
                         clipInteriors: [PixelRect?] = []) -> Bool {
        guard case .clear(let background) = list.commands.first, let frame = layers.frameRect else { return false }
        guard group.drawsStrips else {
            if !group.scrolling { keepStrips(of: group, in: list, on: cr, frame: frame, deviceScale: k, plans: plans, background: background) }
            return false
        }
        let moving = group.moving ?? []
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.yy > 0 else { return false }
        let gx = m.x0 + m.xx * group.translation.x, gy = m.y0 + m.yy * group.translation.y
        guard gx.isFinite, gy.isFinite, abs(gy) < 1e7, abs(gx) < 1e7 else { return false }
        let s = LayerCache.stripHeight
        // Content rows (device pixels from the content's origin) the frame shows.
        let first = Int(((Double(frame.y) - gy) / Double(s)).rounded(.down))
        let last = Int(((Double(frame.maxY) - gy) / Double(s)).rounded(.down))
        guard last >= first, last - first < 64 else { return false }
        let range = (group.start + 1)..<group.end
        let (members, reach, core) = CairoRenderer.stripMembers(list, range, strips: first...last, leavingOut: moving, scale: m.yy)
        let columns = stripColumns(of: group, in: list, frame: frame)
        guard !columns.isEmpty else { return false }
        let keys = (first...last).map { stripKey(index: $0, of: group, columns: columns, deviceScale: k) }
        // Content device rows the frame may show (the clip: the scene's area and the repainted bands).
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        let shownTop = Int((m.y0 + m.yy * cy0 - gy).rounded(.down)), shownBottom = Int((m.y0 + m.yy * cy1 - gy).rounded(.up))
        func shown(_ index: Int) -> ClosedRange<Int>? {
            let top = max(index * s, shownTop), bottom = min((index + 1) * s, shownBottom) - 1
            return top <= bottom ? top...bottom : nil
        }
        // Held strips checked against this frame's commands for their shown rows; those missing
        // the commands that entered at the end are extended with them.
        var held: Set<Int> = []
        var patched = 0
        for index in first...last {
            let key = keys[index - first]
            guard let rows = shown(index) else { held.insert(index); continue }
            guard let record = scrollMemory.strips[key], layers.hasStrip(key) else { continue }
            let now = members[index - first]
            let nowReaching = now.map { (command: list.commands[$0], reach: reach[$0]!) }
            switch CairoRenderer.validity(of: record, for: nowReaching, rows: rows) {
            case .valid:
                held.insert(index)
                scrollMemory.stripsKept += 1
            case .extend(let positions):
                guard group.moving != nil, let (surface, origin) = layers.strip(key) else { continue }
                let extra = positions.map { now[$0] }
                drawOntoStrip(surface, origin: origin, members: Set(extra), list: list, range: range, matrix: m, deviceScale: k)
                var grown = record
                grown.commands += extra.map { list.commands[$0] }
                grown.reach += extra.map { reach[$0]! }
                grown.core += extra.map { core[$0]! }
                scrollMemory.strips[key] = grown
                scrollMemory.stripsExtended += 1
                held.insert(index)
            case .stale:
                // What the strip holds differs from its rows' commands in a few commands (a tile
                // that started moving is drawn over the strips; one that landed joins them):
                // their rows are repainted in place.
                guard patched < stripPatchesPerFrame, let (surface, origin) = layers.strip(key),
                      let bands = CairoRenderer.stripPatch(of: record, for: nowReaching,
                                                           rows: (index * s - 2)...((index + 1) * s + 1)) else { continue }
                patchStrip(surface, origin: origin, bands: bands, list: list, range: range,
                           members: now.filter { i in bands.contains { $0.overlaps(reach[i]!) } }, matrix: m, background: background, deviceScale: k)
                scrollMemory.strips[key] = StripRecord(commands: nowReaching.map(\.command), reach: nowReaching.map(\.reach),
                                                       core: now.map { core[$0]! }, exact: record.exact)
                scrollMemory.stripsPatched += 1
                patched += 1
                held.insert(index)
            }
        }
        let missing = (first...last).filter { !held.contains($0) }
        // In the slack's mode the frame draws the missing strips' rows from their commands and
        // asks the slack for the strips, nearest the frame's middle first; else it rasterises
        // `stripsPerFrame` of them itself. So it does in the slack's mode too while the slack is
        // starved (given no time since the last frame, or it left a strip of that frame's asks
        // unmade: a 3840x2160 grid's frames outlast their interval), those left unmade first:
        // asking again would draw their rows from commands frame after frame (4K grid CPU p99
        // 31 -> 47 ms).
        let inSlack = slackTakes(strips: columns)
        let middle = (first + last) / 2
        let order = inSlack ? missing.sorted { a, b in
            let (ua, ub) = (stripsUnserved.contains(keys[a - first]), stripsUnserved.contains(keys[b - first]))
            return ua != ub ? ua : abs(a - middle) < abs(b - middle)
        } : missing
        let byFrame = !inSlack || stripsStarved ? Array(order.prefix(LayerCache.stripsPerFrame)) : []
        let asked = inSlack ? order.filter { !byFrame.contains($0) } : []
        for index in byFrame + asked {
            // Raster row 0 is device row y0 now: the content at this frame's phase, a row more on each side.
            let y0 = Int(gy.rounded(.down)) + index * s - 1
            let drawn = members[index - first]
            let job = StripJob(list: list, plans: plans.filter { Set(drawn).contains($0.key) }, content: range, members: drawn,
                               reach: drawn.map { reach[$0]! }, core: drawn.map { core[$0]! }, matrix: m, translation: group.translation,
                               strip: PixelRect(x: columns.x, y: y0, width: columns.width, height: s + 2), key: keys[index - first],
                               origin: Point(x: gx - Double(columns.x), y: Double(y0) - gy), background: background, deviceScale: k)
            if !byFrame.contains(index) {
                stripAsks.append(job)
                continue
            }
            rasteriseStrip(job)
            held.insert(index)
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        // What the frame repaints (device pixels): a copy or row drawn outside it changes no pixel
        // and needs no settle (a reflow in place repaints only its bands).
        var dx0 = 0.0, dy0 = 0.0, dx1 = 0.0, dy1 = 0.0
        cairo_clip_extents(cr, &dx0, &dy0, &dx1, &dy1)
        let painted = PixelRect(covering: dx0, dy0, dx1, dy1)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        // What the moving faces drawn over the strips cover wholly: their layers' middles, a pixel
        // in (a sprite or a shifted copy lands up to half a pixel off). No strip pixel shows there.
        let covered = moving.compactMap { i -> PixelRect? in
            guard let inner = plans[i]?.inner, inner.width > 2 + LayerCache.coveredMinimumSide,
                  inner.height > 2 + LayerCache.coveredMinimumSide else { return nil }
            return PixelRect(x: inner.x + 1, y: inner.y + 1, width: inner.width - 2, height: inner.height - 2)
        }
        var unmade: [(rows: PixelRect, members: Set<Int>)] = []
        for index in first...last {
            // This strip's rows at this frame's offset: the strips tile the content with no gap.
            let top = Int((gy + Double(index * s)).rounded()), bottom = Int((gy + Double((index + 1) * s)).rounded())
            let at = PixelRect(x: columns.x, y: top, width: columns.width, height: bottom - top).intersection(frame)
            guard !at.isEmpty, shown(index) != nil else { continue }
            guard held.contains(index), let (surface, origin) = layers.strip(keys[index - first]) else {
                unmade.append((at, Set(members[index - first])))
                continue
            }
            let x = Int((gx - origin.x).rounded()), y = Int((gy + origin.y).rounded())
            cairo_set_source_surface(cr, surface.handle, Double(x), Double(y))
            var parts = [at]
            let over = covered.filter { $0.intersects(at) }
            if !over.isEmpty {
                var region = VisibleBackground.region([at])
                for c in over { _ = VisibleBackground.subtract(c, from: &region) }
                parts = VisibleBackground.rectangles(of: region)
                cairo_region_destroy(region)
                layers.coveredStrip(at.area - parts.reduce(0) { $0 + $1.area })
            }
            for r in parts { cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height)) }
            cairo_fill(cr)
            // At the raster's own phase (a reflow in place, a scroll by whole pixels) an exact strip is the frame's pixels.
            let samePhase = abs(gx - origin.x - Double(x)) < LayerCache.phaseTolerance && abs(gy + origin.y - Double(y)) < LayerCache.phaseTolerance
            layers.copiedStrip(at.intersection(painted), exact: samePhase && scrollMemory.strips[keys[index - first]]?.exact == true)
        }
        cairo_restore(cr)
        let content = (group.start + 1)..<group.end
        // Strips not made this frame: their rows from their commands, on the background (the copies
        // beside them were rasterised on it), joining the settle rectangles like the copies. All in
        // one pass clipped to their rows: a tile across two of them is drawn once, not once for
        // each (a scroll's first frame at 3840x2160 has 8 of its 9 strips to make).
        if !unmade.isEmpty {
            let inside = unmade.reduce(into: Set<Int>()) { $0.formUnion($1.members) }
            cairo_save(cr)
            cairo_identity_matrix(cr)
            for (rows, _) in unmade { cairo_rectangle(cr, Double(rows.x), Double(rows.y), Double(rows.width), Double(rows.height)) }
            cairo_clip(cr)
            CairoRenderer.fillClip(cr, background)
            cairo_set_matrix(cr, &m)
            cairo_translate(cr, group.translation.x, group.translation.y)
            // A layer's middle is copied outside the clip (`drawLayer`), but within the repaint
            // bands: those of the unmade rows, or it would land over the strips copied beside
            // them (a tile across two strips: its middle's rows in the made one, copied from a
            // raster that differs from the strip where the strip holds what the frame drew).
            let bands = repaintBands
            repaintBands = unmade.flatMap { part in (bands ?? [part.rows]).map { $0.intersection(part.rows) } }.filter { !$0.isEmpty }
            drawCommands(list, content, on: cr, skip: { i in !inside.contains(i) || skip?(i) == true },
                         occluders: [], clipInteriors: clipInteriors, layers: plans.filter { inside.contains($0.key) }, deviceScale: k)
            repaintBands = bands
            cairo_restore(cr)
            for (rows, _) in unmade { layers.copiedStrip(rows.intersection(painted)) }
        }
        // What moved since the last frame, over the strips, in its order, as the frame draws it.
        // Drawn after the strips' commands, which the direct path may draw over it: its boxes are
        // repainted exactly in the next frame (a strip copied at another phase is already).
        if !moving.isEmpty {
            for i in moving {
                guard let box = CairoRenderer.scrollBox(list.commands[i]) else { continue }
                let device = PixelRect(covering: gx + m.xx * box.minX, gy + m.yy * box.minY, gx + m.xx * box.maxX, gy + m.yy * box.maxY)
                layers.reordered(device.intersection(painted).intersection(frame))
            }
            cairo_save(cr)
            cairo_translate(cr, group.translation.x, group.translation.y)
            drawCommands(list, content, on: cr, skip: { i in !moving.contains(i) || skip?(i) == true },
                         occluders: occluders, clipInteriors: clipInteriors, layers: plans.filter { moving.contains($0.key) }, deviceScale: k)
            cairo_restore(cr)
        }
        return true
    }

    /// Each of `strips`' commands in `range` (but those in `leavingOut`), by their boxes in content
    /// device rows at vertical `scale`, and the rows each may reach (`scrollBox`) and covers (`tightBox`).
    static func stripMembers(_ list: DisplayList, _ range: Range<Int>, strips: ClosedRange<Int>, leavingOut moving: Set<Int>,
                             scale: Double) -> (members: [[Int]], reach: CommandRows, core: CommandRows) {
        let s = LayerCache.stripHeight
        var members = [[Int]](repeating: [], count: strips.count)
        var reach = CommandRows(range), core = CommandRows(range)
        let everyRow = Int.min / 4...Int.max / 4
        for i in range where !moving.contains(i) {
            guard let box = CairoRenderer.scrollBox(list.commands[i]) else {
                for n in members.indices { members[n].append(i) }
                (reach[i], core[i]) = (everyRow, everyRow)
                continue
            }
            let top = Int((box.minY * scale).rounded(.down)) - 2, bottom = Int((box.maxY * scale).rounded(.up)) + 2
            reach[i] = top...bottom
            let tight = CairoRenderer.tightBox(list.commands[i]) ?? box
            core[i] = Int((tight.minY * scale).rounded(.down))...Int((tight.maxY * scale).rounded(.up))
            let a = max(strips.lowerBound, Int((Double(top) / Double(s)).rounded(.down)))
            let b = min(strips.upperBound, Int((Double(bottom) / Double(s)).rounded(.down)))
            if a <= b { for n in a...b { members[n - strips.lowerBound].append(i) } }
        }
        return (members, reach, core)
    }

    /// Rasterises `job`'s strip at its frame's phase and keeps it with the record of what it holds.
    func rasteriseStrip(_ job: StripJob) {
        let inexactBefore = layers.inexactCount
        // Onto a spare strip's surface when one is held: the background's SOURCE paint covers it whole.
        let spare = layers.spareStrip(width: job.strip.width, height: job.strip.height)
        let surface = ImageSurface.rasterisingDevicePixels(job.strip, onto: spare) { scr in
            CairoRenderer.fillClip(scr, job.background)
            // The frame's device pixels land on the strip's: its layers (a tile's, a row's raster)
            // are copied into it where the frame would copy them, not drawn from their commands.
            var sm = job.matrix
            cairo_set_matrix(scr, &sm)
            cairo_translate(scr, job.translation.x, job.translation.y)
            let inside = Set(job.members)
            // Rows' and tiles' layers already held are copied in; none is rasterised for the
            // strip (LayerCache.onlyHeld): a new layer raster drawn only to be copied into the
            // strip cost its run twice (the message list's strip frames rasterised 3 rows each).
            layers.onlyHeld = !layers.stripsRasteriseLayers
            drawOffscreen(job.list, job.content, on: scr, skip: { !inside.contains($0) }, layers: job.plans, deviceScale: job.deviceScale)
            layers.onlyHeld = false
        }
        layers.storeStrip(surface, key: job.key, origin: job.origin)
        scrollMemory.strips[job.key] = StripRecord(commands: job.members.map { job.list.commands[$0] }, reach: job.reach, core: job.core,
                                                   exact: layers.inexactCount == inexactBefore)
    }

    /// Makes the strips the last frame asked for (`stripAsks`, nearest the frame's middle first)
    /// while the estimated cost of the next fits in what is left of `budget` ms and is at most
    /// `longest` (SlackCost), until `interrupt` says input waits; the number made. A strip made
    /// here is at the asking frame's phase: the next frame copies it (at its own phase to the
    /// nearest pixel, repainted exactly once the container rests, as any strip copy).
    func rasteriseStripsInSlack(within budget: Double, longest: Double, clock: () -> Double, interrupt: () -> Bool) -> Int {
        let made = stripCost.drain(&stripAsks, pixels: { Double($0.strip.area) }, within: budget, longest: longest,
                                   clock: clock, interrupt: interrupt) { job in
            rasteriseStrip(job)
            return true
        }
        stripsMadeInSlack += made
        return made
    }

    /// Marks the held strips of a container drawn from its commands (not scrolling) as used, so
    /// they outlive `LayerCache.stripFrames` frames of a rest (a landing tile, its settle) and the
    /// next scroll's first frame copies the strips still valid instead of drawing every row from
    /// its commands (the bench's flings began with 455 commands drawn and one strip rasterised).
    ///
    /// In the slack's mode a container whose content held since the last frame (at rest, or a
    /// settle's repaint) also asks the slack for the strips of the rows it shows that are not held
    /// or no longer hold its commands: a scroll's or a reflow's first frame then copies them
    /// instead of drawing their rows. A content changing in place (a tile pressed) asks for none.
    func keepStrips(of group: ScrollGroup, in list: DisplayList, on cr: OpaquePointer, frame: PixelRect, deviceScale k: Double,
                    plans: [Int: LayerPlan] = [:], background: Color? = nil) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let gy = m.y0 + m.yy * group.translation.y
        guard m.yy > 0, gy.isFinite, abs(gy) < 1e7 else { return }
        let s = LayerCache.stripHeight
        let first = Int(((Double(frame.y) - gy) / Double(s)).rounded(.down))
        let last = Int(((Double(frame.maxY) - gy) / Double(s)).rounded(.down))
        guard last >= first, last - first < 64 else { return }
        let columns = stripColumns(of: group, in: list, frame: frame)
        var wanted: [Int] = []
        for index in first...last {
            let key = stripKey(index: index, of: group, columns: columns, deviceScale: k)
            if scrollMemory.strips[key] != nil, layers.hasStrip(key) { _ = layers.strip(key) } else { wanted.append(index) }
        }
        // The innermost container only: the deck's scene offset holds the grid's, which scrolls.
        let asks = slackTakes(strips: columns) && !group.contentChanged && !columns.isEmpty
            && !scrollGroups.keys.contains { $0 > group.start && $0 < group.end }
        guard asks, let background, m.xy == 0, m.yx == 0 else { return }
        // Only the strips of the content rows its clips show.
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        let shownTop = Int((m.y0 + m.yy * cy0 - gy).rounded(.down)), shownBottom = Int((m.y0 + m.yy * cy1 - gy).rounded(.up))
        wanted.removeAll { index in index * s >= shownBottom || (index + 1) * s <= shownTop }
        let range = (group.start + 1)..<group.end
        let (members, reach, core) = CairoRenderer.stripMembers(list, range, strips: first...last, leavingOut: [], scale: m.yy)
        let gx = m.x0 + m.xx * group.translation.x
        for index in first...last where index * s < shownBottom && (index + 1) * s > shownTop {
            let key = stripKey(index: index, of: group, columns: columns, deviceScale: k)
            let now = members[index - first]
            if !wanted.contains(index), let record = scrollMemory.strips[key] {
                let nowReaching = now.map { (command: list.commands[$0], reach: reach[$0]!) }
                guard case .valid = CairoRenderer.validity(of: record, for: nowReaching, rows: (index * s - 1)...((index + 1) * s)) else {
                    wanted.append(index)
                    continue
                }
            }
        }
        for index in wanted {
            let y0 = Int(gy.rounded(.down)) + index * s - 1
            let drawn = members[index - first]
            stripAsks.append(StripJob(list: list, plans: plans.filter { Set(drawn).contains($0.key) }, content: range, members: drawn,
                                      reach: drawn.map { reach[$0]! }, core: drawn.map { core[$0]! }, matrix: m, translation: group.translation,
                                      strip: PixelRect(x: columns.x, y: y0, width: columns.width, height: s + 2),
                                      key: stripKey(index: index, of: group, columns: columns, deviceScale: k),
                                      origin: Point(x: gx - Double(columns.x), y: Double(y0) - gy), background: background, deviceScale: k))
        }
    }

    /// Whether the slack is starved of strips: it was given no time since the last frame, or it
    /// left one the last frame asked for unmade.
    var stripsStarved: Bool { !slackHadTime || !stripsUnserved.isEmpty }

    /// Whether strips over `columns` are made in the slack: in the slack's mode, when one's
    /// estimated raster is at most `LayerCache.slackStripLongest`.
    func slackTakes(strips columns: PixelRect) -> Bool {
        layerRasterising == .slack
            && stripCost.estimate(pixels: Double(columns.width * (LayerCache.stripHeight + 2))) <= LayerCache.slackStripLongest
    }

    /// The device columns of `group`'s strips: the frame's, cut to what the clips around the
    /// container may touch (a message list's 672 px column in a 1280 px window), at the
    /// frame's rows. A strip's pixels beyond them would never be copied.
    func stripColumns(of group: ScrollGroup, in list: DisplayList, frame: PixelRect) -> PixelRect {
        var walk = DeviceWalk(scale: scale)
        for command in list.commands[1..<group.start] { _ = walk.follow(command, renderer: self) }
        var columns = frame
        for box in walk.clipBoxes { columns = columns.intersection(PixelRect(x: box.x, y: frame.y, width: box.width, height: frame.height)) }
        return columns
    }

    /// The key of strip `index` of `group` at `columns`: by the container's place among the
    /// list's containers too (a second one, the A/B comparison's other deck, must not take the
    /// first one's strips as its own stale content). It holds no commands: a strip's record says
    /// what its raster holds, valid for the rows the frame shows while their commands are the same.
    func stripKey(index: Int, of group: ScrollGroup, columns: PixelRect, deviceScale k: Double) -> LayerKey {
        LayerKey(scale: k, tx: Double(index), ty: Double(group.ordinal) * 4_294_967_296 + Double(columns.x + 32768) * 65536 + Double(columns.width),
                 commands: [], strip: true)
    }

    /// Whether a strip drawn from `record` holds what `now` (the frame's commands reaching the
    /// strip's rows, in order, with the rows they may reach) paints in `rows` (content device rows).
    ///
    /// Only commands that may reach `rows` count. An old one the frame no longer has may be left
    /// out when its shape does not cover those rows (a tile culled above the viewport whose
    /// shadow's halo still reached them: a few pixels of a soft edge, a frame in motion, repainted
    /// once it rests); commands at the end of `now` the raster lacks (a row of tiles entering)
    /// can be drawn onto it, as they are drawn after all the others.
    static func validity(of record: StripRecord, for now: [(command: DrawCommand, reach: ClosedRange<Int>)], rows: ClosedRange<Int>) -> StripValidity {
        let new = now.indices.filter { now[$0].reach.overlaps(rows) }
        var i = 0, j = 0
        while i < record.commands.count {
            guard record.reach[i].overlaps(rows) else { i += 1; continue }
            if j < new.count, record.commands[i] == now[new[j]].command {
                i += 1
                j += 1
            } else if !record.core[i].overlaps(rows) {
                i += 1
            } else {
                return .stale
            }
        }
        return j == new.count ? .valid : .extend(Array(new[j...]))
    }

    /// The content device rows to repaint so a strip drawn from `record` holds `now` instead
    /// (its commands in the strip's `rows`, in order, with the rows each may reach): the rows of
    /// the commands it holds and `now` lacks, and of those `now` adds, where the rest keep their
    /// order. Nil when they do not, or the rows exceed `LayerCache.patchShare` of the strip's.
    /// Whole rows of the strip are repainted, as damage bands are: pixman starts a gradient's or
    /// a picture's sampling at a span's start, so a repaint narrower than the raster could land
    /// a level off.
    static func stripPatch(of record: StripRecord, for now: [(command: DrawCommand, reach: ClosedRange<Int>)],
                           rows: ClosedRange<Int>) -> [ClosedRange<Int>]? {
        var changed: [ClosedRange<Int>] = []
        var i = 0, j = 0
        while i < record.commands.count || j < now.count {
            if i < record.commands.count, j < now.count, record.commands[i] == now[j].command {
                i += 1
                j += 1
            } else if i < record.commands.count,
                      let k = (j..<min(now.count, j + LayerCache.patchWindow)).first(where: { now[$0].command == record.commands[i] }) {
                // Commands added before the held one.
                changed += now[j..<k].map(\.reach)
                j = k
            } else if i < record.commands.count {
                changed.append(record.reach[i])
                i += 1
            } else {
                changed.append(now[j].reach)
                j += 1
            }
        }
        // The changed rows inside the strip, merged.
        let inside = changed.compactMap { r -> ClosedRange<Int>? in
            let a = max(r.lowerBound, rows.lowerBound), b = min(r.upperBound, rows.upperBound)
            return a <= b ? a...b : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
        var bands: [ClosedRange<Int>] = []
        for r in inside {
            if let last = bands.last, r.lowerBound <= last.upperBound + 1 {
                bands[bands.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                bands.append(r)
            }
        }
        let covered = bands.reduce(0) { $0 + $1.count }
        guard !bands.isEmpty, Double(covered) <= LayerCache.patchShare * Double(rows.count) else { return nil }
        return bands
    }

    /// Repaints `bands` (content device rows) of a held strip at its own phase (`origin`, as
    /// `storeStrip` kept it): the background, then `members` (the strip's commands reaching the
    /// bands) in order, from their commands, over the whole width of the strip.
    func patchStrip(_ surface: ImageSurface, origin: Point, bands: [ClosedRange<Int>], list: DisplayList, range: Range<Int>,
                    members: [Int], matrix m: cairo_matrix_t, background: Color, deviceScale k: Double) {
        drawOntoStrip(surface, origin: origin, members: Set(members), list: list, range: range, matrix: m, deviceScale: k) { scr in
            // Content device row r lands on raster row r - origin.y.
            for band in bands {
                let top = (Double(band.lowerBound) - origin.y).rounded(.down), bottom = (Double(band.upperBound + 1) - origin.y).rounded(.up)
                cairo_rectangle(scr, 0, top, Double(surface.width), bottom - top)
            }
            cairo_clip(scr)
            CairoRenderer.fillClip(scr, background)
        }
    }

    /// Paints all of `cr`'s clip `color` with SOURCE (a strip's background, the rows of strips
    /// not made yet, a patch's bands) and leaves the operator OVER for what is drawn on it.
    static func fillClip(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Draws `members` (commands of `range`) onto a held strip at the raster's own phase: content
    /// (x, y) lands on its pixel (origin.x + xx x, yy y - origin.y), `origin` as `storeStrip` kept
    /// it. `prepare` gets the strip's context first, in the raster's pixels (a clip, a background).
    func drawOntoStrip(_ surface: ImageSurface, origin: Point, members: Set<Int>, list: DisplayList, range: Range<Int>,
                       matrix m: cairo_matrix_t, deviceScale k: Double, prepare: (OpaquePointer) -> Void = { _ in }) {
        let scr = cairo_create(surface.handle)!
        prepare(scr)
        var sm = cairo_matrix_t(xx: m.xx, yx: 0, xy: 0, yy: m.yy, x0: origin.x, y0: -origin.y)
        cairo_set_matrix(scr, &sm)
        drawOffscreen(list, range, on: scr, skip: { !members.contains($0) }, deviceScale: k)
        cairo_destroy(scr)
        cairo_surface_flush(surface.handle)
    }

    /// A user-space box holding what `command`'s shape covers, without the slack of `scrollBox`:
    /// a shadow's rectangle without its halo, a text's box; nil where it is `scrollBox`'s.
    static func tightBox(_ command: DrawCommand) -> Rect? {
        switch command {
        case .shadow(let r, _, _, let offset, _): return r.offsetBy(dx: offset.x, dy: offset.y)
        case .text(_, let r, _): return r
        default: return nil
        }
    }

    /// A user-space box holding what `command` paints (generously: shadows and text ink); nil
    /// for pushes, pops and paints (always drawn).
    static func scrollBox(_ command: DrawCommand) -> Rect? {
        func grown(_ r: Rect, _ d: Double) -> Rect { r.insetBy(dx: -d, dy: -d) }
        switch command {
        case .fillRect(let r, _, _), .image(_, let r, _, _): return grown(r, 1)
        case .strokeRect(let r, _, let w, _): return grown(r, w + 1)
        case .shadow(let r, _, let blur, let offset, _): return grown(r.offsetBy(dx: offset.x, dy: offset.y), blur + 2)
        case .fillCircle(let c, let radius, _): return Rect(x: c.x - radius - 1, y: c.y - radius - 1, width: 2 * radius + 2, height: 2 * radius + 2)
        case .strokeCircle(let c, let radius, _, let w):
            return Rect(x: c.x - radius - w - 1, y: c.y - radius - w - 1, width: 2 * (radius + w + 1), height: 2 * (radius + w + 1))
        case .line(let a, let b, _, let w):
            return Rect(x: min(a.x, b.x) - w - 1, y: min(a.y, b.y) - w - 1, width: abs(a.x - b.x) + 2 * w + 2,
                        height: abs(a.y - b.y) + 2 * w + 2)
        case .polyline(let points, _, let w):
            guard let p = points.first else { return nil }
            var x0 = p.x, y0 = p.y, x1 = p.x, y1 = p.y
            for q in points { x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y) }
            return Rect(x: x0 - w - 1, y: y0 - w - 1, width: x1 - x0 + 2 * w + 2, height: y1 - y0 + 2 * w + 2)
        case .text(_, let r, _): return grown(r, r.height + 4)
        case .clear, .pushClip, .popClip, .pushTransform, .popTransform, .pushOpacity, .popOpacity: return nil
        }
    }
}

extension CairoRenderer {
    /// Scroll strips copied though the content around their shown rows changed, and strips
    /// extended with the commands that entered instead of rasterised again (since the renderer was made).
    public var stripsKept: Int { scrollMemory.stripsKept }
    public var stripsExtended: Int { scrollMemory.stripsExtended }
    public var stripsPatched: Int { scrollMemory.stripsPatched }
    /// Of the strips rasterised, those made in the slack between frames (`rasteriseStripsInSlack`).
    public var stripsRasterisedInSlack: Int { stripsMadeInSlack }
}
