import Foundation
import InteractionEngine

/// Prints a tuning's springs and timing curves as code to paste into an app.
public struct TuningExport: Sendable {
    public let tuning: Tuning
    public let table: TunableTable
    /// The preset's name, for the header comment.
    public let source: String

    public init(tuning: Tuning, table: TunableTable = .everything, source: String = "default") {
        self.tuning = tuning
        self.table = table
        self.source = source
    }

    /// One animation as the export sees it.
    enum Motion {
        case spring(SpringDescription)
        case timing(seconds: Double, curve: CubicBezier)
    }

    /// Every declared animation (`wallet.slotSpring`) with its current motion, in table order.
    var motions: [(key: String, motion: Motion)] {
        table.animations.filter { table[$0 + ".response"] != nil }.map { key in
            if table[key + ".curve"] == nil { return (key, .spring(tuning.spring(key, in: table))) }
            switch tuning.animation(key, in: table) {
            case .spring(let s): return (key, .spring(s))
            case .timing(let d, let c): return (key, .timing(seconds: d, curve: c))
            case .instant: return (key, .timing(seconds: 0, curve: .linear))
            }
        }
    }

    /// `wallet.slotSpring` → `walletSlotSpring` (or `wallet-slot-spring` for CSS).
    static func identifier(_ key: String, separator: String? = nil) -> String {
        let parts = key.split(separator: ".").flatMap { part -> [String] in
            var words: [String] = []
            var current = ""
            for ch in part {
                if ch.isUppercase, !current.isEmpty { words.append(current); current = "" }
                current.append(ch)
            }
            if !current.isEmpty { words.append(current) }
            return words
        }
        if let separator { return parts.map { $0.lowercased() }.joined(separator: separator) }
        return parts.enumerated().map { i, w in i == 0 ? w.lowercased() : w.prefix(1).uppercased() + w.dropFirst() }.joined()
    }

    static func n(_ v: Double, _ digits: Int = 4) -> String { TunableFormat.number(v, digits: digits) }

    /// How one language writes the tuning: its opening lines, the lines of one spring or one
    /// timing curve, and its closing lines. `render` walks the animations once for every language.
    struct Dialect {
        /// The lines before the animations, given the header's text.
        var opening: (String) -> [String]
        var closing: [String]
        /// The identifier's word separator: nil for camelCase (`walletSlotSpring`), "-" for CSS.
        var separator: String?
        var spring: (_ name: String, SpringDescription) -> [String]
        var timing: (_ name: String, _ seconds: Double, CubicBezier) -> [String]
    }

    /// A curve's four control values, `0.42, 0, 0.58, 1` (each followed by `suffix`: Kotlin's `f`).
    static func points(_ c: CubicBezier, suffix: String = "") -> String {
        [c.x1, c.y1, c.x2, c.y2].map { n($0) + suffix }.joined(separator: ", ")
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// The dialect of `format`.
    static func dialect(_ format: TuningExportFormat) -> Dialect {
        switch format {
        case .swiftui:
            return Dialect(
                opening: { ["// \($0): SwiftUI animations", "import SwiftUI", "", "enum GestureDeckTuning {"] }, closing: ["}"],
                spring: { name, s in ["    static let \(name) = Animation.spring(response: \(n(s.response)), dampingFraction: \(n(s.dampingRatio)))"] },
                timing: { name, d, c in ["    static let \(name) = Animation.timingCurve(\(points(c)), duration: \(n(d)))"] })
        case .uikit:
            return Dialect(
                opening: { ["// \($0): UIKit timing parameters (use with UIViewPropertyAnimator)", "import UIKit", "", "enum GestureDeckTuning {"] },
                closing: ["}"],
                spring: { name, s in
                    ["    static let \(name) = UISpringTimingParameters(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: 0, dy: 0))"]
                },
                timing: { name, d, c in
                    ["    static let \(name) = UICubicTimingParameters(controlPoint1: CGPoint(x: \(n(c.x1)), y: \(n(c.y1))), controlPoint2: CGPoint(x: \(n(c.x2)), y: \(n(c.y2))))",
                     "    static let \(name)Duration: TimeInterval = \(n(d))"]
                })
        case .flutter:
            return Dialect(
                opening: { ["// \($0): Flutter physics and curves", "import 'package:flutter/animation.dart';",
                            "import 'package:flutter/physics.dart';", ""] }, closing: [],
                spring: { name, s in ["const \(name) = SpringDescription(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)));"] },
                timing: { name, d, c in
                    ["const \(name) = Cubic(\(points(c)));", "const \(name)Duration = Duration(milliseconds: \(milliseconds(d)));"]
                })
        case .compose:
            return Dialect(
                opening: { ["// \($0): Jetpack Compose animation specs", "import androidx.compose.animation.core.*", ""] }, closing: [],
                spring: { name, s in ["val \(name) = spring<Float>(dampingRatio = \(n(s.dampingRatio))f, stiffness = \(n(s.stiffness / s.mass))f)"] },
                timing: { name, d, c in
                    ["val \(name) = tween<Float>(durationMillis = \(milliseconds(d)), easing = CubicBezierEasing(\(points(c, suffix: "f"))))"]
                })
        case .css:
            return Dialect(
                opening: { ["/* \($0): CSS easing; springs sampled into linear() over their settle time */", ":root {"] }, closing: ["}"],
                separator: "-",
                spring: { name, s in
                    let (samples, seconds) = sampled(s)
                    return ["  --\(name)-easing: linear(\(samples.map { n($0, 4) }.joined(separator: ", ")));",
                            "  --\(name)-duration: \(milliseconds(seconds))ms;"]
                },
                timing: { name, d, c in
                    ["  --\(name)-easing: cubic-bezier(\(points(c)));", "  --\(name)-duration: \(milliseconds(d))ms;"]
                })
        }
    }

    /// The code for `format`: the dialect's opening, one entry per animation, its closing.
    public func render(_ format: TuningExportFormat) -> String {
        let dialect = Self.dialect(format)
        var out = dialect.opening("GestureDeck tuning (\(source))")
        for (key, motion) in motions {
            let name = Self.identifier(key, separator: dialect.separator)
            switch motion {
            case .spring(let s): out += dialect.spring(name, s)
            case .timing(let d, let c): out += dialect.timing(name, d, c)
            }
        }
        out += dialect.closing
        return out.joined(separator: "\n") + "\n"
    }

    /// x(t)/distance of a 100 px move from rest at 40 evenly spaced moments over the settle
    /// time (to 0.5 px), ending at exactly 1.
    static func sampled(_ s: SpringDescription, count: Int = 40) -> ([Double], Double) {
        let seconds = max(0.01, s.settleTime(distance: 100, threshold: 0.5))
        let sim = SpringSimulation(spring: s, start: 0, end: 1, velocity: 0)
        var points = (0..<count).map { i in sim.x(seconds * Double(i) / Double(count)) }
        points[0] = 0
        points.append(1)
        return (points, seconds)
    }
}
