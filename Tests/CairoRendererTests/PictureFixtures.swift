import Foundation
import Testing
import TestSupport

/// Picture files the tests make themselves, with ImageMagick's `convert`
/// (installed by `scripts/install-deps --test`) and a few bytes written by hand.
final class PictureFixtures {
    /// Removed with the fixtures (TestSupport).
    private let folder: ScratchFolder
    var path: String { folder.path }

    init() throws {
        folder = try ScratchFolder(prefix: "picture-fixtures")
    }

    func file(_ name: String) -> String { folder.file(name) }

    /// Runs `convert ARGS... OUT` in the folder; fails the test when ImageMagick is missing or fails.
    @discardableResult
    func convert(_ arguments: [String], to name: String, format: String? = nil) throws -> String {
        let out = file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["convert"] + arguments + [format.map { $0 + ":" + out } ?? out]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: out) else {
            throw FixtureError("convert \(arguments.joined(separator: " ")) failed (install ImageMagick with "
                               + "scripts/install-deps --test): \(message)")
        }
        return out
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name)))) }

    /// A JPEG with an EXIF APP1 segment carrying `orientation`, inserted after SOI.
    func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16) -> [UInt8] {
        func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + be16(1) + be16(0x0112) + be16(3) + [0, 0, 0, 1]
            + be16(orientation) + [0, 0] + [0, 0, 0, 0]
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        return Array(jpeg[0..<2]) + [0xFF, 0xE1] + be16(UInt16(app1.count + 2)) + app1 + Array(jpeg[2...])
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Straight 8-bit channels of a premultiplied Cairo pixel.
func channels(_ pixel: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
    let a = Int(pixel >> 24)
    guard a > 0 else { return (0, 0, 0, 0) }
    return (Int(pixel >> 16 & 0xFF) * 255 / a, Int(pixel >> 8 & 0xFF) * 255 / a, Int(pixel & 0xFF) * 255 / a, a)
}
