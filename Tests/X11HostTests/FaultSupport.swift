import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

// Helpers of the fault, durability and soak tests (Fault*.swift, Soak*.swift).

/// The wallet's card ids in the sample data's order.
func sampleCardIDs(assets: String = repositoryAssets) throws -> [String] {
    try JSONDecoder().decode(WalletCardFile.self, from: Data(contentsOf: URL(fileURLWithPath: assets + "/cards.json")))
        .cards.map(\.id)
}

/// The wallet order in a state file, or a description of why there is none.
func walletOrder(inStateFile path: String) -> Result<[String], HarnessError> {
    guard let data = FileManager.default.contents(atPath: path) else { return .failure(HarnessError("\(path): missing")) }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        return .failure(HarnessError("\(path): does not parse (\(data.count) bytes)"))
    }
    guard let order = (object["wallet"] as? [String: Any])?["order"] as? [String] else {
        return .failure(HarnessError("\(path): no wallet order"))
    }
    return .success(order)
}

/// Writes a trace the windowed app replays: a header starting from `state`, then `inputs`.
func writeTrace(to path: String, scene: String = "wallet", state: DeckState, inputs: [InputEvent]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var data = try encoder.encode(TraceHeader(scene: scene, width: 480, height: 800, state: state))
    data.append(0x0A)
    for input in inputs {
        data.append(try encoder.encode(TraceEntry.input(input)))
        data.append(0x0A)
    }
    try data.write(to: URL(fileURLWithPath: path))
}

/// A burst of keyboard reorders on the wallet: focus, then Shift+Up/Down every `spacing` ms.
func reorderBurst(seed: UInt64, count: Int, spacing: Millis = 4, start: Millis = 50) -> [InputEvent] {
    var state = seed | 1
    func next() -> UInt64 {  // xorshift64
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    var inputs = [InputEvent(.key(.down, []), at: start)]
    var direction = Key.down
    for i in 0..<count {
        if next() % 12 == 0 { direction = direction == .down ? .up : .down }
        inputs.append(InputEvent(.key(direction, .shift), at: start + Double(i + 1) * spacing))
    }
    return inputs
}

/// Replays `reorder` events over `initial`: every order the state file may hold, in turn.
/// Returns nil (and records an issue) when an event does not fit the order it follows.
func ordersThrough(_ events: [[String: Any]], from initial: [String]) -> [[String]]? {
    var orders = [initial]
    var order = initial
    for event in events where event["event"] as? String == "reorder" && event["scene"] as? String == "wallet" {
        guard let id = event["id"] as? String, let from = event["from"] as? Int, let to = event["to"] as? Int,
              order.indices.contains(from), order.indices.contains(to), order[from] == id else {
            Issue.record("reorder event \(event) does not fit the order \(order)")
            return nil
        }
        order.remove(at: from)
        order.insert(id, at: to)
        orders.append(order)
    }
    return orders
}

/// A tiny seeded generator for the soak's random input (xorshift64*).
struct SoakRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
