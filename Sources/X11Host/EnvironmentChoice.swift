import Foundation
import CairoRenderer

/// A setting the window reads from one environment variable naming one of a few cases
/// (`GESTUREDECK_PRESENT`, `GESTUREDECK_LAYER_WORKER`): unset or empty is the default; any
/// other value is named in a warning and the default kept, so a typo never stops the window.
protocol EnvironmentChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    static var variable: String { get }
    static var standard: Self { get }
    /// What the default does, for the warning: "using Present".
    static var standardMeaning: String { get }
}

extension EnvironmentChoice {
    /// The choice and, for a value that is none of the cases, the warning naming it.
    static func parse(environment: [String: String]) -> (choice: Self, warning: String?) {
        guard let value = environment[variable], !value.isEmpty else { return (standard, nil) }
        if let choice = Self(rawValue: value.lowercased()) { return (choice, nil) }
        let names = allCases.map { "'\($0.rawValue)'" }
        let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
        return (standard, "gesturedeck: \(variable)=\(value) is not \(list); \(standardMeaning)")
    }

    /// `parse`, with its warning written to stderr.
    static func from(environment: [String: String]) -> Self {
        let (choice, warning) = parse(environment: environment)
        if let warning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        return choice
    }
}

/// `GESTUREDECK_LAYER_WORKER=auto|on|off|slack`: where the compositor rasterises layers
/// (RasterWorker.swift). `auto`, the default, uses a worker thread where the machine has a core
/// for it (`CairoRenderer.workerIsWorthwhile`) and the drawing thread's slack between frames
/// elsewhere; `on` (worker), `off` (in the frame) and `slack` force one, to compare (the bench's
/// `--layer-worker` takes the same words).
public enum LayerWorkerOption: String, EnvironmentChoice {
    case auto, on, off, slack
    static let variable = "GESTUREDECK_LAYER_WORKER"
    static let standard = LayerWorkerOption.auto
    static let standardMeaning = "using a worker where the machine has a core for it, else the slack between frames"

    /// Where layers are rasterised on a machine where a worker `isWorthwhile` (or not).
    public func rasterising(isWorthwhile: Bool) -> LayerRasterising {
        switch self {
        case .auto: isWorthwhile ? .worker : .slack
        case .on: .worker
        case .off: .inFrame
        case .slack: .slack
        }
    }
}
