/// The curve preview of the tuning panel: for the selected row's animation (a spring, a timing
/// curve or the scroll's decay) x(t) and v(t) of a typical move over its settling time, the
/// settle time and overshoot beside them, and, while that animation runs in the scene, a
/// marker at its elapsed time on both curves. The engine has no clock: the marker's place is
/// computed from the frame time the deck renders at and the start the `AnimationLog` saw.
extension TuningPanel {
    /// The distance of the previewed move, px (settle times are quoted for it, to 0.5 px).
    static let previewDistance: Double = 100
    /// The velocity of the previewed fling for a decay, px/s.
    static let previewFlingVelocity: Double = 2000
    /// Points per plotted curve.
    static let previewSamples = 80

    /// What the preview plots.
    struct Preview {
        var caption: String
        /// The previewed motion, from 0, in px.
        var simulation: any Simulation
        /// Seconds plotted.
        var duration: Double
        /// Where the previewed motion rests, px.
        var rest: Double
        /// Whether an animation the scene started is this one.
        var matches: @Sendable (AnimationLog.Start) -> Bool
    }

    /// The preview of animation `key` (`wallet.lift`, `scroll.decay`) in the deck's tuning.
    static func preview(of key: String, deck: Deck) -> Preview? {
        let table = deck.tunables
        let name = key
        if key == "scroll.decay", let t = table[EngineTunables.decelerationRate] {
            let rate = deck.tuning.value(t)
            let decay = DecaySimulation(start: 0, velocity: previewFlingVelocity, rate: rate)
            let seconds = max(0.05, decay.timeToStop(threshold: DecaySimulation.defaultStopSpeed))
            let caption = "\(name): \(Int(previewFlingVelocity)) px/s → \(TunableFormat.number(decay.restingPosition, digits: 0)) px, "
                + "stops in \(TunableFormat.number(seconds * 1000, digits: 0)) ms"
            return Preview(caption: caption, simulation: decay, duration: seconds, rest: decay.restingPosition) { start in
                let running = (start.simulation as? DecaySimulation)?.rate ?? (start.simulation as? EdgeBounceSimulation)?.decay.rate
                return running.map { abs($0 - rate) < 1e-12 } ?? false
            }
        }
        guard table[key + ".response"] != nil else { return nil }
        let spec: AnimationSpec = table[key + ".curve"] == nil ? .spring(deck.tuning.spring(key, in: table))
            : deck.tuning.animation(key, in: table)
        let d = previewDistance
        switch spec {
        case .spring(let s):
            let settle = max(0.01, s.settleTime(distance: d, threshold: 0.5))
            let caption = "\(name): settles in \(TunableFormat.number(settle * 1000, digits: 0)) ms, "
                + "overshoot \(TunableFormat.number(s.overshootPercent, digits: 1)) %"
            return Preview(caption: caption, simulation: SpringSimulation(spring: s, start: 0, end: d, velocity: 0),
                           duration: settle, rest: d) { start in
                guard case .spring(let other)? = start.spec else { return false }
                return Self.close(other.response, s.response) && Self.close(other.dampingRatio, s.dampingRatio)
            }
        case .timing(let seconds, let curve):
            let curveName = TunableCurve.allCases.first { $0.bezier == curve }.map { TunableCurve.names[$0.rawValue] } ?? "curve"
            let caption = "\(name): \(curveName), \(TunableFormat.number(seconds * 1000, digits: 0)) ms"
            return Preview(caption: caption, simulation: TimingSimulation(from: 0, to: d, duration: seconds, curve: curve),
                           duration: max(0.01, seconds), rest: d) { start in
                guard case .timing(let otherSeconds, let otherCurve)? = start.spec else { return false }
                return Self.close(otherSeconds, seconds) && otherCurve == curve
            }
        case .instant:
            return nil
        }
    }

    /// Equal but for rounding (a default spring rebuilt from its response and damping ratio).
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    /// Where the marker is: the running animation's elapsed seconds and its progress scaled
    /// onto the previewed move (position px, velocity px/s), or nil when none runs.
    static func marker(for preview: Preview, log: AnimationLog, at time: Millis) -> (t: Double, x: Double, v: Double)? {
        guard let start = log.starts.last(where: { preview.matches($0) && $0.isRunning(at: time) }) else { return nil }
        let distance = start.to - start.from
        guard distance != 0, distance.isFinite else { return nil }
        let t = start.seconds(at: time)
        let scale = preview.rest / distance
        return (t, (start.simulation.x(t) - start.from) * scale, start.simulation.dx(t) * scale)
    }

    func renderPreview(_ preview: Preview, in box: Rect, deck: Deck, at time: Millis, into list: inout DisplayList) {
        let marker = Self.marker(for: preview, log: deck.animationLog, at: time)
        let n = Self.previewSamples
        let times = (0...n).map { preview.duration * Double($0) / Double(n) }
        let xs = times.map { preview.simulation.x($0) }
        let vs = times.map { preview.simulation.dx($0) }
        list.append(.text(preview.caption, Rect(x: box.minX, y: box.minY, width: box.width, height: 16),
                          TextStyle(size: 10.5, color: Theme.secondaryText)))
        let plotsTop = box.minY + 20
        let gap = 6.0
        let xPlot = Rect(x: box.minX, y: plotsTop, width: box.width, height: (box.height - 20 - gap) * 0.6)
        let vPlot = Rect(x: box.minX, y: xPlot.maxY + gap, width: box.width, height: box.maxY - xPlot.maxY - gap)
        let xColor = Theme.accent, vColor = Color(rgb: 0xFF9F0A)
        plot(xs, marker: marker.map { ($0.t, $0.x) }, target: preview.rest, label: "x(t)  px", in: xPlot, color: xColor,
             duration: preview.duration, into: &list)
        let vPeak = vs.map(abs).max() ?? 0
        plot(vs, marker: marker.map { ($0.t, $0.v) }, target: 0,
             label: "v(t)  peak \(TunableFormat.number(vPeak, digits: 0)) px/s", in: vPlot, color: vColor,
             duration: preview.duration, into: &list)
    }

    /// One curve sampled evenly over `duration`, with a guide at `target` and the marker.
    private func plot(_ values: [Double], marker: (t: Double, value: Double)?, target: Double, label: String, in box: Rect,
                      color: Color, duration: Double, into list: inout DisplayList) {
        list.append(.strokeRect(box, Theme.separator, lineWidth: 1, cornerRadius: 4))
        let inner = box.insetBy(dx: 2, dy: 4)
        let finite = values.filter(\.isFinite)
        let low = min(0, target, finite.min() ?? 0), high = max(0, target, finite.max() ?? 0)
        let span = high - low > 0 ? high - low : 1
        func y(_ v: Double) -> Double { inner.maxY - inner.height * (min(max(v, low), high) - low) / span }
        func x(_ t: Double) -> Double { inner.minX + inner.width * min(max(t / duration, 0), 1) }
        list.append(.line(from: Point(x: inner.minX, y: y(target)), to: Point(x: inner.maxX, y: y(target)), Theme.separator, width: 1))
        let points = values.enumerated().map { i, v in
            Point(x: inner.minX + inner.width * Double(i) / Double(max(1, values.count - 1)), y: y(v.isFinite ? v : 0))
        }
        list.append(.polyline(points, color, width: 2))
        list.append(.text(label, Rect(x: box.minX + 6, y: box.minY + 3, width: box.width - 12, height: 14),
                          TextStyle(size: 9.5, color: Theme.secondaryText)))
        if let marker, marker.value.isFinite {
            let p = Point(x: x(marker.t), y: y(marker.value))
            list.append(.line(from: Point(x: p.x, y: inner.minY), to: Point(x: p.x, y: inner.maxY), color.withAlpha(0.35), width: 1))
            list.append(.fillCircle(center: p, radius: 4.5, .solid(Self.markerColor)))
        }
    }

    /// The marker's colour (tests find the marker by it).
    static let markerColor = Color(rgb: 0xFF2D55)
}
