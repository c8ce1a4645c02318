import CairoRenderer
import Foundation
import InteractionEngine

/// Renders a session without any window system: `--screenshot`, `--replay`, `--frames`.
public struct Headless {
    /// `--frames` writes at most this many pictures (an hour at 30 fps is 108,000): a trace whose
    /// last entry lies far in the future is refused instead of writing frames without end.
    public static let maximumFrames = 108_000

    public let session: Session
    private let renderer = CairoRenderer()

    public init(session: Session, scale: Double = 1) {
        self.session = session
        renderer.scale = scale
        renderer.pictureCacheBytes = session.options.pictureCacheMiB << 20
    }

    /// Feeds the trace's entries up to and including `time` (inputs and recorded frame ticks).
    public func replay(_ entries: inout ArraySlice<TraceEntry>, through time: Millis) {
        while let entry = entries.first, entry.t <= time {
            entries.removeFirst()
            session.feed(entry)
        }
    }

    /// The frame at `time`, as an image.
    public func frame(at time: Millis) -> ImageSurface {
        session.tick(at: time)
        let size = session.deck.size
        return renderer.image(of: session.deck.render(at: time), width: Int(clamping: size.width), height: Int(clamping: size.height))
    }

    /// Ticks the deck to `time` and writes that frame as a PNG.
    public func screenshot(at time: Millis, to path: String) throws(RenderError) {
        try frame(at: time).writePNG(to: path)
        reportImageFailures()
    }

    /// Replays the whole trace and writes one numbered PNG per frame at `fps` into `folder`.
    /// Returns the number of frames written.
    public func writeFrames(_ trace: Trace, fps: Double, to folder: String, tail: Millis = 1000) throws(RenderError) -> Int {
        let step = 1000 / fps
        let end = trace.duration + tail
        let count = Int(clamping: (end / step).rounded(.down), to: 0...Int.max - 1) + 1
        guard count <= Headless.maximumFrames else {
            throw RenderError("the trace lasts \(String(format: "%.1f", trace.duration / 1000)) s, so --frames at \(fps) fps would write "
                              + "\(count) frames, more than the limit of \(Headless.maximumFrames); lower --fps or trim the trace")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RenderError("\(folder): cannot create the folder (\(error.localizedDescription))")
        }
        var entries = trace.entries[...]
        var index = 0
        var time: Millis = 0
        while time <= end {
            replay(&entries, through: time)
            try frame(at: time).writePNG(to: String(format: "%@/frame-%05d.png", folder, index))
            index += 1
            time = Double(index) * step
        }
        reportImageFailures()
        return index
    }

    func reportImageFailures() {
        if let summary = PictureWarnings.summary(renderer.imageFailures) { Session.warn(summary) }
    }
}
