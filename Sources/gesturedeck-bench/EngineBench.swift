import InteractionEngine

/// Engine cost per frame while a gesture is in flight: input handling, tick and
/// display-list building (`Deck.render`), without Cairo.
struct EngineResult {
    let scene: String
    let size: Size
    /// Mean microseconds per gesture frame, by item count (the best of the repetitions:
    /// other work on the machine only ever adds time).
    var micros: [(items: Int, us: Double)] = []
    /// Worst single gesture frame at the largest count, microseconds.
    var worstFrame: Double = 0
    /// Gesture frames per repetition.
    var gestureFrames = 0
    /// Frames where the pan or hold recognizer had won: 0 means the drag never reached the scene.
    var recognizedFrames = 0

    /// t(largest) / t(smallest).
    var ratio: Double {
        guard let first = micros.first, let last = micros.last, first.us > 0 else { return 0 }
        return last.us / first.us
    }

    func us(at items: Int) -> Double? { micros.first { $0.items == items }?.us }

    var json: [String: Any] {
        var byCount: [String: Any] = [:]
        for m in micros { byCount[String(m.items)] = rounded(m.us) }
        return ["scene": scene, "size": sizeLabel(size), "microsPerFrame": byCount,
                "ratioLargestToSmallest": rounded(ratio), "worstFrameMicros": rounded(worstFrame),
                "gestureFrames": gestureFrames, "recognizedFrames": recognizedFrames]
    }
}

enum EngineBench {
    /// Runs the scene's gesture script `repetitions` times on one deck per item count.
    static func run(scene: String, size: Size, counts: [Int], repetitions: Int, maxFrames: Int,
                    assets: SyntheticAssets) throws -> EngineResult {
        var result = EngineResult(scene: scene, size: size)
        let script = Scripts.gesture(scene, size: size).prefix(maxFrames)
        for count in counts {
            let folder = try assets.folder(items: count)
            let deck = try DeckBuilder.deck(scene: scene, from: folder, others: assets.source, size: size)
            let driver = DeckDriver(deck: deck)
            var means: [Double] = []
            var worst = 0.0
            for _ in 0..<repetitions {
                var total = 0.0, frames = 0
                for inputs in script.frames {
                    var active = false
                    let ms = timeMillis {
                        active = driver.step(inputs)
                        _ = driver.render()
                    }
                    if active {
                        total += ms
                        frames += 1
                        worst = max(worst, ms * 1000)
                    }
                }
                driver.step([])
                means.append(frames > 0 ? total / Double(frames) * 1000 : 0)
                result.gestureFrames = frames
            }
            result.micros.append((count, means.min() ?? 0))
            result.worstFrame = worst
            result.recognizedFrames = driver.recognizedFrames / max(1, repetitions)
        }
        return result
    }
}

func sizeLabel(_ size: Size) -> String { "\(Int(size.width))x\(Int(size.height))" }
