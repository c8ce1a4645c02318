/// An axis-aligned rectangle: origin at its top-left corner.
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }

    /// True when `point` lies inside (the right and bottom edges excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle scaled by `factor` about its centre.
    public func scaled(by factor: Double) -> Rect {
        let w = width * factor, h = height * factor
        return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
    }

    public var isFinite: Bool {
        origin.isFinite && size.width.isFinite && size.height.isFinite
    }
}

/// A uniform scale followed by a translation: p' = p * scale + translation.
public struct Transform: Hashable, Sendable, Codable {
    public var scale: Double
    public var translation: Point

    public init(scale: Double = 1, translation: Point = .zero) {
        self.scale = scale
        self.translation = translation
    }

    public static let identity = Transform()

    /// Scales by `factor` about `anchor`, which stays in place.
    public static func scale(_ factor: Double, about anchor: Point) -> Transform {
        Transform(scale: factor, translation: anchor - anchor * factor)
    }

    public func apply(_ p: Point) -> Point { p * scale + translation }

    public func apply(_ r: Rect) -> Rect {
        let o = apply(r.origin)
        return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
    }
}
