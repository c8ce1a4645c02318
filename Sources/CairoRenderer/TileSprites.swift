import CCairo
import InteractionEngine

/// Moving tiles as one copy each (issue 21, the grid's reflow and auto-scroll): a tile that moved
/// since the last frame (its shadow and face not drawn in place before) is its shadow, face and
/// what is drawn on the face, four composites and their clips each frame (the shadow's ring, the
/// face's and outline's edges, the middle's copy). The bench's grid frames with 55-77 tiles
/// reflowing while the content scrolls drew ~300 commands that way. Here the whole run (shadow
/// to the end of the face's layer) is rasterised once onto a transparent surface (a sprite) and
/// composited OVER in one copy at the nearest device pixel; its pixels join the settle
/// rectangles, so the frame once the tile rests is drawn from its commands, exact.
///
/// The sprite flattens the run before compositing it (a rounding of 1/255 here and there) and
/// lands up to half a pixel off: a moving frame only, within `LayerRepaintTests`' tolerance.
final class TileSprites {
    /// Sprites a frame may rasterise (sprites): the others' runs are drawn as before this frame
    /// and rasterised in later frames. Compare bench, grid, 1280x800 (load 6): a sprite drawn
    /// from its commands cost about 0.5 ms of CPU (#66 against #65), one copying its face's held
    /// layer (`fromHeldLayers`) about 0.17 ms, a moving tile drawn as before about 0.07 ms a frame.
    /// 24 a frame made the reflow's 75 sprites in 3 frames, each 12.7-14.7 ms of CPU against
    /// 9.4-11.3 with 6 (the p99's frames); 6 keeps the first frames of a reflow near its cost
    /// without sprites. In the slack's mode, when the slack had time after the last frame, a
    /// frame asks the slack for them instead (`drawSprite`).
    static let perFrame = 6
    /// Frames a sprite is kept unused (frames): a reflow's tiles move for about 20 frames.
    static let keepFrames = 8
    /// Sprites a cheap frame may make ahead of a reflow (`prefetchSprites`; sprites). The bench's
    /// grid at 1280x800 shows about 75 tiles and lifts one 35 frames before its first reflow
    /// across the rows (frames #30-#64); each such frame drew 56-137 commands in 0.6-1.3 ms, and a
    /// sprite copying its face's held layer costs about 0.17 ms, so 6 a frame is about 1 ms.
    static let prefetchPerFrame = 6
    /// The most drawing commands a frame may have drawn and still make sprites ahead (commands):
    /// the bench's grid lift and drag across draw 56-137 a frame, a reflow across the rows 235-356.
    /// At 3840x2160 the drag draws 166-285, so no sprite is made ahead there. A limit of 36 % of
    /// the list's commands made them (the reflow's first frame copied 342 sprites and drew 2031
    /// commands instead of 3646), and the run was slower: CPU p50 14.1 -> 17.2 ms, 8 % more in
    /// all (two alternated runs, 2026-12-03). At that size a sprite costs more than the face's
    /// layer copy and shadow ring it stands for. In the slack's mode a frame only asks
    /// (`slackAsksPerFrame`), whatever it drew.
    static let prefetchBelowCommands = 160
    /// Sprites a frame asks the slack for (`LayerRasterising.slack`; sprites): the frame only
    /// lists them, nearest the change first, and the slack makes those that fit. At 3840x2160 the
    /// grid shows about 650 tiles, 35 a row, and a drag down across the rows sends 94 % of them
    /// sliding; the slack of a drag frame there makes about 15.
    static let slackAsksPerFrame = 64
    /// The largest sprite side (device px): a grid tile with its shadow (SPEC G1: at most 204 px
    /// wide, 220 with the lift) at scale 2.
    static let maximumSide = 480
    /// Bytes all sprites take at most, as window screens (screens): a screen of tiles with their
    /// shadows' halo is about 1.4 screens of pixels.
    static let screensPerBudget = 2
    /// The sprites' byte budget for a window of `width` x `height` device pixels (at least a MB of screen).
    static func budget(width: Int, height: Int) -> Int { screensPerBudget * max(width * height * 4, 1 << 20) }

    struct Entry {
        let surface: ImageSurface
        /// Device pixel of the anchor (the shadow rectangle's origin) when rasterised, and the raster.
        let anchor: Point
        let raster: PixelRect
        /// What the sprite paints, inside `raster` (`coverage`): only these pixels are copied.
        let ink: PixelRect
        /// Its face's middle, every pixel opaque: copied with SOURCE, the rest of `ink` OVER.
        let opaque: PixelRect?
        var lastUse: Int
    }

    /// Where a held sprite lands this frame: its raster, ink and opaque middle moved by whole pixels.
    struct Placed {
        let surface: ImageSurface
        let at: PixelRect
        let ink: PixelRect
        let opaque: PixelRect?
    }

    /// The box of `surface`'s pixels with any alpha, and `hint` (the face's middle, device px as
    /// `raster`) when every pixel of it inside that box is opaque, both in `raster`'s device pixels.
    /// A tile's sprite is its raster's generous box (the shadow's halo grown by 2 px, the text's
    /// box by its height): at 3840x2160 a grid sprite's ink is about two thirds of it, and its
    /// opaque middle half of the ink, which OVER read and blended for nothing.
    static func coverage(of surface: ImageSurface, raster: PixelRect, opaqueHint hint: PixelRect?) -> (ink: PixelRect, opaque: PixelRect?) {
        surface.withPixels { buffer, stride in
            let w = surface.width, h = surface.height
            var x0 = w, y0 = h, x1 = -1, y1 = -1
            for y in 0..<h {
                let row = buffer.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                var first = -1, last = -1
                for x in 0..<w where row[x] >> 24 != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                x0 = min(x0, first)
                x1 = max(x1, last)
                if y0 == h { y0 = y }
                y1 = y
            }
            guard x1 >= 0 else { return (PixelRect(x: raster.x, y: raster.y, width: 0, height: 0), nil) }
            let ink = PixelRect(x: raster.x + x0, y: raster.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
            guard let hint else { return (ink, nil) }
            let middle = hint.intersection(ink)
            guard !middle.isEmpty else { return (ink, nil) }
            for y in (middle.y - raster.y)..<(middle.maxY - raster.y) {
                let row = buffer.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in (middle.x - raster.x)..<(middle.maxX - raster.x) where row[x] >> 24 != 0xFF { return (ink, nil) }
            }
            return (ink, middle)
        }
    }

    /// Whether a sprite copies its face's held layer raster in (`rasteriseSprite`) instead of
    /// drawing the face's commands (tests switch it off to compare).
    var fromHeldLayers = true
    /// Sprites a cheap frame makes ahead, and how cheap it must be (`prefetchPerFrame`,
    /// `prefetchBelowCommands`; tests set them either side of a frame's figures).
    var prefetchPerFrame = TileSprites.prefetchPerFrame
    var prefetchBelowCommands = TileSprites.prefetchBelowCommands

    private var entries: [LayerKey: Entry] = [:]
    private var bytes = 0
    private var frame = 0
    private var madeThisFrame = 0
    /// Identities met in the last frame and this one: a sprite is made the second time its run is met.
    private var metBefore: Set<LayerKey> = []
    private var metNow: Set<LayerKey> = []
    /// Sprites rasterised and copied since the renderer was made; of those rasterised, made ahead.
    private(set) var rasterised = 0
    private(set) var copies = 0
    private(set) var prefetched = 0

    func beginFrame() {
        frame += 1
        madeThisFrame = 0
        // The slack after the last frame had its turn: this frame asks anew.
        asked.removeAll()
        swap(&metBefore, &metNow)
        metNow.removeAll(keepingCapacity: true)
        if frame % TileSprites.keepFrames == 0 {
            for (key, entry) in entries where frame - entry.lastUse > TileSprites.keepFrames { drop(key, entry) }
        }
    }

    private func drop(_ key: LayerKey, _ entry: Entry) {
        entries[key] = nil
        bytes -= entry.surface.width * entry.surface.height * 4
    }

    /// The sprite of `key` and where it lands for an anchor at device `anchor`; nil when there is none.
    func copy(_ key: LayerKey, anchor: Point) -> Placed? {
        metNow.insert(key)
        guard var entry = entries[key] else { return nil }
        entry.lastUse = frame
        entries[key] = entry
        copies += 1
        let dx = Int((anchor.x - entry.anchor.x).rounded()), dy = Int((anchor.y - entry.anchor.y).rounded())
        func moved(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        return Placed(surface: entry.surface, at: moved(entry.raster), ink: moved(entry.ink), opaque: entry.opaque.map(moved))
    }

    /// Whether a sprite of `key` may be rasterised this frame (met in the last frame too, under the cap).
    func mayRasterise(_ key: LayerKey, raster: PixelRect) -> Bool {
        metBefore.contains(key) && madeThisFrame < TileSprites.perFrame
            && raster.width <= TileSprites.maximumSide && raster.height <= TileSprites.maximumSide
    }

    /// Whether a sprite of `key` is held; a held one counts as used this frame (kept while a
    /// lift lasts, though no frame copies it yet).
    func hold(_ key: LayerKey) -> Bool {
        guard var entry = entries[key] else { return false }
        entry.lastUse = frame
        entries[key] = entry
        return true
    }

    /// Whether a sprite of `bytes` fits in `budget` without evicting one: sprites made ahead
    /// never push out others (with more tiles shown than the budget holds they would take
    /// turns being made).
    func fits(_ bytes: Int, budget: Int) -> Bool { self.bytes + bytes <= budget }

    func countPrefetched() { prefetched += 1 }

    /// A sprite a cheap frame found to make ahead, made in the slack after it instead
    /// (`LayerRasterising.slack`): the frame's list and layer plans, the run and where it lands.
    struct Job {
        let list: DisplayList
        let plans: [Int: LayerPlan]
        let range: Range<Int>
        let key: LayerKey
        let anchor: Point
        let raster: PixelRect
        let matrix: cairo_matrix_t
        /// The face's middle (`LayerPlan.inner`), copied with SOURCE where opaque (`store`).
        let faceMiddle: PixelRect
        let budget: Int
    }
    /// The sprites the last frame asked the slack for, nearest the changed item first: a frame
    /// replaces them (positions of older frames are stale).
    var asked: [Job] = []
    /// The running cost of a sprite made in the slack, and how many were.
    var cost = SlackCost()
    private(set) var madeInSlack = 0
    func countMadeInSlack() { madeInSlack += 1 }

    /// Whether the last pass made a sprite ahead (more may be waiting for the next frame).
    var lastPassMade = true
    /// Whether a frame looks for sprites to make ahead: every frame while they are being made,
    /// else every `keepFrames / 2` frames, which keeps those held alive (a pass keys every run
    /// shown, about 0.3 ms at 1280x800 and 420 runs at 3840x2160).
    var passDue: Bool { lastPassMade || frame % max(1, TileSprites.keepFrames / 2) == 0 }

    /// Keeps `surface` as the sprite of `key`; `opaqueHint` is its face's middle (`LayerPlan.inner`)
    /// at the raster's phase, copied with SOURCE where every pixel of it is opaque.
    @discardableResult
    func store(_ surface: ImageSurface, key: LayerKey, anchor: Point, raster: PixelRect, opaqueHint: PixelRect?, budget: Int) -> Placed {
        madeThisFrame += 1
        rasterised += 1
        if let old = entries[key] { drop(key, old) }
        let size = surface.width * surface.height * 4
        // Least recently used out first, down to the budget.
        while bytes + size > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            drop(oldest.key, oldest.value)
        }
        let (ink, opaque) = TileSprites.coverage(of: surface, raster: raster, opaqueHint: opaqueHint)
        entries[key] = Entry(surface: surface, anchor: anchor, raster: raster, ink: ink, opaque: opaque, lastUse: frame)
        bytes += size
        return Placed(surface: surface, at: raster, ink: ink, opaque: opaque)
    }
}

extension CairoRenderer {
    /// Draws a moving tile's run (a shadow, then the layer of the face right after it) as one
    /// sprite copy; the index after the run, or nil to draw it as before.
    func drawSprite(_ list: DisplayList, at index: Int, on cr: OpaquePointer, skip: ((Int) -> Bool)?,
                    layers plans: [Int: LayerPlan], deviceScale k: Double) -> Int? {
        guard case .shadow(let rect, _, _, _, _) = list.commands[index], let plan = plans[index + 1],
              let unchanged = knownUnchanged, plan.end <= unchanged.count,
              !unchanged[index], !unchanged[index + 1] else { return nil }
        let range = index..<plan.end
        if let skip, range.allSatisfy({ skip($0) }) { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else { return nil }
        let anchor = Point(x: m.x0 + m.xx * rect.minX, y: m.y0 + m.yy * rect.minY)
        guard anchor.x.isFinite, anchor.y.isFinite, abs(anchor.x) < 1e6, abs(anchor.y) < 1e6 else { return nil }
        let key = CairoRenderer.spriteKey(list, range, shadow: rect, scale: m.xx)
        var found = sprites.copy(key, anchor: anchor)
        if found == nil {
            guard let raster = CairoRenderer.spriteRaster(list, range, matrix: m), sprites.mayRasterise(key, raster: raster) else { return nil }
            let target = cairo_get_target(cr)
            let budget = TileSprites.budget(width: Int(cairo_image_surface_get_width(target)), height: Int(cairo_image_surface_get_height(target)))
            // In the slack's mode, when the slack had time after the last frame, the frame asks
            // for the sliding tile's sprite (before those made ahead: `prefetchSprites` asks after
            // the frame is drawn) and draws its run as before: rasterising one cost about 0.17 ms,
            // drawing the run 0.07.
            if layerRasterising == .slack, slackHadTime {
                sprites.asked.append(TileSprites.Job(list: list, plans: plans.filter { range.contains($0.key) }, range: range, key: key,
                                                     anchor: anchor, raster: raster, matrix: m, faceMiddle: plan.inner, budget: budget))
                return nil
            }
            let surface = rasteriseSprite(list, range, raster: raster, matrix: m, layers: plans, deviceScale: k)
            found = sprites.store(surface, key: key, anchor: anchor, raster: raster, opaqueHint: plan.inner, budget: budget)
        }
        guard let sprite = found else { return nil }
        CairoRenderer.composite(sprite, on: cr)
        // Inexact (flattened, at the nearest pixel): repainted from the commands next frame.
        layers.approximated(sprite.at)
        if plan.strokes {
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        }
        return plan.end
    }

    /// Copies `sprite` where it lands: its opaque middle with SOURCE (the same pixels OVER would
    /// leave, without reading the frame's), the rest of its ink OVER, nothing outside the ink.
    static func composite(_ sprite: TileSprites.Placed, on cr: OpaquePointer) {
        guard !sprite.ink.isEmpty else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, sprite.surface.handle, Double(sprite.at.x), Double(sprite.at.y))
        if let opaque = sprite.opaque {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_rectangle(cr, Double(opaque.x), Double(opaque.y), Double(opaque.width), Double(opaque.height))
            cairo_fill(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        for band in ring(sprite.ink, around: sprite.opaque) {
            cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// What a sprite of the run `range` (a shadow at `rect`, then its face's layer) holds, at any
    /// phase: the run relative to the shadow's origin, to 1/64 px, at device `scale`.
    static func spriteKey(_ list: DisplayList, _ range: Range<Int>, shadow rect: Rect, scale: Double) -> LayerKey {
        LayerKey(scale: scale, tx: 0, ty: 0, commands: list.commands[range].map { $0.shifted(-rect.minX, -rect.minY, quantum: 1.0 / 64) })
    }

    /// The device pixels a sprite of the run `range` covers under `m`: its generous box (shadow
    /// halo, text ink) at that phase; nil when a command has no box or it is empty.
    static func spriteRaster(_ list: DisplayList, _ range: Range<Int>, matrix m: cairo_matrix_t) -> PixelRect? {
        var box: Rect?
        for i in range {
            guard let b = CairoRenderer.scrollBox(list.commands[i]) else { return nil }
            box = box?.union(b) ?? b
        }
        guard let box else { return nil }
        let raster = PixelRect(covering: m.x0 + m.xx * box.minX, m.y0 + m.yy * box.minY, m.x0 + m.xx * box.maxX, m.y0 + m.yy * box.maxY)
        return raster.isEmpty ? nil : raster
    }

    /// Makes sprites ahead of a reflow (up to `prefetchPerFrame`, nearest the changed item first)
    /// for the still tiles a still scroll container shows while an item in it or over it changes
    /// (a tile pressed, lifted and dragged: the next frames may send many of them sliding, each
    /// needing a sprite it could not make in that frame), in a frame that drew at most
    /// `prefetchBelowCommands` commands since `drawnBefore`. Sprites already held are kept for as
    /// long as the change lasts.
    func prefetchSprites(_ list: DisplayList, plans: [Int: LayerPlan], drawnBefore: Int, frame: PixelRect) {
        // In the slack's mode the frame only asks for its sprites (the slack after it makes those
        // that fit), so any frame may ask, and for more.
        let inSlack = layerRasterising == .slack
        guard sprites.prefetchPerFrame > 0, inSlack || commandsDrawn - drawnBefore <= sprites.prefetchBelowCommands, sprites.passDue,
              let unchanged = knownUnchanged, unchanged.count == list.commands.count else { return }
        let before = sprites.prefetched
        defer { sprites.lastPassMade = sprites.prefetched > before || !sprites.asked.isEmpty }
        let commands = list.commands
        let budget = TileSprites.budget(width: frame.width, height: frame.height)
        var made = 0
        for start in scrollGroups.keys.sorted() {
            guard let group = scrollGroups[start], !group.scrolling, group.end + 1 < commands.count else { continue }
            // The innermost container only (the deck's scene offset holds the grid's): its tiles
            // are asked for once.
            if scrollGroups.keys.contains(where: { $0 > start && $0 < group.end }) { continue }
            // The item lifted or pressed: what changed in the container or over it, in device
            // pixels (the grid's lifted tile is drawn after its container).
            var lifted: PixelRect?
            for j in (start + 1)..<commands.count where !unchanged[j] {
                if let b = knownBounds?[j], !b.isEmpty { lifted = lifted?.union(b) ?? b }
            }
            guard let lifted else { continue }
            var walk = DeviceWalk(scale: scale)
            for i in 0...start { _ = walk.follow(commands[i], renderer: self) }
            var runs: [(range: Range<Int>, key: LayerKey, anchor: Point, raster: PixelRect, matrix: cairo_matrix_t, faceMiddle: PixelRect)] = []
            var i = start + 1
            while i < group.end {
                defer { i += 1 }
                if walk.follow(commands[i], renderer: self) { continue }
                // A run that changed this frame is the lifted item, or makes its own sprite as it moves (`drawSprite`).
                guard case .shadow(let rect, _, _, _, _) = commands[i], let plan = plans[i + 1], plan.end <= group.end,
                      walk.scale > 0, (i..<plan.end).allSatisfy({ unchanged[$0] }) else { continue }
                let m = cairo_matrix_t(xx: walk.scale, yx: 0, xy: 0, yy: walk.scale, x0: walk.tx, y0: walk.ty)
                let range = i..<plan.end
                guard let raster = CairoRenderer.spriteRaster(list, range, matrix: m), raster.intersects(frame) else { continue }
                let key = CairoRenderer.spriteKey(list, range, shadow: rect, scale: walk.scale)
                if sprites.hold(key) { continue }
                runs.append((range, key, Point(x: m.x0 + m.xx * rect.minX, y: m.y0 + m.yy * rect.minY), raster, m, plan.inner))
            }
            let cx = Double(lifted.x) + Double(lifted.width) / 2, cy = Double(lifted.y) + Double(lifted.height) / 2
            func distance(_ r: PixelRect) -> Double {
                let dx = Double(r.x) + Double(r.width) / 2 - cx, dy = Double(r.y) + Double(r.height) / 2 - cy
                return dx * dx + dy * dy
            }
            for run in runs.sorted(by: { distance($0.raster) < distance($1.raster) }) {
                guard made < (inSlack ? TileSprites.slackAsksPerFrame : sprites.prefetchPerFrame) else { return }
                guard run.raster.width <= TileSprites.maximumSide, run.raster.height <= TileSprites.maximumSide,
                      sprites.fits(run.raster.area * 4, budget: budget) else { continue }
                if inSlack {
                    sprites.asked.append(TileSprites.Job(list: list, plans: plans.filter { run.range.contains($0.key) }, range: run.range,
                                                         key: run.key, anchor: run.anchor, raster: run.raster, matrix: run.matrix,
                                                         faceMiddle: run.faceMiddle, budget: budget))
                    made += 1
                    continue
                }
                let surface = rasteriseSprite(list, run.range, raster: run.raster, matrix: run.matrix, layers: plans, deviceScale: run.matrix.xx)
                sprites.store(surface, key: run.key, anchor: run.anchor, raster: run.raster, opaqueHint: run.faceMiddle, budget: budget)
                sprites.countPrefetched()
                made += 1
            }
        }
    }

    /// Makes the sprites the last frame asked for (`TileSprites.asked`, nearest the change first)
    /// while the estimated cost of the next fits in what is left of `budget` ms and is at most
    /// `longest` (SlackCost), until `interrupt` says input waits; the number made.
    func rasteriseSpritesInSlack(within budget: Double, longest: Double, clock: () -> Double, interrupt: () -> Bool) -> Int {
        sprites.cost.drain(&sprites.asked, pixels: { Double($0.raster.area) }, within: budget, longest: longest,
                           clock: clock, interrupt: interrupt) { job in
            guard !sprites.hold(job.key), sprites.fits(job.raster.area * 4, budget: job.budget) else { return false }
            let surface = rasteriseSprite(job.list, job.range, raster: job.raster, matrix: job.matrix, layers: job.plans,
                                          deviceScale: job.matrix.xx)
            sprites.store(surface, key: job.key, anchor: job.anchor, raster: job.raster, opaqueHint: job.faceMiddle, budget: job.budget)
            sprites.countPrefetched()
            sprites.countMadeInSlack()
            return true
        }
    }

    /// Of the sprites made ahead, those made in the slack between frames.
    public var spritesMadeInSlack: Int { sprites.madeInSlack }

    /// A sprite of the run `range` at this frame's phase (`matrix`), its device pixels those of the
    /// frame inside `raster`. With `fromHeldLayers` (on by default) the face's layer is copied in
    /// from the raster held for it (exact at this phase, else shifted to the nearest pixel with
    /// its ring drawn, as the frame would copy it) and none is rasterised for the sprite: drawn
    /// from its commands the face's text cost most of the run's drawing.
    func rasteriseSprite(_ list: DisplayList, _ range: Range<Int>, raster: PixelRect, matrix m: cairo_matrix_t,
                         layers plans: [Int: LayerPlan], deviceScale k: Double) -> ImageSurface {
        guard sprites.fromHeldLayers else {
            return ImageSurface.rasterising(raster, matrix: m) { scr in
                drawOffscreen(list, range, on: scr, skip: nil, deviceScale: k)
            }
        }
        return ImageSurface.rasterisingDevicePixels(raster) { scr in
            var sm = m
            cairo_set_matrix(scr, &sm)
            let held = layers.onlyHeld
            layers.onlyHeld = true
            drawOffscreen(list, range, on: scr, skip: nil, layers: plans.filter { range.contains($0.key) }, deviceScale: k)
            layers.onlyHeld = held
        }
    }

    /// Moving tiles' sprites rasterised and copied since the renderer was made (TileSprites.swift).
    public var spritesRasterised: Int { sprites.rasterised }
    public var spriteCopies: Int { sprites.copies }
    /// Of the sprites rasterised, those made ahead of a reflow (`prefetchSprites`).
    public var spritesPrefetched: Int { sprites.prefetched }
    /// Sprites a cheap frame makes ahead of a reflow (`TileSprites.prefetchPerFrame`; 0: none).
    public var spritePrefetchPerFrame: Int {
        get { sprites.prefetchPerFrame }
        set { sprites.prefetchPerFrame = newValue }
    }
    /// The most commands a frame may draw and still make sprites ahead (`TileSprites.prefetchBelowCommands`).
    public var spritePrefetchBelowCommands: Int {
        get { sprites.prefetchBelowCommands }
        set { sprites.prefetchBelowCommands = newValue }
    }
}
