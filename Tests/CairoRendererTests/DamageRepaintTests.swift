import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine
import Testing

/// The compositor path's pixels (issue 21): frames repainted only where the display list
/// changed, into a ring of two buffers as the window presents them, equal the direct path's
/// whole repaints byte for byte, at rest and in motion, over every gallery trace; and so do
/// its shadow rings and occluded stacked cards (`occlusionCulling`), drawn from the cache
/// from the second frame on.
@Suite struct DamageRepaintTests {
    static let traces = URL(fileURLWithPath: Goldens.assets).appendingPathComponent("traces").path

    /// True when both surfaces hold the same bytes in every row.
    static func identical(_ a: ImageSurface, _ b: ImageSurface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                (0..<a.height).allSatisfy { y in memcmp(pa.baseAddress! + y * sa, pb.baseAddress! + y * sb, a.width * 4) == 0 }
            }
        }
    }

    static var traceNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: traces)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    @Test func everyGalleryTraceIsCovered() {
        #expect(Self.traceNames.count >= 8, "no gallery traces found in \(Self.traces)")
    }

    @Test(arguments: DamageRepaintTests.traceNames)
    func damagedFramesEqualWholeRepaints(trace name: String) throws {
        let trace = try Trace.read(path: Self.traces + "/" + name, knownScenes: ["wallet", "grid", "messages", "carousel"])
        let h = trace.header
        let size = Size(width: Double(h.width), height: Double(h.height))
        let deck = try Goldens.deck(scene: h.scene, size: size, state: h.state)
        // The direct path as it was (no occlusion culling) against the compositor's renderer.
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: h.width, height: h.height)
        let buffers = [ImageSurface(width: h.width, height: h.height), ImageSurface(width: h.width, height: h.height)]
        var entries = trace.entries[...]
        let end = (trace.entries.last?.t ?? 0) + 500
        var time: Millis = 0, frames = 0, partial = 0, mismatches: [Millis] = []
        while time <= end {
            while let entry = entries.first, entry.t <= time {
                entries.removeFirst()
                if let event = entry.event { deck.handle(InputEvent(event.kind, at: entry.t)) } else { deck.tick(at: entry.t) }
            }
            deck.tick(at: time)
            let list = deck.render(at: time)
            let whole = direct.image(of: list, width: h.width, height: h.height)
            let damage = tracker.update(list, renderer: compositor, width: h.width, height: h.height)
            let (index, repaint) = ring.advance(with: damage, width: h.width, height: h.height)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            if damage.area < h.width * h.height { partial += 1 }
            // DAMAGE_DEBUG=1 writes the first differing frame of a trace (both paths) to /tmp.
            if !Self.identical(whole, buffers[index]) {
                if mismatches.isEmpty, ProcessInfo.processInfo.environment["DAMAGE_DEBUG"] != nil {
                    try? whole.writePNG(to: "/tmp/dmg-\(name)-direct.png")
                    try? buffers[index].writePNG(to: "/tmp/dmg-\(name)-damaged.png")
                    print("DEBUG \(name) t=\(time) damage=\(damage.rects) repaint=\(repaint.rects)")
                }
                mismatches.append(time)
            }
            frames += 1
            time += 1000.0 / 60
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) of \(frames) frames differ from the direct path, first at \(mismatches.first ?? 0) ms")
        #expect(partial > 0, "\(name): every frame was repainted whole, so damage was not exercised")
    }
}
