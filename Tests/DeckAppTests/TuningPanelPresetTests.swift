import DeckApp
import Foundation
import InteractionEngine
import Testing
import TestSupport

/// Saving presets from the tuning panel (never over another file) and a preset file's problem
/// shown in the panel until the file is fixed.
@Suite struct TuningPanelPresetTests {
    static func session(_ folder: ScratchFolder, preset: String? = nil) throws -> Session {
        var options = Options()
        options.statePath = folder.path + "/state-\(UUID().uuidString).json"
        options.assetsPath = repositoryAssets
        options.scene = "wallet"
        options.preset = preset
        return try Session(options: options)
    }

    /// `saveNew` takes the first free name: `lab.json` is there, so `lab-2.json`, then `lab-3.json`;
    /// the file there before keeps its bytes, each saved one loads back to the same tuning under its
    /// own name, and no temporary file is left behind.
    @Test func savingNeverOverwritesAndNumbersTheName() throws {
        let folder = try ScratchFolder()
        let library = PresetLibrary(folder: folder.path + "/presets")
        try FileManager.default.createDirectory(atPath: library.folder, withIntermediateDirectories: true)
        let before = Data(#"{"values": {"wallet.holdDuration": 700}}"#.utf8)
        try before.write(to: URL(fileURLWithPath: library.folder + "/lab.json"))
        let preset = TuningPreset(name: "lab", tuning: Tuning(["wallet.holdDuration": 900, "wallet.lift.curve": 1]))
        let second = try library.saveNew(preset, base: "lab")
        let third = try library.saveNew(preset, base: "lab")
        #expect(second == library.folder + "/lab-2.json")
        #expect(third == library.folder + "/lab-3.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.folder + "/lab.json")) == before)
        for (path, name) in [(second, "lab-2"), (third, "lab-3")] {
            let loaded = try library.load(path: path)
            #expect(loaded.tuning == preset.tuning)
            #expect(loaded.name == name)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder).sorted() == ["lab-2.json", "lab-3.json", "lab.json"])
    }

    /// A name with a slash or leading dots cannot leave the folder or hide the file.
    @Test func theNameStaysInTheFolder() throws {
        let folder = try ScratchFolder()
        let library = PresetLibrary(folder: folder.path + "/presets")
        let path = try library.saveNew(TuningPreset(name: "x", tuning: Tuning()), base: "../../etc/x y")
        #expect((path as NSString).deletingLastPathComponent == library.folder)
        #expect(!(path as NSString).lastPathComponent.hasPrefix("."))
    }

    /// The session saves the tuning in force under `--preset`'s name, keeping the keys of that file
    /// this build does not know, and the panel says where.
    @Test func theSessionSavesUnderThePresetsNameKeepingUnknownKeys() throws {
        let folder = try ScratchFolder()
        let library = PresetLibrary(folder: folder.path + "/presets")
        try FileManager.default.createDirectory(atPath: library.folder, withIntermediateDirectories: true)
        let file = library.folder + "/mine.json"
        try Data(#"{"values": {"wallet.holdDuration": 700, "future.knob": [1, 2]}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let session = try Self.session(folder, preset: file)
        session.start(with: try library.resolve(name: file))
        session.tune(WalletTunables.holdDuration, to: 1200, at: 10)
        let path = try #require(session.saveTuningPreset(library: library))
        #expect(path == library.folder + "/mine-2.json")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("\"future.knob\": [1,2]"), "\(saved)")
        #expect(try library.load(path: path).tuning[WalletTunables.holdDuration] == 1200)
        #expect(session.deck.tuningStatus == TuningPanel.Status("Saved to \(path)"))
        session.deck.toggleTuningPanel(at: 20)
        #expect(session.deck.render(at: 30).texts.contains("Saved to \(path)"))
    }

    /// A bad edit of the live preset is shown in the panel in red, naming the file, the key and the
    /// problem, while the last good value stays; fixing the file replaces it with "Reloaded".
    @Test func aBadPresetIsShownInThePanelUntilFixed() throws {
        let folder = try ScratchFolder()
        let library = PresetLibrary(folder: folder.path + "/presets")
        try FileManager.default.createDirectory(atPath: library.folder, withIntermediateDirectories: true)
        let file = library.folder + "/live.json"
        try Data(#"{"values": {"wallet.holdDuration": 700}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let session = try Self.session(folder, preset: file)
        session.start(with: try library.resolve(name: file))
        let reloader = try #require(PresetReloader(path: file, library: library))
        session.deck.toggleTuningPanel(at: 5)

        try Data(#"{"values": {"wallet.holdDuration": "soon"}}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(reloader.reload(into: session, at: 10))
        let status = try #require(session.deck.tuningStatus)
        #expect(status.isError)
        #expect(status.text.hasPrefix("preset \(file): wallet.holdDuration: must be a number in ms, not a string"), "\(status.text)")
        #expect(session.deck.tuning[WalletTunables.holdDuration] == 700)
        #expect(session.deck.render(at: 20).texts.contains { $0.contains("wallet.holdDuration: must be a number") })

        try Data(#"{"values": {"wallet.holdDuration": 900}}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(reloader.reload(into: session, at: 30))
        #expect(session.deck.tuningStatus == TuningPanel.Status("Reloaded \(file)"))
        #expect(session.deck.tuning[WalletTunables.holdDuration] == 900)
    }
}
