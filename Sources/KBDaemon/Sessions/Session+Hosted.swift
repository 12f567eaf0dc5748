import KBShell

extension Session: HostedSession {
    public func completions(prefix: String, word: String) -> [String] {
        complete(prefix: prefix, word: word)
    }

    public func encoded() throws -> String {
        try SessionFile.encode(self)
    }

    public func journalsAsSnapshot(_ line: String) -> Bool {
        CommandParser.dependsOnMoreThanASessionFile(line)
    }

    /// The name the session's own `save` wrote (a session that only
    /// loaded a file has none to keep: that file is not its to replace).
    public var savedName: String? {
        get { savedAs }
        set {
            name = newValue
            savedAs = newValue
        }
    }

    public func webPage() -> JSON {
        var session = self
        return session.page()
    }

    public func hoverText(for view: String) -> String? {
        var session = self
        return session.explanation(of: view)
    }

    public init(decoding text: String, path: String, sessionsDirectory: String) throws {
        self = try SessionFile.decode(text, path: path, sessionsDirectory: sessionsDirectory)
    }
}
