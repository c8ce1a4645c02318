import CX11
import CairoRenderer
import DeckApp
import Foundation
import InteractionEngine

/// F12 screenshots and F9 recordings in the window.
///
/// F12 writes the frame without the capture indicators as a PNG (temp file,
/// rename) into the screenshot folder, puts it on the clipboard and shows
/// "Saved to PATH". F9 marks the start in the session's journal and shows the
/// red dot; the second F9 writes the journal as a trace and starts a child
/// `gesturedeck --replay --video` that renders the recorded stretch in the
/// background while the window goes on; its progress shows in a pill, then
/// "Saved to PATH". Nothing here blocks the window except closing it while a
/// video is still being encoded (the program then finishes the video first).
final class CaptureController {
    /// How often the window looks at a running encoder, ms (GestureDeck's choice: ten progress
    /// updates a second, and no wake-ups at all when nothing encodes).
    static let jobPollInterval: Int32 = 100

    let session: Session
    private let scale: Double
    let clipboard: Clipboard
    /// The server time of the last key press: ownership of the clipboard is claimed at it (ICCCM 2.1).
    private(set) var lastServerTime = Time(CurrentTime)
    /// The F9 recording in progress: when it started, and the files' common name.
    private var recording: (from: Millis, stem: String)?
    private var jobs: [(job: VideoJob, trace: String)] = []

    init(session: Session, window: X11Window, scale: Double) {
        self.session = session
        self.scale = scale
        clipboard = Clipboard(display: window.display, window: window.window)
        session.startJournal()
    }

    private var folders: CaptureFolders { CaptureFolders(captureDir: session.options.captureDir) }

    /// Selection traffic for the clipboard, and the time of key presses; true when the event was consumed.
    func handle(_ event: inout XEvent) -> Bool {
        if event.type == KeyPress { lastServerTime = event.xkey.time }
        if event.type == ButtonPress { lastServerTime = event.xbutton.time }  // the panel's "copy as" click
        return clipboard.handle(&event)
    }

    // MARK: F12

    /// Saves `image` (a frame rendered without the capture indicators) and offers it on the clipboard.
    func saveScreenshot(_ image: ImageSurface) {
        let path = session.screenshotPath()
        do {
            try CaptureFile.makeFolder((path as NSString).deletingLastPathComponent)
            let png: [UInt8]
            do { png = try image.pngData() } catch { throw CaptureError("\(path): \(error)") }
            try CaptureFile.writeAtomically(png, to: path)
            let onClipboard = clipboard.offer(png: png, path: path, time: lastServerTime)
            session.deck.chrome.showToast("Saved to \(CaptureController.shortened(path))")
            session.emit(DeckEvent("screenshot", ["path": .string(path), "clipboard": .bool(onClipboard)]))
        } catch {
            report("\(error)")
        }
    }

    // MARK: F9

    /// Starts recording at `time`, or stops and starts encoding what was recorded.
    func toggleRecording(at time: Millis) {
        if let recording {
            stopRecording(at: time, recording)
        } else {
            let folder = folders.recordings
            do {
                try CaptureFile.makeFolder(folder)
            } catch {
                report("\(error)")
                return
            }
            let stem = CaptureFolders.stem(scene: session.deck.current.name, at: Date())
            recording = (time, stem)
            session.deck.chrome.recording = true
            session.emit(DeckEvent("recording", ["state": .string("started"),
                                                 "trace": .string(folder + "/" + stem + ".jsonl")]))
        }
    }

    private func stopRecording(at time: Millis, _ started: (from: Millis, stem: String)) {
        recording = nil
        session.deck.chrome.recording = false
        guard let journal = session.journal else { return }
        let folder = folders.recordings
        let trace = folder + "/" + started.stem + ".jsonl"
        let video = folder + "/" + started.stem + ".mp4"
        do {
            try CaptureFile.makeFolder(folder)
            try journal.write(to: trace, through: time)
            let arguments = VideoJob.arguments(trace: trace, video: video, from: started.from, to: time,
                                               options: session.options, scale: scale)
            jobs.append((try VideoJob(executable: VideoJob.currentExecutable(), arguments: arguments, video: video), trace))
            session.emit(DeckEvent("recording", ["state": .string("stopped"), "trace": .string(trace),
                                                 "video": .string(video)]))
            session.deck.chrome.progress = ("Encoding video…", 0)
        } catch {
            report("\(error)")
        }
    }

    // MARK: Background work

    /// How long the window may sleep: at most `jobPollInterval` while an encoder runs.
    func limit(_ timeout: Int32) -> Int32 {
        guard !jobs.isEmpty else { return timeout }
        return timeout < 0 ? CaptureController.jobPollInterval : min(timeout, CaptureController.jobPollInterval)
    }

    /// Reads the encoders' news; true when the window must be drawn again.
    func poll() -> Bool {
        var changed = false
        for (job, trace) in jobs {
            for update in job.poll() {
                apply(update, video: job.video, trace: trace)
                changed = true
            }
        }
        jobs.removeAll { !$0.job.isRunning }
        if jobs.isEmpty && session.deck.chrome.progress != nil {
            session.deck.chrome.progress = nil
            changed = true
        }
        return changed
    }

    /// The window is closing: a recording in progress is stopped and saved, and every encoder
    /// is waited for, so no video is lost.
    func finish(at time: Millis) {
        if let recording { stopRecording(at: time, recording) }
        for (job, trace) in jobs {
            Session.warn("finishing the video \(job.video)…")
            for update in job.wait() { apply(update, video: job.video, trace: trace) }
        }
        jobs.removeAll()
    }

    private func apply(_ update: VideoJob.Update, video: String, trace: String) {
        switch update {
        case .progress(let done, let total):
            session.deck.chrome.progress = ("Encoding video…", total > 0 ? Double(done) / Double(total) : 0)
            session.emit(DeckEvent("video-progress", ["frames": .int(done), "total": .int(total), "path": .string(video)]))
        case .finished(var event):
            event.fields["trace"] = .string(trace)
            session.deck.chrome.showToast("Saved to \(CaptureController.shortened(video))")
            session.emit(event)
        case .failed(let message):
            report("the video \(video) was not made: \(message)")
        }
    }

    /// `path` with the home folder written as `~`, for the toast.
    static func shortened(_ path: String, home: String? = UserDirectories().home) -> String {
        guard let home, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// A failure: on stderr and in the window's notice.
    private func report(_ message: String) {
        Session.warn(message)
        session.deck.showNotice(message)
    }
}
