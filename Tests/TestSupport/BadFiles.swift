import DeckApp
import Foundation
import InteractionEngine

/// One of the sample data files and the factory that reads it.
public struct DataFile: Sendable, CustomStringConvertible {
    public var name: String
    public var factory: any SceneFactory
    /// The key holding the list of items (nil: the file is the list itself).
    public var listKey: String?

    public var description: String { name }

    public static let all = [
        DataFile(name: "cards.json", factory: WalletFactory(), listKey: "cards"),
        DataFile(name: "tiles.json", factory: GridFactory(), listKey: "tiles"),
        DataFile(name: "messages.json", factory: MessagesFactory(), listKey: "conversations"),
        DataFile(name: "carousel/titles.json", factory: CarouselFactory(), listKey: nil),
    ]
}

/// Ways a file can be damaged, each with the words the error must contain.
public enum Damage: String, CaseIterable, Sendable, CustomStringConvertible {
    case empty, blank, truncated, wrongTopLevel, wrongField, nonUTF8, duplicateID, unknownVersion, huge, emptyList,
         infiniteNumber

    public var description: String { rawValue }

    /// The size of `huge` files.
    public static let hugeSize = 50 << 20

    /// The damaged bytes for a file whose good content is `original`; `listKey` as in `DataFile`.
    public func apply(to original: Data, listKey: String?) throws -> Data {
        switch self {
        case .empty:
            return Data()
        case .blank:
            return Data("  \n\t\n".utf8)
        case .truncated:
            return original.prefix(original.count / 2)
        case .wrongTopLevel:
            return Data(#""a string where a list or an object belongs""#.utf8)
        case .wrongField:
            // The first id becomes a number.
            var text = String(decoding: original, as: UTF8.self)
            guard let range = text.range(of: #""id"\s*:\s*"[^"]*""#, options: .regularExpression) else {
                throw DamageError("no id in the file")
            }
            text.replaceSubrange(range, with: #""id": 12345"#)
            return Data(text.utf8)
        case .nonUTF8:
            // Latin-1 bytes inside the first id: valid JSON structure, invalid UTF-8.
            var bytes = [UInt8](original)
            guard let range = String(decoding: original, as: UTF8.self).range(of: #""id"\s*:\s*""#, options: .regularExpression)
            else { throw DamageError("no id in the file") }
            let offset = String(decoding: original, as: UTF8.self)[..<range.upperBound].utf8.count
            bytes.insert(contentsOf: [0xE9, 0xFF, 0xFE, 0xC3], at: offset)
            return Data(bytes)
        case .duplicateID:
            return try Damage.editList(original, listKey: listKey) { list in list.append(list[0]) }
        case .unknownVersion:
            // A future file: a version and keys this build does not know (tolerated: unknown keys are ignored).
            let object = try JSONSerialization.jsonObject(with: original)
            if var dictionary = object as? [String: Any] {
                dictionary["version"] = 99
                dictionary["futureFeature"] = ["enabled": true]
                return try JSONSerialization.data(withJSONObject: dictionary)
            }
            return try Damage.editList(original, listKey: listKey) { list in
                list = list.map { item in
                    var record = item as? [String: Any] ?? [:]
                    record["version"] = 99
                    return record
                }
            }
        case .huge:
            var data = original
            data.append(Data(repeating: 0x20, count: Damage.hugeSize - original.count))
            return data
        case .emptyList:
            return try Damage.editList(original, listKey: listKey) { list in list.removeAll() }
        case .infiniteNumber:
            // 1e999 does not fit a Double: the first amount (cards) or unread count (messages).
            var text = String(decoding: original, as: UTF8.self)
            guard let range = text.range(of: #""(amount|unread)"\s*:\s*-?[0-9.]+"#, options: .regularExpression) else {
                return original  // the file has no such number
            }
            let key = text[range].hasPrefix(#""amount""#) ? "amount" : "unread"
            text.replaceSubrange(range, with: "\"\(key)\": 1e999")
            return Data(text.utf8)
        }
    }

    /// Words the error must contain (any of them), or nil when the file must still load.
    public func expectedWords(for file: DataFile) -> [String]? {
        switch self {
        case .empty: ["empty"]
        case .blank, .truncated, .nonUTF8: ["not valid JSON"]
        case .wrongTopLevel, .wrongField: ["wrong type"]
        case .duplicateID: ["duplicate id"]
        case .unknownVersion: nil
        case .huge: ["too large"]
        case .emptyList: ["no items", "no tiles", "no cards", "no usable pictures"]
        // Only the fields the file has matter: cards' amounts, messages' unread counts.
        case .infiniteNumber: file.name == "cards.json" || file.name == "messages.json" ? ["not valid JSON", "finite", "wrong type"] : nil
        }
    }

    private static func editList(_ original: Data, listKey: String?, _ edit: (inout [Any]) -> Void) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: original)
        if let key = listKey {
            guard var dictionary = object as? [String: Any], var list = dictionary[key] as? [Any] else {
                throw DamageError("no list '\(key)'")
            }
            edit(&list)
            dictionary[key] = list
            return try JSONSerialization.data(withJSONObject: dictionary)
        }
        guard var list = object as? [Any] else { throw DamageError("not a list") }
        edit(&list)
        return try JSONSerialization.data(withJSONObject: list)
    }
}

public struct DamageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Minimal PNG headers for the carousel checks.
public enum PNGBytes {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A signature and an IHDR chunk declaring `width` x `height` (no pixel data follows).
    public static func header(width: UInt32, height: UInt32, chunk: String = "IHDR") -> Data {
        func word(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var bytes = signature + word(13) + Array(chunk.utf8) + word(width) + word(height)
        bytes += [8, 6, 0, 0, 0] + [0, 0, 0, 0]  // depth, colour type, methods; a (wrong) CRC
        return Data(bytes)
    }
}
