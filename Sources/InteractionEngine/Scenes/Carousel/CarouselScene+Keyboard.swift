/// The carousel's keys (SPEC I3): arrows, Page Up/Down, Home/End move the strip; Enter and Space select.
extension CarouselScene {
    func handle(_ key: Key, at time: Millis) {
        guard !items.isEmpty else { return }
        let current = strip.targetIndex(at: time) ?? 0
        let page = max(1, Int(clamping: geometry.strip.width / strip.layout.pitch, to: 0...items.count + 1) - 1)
        switch key {
        case .left: move(to: current - 1, at: time)
        case .right: move(to: current + 1, at: time)
        case .pageUp: move(to: current - page, at: time)
        case .pageDown: move(to: current + page, at: time)
        case .home: move(to: 0, at: time)
        case .end: move(to: items.count - 1, at: time)
        case .enter, .space: select(current, at: time)
        default: break
        }
    }

    func move(to index: Int, at time: Millis) {
        if interaction == .centringSelection { interaction = .free }
        strip.scroll(toItem: index, animated: true, at: time)
    }
}
