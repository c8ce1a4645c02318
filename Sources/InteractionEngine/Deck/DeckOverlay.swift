/// The interaction overlay (`D`, `--overlay`): why a gesture did what it did.
///
/// It draws the pointer trail of the last second, the arena's phase and
/// winner, the pointer velocity as an arrow with its value, the projected
/// resting point of a fling, the scene's layout frames, and the cost of the
/// last 120 frames as a small graph. It only observes: the scene behaves the
/// same with it on or off.
///
/// `D` cycles off → compact (the text lines, trail, velocity and resting point) →
/// full (also the layout frames and the frame graph) → off. The text box docks to a
/// corner of the scene away from the pointer, moving to the farthest corner when the
/// pointer comes near it, or sits beside the scene's content when the window is wide
/// enough (issue 22, item 8), so it never covers what it explains for long.
public struct DeckOverlay: Sendable {
    /// How much the overlay shows.
    public enum Mode: Sendable, Equatable {
        case compact
        case full
    }

    /// A corner of the scene area.
    public enum Corner: Sendable, Equatable, CaseIterable {
        case topLeading, topTrailing, bottomLeading, bottomTrailing
    }

    /// The next state of the `D` key's cycle: off → compact → full → off.
    public static func cycled(_ overlay: DeckOverlay?) -> DeckOverlay? {
        guard var overlay else { return DeckOverlay(mode: .compact) }
        guard overlay.mode == .compact else { return nil }
        overlay.mode = .full
        return overlay
    }

    /// Distance from the scene's edges (and from the content, beside it) to the box, px.
    static let dockMargin: Double = 8
    /// The widest the text box gets, px.
    static let boxWidth: Double = 330
    /// The narrowest box that still docks beside the content, px.
    static let minimumBesideWidth: Double = 240
    /// A pointer this close to the box (px) sends it to the farthest corner.
    static let pointerClearance: Double = 24

    /// How far back the trail reaches.
    public static let trailDuration: Millis = 1000
    /// Frames kept in the frame-time graph.
    public static let frameHistory = 120
    /// The graph's full height stands for this many milliseconds (two frame budgets).
    public static let graphRange: Millis = 33.4
    /// Seconds of velocity drawn as the arrow's length (100 ms: 1000 px/s is 100 px).
    static let arrowSeconds = 0.1

    private var trail: [(point: Point, time: Millis)] = []
    private var frameTimes: [Millis] = []
    /// What it shows.
    public var mode: Mode
    /// Where the text box is docked (when it is not beside the content).
    public private(set) var corner: Corner = .bottomTrailing

    public init(mode: Mode = .full) {
        self.mode = mode
    }

    /// Notes how long the host took to draw and present a frame.
    public mutating func recordFrameTime(_ milliseconds: Millis) {
        frameTimes.append(milliseconds)
        if frameTimes.count > DeckOverlay.frameHistory { frameTimes.removeFirst(frameTimes.count - DeckOverlay.frameHistory) }
    }

    mutating func record(_ event: InputEvent, deck: Deck) {
        guard let p = event.location else { return }
        switch event.kind {
        case .pointerDown, .pointerMove, .pointerUp, .hover:
            trail.append((p, event.time))
            trail.removeAll { event.time - $0.time > DeckOverlay.trailDuration }
            dodge(p, size: deck.size)
        default:
            break
        }
    }

    /// Moves the box to the corner farthest from `p` when `p` comes near it.
    mutating func dodge(_ p: Point, size: Size) {
        let box = cornerBox(corner, size: size, height: boxHeight(lines: 4))
        guard box.insetBy(dx: -Self.pointerClearance, dy: -Self.pointerClearance).contains(p) else { return }
        let h = boxHeight(lines: 4)
        corner = Corner.allCases.max { cornerBox($0, size: size, height: h).center.distance(to: p)
            < cornerBox($1, size: size, height: h).center.distance(to: p) } ?? corner
    }

    /// The box's height for `lines` lines of text in the current mode.
    func boxHeight(lines: Int) -> Double {
        Double(lines) * 15 + (mode == .full ? 62 : 14)
    }

    /// The box docked in `corner` of the scene area of a window of `size`.
    func cornerBox(_ corner: Corner, size: Size, height: Double) -> Rect {
        let m = Self.dockMargin
        let width = max(0, min(size.width - 2 * m, Self.boxWidth))
        let left = corner == .topLeading || corner == .bottomLeading
        let top = corner == .topLeading || corner == .topTrailing
        let x = left ? m : size.width - m - width
        let y = top ? Deck.barHeight + m : max(Deck.barHeight + m, size.height - m - height)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Where the text box goes: beside the content (right of the laid-out frames) when
    /// there is room for it, else in its corner.
    func textBox(size: Size, frames: [Rect], lines: Int) -> Rect {
        let height = boxHeight(lines: lines)
        let m = Self.dockMargin
        if let right = frames.map(\.maxX).max(), let left = frames.map(\.minX).min() {
            let room = size.width - right - 2 * m
            if room >= Self.minimumBesideWidth {
                return Rect(x: right + m, y: Deck.barHeight + m, width: min(room, Self.boxWidth), height: height)
            }
            if left - 2 * m >= Self.minimumBesideWidth {
                let width = min(left - 2 * m, Self.boxWidth)
                return Rect(x: left - m - width, y: Deck.barHeight + m, width: width, height: height)
            }
        }
        return cornerBox(corner, size: size, height: height)
    }

    /// The trail fades for a second after the last motion.
    func needsFrame(at time: Millis) -> Bool {
        guard let last = trail.last else { return false }
        return time - last.time < DeckOverlay.trailDuration
    }

    func render(into list: inout DisplayList, deck: Deck, at time: Millis) {
        let sceneOrigin = Point(x: 0, y: Deck.barHeight)
        let hints = deck.current.overlayHints(at: time)
        let outline = Color(rgb: 0x30D158, alpha: 0.9)
        for frame in hints.frames where mode == .full {
            list.append(.strokeRect(frame.offsetBy(dx: sceneOrigin.x, dy: sceneOrigin.y), outline, lineWidth: 1, cornerRadius: 0))
        }

        let recent = trail.filter { time - $0.time <= DeckOverlay.trailDuration && time >= $0.time }.map(\.point)
        let trailColor = Color(rgb: 0xFF375F, alpha: 0.85)
        if recent.count > 1 { list.append(.polyline(recent, trailColor, width: 2.5)) }
        if let last = recent.last { list.append(.fillCircle(center: last, radius: 4, .solid(trailColor))) }

        let arena = deck.gestureArena
        let v = arena.currentVelocity(at: time)
        if let from = arena.isActive ? recent.last : nil, v.length > 1 {
            let tip = from + v * DeckOverlay.arrowSeconds
            let arrow = Color(rgb: 0xFFD60A)
            list.append(.line(from: from, to: tip, arrow, width: 3))
            list.append(.fillCircle(center: tip, radius: 5, .solid(arrow)))
        }
        if let rest = hints.restingPoint {
            let p = rest + sceneOrigin
            let mark = Color(rgb: 0x64D2FF)
            list.append(.strokeCircle(center: p, radius: 9, mark, lineWidth: 2))
            list.append(.line(from: p - Point(x: 14, y: 0), to: p + Point(x: 14, y: 0), mark, width: 1.5))
            list.append(.line(from: p - Point(x: 0, y: 14), to: p + Point(x: 0, y: 14), mark, width: 1.5))
        }

        var lines = ["gesture  \(arena.phase.rawValue)" + (arena.winner.map { "   winner  \($0.rawValue)" } ?? ""),
                     "velocity \(Int(clamping: v.x.rounded())), \(Int(clamping: v.y.rounded())) px/s  |v| \(Int(clamping: v.length.rounded()))",
                     Self.estimateLine(arena.currentEstimate(at: time))]
        if let status = hints.status { lines.append(status) }
        let box = textBox(size: deck.size, frames: hints.frames.map { $0.offsetBy(dx: sceneOrigin.x, dy: sceneOrigin.y) },
                          lines: lines.count)
        list.append(.fillRect(box, .solid(Color.black.withAlpha(0.74)), cornerRadius: 8))
        list.append(.text(lines.joined(separator: "\n"), Rect(x: box.minX + 10, y: box.minY + 6, width: box.width - 20,
                                                              height: Double(lines.count) * 15),
                          TextStyle(size: 11, color: .white, monospace: true, maxLines: lines.count)))
        if mode == .full {
            renderFrameGraph(into: &list, in: Rect(x: box.minX + 10, y: box.maxY - 48, width: box.width - 20, height: 40))
        }
    }

    /// The tracker's confidence in the velocity, and what it was fitted on.
    static func estimateLine(_ estimate: VelocityEstimate?) -> String {
        guard let e = estimate else { return "estimate none" }  // paused, under 3 samples or a degenerate fit
        let confidence = (e.confidence * 1000).rounded() / 1000
        return "estimate confidence \(confidence)  \(e.sampleCount) samples / \(Int(e.duration.rounded())) ms"
    }

    /// Bars of the last frames' cost; the line marks the 16.7 ms budget.
    private func renderFrameGraph(into list: inout DisplayList, in area: Rect) {
        list.append(.fillRect(area, .solid(Color.white.withAlpha(0.08)), cornerRadius: 3))
        let budgetY = area.maxY - area.height * (1000.0 / 60.0) / DeckOverlay.graphRange
        let barWidth = area.width / Double(DeckOverlay.frameHistory)
        for (i, ms) in frameTimes.enumerated() {
            let h = min(area.height, area.height * ms / DeckOverlay.graphRange)
            let color = ms > 1000.0 / 60.0 ? Color(rgb: 0xFF453A) : Color(rgb: 0x30D158)
            list.append(.fillRect(Rect(x: area.minX + Double(i) * barWidth, y: area.maxY - h, width: max(1, barWidth - 0.5),
                                       height: h), .solid(color), cornerRadius: 0))
        }
        list.append(.line(from: Point(x: area.minX, y: budgetY), to: Point(x: area.maxX, y: budgetY),
                          Color.white.withAlpha(0.6), width: 1))
        let last = frameTimes.last.map { "\(($0 * 10).rounded() / 10)" } ?? "–"
        list.append(.text("frame \(last) ms  (budget 16.7)", Rect(x: area.minX + 4, y: area.minY, width: area.width - 8, height: 14),
                          TextStyle(size: 9, color: Color.white.withAlpha(0.8), monospace: true)))
    }
}
