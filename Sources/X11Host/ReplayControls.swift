import DeckApp
import InteractionEngine

/// The window's replay transport keys and timeline (issue 16, item 2).
///
/// While a replay runs the deck hears only the trace: live pointer input goes to the
/// timeline at the bottom (press and drag to scrub), and of the keys only the transport's
/// and the presentation keys reach anything. Enter takes over: from then on the window is
/// live, continuing from the replayed state at the trace time it stood at.
///
/// Transport keys: Space pause/play, `.` / `,` one frame forward / back, Home restart,
/// `L` loop. Passed through to the deck: q / Ctrl+Q, D, K, S, F9, F12 (they change how
/// things are shown, not what the trace does; `S` holds until the next re-simulation).
/// Every other key (scene switching, arrows, Enter as select) would change the replay and
/// is ignored until the take-over. A window resize still lays the deck out.
extension X11App {
    func startTransport(_ trace: Trace) {
        if let comparison {
            // Lockstep: one transport feeds both decks; a re-simulation rebuilds and configures both.
            transport = ReplayTransport(trace: trace, session: session, others: comparison.sides.dropFirst().map(\.session),
                                        host: clock()) { [unowned self] in
                comparison.restart()
                self.engineTime = 0
            }
            return
        }
        transport = ReplayTransport(trace: trace, session: session, host: clock()) { [unowned self] in
            self.session.restartDeck(from: trace.header)
            // The window's own size (fitted to the screen, or resized since) holds for the rebuilt deck.
            let window = Size(width: Double(trace.header.width), height: Double(trace.header.height))
            if let size = self.windowLogicalSize, size != window {
                self.session.handle(InputEvent(.resize(size), at: 0))
            }
            self.engineTime = 0
        }
        windowLogicalSize = session.deck.size
    }

    /// True when the transport consumed `event` (or it must not reach the deck).
    func routeToTransport(_ event: InputEvent) -> Bool {
        guard let transport else { return false }
        let host = clock()
        needsDraw = true
        let shown = comparison?.size ?? session.deck.size
        switch event.kind {
        case .resize(let size):
            windowLogicalSize = size
            return comparison != nil  // the compared decks keep the trace's size
        case .pointerDown(let p, .primary) where transport.timelineContains(p, size: shown):
            scrubbing = true
            transport.scrub(x: p.x, width: shown.width, host: host)
        case .pointerMove(let p) where scrubbing:
            transport.scrub(x: p.x, width: shown.width, host: host)
        case .pointerUp, .pointerCancel:
            scrubbing = false
        case .key(let key, let modifiers):
            let plain = modifiers.subtracting(.shift).isEmpty
            switch key {
            case .space where plain: transport.togglePause(host: host)
            case .character(".") where plain: transport.step(frames: 1, host: host)
            case .character(",") where plain: transport.step(frames: -1, host: host)
            case .home where plain: transport.restart(host: host)
            case .character(let c) where plain && c.lowercased() == "l": transport.toggleLoop()
            case .enter where plain && comparison == nil:
                let at = transport.takeOver()
                self.transport = nil
                liveOffset = at - host  // live input continues at the trace time, from this state
                engineTime = at
            case .character(let c) where plain && ["q", "d", "k", "s"].contains(c.lowercased()): return false
            case .character(let c) where modifiers == .control && c.lowercased() == "q": return false
            case .function(9), .function(12): return false
            default: break
            }
        default:
            break
        }
        engineTime = self.transport?.position ?? engineTime
        return true
    }
}
