/// One payment card in the wallet, as `assets/cards.json` describes it.
public struct WalletCard: Codable, Hashable, Sendable {
    /// Stable identity: the state file saves the order as these.
    public var id: String
    /// The issuer, shown large at the top of the card ("招商银行", "Chase").
    public var bank: String
    /// The product name under the bank ("经典白金卡", "Sapphire Reserve").
    public var name: String
    /// The network ("VISA", "Mastercard", "UnionPay"...).
    public var brand: String
    /// Two `#RRGGBB` colours: the gradient runs from the first (top-left) to the second.
    public var colors: [String]
    /// The masked number as printed ("•••• 4821").
    public var number: String
    public var holder: String
    /// "MM/YY".
    public var expiry: String
    /// The symbol amounts are shown with; "¥" when absent.
    public var currency: String?
    /// The latest movements, newest first.
    public var transactions: [WalletTransaction]

    public init(id: String, bank: String, name: String, brand: String, colors: [String], number: String,
                holder: String, expiry: String, currency: String? = nil, transactions: [WalletTransaction] = []) {
        self.id = id
        self.bank = bank
        self.name = name
        self.brand = brand
        self.colors = colors
        self.number = number
        self.holder = holder
        self.expiry = expiry
        self.currency = currency
        self.transactions = transactions
    }

    /// The gradient's two ends; a neutral slate for colours that do not parse
    /// (`WalletCardFile.firstProblem` reports those before a scene is built).
    public var gradient: (from: Color, to: Color) {
        let fallback = (Color(rgb: 0x5A6275), Color(rgb: 0x232733))
        guard colors.count >= 2, let a = Color(hex: colors[0]), let b = Color(hex: colors[1]) else { return fallback }
        return (a, b)
    }

    /// True for pale cards, which need dark text.
    public var isLight: Bool {
        let (a, b) = gradient
        return (a.luminance + b.luminance) / 2 > 0.6
    }
}

/// One line of a card's recent activity.
public struct WalletTransaction: Codable, Hashable, Sendable {
    public var merchant: String
    /// Negative for spending, positive for money coming in.
    public var amount: Double
    /// "YYYY-MM-DD".
    public var date: String

    public init(merchant: String, amount: Double, date: String) {
        self.merchant = merchant
        self.amount = amount
        self.date = date
    }
}

/// The whole of `assets/cards.json`: `{ "cards": [ ... ] }`.
public struct WalletCardFile: Codable, Sendable {
    /// The file the wallet reads from the assets folder.
    public static let fileName = "cards.json"

    public var cards: [WalletCard]

    public init(cards: [WalletCard]) { self.cards = cards }

    /// The first thing wrong with the data, described for a person; nil when
    /// it is usable. (Duplicate ids are checked by the loader.)
    public var firstProblem: String? {
        for (i, card) in cards.enumerated() {
            let label = "card \(i + 1) ('\(card.id)')"
            if card.id.isEmpty { return "card \(i + 1): empty id" }
            if card.colors.count != 2 {
                return "\(label): 'colors' must hold two colours, found \(card.colors.count)"
            }
            for hex in card.colors where Color(hex: hex) == nil {
                return "\(label): '\(hex)' is not a #RRGGBB colour"
            }
            for t in card.transactions where !t.amount.isFinite {
                return "\(label): transaction '\(t.merchant)' has no finite amount"
            }
        }
        return nil
    }
}

extension WalletCardFile {
    /// Throws `firstProblem`, if any (the factory adds the file's path).
    public func validate() throws(WalletDataError) {
        if let problem = firstProblem { throw WalletDataError(problem) }
    }
}

/// A problem with the wallet's sample data (the factory adds the file name).
public enum WalletDataProblemKind: ProblemKind {}
public typealias WalletDataError = Problem<WalletDataProblemKind>
