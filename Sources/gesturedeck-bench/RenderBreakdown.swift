import CCairo
import CairoRenderer
import InteractionEngine

/// Where a frame's draw time goes, by kind of command: each kind is left out in
/// turn and the frames drawn again; the time saved is that kind's share.
///
/// Clip and opacity groups are left out as push/pop pairs (their contents are
/// still drawn), so their figure is the cost of the clipping or the layer itself.
struct BreakdownResult {
    let scene: String
    let size: Size
    var frames = 0
    /// Mean ms per frame with every command.
    var full = 0.0
    /// Mean ms per frame saved by leaving out each kind, and how many such commands a frame has.
    var shares: [(kind: String, savedMs: Double, perFrame: Double)] = []

    var json: [String: Any] {
        ["scene": scene, "size": sizeLabel(size), "frames": frames, "fullMs": rounded(full),
         "kinds": shares.map { ["kind": $0.kind, "savedMs": rounded($0.savedMs), "commandsPerFrame": rounded($0.perFrame)]
             as [String: Any] }]
    }
}

enum RenderBreakdown {
    /// The kinds a command is counted under (nil: never left out: clear, transforms).
    static func kind(_ command: DrawCommand) -> String? {
        switch command {
        case .shadow: "shadow"
        case .fillRect(_, .solid, _): "solid fill"
        case .fillRect: "gradient fill"
        case .fillCircle, .strokeCircle: "circle"
        case .strokeRect, .line, .polyline: "stroke/line"
        case .text: "text"
        case .image: "image"
        case .pushClip, .popClip: "clip"
        case .pushOpacity, .popOpacity: "opacity layer"
        case .clear, .pushTransform, .popTransform: nil
        }
    }

    static let kinds = ["shadow", "gradient fill", "solid fill", "circle", "stroke/line", "text", "image", "clip",
                        "opacity layer"]

    static func run(scene: String, size: Size, frames: Int, items: Int, assets: SyntheticAssets) throws -> BreakdownResult {
        var result = BreakdownResult(scene: scene, size: size)
        let folder = try assets.folder(items: items)
        let driver = DeckDriver(deck: try DeckBuilder.deck(scene: scene, from: folder, others: assets.source, size: size))
        let script = Scripts.interaction(scene, size: size).repeated(toAtLeast: frames).prefix(frames)
        var lists: [DisplayList] = []
        for inputs in script.frames {
            driver.step(inputs)
            lists.append(driver.render())
        }
        result.frames = lists.count
        let renderer = CairoRenderer()
        let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
        func cost(_ lists: [DisplayList]) -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let ms = timeMillis { for list in lists { RenderBench.draw(list, with: renderer, on: surface) } }
                best = min(best, ms)
            }
            return best / Double(max(1, lists.count))
        }
        _ = cost(lists)  // text layouts and scaled pictures are cached, as in a running app
        result.full = cost(lists)
        for k in kinds {
            var count = 0
            let without = lists.map { list in
                var filtered = DisplayList()
                for command in list.commands {
                    if kind(command) == k { count += 1 } else { filtered.append(command) }
                }
                return filtered
            }
            guard count > 0 else { continue }
            let perFrame = Double(count) / Double(lists.count) / (k == "clip" || k == "opacity layer" ? 2 : 1)
            result.shares.append((k, result.full - cost(without), perFrame))
        }
        return result
    }
}
