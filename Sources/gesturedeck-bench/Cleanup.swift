import CX11
import Foundation
import Glibc

/// What must not outlive the benchmark, whichever way it ends: the private
/// Xvfb and the synthetic data folder.
///
/// `exit()` (a failure, or Xlib giving up on a broken connection) runs the
/// atexit hook; Ctrl-C and SIGTERM stop the server from the signal handler.
enum Cleanup {
    nonisolated(unsafe) static var serverPID: pid_t = 0
    nonisolated(unsafe) static var folder: String?

    static func install() {
        atexit {
            Cleanup.stopServer()
            if let folder = Cleanup.folder { try? FileManager.default.removeItem(atPath: folder) }
        }
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { received in
                Cleanup.stopServer()  // kill() only: safe in a signal handler
                _exit(128 + received)
            }
        }
        // An X error on the benchmark's own connections is reported, not fatal.
        XSetErrorHandler { _, error in
            guard let error else { return 0 }
            let message = "gesturedeck-bench: X error \(error.pointee.error_code) on request \(error.pointee.request_code)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 0
        }
    }

    static func stopServer() {
        if serverPID > 0 { kill(serverPID, SIGTERM) }
        serverPID = 0
    }
}
