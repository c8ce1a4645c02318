/// The largest image Cairo draws into.
import InteractionEngine

public enum DeviceSize {
    /// Cairo refuses image surfaces wider or taller than this many pixels
    /// (`MAX_IMAGE_SIZE` in cairo-image-surface.c): a bigger surface is an error
    /// surface, and everything drawn on it silently vanishes.
    public static let maximumSide = 32767

    /// Why a `width` x `height` layout at `scale` device pixels per pixel cannot be drawn, or nil.
    public static func problem(width: Double, height: Double, scale: Double) -> String? {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        guard w <= Double(maximumSide), h <= Double(maximumSide) else {
            return "\(Int(clamping: w))x\(Int(clamping: h)) device pixels (\(Int(clamping: width))x\(Int(clamping: height)) at scale \(scale)) "
                + "is over Cairo's limit of \(maximumSide) pixels a side: choose a smaller --size or --scale"
        }
        return nil
    }
}
