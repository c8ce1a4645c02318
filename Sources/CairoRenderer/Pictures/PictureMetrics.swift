import Foundation

/// Every tunable of picture loading, with its unit and where it comes from.
public enum PictureMetrics {
    /// Default byte budget of decoded pixels, in MiB (issue 17; `--picture-cache MIB`).
    public static let defaultCacheMiB = 128
    /// Decoding threads in the window (issue 17: "one or two"): two, but always one core fewer
    /// than the machine has, so the drawing thread keeps a core. On 2 cores two decoders made the
    /// UI thread's picture work take 5.6 ms of wall clock for 0.26 ms of CPU at p100 (it waited
    /// for a core: a JPEG decode does not step aside), `gesturedeck-bench --only pictures`, idle.
    public static let workerThreads = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount - 1))
    /// Nice value of a decoding thread (Linux per-thread priority; the drawing thread stays at 0).
    public static let workerNice: Int32 = 10
    /// Cross-fade from the placeholder to a picture that just arrived, in ms
    /// (about UIKit's 0.2 s cross-dissolve, a little shorter so a fling stays crisp).
    public static let fadeMillis = 150.0
    /// A source is decoded this much larger than the size asked for, so the zoom
    /// of the strip (up to about 1.2x, CarouselOptions) reuses it (ratio).
    public static let sourceHeadroom = 1.25
    /// PNGs up to this many pixels decode whole with Cairo (the bundled 256x256
    /// pictures stay byte-identical to the goldens); larger ones go row by row
    /// through libpng, box-filtered down as they arrive (pixels: 4 MP = 16 MiB).
    public static let wholePNGPixels = 4 << 20
    /// The largest decoded source held in memory, in bytes (a JPEG whose 1/8
    /// DCT scale is still larger is refused; PNG always fits by box-filtering).
    public static let maximumSourceBytes = 96 << 20
    /// Finished pictures a frame takes into the cache at most (count; each may evict older ones,
    /// which a worker frees, so a burst is spread over frames to keep each frame's share small).
    public static let arrivalsPerFrame = 3
    /// Bytes of finished pictures a frame takes in at most (the first always comes): with the
    /// count above, a burst of large previews is spread over frames (bytes; seed: four 512x512
    /// previews; the bench's walks took in at most 0.74 MiB a frame, so it binds only on bursts).
    public static let arrivalBytesPerFrame = 4 << 20
    /// A decoding thread that steps aside for a frame checks the frame gate every this many
    /// PNG rows (rows; a flat 8192x8192 PNG inflates in about 1 s on a worker, 0.12 ms a row,
    /// so 8 rows is about 1 ms).
    public static let gateRows = 8
    /// How often a worker that stepped aside looks whether the frame is done, and the longest
    /// it waits for one frame (us; seed 0.5 ms, and one 60 Hz frame: it never waits past one).
    public static let gatePollMicros = 500
    public static let gateMaximumWaitMicros = 17_000
    /// Requests waiting for a worker: the nearest this many are kept, the rest dropped (count).
    public static let maximumQueuedRequests = 48
    /// A decoded source above this many pixels is cut down before it is kept for
    /// the next size (1 MP: the bundled 256x256 pictures are kept whole, so the goldens hold).
    public static let shelfReducePixels = 1 << 20
    /// Decoded sources a decoding thread keeps for the next size of the same picture (count),
    /// and their bytes at most (the most recent one is always kept). Seed 2; issue 21 item 5: a
    /// carousel shows about 20 pictures whose sizes change as they zoom (5 preview cards, 14
    /// strip items at 1280x800), so with 2 kept nearly every new size decoded its file again
    /// (17 % of the compositor's carousel time in PNG decoding, perf on the compare bench).
    /// 32 sources, 8 MiB: the bundled 256x256 pictures are 256 KiB each.
    public static let reusableSources = 32
    public static let reusableSourceBytes = 8 << 20
    /// A moving picture cell (shadow and picture: a carousel item, a preview card) is composited
    /// from a raster of its scale snapped to steps of this much around the renderer's scale
    /// (ratio; issue 21 item 5, "carousel scales snap to a few raster scales"). 0.04 puts the
    /// seed carousel's resting scales on the grid (1.2 centre zoom, 0.88 a preview one card off,
    /// CarouselOptions and PreviewMotion), so a strip item zooms through 6 rasters (1...1.2) and a
    /// preview card through 6 (0.80...1, its far 0.82 snaps to 0.84): at most 6 rasters per picture
    /// and cell size; a raster is scaled by at most 2 % (bilinear), within LayerRepaintTests'
    /// tolerance (PictureRasterTests plays a drag and a fling at 1280x800).
    public static let rasterScaleStep = 0.04
    /// A cell's raster holds its shadow's opacity relative to the picture's, in steps of 1/this
    /// (the carousel's preview fades its shadow with the square of the card's alpha, 0.16 x alpha
    /// relative to it: 1/64 steps made 6 rasters per scale, 1/16 makes 2; off by at most 8/255).
    public static let rasterShadowAlphaSteps = 16.0
    /// Picture-cell rasters one frame may make (count; further moving cells are drawn directly
    /// and rasterised in a later frame): seed 2, a strip item and a preview card entering a step.
    public static let rastersPerFrame = 2
    /// Of those, rasters a frame may make of cells that already have a stand-in (a held raster
    /// within `standInScaleReach`): only the frame's first (count; issue 21, "at most one
    /// rasterisation a frame while a stand-in exists"). The carousel's slowest frames made 2
    /// rasters each (5-12 ms of CPU against about 3 with none, compare bench 1280x800), most of
    /// cells a stand-in could have drawn.
    public static let rastersPerFrameWithStandIn = 1
    /// A moving cell past the frame's raster share is drawn from a raster of the same cell at
    /// another snapped scale within this much of its own (relative; issue 21 item 5): scaled by
    /// up to 1/0.88 with a bilinear filter, a little soft for the frames of motion, repainted
    /// exactly at rest. Before, it was drawn directly: a new picture size decoded inline headless
    /// (1-5 ms of CPU in the compare bench's carousel, 55 of them in 600 frames) and a new shadow.
    /// 0.12 is three steps: a preview card's scales (0.84...1) and a strip item's (1...1.2).
    public static let standInScaleReach = 0.12
    /// Pictures a frame with no raster made may ready at the drawn size of a moving cell whose
    /// size held still since the last frame (count; PictureRasters.swift): the size it is likely
    /// to rest at. Before, the frame a carousel came to rest in drew its cells directly and
    /// decoded 5-6 of those sizes inline (4-5 ms of its 7-11 ms of CPU, compare bench 1280x800,
    /// frames #69, #247, #478); moving frames with no raster took about 2-3 ms.
    public static let restingSizesPerFrame = 1

    /// Smallest cell, in device pixels, that spells out why a picture cannot be shown.
    public static let problemTextMinimumSide = 72.0
}
