import InteractionEngine

/// Plays synthetic input into anything that takes engine input and ticks (a scene, a deck) at
/// explicit timestamps, as the host would: inputs at `time`, frames at 60 Hz in between.
///
/// The scene's side is three closures, so the driver does not depend on how a scene is wired:
/// `deliver` hands it an input, `tick` a frame time, `needsFrame` asks whether it still moves.
public final class SceneDriver {
    /// The host's frame interval, in ms (60 Hz).
    public static let frame: Millis = 1000.0 / 60

    /// The engine time of the next input, in ms.
    public var time: Millis
    /// Where the pointer was last pressed, moved or released.
    public private(set) var pointer = Point.zero
    private let deliver: (InputEvent) -> Void
    private let tick: (Millis) -> Void
    private let needsFrame: (Millis) -> Bool

    public init(startingAt time: Millis = 1000, deliver: @escaping (InputEvent) -> Void,
                tick: @escaping (Millis) -> Void, needsFrame: @escaping (Millis) -> Bool) {
        self.time = time
        self.deliver = deliver
        self.tick = tick
        self.needsFrame = needsFrame
    }

    /// Delivers `kind` at the current time.
    public func send(_ kind: InputEvent.Kind) {
        switch kind {
        case .pointerDown(let p, _), .pointerMove(let p), .pointerUp(let p, _): pointer = p
        default: break
        }
        deliver(InputEvent(kind, at: time))
    }

    /// One frame `ms` after the last one.
    public func step(_ ms: Millis) {
        time += ms
        tick(time)
    }

    /// Frames every `step` ms for `ms` ms (the last one lands exactly on the end); `each` runs after every frame.
    public func advance(_ ms: Millis, step: Millis = SceneDriver.frame, each: (() -> Void)? = nil) {
        let end = time + ms
        while time < end - 1e-9 {
            time = min(end, time + step)
            tick(time)
            each?()
        }
    }

    /// Frames at 60 Hz until nothing moves (or `limit` ms pass); how long that took, in ms.
    @discardableResult
    public func settle(limit: Millis = 10_000) -> Millis {
        let start = time
        while needsFrame(time), time - start < limit { step(SceneDriver.frame) }
        return time - start
    }

    /// Moves the pointer from `from` to `to` in `steps` equal steps spread over `duration` ms.
    public func drag(from: Point, to: Point, duration: Millis, steps: Int = 10) {
        for i in 1...steps {
            advance(duration / Double(steps))
            let k = Double(i) / Double(steps)
            send(.pointerMove(Point(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k)))
        }
    }
}
