/// The user's arrangement as saved in the state file (SPEC "Persistence").
///
/// Each scene reads and writes its own section; a missing section means
/// "defaults". Unknown keys in the file are ignored, so older builds can read
/// newer files of the same `version`.
public struct DeckState: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    public var version: Int
    public var wallet: WalletState?
    public var grid: GridState?
    public var messages: MessagesState?
    public var carousel: CarouselState?
    public var window: WindowState?

    public init(version: Int = DeckState.currentVersion, wallet: WalletState? = nil, grid: GridState? = nil,
                messages: MessagesState? = nil, carousel: CarouselState? = nil, window: WindowState? = nil) {
        self.version = version
        self.wallet = wallet
        self.grid = grid
        self.messages = messages
        self.carousel = carousel
        self.window = window
    }

    public struct WalletState: Codable, Equatable, Sendable {
        public var order: [String]
        public init(order: [String]) { self.order = order }
    }

    public struct GridState: Codable, Equatable, Sendable {
        public var order: [String]
        public init(order: [String]) { self.order = order }
    }

    public struct MessagesState: Codable, Equatable, Sendable {
        public struct Row: Codable, Equatable, Sendable {
            public var id: String
            public var read: Bool
            public var pinned: Bool
            public init(id: String, read: Bool, pinned: Bool) {
                self.id = id
                self.read = read
                self.pinned = pinned
            }
        }
        /// Rows in display order; deleted rows are absent.
        public var rows: [Row]
        public init(rows: [Row]) { self.rows = rows }
    }

    public struct CarouselState: Codable, Equatable, Sendable {
        public var selected: String?
        public init(selected: String?) { self.selected = selected }
    }

    public struct WindowState: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var scene: String
        public init(width: Int, height: Int, scene: String) {
            self.width = width
            self.height = height
            self.scene = scene
        }
    }
}

/// Reorders `items` to follow `savedOrder`: ids the save knows come first in its
/// order, ids it does not know keep their relative order at the end, and saved
/// ids that no longer exist are dropped. Nothing is lost or duplicated.
public func applySavedOrder<Item>(_ savedOrder: [String], to items: [Item], id: (Item) -> String) -> [Item] {
    var byID: [String: Item] = [:]
    for item in items where byID[id(item)] == nil { byID[id(item)] = item }
    var result: [Item] = []
    var used = Set<String>()
    for key in savedOrder where !used.contains(key) {
        if let item = byID[key] {
            result.append(item)
            used.insert(key)
        }
    }
    for item in items where !used.contains(id(item)) {
        result.append(item)
        used.insert(id(item))
    }
    return result
}
