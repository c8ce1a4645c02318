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

    /// A message list scrolled in a 1280x800 window: its rows are a 672 px column, and the
    /// content's damage reaches two rows into the bar's full-width hairline, a line whose rows
    /// are whole pixels (only its caps, at the window's edges, hold a damage rectangle's sides).
    /// The scroll damages the column, not the window's width, and each frame still equals a
    /// whole repaint byte for byte.
    @Test func aScrollInAColumnDamagesTheColumnAndEqualsWholeRepaints() throws {
        let (w, h) = (1280, 800)
        let deck = try Goldens.deck(scene: "messages", size: Size(width: Double(w), height: Double(h)))
        let direct = CairoRenderer(), compositor = CairoRenderer()
        compositor.occlusionCulling = true
        let tracker = DamageTracker()
        var ring = BufferDamage(buffers: 2, width: w, height: h)
        let buffers = [ImageSurface(width: w, height: h), ImageSurface(width: w, height: h)]
        var time: Millis = 0, mismatches: [Millis] = [], widest = 0, scrolled = 0
        deck.handle(InputEvent(.pointerDown(Point(x: 640, y: 640), .primary), at: 100))
        for frame in 0..<40 {
            time = Double(frame) * 1000 / 60
            if frame > 6, frame < 30 { deck.handle(InputEvent(.pointerMove(Point(x: 640, y: 640 - Double(frame - 6) * 17.3)), at: time)) }
            if frame == 30 { deck.handle(InputEvent(.pointerUp(Point(x: 640, y: 640 - 23 * 17.3), .primary), at: time)) }
            deck.tick(at: time)
            let list = deck.render(at: time)
            let damage = tracker.update(list, renderer: compositor, width: w, height: h)
            let (index, repaint) = ring.advance(with: damage, width: w, height: h)
            compositor.draw(list, onto: buffers[index], repainting: repaint, bounds: tracker.commandBounds)
            if !Self.identical(direct.image(of: list, width: w, height: h), buffers[index]) { mismatches.append(time) }
            // A frame that moved the rows: the width of its damage reaching below the bar.
            if frame > 1, damage.area > w * 100 {
                scrolled += 1
                widest = max(widest, damage.rects.filter { $0.maxY > 100 }.map(\.width).max() ?? 0)
            }
        }
        #expect(scrolled >= 10, "\(scrolled) frames moved the rows")
        #expect(mismatches.isEmpty, "\(mismatches.count) frames differ from whole repaints, first at \(mismatches.first ?? 0) ms")
        // The column and the damage's slack and the avatars' held boxes, not the window's 1280 px.
        #expect(widest > 0 && widest <= 672 + 16, "the scroll damaged rows \(widest) px wide")
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
