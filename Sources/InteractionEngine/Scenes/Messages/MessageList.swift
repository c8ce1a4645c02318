/// A conversation as the list shows it: the data plus the user's changes.
public struct MessageRow: Hashable, Sendable {
    public let conversation: MessageConversation
    /// Position in the sample data: where the row returns to when it is unpinned.
    public let naturalIndex: Int
    public var read: Bool
    public var pinned: Bool

    public init(conversation: MessageConversation, naturalIndex: Int, read: Bool, pinned: Bool) {
        self.conversation = conversation
        self.naturalIndex = naturalIndex
        self.read = read
        self.pinned = pinned
    }

    public var id: String { conversation.id }

    /// The buttons behind the row, left to right (SPEC S2, S7): Pin or Unpin,
    /// Mark read (unread rows only), Delete.
    public var actions: [SwipeAction] {
        read ? [pinned ? .unpin : .pin, .delete] : [pinned ? .unpin : .pin, .markRead, .delete]
    }

    /// How far the content slides left to show every button.
    public var openWidth: Double { Double(actions.count) * SwipeTuning.buttonWidth }
}

/// The conversation rows in display order, and the edits a user can make.
///
/// The order follows one rule: pinned rows first, the newest pin on top, then
/// the other rows in their natural (data) order. So unpinning puts a row back
/// where it came from, below the pinned block.
///
/// Restoring a save (`DeckState.MessagesState`): the saved list holds every
/// row that was not deleted, in display order, with its read and pinned flags.
/// A row of the data that the saved list does not mention is treated as
/// deleted, even when it is new in the data: the file format cannot tell a
/// deleted row from a new one, and bringing deleted rows back would be the
/// worse mistake. Saved ids the data no longer has are dropped, and repeated
/// saved ids count once. Without a save every row is shown as the data says.
public struct MessageList: Sendable {
    public private(set) var rows: [MessageRow]
    private var indexByID: [String: Int] = [:]

    /// The rows of `conversations` (ids assumed unique; a repeated id keeps its
    /// first occurrence), restored from `saved` when there is one.
    public init(conversations: [MessageConversation], saved: DeckState.MessagesState? = nil) {
        var seen = Set<String>()
        let natural = conversations.enumerated().compactMap { index, c -> MessageRow? in
            guard seen.insert(c.id).inserted else { return nil }
            return MessageRow(conversation: c, naturalIndex: index, read: c.read, pinned: false)
        }
        guard let saved else {
            rows = natural
            reindex()
            return
        }
        let byID = Dictionary(natural.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [String: DeckState.MessagesState.Row] = [:]
        var pinned: [MessageRow] = []
        for entry in saved.rows where byID[entry.id] != nil && kept[entry.id] == nil {
            kept[entry.id] = entry
            if entry.pinned, var row = byID[entry.id] {
                row.read = entry.read
                row.pinned = true
                pinned.append(row)
            }
        }
        // The other rows in the saved order (Shift+arrows may have moved them).
        var seenOthers = Set<String>()
        let others = saved.rows.compactMap { entry -> MessageRow? in
            guard let kept = kept[entry.id], !kept.pinned, seenOthers.insert(entry.id).inserted,
                  var restored = byID[entry.id] else { return nil }
            restored.read = kept.read
            return restored
        }
        rows = pinned + others
        reindex()
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }

    /// The display index of the row `id`, if it exists.
    public func index(of id: String) -> Int? { indexByID[id] }

    /// The row `id`, if it exists.
    public subscript(id: String) -> MessageRow? {
        indexByID[id].map { rows[$0] }
    }

    /// How many rows are pinned (they come first).
    public var pinnedCount: Int { rows.prefix { $0.pinned }.count }

    /// The section of the state file that restores this list.
    public var savedState: DeckState.MessagesState {
        DeckState.MessagesState(rows: rows.map { .init(id: $0.id, read: $0.read, pinned: $0.pinned) })
    }

    // MARK: Edits (each returns false when it changed nothing)

    /// Pins the row: it moves to the very top (newest pin first).
    @discardableResult
    public mutating func pin(_ id: String) -> Bool {
        guard let index = indexByID[id], !rows[index].pinned else { return false }
        var row = rows.remove(at: index)
        row.pinned = true
        rows.insert(row, at: 0)
        reindex()
        return true
    }

    /// Unpins the row: it returns below the pinned block, at its natural position.
    @discardableResult
    public mutating func unpin(_ id: String) -> Bool {
        guard let index = indexByID[id], rows[index].pinned else { return false }
        var row = rows.remove(at: index)
        row.pinned = false
        let pinnedEnd = pinnedCount
        let after = rows[pinnedEnd...].firstIndex { $0.naturalIndex > row.naturalIndex } ?? rows.endIndex
        rows.insert(row, at: after)
        reindex()
        return true
    }

    /// Moves the row one place up (`delta` -1) or down (+1) within its group: pinned
    /// rows among the pinned ones at the top, the others below them. Returns the
    /// row's old and new index, nil when it is already at its group's end.
    public mutating func move(_ id: String, by delta: Int) -> (from: Int, to: Int)? {
        guard let index = indexByID[id], delta == 1 || delta == -1 else { return nil }
        let group = rows[index].pinned ? 0..<pinnedCount : pinnedCount..<rows.count
        let target = index + delta
        guard group.contains(target) else { return nil }
        rows.swapAt(index, target)
        reindex()
        return (index, target)
    }

    /// Marks the row read: its badge goes and so does its Mark-read button.
    @discardableResult
    public mutating func markRead(_ id: String) -> Bool {
        guard let index = indexByID[id], !rows[index].read else { return false }
        rows[index].read = true
        return true
    }

    /// Removes the row; returns it (nil when there was none).
    @discardableResult
    public mutating func delete(_ id: String) -> MessageRow? {
        guard let index = indexByID[id] else { return nil }
        let row = rows.remove(at: index)
        reindex()
        return row
    }

    private mutating func reindex() {
        indexByID.removeAll(keepingCapacity: true)
        for (i, row) in rows.enumerated() { indexByID[row.id] = i }
    }
}
