import InteractionEngine

/// Where a walk through a display list stands, in device pixels: the transform (scale and
/// translation) of the pushes so far, what each open clip covers wholly, and how deep the walk
/// is in opacity groups. Occlusion culling and layer planning both walk a list this way.
struct DeviceWalk {
    private(set) var scale: Double
    private(set) var tx = 0.0, ty = 0.0
    private var transforms: [(Double, Double, Double)] = []
    /// For each open clip, the device pixels it covers wholly (nil: none known).
    private(set) var clipInteriors: [PixelRect?] = []
    /// For each open clip, the device pixels it may touch (its box rounded out).
    private(set) var clipBoxes: [PixelRect] = []
    private(set) var groupDepth = 0

    init(scale: Double) { self.scale = scale }

    /// A user-space point in device pixels, under the transforms pushed so far.
    func toDevice(_ p: Point) -> Point { Point(x: p.x * scale + tx, y: p.y * scale + ty) }

    /// `toDevice` at this place of the walk as a closure holding only the transform: the method
    /// taken as a value holds a copy of the walk, its stacks retained and released each time (a
    /// fifth of `planLayers`, which took one for each command of the grid's frames).
    var deviceMapping: (Point) -> Point {
        let (k, x, y) = (scale, tx, ty)
        return { p in Point(x: p.x * k + x, y: p.y * k + y) }
    }

    /// Follows a push or a pop of a transform, clip or opacity group; false for anything drawn.
    mutating func follow(_ command: DrawCommand, renderer: CairoRenderer) -> Bool {
        switch command {
        case .pushTransform(let t):
            transforms.append((scale, tx, ty))
            tx += scale * t.translation.x
            ty += scale * t.translation.y
            scale *= t.scale
        case .popTransform:
            if let top = transforms.popLast() { (scale, tx, ty) = top }
        case .pushClip(let rect, let radius):
            clipInteriors.append(renderer.interior(of: rect, radius: radius, deviceScale: scale, toDevice: deviceMapping))
            let a = toDevice(Point(x: rect.minX, y: rect.minY)), b = toDevice(Point(x: rect.maxX, y: rect.maxY))
            clipBoxes.append(PixelRect(covering: min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)))
        case .popClip:
            _ = clipInteriors.popLast()
            _ = clipBoxes.popLast()
        case .pushOpacity: groupDepth += 1
        case .popOpacity: groupDepth -= 1
        default: return false
        }
        return true
    }
}
