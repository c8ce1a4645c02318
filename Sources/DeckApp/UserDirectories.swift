import Foundation

/// The user's folders, found the way the freedesktop specifications say.
///
/// Base directories (XDG Base Directory Specification): `$XDG_STATE_HOME`,
/// `$XDG_CONFIG_HOME`, each used only when it is an absolute path, else the
/// spec's default under `$HOME`. User directories (xdg-user-dirs): the lines
/// `XDG_PICTURES_DIR="$HOME/Pictures"` of `$XDG_CONFIG_HOME/user-dirs.dirs`,
/// whose value is an absolute path or one starting with `$HOME/`; an entry
/// that names `$HOME` itself means "disabled" and falls back like a missing one.
///
/// Only absolute paths come out: with `HOME` unset, empty or relative and no
/// absolute override, a lookup gives nil, so nothing is ever written under `/`
/// or the working folder by accident.
public struct UserDirectories: Sendable {
    /// An xdg-user-dirs folder.
    public enum Kind: String, Sendable, CaseIterable {
        case pictures = "PICTURES"
        case videos = "VIDEOS"
        case documents = "DOCUMENTS"
        case download = "DOWNLOAD"

        /// The fallback under `$HOME` when `user-dirs.dirs` does not name one.
        var fallbackName: String {
            switch self {
            case .pictures: "Pictures"
            case .videos: "Videos"
            case .documents: "Documents"
            case .download: "Downloads"
            }
        }
    }

    public let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// `$HOME` when it is an absolute path, else nil.
    public var home: String? {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public var stateHome: String? { base("XDG_STATE_HOME", default: ".local/state") }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String? { base("XDG_CONFIG_HOME", default: ".config") }

    private func base(_ variable: String, default relative: String) -> String? {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home.map { $0 + "/" + relative }
    }

    /// The user's folder of `kind`: from `user-dirs.dirs` when it names one, else `~/Pictures` etc.
    /// `contents` stands in for the file's text (tests); by default it is read from disk.
    public func folder(_ kind: Kind, userDirsFile contents: String? = nil) -> String? {
        let text = contents ?? configHome.flatMap { try? String(contentsOfFile: $0 + "/user-dirs.dirs", encoding: .utf8) }
        if let text, let named = UserDirectories.parse(text, kind: kind, home: home) { return named }
        return home.map { $0 + "/" + kind.fallbackName }
    }

    /// The value of `XDG_<KIND>_DIR` in a `user-dirs.dirs` text, expanded; nil when absent,
    /// malformed, relative, or set to `$HOME` itself (the format's way to disable it).
    static func parse(_ text: String, kind: Kind, home: String?) -> String? {
        let key = "XDG_\(kind.rawValue)_DIR"
        var found: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), line.hasPrefix(key + "=") else { continue }
            var value = String(line.dropFirst(key.count + 1))
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
            value = String(value.dropFirst().dropLast())
            if value == "$HOME" || value == "$HOME/" { found = nil; continue }
            if value.hasPrefix("$HOME/") {
                guard let home else { continue }
                found = home + value.dropFirst("$HOME".count)
            } else if value.hasPrefix("/") {
                found = value
            }
        }
        return found
    }
}
