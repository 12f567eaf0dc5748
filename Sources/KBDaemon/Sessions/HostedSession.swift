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
    /// Whether a journal record of the command line could not bring the
    /// session back: it reads or writes files (replaying it would read
    /// them as they are then, or write them again), or it goes back or
    /// forward in the undo history (which a snapshot does not hold). The
    /// daemon runs such a command off the threads that serve the other
    /// sessions, and makes it durable with a snapshot of the session.
    func journalsAsSnapshot(_ line: String) -> Bool
    /// The name `save` with no argument saves under (nil: none yet). A
    /// session file does not name itself, so the journal keeps it beside
    /// each snapshot.
    var savedName: String? { get set }
    /// Whether `save` replaces only the file the session saved itself
    /// (``KBShell/Session/guardsOthersFiles``): the daemon sets it on every
    /// session it hosts.
    var guardsOthersFiles: Bool { get set }
    /// What a web page shows of the session (``KBShell/Session/page()``).
    func webPage() -> JSON
    /// What `explain VIEW` says, for a web page's hover; nil when `view`
    /// is no view.
    func hoverText(for view: String) -> String?
}

extension HostedSession {
    public func journalsAsSnapshot(_ line: String) -> Bool { false }
    public var savedName: String? {
        get { nil }
        set {}
    }
    public var guardsOthersFiles: Bool {
        get { false }
        set {}
    }
    public func webPage() -> JSON { .object([:]) }
    public func hoverText(for view: String) -> String? { nil }

    /// What the journal's snapshot line holds for the session.
    func journalSnapshot() throws -> JournalSnapshot {
        JournalSnapshot(text: try encoded(), savedName: savedName)
    }

    /// The session a journal's snapshot line holds; `path` names it in
    /// errors.
    init(journalSnapshot snapshot: JournalSnapshot, path: String, sessionsDirectory: String) throws {
        try self.init(decoding: snapshot.text, path: path, sessionsDirectory: sessionsDirectory)
        savedName = snapshot.savedName
    }
}
