import CCairo
import CX11
import CairoRenderer
import Foundation
import InteractionEngine
import X11Host

/// Render cost of a scripted interaction: into an image surface, and presented to an X window.
struct RenderResult {
    let scene: String
    let size: Size
    /// `CairoRenderer.draw` into an image surface kept across frames, ms.
    var image = Distribution([])
    /// Draw + `X11Window.present` + XSync, ms (nil without an X server).
    var window: Distribution?
    /// Present + XSync alone, ms.
    var present: Distribution?
    /// Frames whose display list differed from the previous frame's: the script really moved things.
    var changedFrames = 0
    /// Mean draw commands per frame.
    var commandsPerFrame = 0.0

    /// p99 of the whole frame cost (draw + present when measured, else draw) over the 16.7 ms budget.
    var budgetRatio: Double { (window?.p99 ?? image.p99) / frameBudget }

    var json: [String: Any] {
        var object: [String: Any] = ["scene": scene, "size": sizeLabel(size), "imageSurfaceMs": image.json,
                                     "changedFrames": changedFrames, "commandsPerFrame": rounded(commandsPerFrame),
                                     "p99OverBudget": rounded(budgetRatio)]
        if let window { object["drawPresentMs"] = window.json }
        if let present { object["presentMs"] = present.json }
        return object
    }
}

/// The floor: one full-window paint of a solid colour (and its present).
struct BaselineResult {
    let size: Size
    var image = Distribution([])
    var window: Distribution?

    var json: [String: Any] {
        var object: [String: Any] = ["size": sizeLabel(size), "solidPaintMs": image.json]
        if let window { object["solidPaintPresentMs"] = window.json }
        return object
    }
}

enum RenderBench {
    /// Plays the scene's interaction for `frames` frames, drawing each into an
    /// image surface; then again presenting each to `window` when there is one.
    static func run(scene: String, size: Size, frames: Int, items: Int, assets: SyntheticAssets,
                    window: X11Window?) throws -> RenderResult {
        var result = RenderResult(scene: scene, size: size)
        let script = Scripts.interaction(scene, size: size).repeated(toAtLeast: frames).prefix(frames)
        let folder = try assets.folder(items: items)

        // Pass 1: image surface only.
        do {
            let driver = DeckDriver(deck: try DeckBuilder.deck(scene: scene, from: folder, others: assets.source, size: size))
            let renderer = CairoRenderer()
            let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
            draw(driver.render(), with: renderer, on: surface)  // the app's first paint: caches warm up
            var samples: [Double] = []
            var previous: [DrawCommand] = []
            var commands = 0
            for inputs in script.frames {
                driver.step(inputs)
                let list = driver.render()
                if list.commands != previous { result.changedFrames += 1 }
                previous = list.commands
                commands += list.commands.count
                samples.append(timeMillis { draw(list, with: renderer, on: surface) })
            }
            result.image = Distribution(samples)
            result.commandsPerFrame = Double(commands) / Double(max(1, script.count))
        }

        // Pass 2: the same frames, presented to the window and synced.
        if let window {
            let driver = DeckDriver(deck: try DeckBuilder.deck(scene: scene, from: folder, others: assets.source, size: size))
            let renderer = CairoRenderer()
            let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
            draw(driver.render(), with: renderer, on: surface)
            present(surface, to: window)
            var total: [Double] = [], presentOnly: [Double] = []
            for inputs in script.frames {
                driver.step(inputs)
                let list = driver.render()
                let start = monotonicNanos()
                draw(list, with: renderer, on: surface)
                let drawn = monotonicNanos()
                present(surface, to: window)
                let end = monotonicNanos()
                total.append(Double(end - start) / 1e6)
                presentOnly.append(Double(end - drawn) / 1e6)
                discardEvents(window)
            }
            result.window = Distribution(total)
            result.present = Distribution(presentOnly)
        }
        return result
    }

    /// One full-window solid paint per frame (alternating colours), with and without present.
    static func baseline(size: Size, frames: Int, window: X11Window?) -> BaselineResult {
        var result = BaselineResult(size: size)
        let surface = ImageSurface(width: Int(size.width), height: Int(size.height))
        var samples: [Double] = []
        for i in 0..<frames { samples.append(timeMillis { paintSolid(surface, odd: i % 2 == 1) }) }
        result.image = Distribution(samples)
        if let window {
            samples = []
            for i in 0..<frames {
                samples.append(timeMillis {
                    paintSolid(surface, odd: i % 2 == 1)
                    present(surface, to: window)
                })
                discardEvents(window)
            }
            result.window = Distribution(samples)
        }
        return result
    }

    static func draw(_ list: DisplayList, with renderer: CairoRenderer, on surface: ImageSurface) {
        let cr = cairo_create(surface.handle)!
        renderer.draw(list, on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
    }

    /// Copies the frame to the window and waits until the server has done it.
    static func present(_ surface: ImageSurface, to window: X11Window) {
        window.present(surface.handle)
        XSync(window.display, 0)
    }

    private static func paintSolid(_ surface: ImageSurface, odd: Bool) {
        let cr = cairo_create(surface.handle)!
        if odd { cairo_set_source_rgb(cr, 0.95, 0.95, 0.97) } else { cairo_set_source_rgb(cr, 0.93, 0.94, 0.96) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.handle)
    }

    /// Drops queued events (Expose, XI2 enter) so the queue does not grow during a run.
    static func discardEvents(_ window: X11Window) {
        while XPending(window.display) > 0 {
            var event = XEvent()
            XNextEvent(window.display, &event)
        }
    }
}
