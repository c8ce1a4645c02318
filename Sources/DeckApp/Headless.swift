import CairoRenderer
import InteractionEngine

/// Renders a session without any window system: `--screenshot`.
public enum Headless {
    /// Ticks the deck to `time`, renders it and writes a PNG.
    public static func screenshot(_ session: Session, at time: Millis, to path: String, scale: Double = 1) throws(RenderError) {
        session.deck.tick(at: time)
        let renderer = CairoRenderer()
        renderer.scale = scale
        let size = session.deck.size
        let image = renderer.image(of: session.deck.render(at: time), width: Int(size.width), height: Int(size.height))
        try image.writePNG(to: path)
        for (file, reason) in renderer.imageFailures.sorted(by: { $0.key < $1.key }) {
            Session.warn("\(file): skipped (\(reason))")
        }
    }
}
