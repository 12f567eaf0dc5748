import KBShell

/// A session the daemon can host: it runs command lines and can be written
/// to and read from a session file. kbplay's shell session is one.
public protocol HostedSession: Sendable {
    /// An empty session (default device, no controllers) whose `save` and
    /// `load` use `sessionsDirectory`.
    init(sessionsDirectory: String)
    /// Runs one command line.
    mutating func execute(_ line: String) -> CommandOutcome
    /// TAB completion for `prefix` (the line up to the cursor) and `word`.
    func completions(prefix: String, word: String) -> [String]
    /// The session file's text.
    func encoded() throws -> String
    /// A session from a session file's text; `path` names it in errors.
    init(decoding text: String, path: String, sessionsDirectory: String) throws
    /// Whether the command line reads or writes files. The daemon runs such
    /// a command off the threads that serve the other sessions, and makes
    /// it durable with a snapshot of the session rather than a journal
    /// record: replaying it would read the files as they are then, or write
    /// them again.
    func touchesFiles(_ line: String) -> Bool
}

extension HostedSession {
    public func touchesFiles(_ line: String) -> Bool { false }
}
