/// How an area is filled.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// A gradient from `from` at the top-left corner to `to` at the bottom-right corner.
    case diagonalGradient(from: Color, to: Color)
    /// A gradient from `top` to `bottom`.
    case verticalGradient(top: Color, bottom: Color)
}

/// How text sits in its box.
public struct TextStyle: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case leading, center, trailing }
    public enum Weight: Hashable, Sendable { case regular, medium, bold }

    public var size: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    /// Monospaced digits and letters (card numbers).
    public var monospace: Bool
    /// At most this many lines; the last one ends in an ellipsis when the text does not fit.
    public var maxLines: Int

    public init(size: Double, weight: Weight = .regular, color: Color = .black,
                alignment: Alignment = .leading, monospace: Bool = false, maxLines: Int = 1) {
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.monospace = monospace
        self.maxLines = maxLines
    }
}

/// One drawing instruction. Coordinates are window pixels after the current transform.
public enum DrawCommand: Hashable, Sendable {
    /// Fills the whole target (the background).
    case clear(Color)
    case fillRect(Rect, Paint, cornerRadius: Double)
    case strokeRect(Rect, Color, lineWidth: Double, cornerRadius: Double)
    /// A soft shadow under a rounded rectangle: `blur` px of falloff, shifted by `offset`.
    case shadow(Rect, cornerRadius: Double, blur: Double, offset: Point, color: Color)
    case fillCircle(center: Point, radius: Double, Paint)
    case strokeCircle(center: Point, radius: Double, Color, lineWidth: Double)
    case line(from: Point, to: Point, Color, width: Double)
    case polyline([Point], Color, width: Double)
    /// Text laid out in `rect` (ellipsized at the end when it does not fit), centred vertically.
    case text(String, Rect, TextStyle)
    /// A picture file (PNG) scaled to fill `rect`, cropped to rounded corners.
    case image(path: String, Rect, alpha: Double, cornerRadius: Double)
    /// Everything until the matching `popClip` is clipped to the rounded rectangle.
    case pushClip(Rect, cornerRadius: Double)
    case popClip
    /// Everything until the matching `popTransform` is transformed.
    case pushTransform(Transform)
    case popTransform
    /// Everything until the matching `popOpacity` is composited at `alpha`.
    case pushOpacity(Double)
    case popOpacity
}

/// A frame's worth of drawing, built by a scene and painted by a renderer.
///
/// The engine describes what to draw; it never touches pixels. Push and pop
/// commands must balance: the helpers below keep them balanced.
public struct DisplayList: Sendable {
    public private(set) var commands: [DrawCommand] = []

    public init() {}

    public mutating func append(_ command: DrawCommand) {
        commands.append(command)
    }

    public mutating func append(contentsOf other: DisplayList) {
        commands.append(contentsOf: other.commands)
    }

    /// Draws `body` clipped to a rounded rectangle.
    public mutating func clipped(to rect: Rect, cornerRadius: Double = 0, _ body: (inout DisplayList) -> Void) {
        commands.append(.pushClip(rect, cornerRadius: cornerRadius))
        body(&self)
        commands.append(.popClip)
    }

    /// Draws `body` under a transform; the identity adds nothing.
    public mutating func transformed(by transform: Transform, _ body: (inout DisplayList) -> Void) {
        if transform == .identity {
            body(&self)
            return
        }
        commands.append(.pushTransform(transform))
        body(&self)
        commands.append(.popTransform)
    }

    /// Draws `body`, a scroll container's content in content coordinates, under the container's
    /// translation by `-offset`: a group even at offset zero (unlike `transformed`), so a
    /// compositor meets the same container in every frame, at rest as while it scrolls (issue 21
    /// item 7: a grid's tiles reflowing around a lifted one before any scroll are drawn over the
    /// container's strips, not the whole content from its commands).
    public mutating func scrollContainer(offset: Point, _ body: (inout DisplayList) -> Void) {
        commands.append(.pushTransform(Transform(translation: Point(x: -offset.x, y: -offset.y))))
        body(&self)
        commands.append(.popTransform)
    }

    /// Draws `body` as one layer at `alpha`; an opaque layer adds nothing.
    public mutating func withOpacity(_ alpha: Double, _ body: (inout DisplayList) -> Void) {
        if alpha >= 1 {
            body(&self)
            return
        }
        commands.append(.pushOpacity(alpha))
        body(&self)
        commands.append(.popOpacity)
    }

    /// Every string the list would draw, in order (tests read these).
    public var texts: [String] {
        commands.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } }
    }
}
