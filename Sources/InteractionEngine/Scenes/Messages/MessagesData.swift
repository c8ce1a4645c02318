/// One conversation of the sample data (`assets/messages.json`).
///
/// `read` is the source of truth for the badge and for the Mark-read button
/// (SPEC S7: a read row has none); `unread` is the count the badge shows.
public struct MessageConversation: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    /// The last message, shown on one line and ellipsized to fit (SPEC S1).
    public var preview: String
    /// When the last message arrived, already formatted ("09:41", "昨天", "3/14").
    public var time: String
    /// How many messages are unread; the badge shows it while the row is unread.
    public var unread: Int
    public var read: Bool
    /// The avatar's colour as `#RRGGBB`.
    public var avatarColor: String

    public init(id: String, name: String, preview: String, time: String, unread: Int, read: Bool,
                avatarColor: String) {
        self.id = id
        self.name = name
        self.preview = preview
        self.time = time
        self.unread = unread
        self.read = read
        self.avatarColor = avatarColor
    }

    /// The avatar's letter: the first character of the name, upper-cased ("?" when there is none).
    public var initial: String {
        guard let first = name.trimmingLeadingSpaces.first else { return "?" }
        return String(first).uppercased()
    }

    /// The avatar colour, grey when the data holds no valid `#RRGGBB`.
    public var avatarPaintColor: Color {
        Color(hex: avatarColor) ?? MessagesStyle.fallbackAvatar
    }
}

/// The whole `messages.json` file: `{ "conversations": [...] }`.
public struct MessagesDocument: Codable, Sendable {
    public var conversations: [MessageConversation]

    public init(conversations: [MessageConversation]) {
        self.conversations = conversations
    }

    /// What makes the data unusable, one sentence per problem naming the
    /// conversation; empty when the data is fine. (Unique ids are checked by
    /// the loader with `requireUniqueIDs`.)
    public func problems() -> [String] {
        var found: [String] = []
        for (index, c) in conversations.enumerated() {
            let who = c.id.isEmpty ? "conversation #\(index + 1)" : "conversation '\(c.id)'"
            if c.id.isEmpty { found.append("\(who) has an empty id") }
            if c.unread < 0 { found.append("\(who) has a negative unread count (\(c.unread))") }
            if Color(hex: c.avatarColor) == nil {
                found.append("\(who) has avatarColor '\(c.avatarColor)', expected #RRGGBB")
            }
        }
        return found
    }

    /// Throws the first of `problems()`, if any (the factory adds the file's path).
    public func validate() throws(MessagesDataError) {
        if let problem = problems().first { throw MessagesDataError(problem) }
    }
}

/// A problem with the messages' sample data (the factory adds the file name).
public enum MessagesDataProblemKind: ProblemKind {}
public typealias MessagesDataError = Problem<MessagesDataProblemKind>

extension StringProtocol {
    /// The text without leading spaces and newlines.
    fileprivate var trimmingLeadingSpaces: SubSequence {
        drop { $0 == " " || $0 == "\n" || $0 == "\t" }
    }
}
