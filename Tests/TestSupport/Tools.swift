import Foundation

/// Runs `executable` with `arguments` to the end and returns its status, its stdout bytes and
/// its stderr text. `environment` replaces the inherited one when given. Stderr is read on its
/// own thread, so a chatty program cannot fill a pipe and stall.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, out: Data, err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    if let environment { p.environment = environment }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    nonisolated(unsafe) var errData = Data()
    let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    while !reader.isFinished { Thread.sleep(forTimeInterval: 0.005) }
    return (p.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
}

/// Runs an installed tool (found as `Xvfb.which` finds it: a missing one fails the test) to the end.
public func runTool(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, out: Data, err: String) {
    try runProcess(try Xvfb.which(tool), arguments, environment: environment)
}
