/// The interaction overlay (`D`): why a gesture did what it did.
///
/// It shows the pointer trail of the last second, the arena's phase and
/// winner, and the current pointer velocity. It only observes.
public struct DeckOverlay: Sendable {
    /// How far back the trail reaches.
    public static let trailDuration: Millis = 1000

    private var trail: [(point: Point, time: Millis)] = []

    public init() {}

    mutating func record(_ event: InputEvent, deck: Deck) {
        guard let p = event.location else { return }
        switch event.kind {
        case .pointerDown, .pointerMove, .pointerUp, .hover:
            trail.append((p, event.time))
            trail.removeAll { event.time - $0.time > DeckOverlay.trailDuration }
        default:
            break
        }
    }

    func needsFrame(at time: Millis) -> Bool {
        guard let last = trail.last else { return false }
        return time - last.time < DeckOverlay.trailDuration
    }

    func render(into list: inout DisplayList, deck: Deck, at time: Millis) {
        let recent = trail.filter { time - $0.time <= DeckOverlay.trailDuration }.map(\.point)
        if recent.count > 1 { list.append(.polyline(recent, Color(rgb: 0xFF375F, alpha: 0.8), width: 2)) }
        let arena = deck.current.gestureArena
        let v = arena.currentVelocity(at: time)
        let lines = [
            "gesture: \(arena.phase)" + (arena.winner.map { "  winner: \($0)" } ?? ""),
            "velocity: \(Int(v.x.rounded())), \(Int(v.y.rounded())) px/s",
        ]
        let box = Rect(x: 8, y: Deck.barHeight + 8, width: 260, height: 44)
        list.append(.fillRect(box, .solid(Color.black.withAlpha(0.72)), cornerRadius: 6))
        list.append(.text(lines.joined(separator: "\n"), box.insetBy(dx: 8, dy: 4),
                          TextStyle(size: 11, color: .white, monospace: true, maxLines: 2)))
    }
}
