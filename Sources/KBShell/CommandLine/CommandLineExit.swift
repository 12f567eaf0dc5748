import Foundation

/// How a command of the `kbplay` program ends when it does not end well:
/// its message is already on standard error, and the program exits with
/// `status` (1: the request was wrong or refused, 2: a command was
/// rejected, 3: a file, a daemon or a connection failed).
public struct CommandLineExit: Error, Sendable, Equatable {
    public let status: Int32

    public init(status: Int32) {
        self.status = status
    }

    /// Writes `message` on standard error (after what standard output
    /// holds so far) and makes the exit with `status`.
    public static func failing(_ message: String, status: Int32) -> CommandLineExit {
        CommandLine.fail(message)
        return CommandLineExit(status: status)
    }
}

extension CommandLine {
    /// A line on standard error, after what standard output holds so far.
    public static func fail(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The environment's history file for the shells (`$KBPLAY_HISTFILE`,
    /// else `~/.kbplay_history`).
    public static var historyFile: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["KBPLAY_HISTFILE"] ?? ((environment["HOME"] ?? ".") + "/.kbplay_history")
    }

    /// The sessions folder when none is given: `$KBPLAY_SESSIONS`, else `Sessions`.
    public static func sessionsDirectory(_ given: String?) -> String {
        given ?? ProcessInfo.processInfo.environment["KBPLAY_SESSIONS"] ?? "Sessions"
    }

    /// The arguments that are not UTF-8, as their bytes (Swift gives every
    /// argument as text, each byte that is not UTF-8 replaced by U+FFFD, so
    /// such a name opens nothing).
    public static func argumentsNotUTF8() -> [[UInt8]] {
        (1..<Int(argc)).compactMap { i -> [UInt8]? in
            guard let p = unsafeArgv[i] else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            return FileIO.firstInvalidUTF8(bytes) == nil ? nil : bytes
        }
    }
}
