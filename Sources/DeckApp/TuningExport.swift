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

    /// The code for `format`.
    public func render(_ format: TuningExportFormat) -> String {
        var out: [String] = []
        let header = "GestureDeck tuning (\(source))"
        switch format {
        case .swiftui:
            out.append("// \(header): SwiftUI animations")
            out.append("import SwiftUI")
            out.append("")
            out.append("enum GestureDeckTuning {")
            for (key, motion) in motions {
                let name = Self.identifier(key)
                switch motion {
                case .spring(let s):
                    out.append("    static let \(name) = Animation.spring(response: \(Self.n(s.response)), dampingFraction: \(Self.n(s.dampingRatio)))")
                case .timing(let d, let c):
                    out.append("    static let \(name) = Animation.timingCurve(\(Self.n(c.x1)), \(Self.n(c.y1)), \(Self.n(c.x2)), \(Self.n(c.y2)), duration: \(Self.n(d)))")
                }
            }
            out.append("}")
        case .uikit:
            out.append("// \(header): UIKit timing parameters (use with UIViewPropertyAnimator)")
            out.append("import UIKit")
            out.append("")
            out.append("enum GestureDeckTuning {")
            for (key, motion) in motions {
                let name = Self.identifier(key)
                switch motion {
                case .spring(let s):
                    out.append("    static let \(name) = UISpringTimingParameters(mass: \(Self.n(s.mass)), stiffness: \(Self.n(s.stiffness)), damping: \(Self.n(s.damping)), initialVelocity: CGVector(dx: 0, dy: 0))")
                case .timing(let d, let c):
                    out.append("    static let \(name) = UICubicTimingParameters(controlPoint1: CGPoint(x: \(Self.n(c.x1)), y: \(Self.n(c.y1))), controlPoint2: CGPoint(x: \(Self.n(c.x2)), y: \(Self.n(c.y2))))")
                    out.append("    static let \(name)Duration: TimeInterval = \(Self.n(d))")
                }
            }
            out.append("}")
        case .flutter:
            out.append("// \(header): Flutter physics and curves")
            out.append("import 'package:flutter/animation.dart';")
            out.append("import 'package:flutter/physics.dart';")
            out.append("")
            for (key, motion) in motions {
                let name = Self.identifier(key)
                switch motion {
                case .spring(let s):
                    out.append("const \(name) = SpringDescription(mass: \(Self.n(s.mass)), stiffness: \(Self.n(s.stiffness)), damping: \(Self.n(s.damping)));")
                case .timing(let d, let c):
                    out.append("const \(name) = Cubic(\(Self.n(c.x1)), \(Self.n(c.y1)), \(Self.n(c.x2)), \(Self.n(c.y2)));")
                    out.append("const \(name)Duration = Duration(milliseconds: \(Int((d * 1000).rounded())));")
                }
            }
        case .compose:
            out.append("// \(header): Jetpack Compose animation specs")
            out.append("import androidx.compose.animation.core.*")
            out.append("")
            for (key, motion) in motions {
                let name = Self.identifier(key)
                switch motion {
                case .spring(let s):
                    out.append("val \(name) = spring<Float>(dampingRatio = \(Self.n(s.dampingRatio))f, stiffness = \(Self.n(s.stiffness / s.mass))f)")
                case .timing(let d, let c):
                    out.append("val \(name) = tween<Float>(durationMillis = \(Int((d * 1000).rounded())), easing = CubicBezierEasing(\(Self.n(c.x1))f, \(Self.n(c.y1))f, \(Self.n(c.x2))f, \(Self.n(c.y2))f))")
                }
            }
        case .css:
            out.append("/* \(header): CSS easing; springs sampled into linear() over their settle time */")
            out.append(":root {")
            for (key, motion) in motions {
                let name = Self.identifier(key, separator: "-")
                switch motion {
                case .spring(let s):
                    let (points, seconds) = Self.sampled(s)
                    out.append("  --\(name)-easing: linear(\(points.map { Self.n($0, 4) }.joined(separator: ", ")));")
                    out.append("  --\(name)-duration: \(Int((seconds * 1000).rounded()))ms;")
                case .timing(let d, let c):
                    out.append("  --\(name)-easing: cubic-bezier(\(Self.n(c.x1)), \(Self.n(c.y1)), \(Self.n(c.x2)), \(Self.n(c.y2)));")
                    out.append("  --\(name)-duration: \(Int((d * 1000).rounded()))ms;")
                }
            }
            out.append("}")
        }
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
