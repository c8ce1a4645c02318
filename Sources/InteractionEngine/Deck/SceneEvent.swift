/// Something a scene did, returned from `update(_:)` and `tick(at:)` (what a
/// direct call such as `MessagesScene.openRow(_:at:)` did comes out of the next one).
///
/// `deckEvent` is the one place these get their `--events` JSON names and
/// fields; the deck adds the `scene` field.
public enum SceneEvent: Hashable, Sendable {
    /// A hold lifted item `id` out of slot `index`.
    case lift(id: String, index: Int)
    /// Item `id` moved from slot `from` to slot `to` (one per committed move).
    case reorder(id: String, from: Int, to: Int)
    /// The lifted item `id` was released into slot `index`.
    case drop(id: String, index: Int)
    /// The lift of `id` was cancelled: everything went back.
    case cancel(id: String)
    /// Card `id` opened.
    case expand(id: String)
    /// The open card `id` closed.
    case collapse(id: String)
    /// Item `id` was selected (a tap, Enter).
    case select(id: String)
    /// Row `id` was swiped open on its buttons.
    case openRow(id: String)
    /// Row `id` closed.
    case closeRow(id: String)
    /// A swipe button (or key) did `kind` to row `id`.
    case action(kind: SwipeAction, id: String)

    /// The event as `--events` prints it (the scene field is the deck's to add).
    public var deckEvent: DeckEvent {
        switch self {
        case .lift(let id, let index): DeckEvent("lift", ["id": .string(id), "index": .int(index)])
        case .reorder(let id, let from, let to):
            DeckEvent("reorder", ["id": .string(id), "from": .int(from), "to": .int(to)])
        case .drop(let id, let index): DeckEvent("drop", ["id": .string(id), "index": .int(index)])
        case .cancel(let id): DeckEvent("cancel", ["id": .string(id)])
        case .expand(let id): DeckEvent("expand", ["id": .string(id)])
        case .collapse(let id): DeckEvent("collapse", ["id": .string(id)])
        case .select(let id): DeckEvent("select", ["id": .string(id)])
        case .openRow(let id): DeckEvent("open-row", ["id": .string(id)])
        case .closeRow(let id): DeckEvent("close-row", ["id": .string(id)])
        case .action(let kind, let id): DeckEvent("action", ["id": .string(id), "name": .string(kind.eventName)])
        }
    }
}
