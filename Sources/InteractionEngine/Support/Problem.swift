/// The one shape of every error GestureDeck reports to a person: a sentence that names the
/// file (or option, or resource) and what is wrong with it, ready to print after "gesturedeck: ".
///
/// Each area has its own type so that `throws(TraceError)` says what can go wrong where, but
/// they are all this struct, told apart by an empty marker type:
///
///     public enum TraceProblem: ProblemKind {}
///     public typealias TraceError = Problem<TraceProblem>
public protocol ProblemKind: Sendable {}

public struct Problem<Kind: ProblemKind>: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
