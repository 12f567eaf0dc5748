import KBShell

/// One live session: commands run one at a time in arrival order, each is
/// journaled before its reply, and subscribers hear every change.
actor SessionHost<Session: HostedSession> {
    let name: String
    private var session: Session
    private var journal: Journal
    private var sequence = 0
    private var subscribers: [Int: AsyncStream<JSON>.Continuation] = [:]
    private var nextSubscriber = 0
    /// Compact the journal after this many commands.
    static var compactionInterval: Int { 256 }

    let directory: String
    let sessionsDirectory: String

    init(name: String, session: Session, journal: Journal, directory: String, sessionsDirectory: String) {
        self.name = name
        self.session = session
        self.journal = journal
        self.directory = directory
        self.sessionsDirectory = sessionsDirectory
    }

    /// The session its journal records (snapshot + commands), or an empty one.
    static func load(name: String, directory: String, sessionsDirectory: String) throws -> Session {
        var session = Session(sessionsDirectory: sessionsDirectory)
        if let record = try Journal.read(directory: directory, name: name) {
            if let snapshot = record.snapshot {
                session = try Session(decoding: snapshot, path: "\(directory)/\(name).journal",
                                      sessionsDirectory: sessionsDirectory)
            }
            for command in record.commands { _ = session.execute(command) }
        }
        return session
    }

    /// Loads a session from its journal, then compacts so the journal
    /// starts from a snapshot.
    static func open(name: String, directory: String, sessionsDirectory: String, syncer: JournalSync) throws -> SessionHost {
        let session = try load(name: name, directory: directory, sessionsDirectory: sessionsDirectory)
        var journal = Journal(directory: directory, name: name, syncer: syncer)
        try journal.compact(snapshot: try session.encoded())
        return SessionHost(name: name, session: session, journal: journal, directory: directory,
                           sessionsDirectory: sessionsDirectory)
    }

    /// A host for a copy of `session` under another name.
    static func copy(of session: Session, name: String, directory: String, sessionsDirectory: String,
                     syncer: JournalSync) throws -> SessionHost {
        var journal = Journal(directory: directory, name: name, syncer: syncer)
        try journal.compact(snapshot: try session.encoded())
        return SessionHost(name: name, session: session, journal: journal, directory: directory,
                           sessionsDirectory: sessionsDirectory)
    }

    /// Runs a command; the result is the `--json` object of the command.
    /// Everything but a rejected command is on disk before this returns.
    ///
    /// Commands run one at a time in arrival order (the actor runs
    /// `execute` without suspending); the wait for the disk happens off the
    /// actor, so the next command may already run, and one sync then
    /// covers both.
    nonisolated func eval(_ command: String, client: String) async throws -> JSON {
        let (result, pending) = try await run(command, client: client)
        if let pending {
            do {
                try await pending.wait()
            } catch {
                try await reloadFromJournal()
                throw error
            }
        }
        return result
    }

    /// Runs a command and writes it to the journal; the record is durable
    /// once the returned sync's ``PendingSync/wait()`` returns (nil for a
    /// rejected command, which changed nothing and is not journaled).
    func run(_ command: String, client: String) throws -> (JSON, PendingSync?) {
        // In place: a rejected command leaves the session as it was, and a
        // copy kept "just in case" would make every change copy the session.
        let outcome = session.execute(command)
        let result = outcome.json
        guard outcome.status != .rejected else { return (result, nil) }
        sequence += 1
        let pending: PendingSync
        do {
            pending = try journal.write(command, client: client, seq: sequence)
        } catch {
            try reloadFromJournal()
            throw error
        }
        if !subscribers.isEmpty {
            let message = JSON.object(["session": .string(name), "client": .string(client), "result": result,
                                       "event": .string("change")])
            for (_, continuation) in subscribers.sorted(by: { $0.key < $1.key }) { continuation.yield(message) }
        }
        if journal.entries >= Self.compactionInterval {
            // The snapshot is written and synced before the file is swapped.
            try journal.compact(snapshot: try session.encoded())
        }
        return (result, pending)
    }

    /// After a failed write or sync: back to what the journal holds (what
    /// was acknowledged).
    func reloadFromJournal() throws {
        journal.close()
        session = try Self.load(name: name, directory: directory, sessionsDirectory: sessionsDirectory)
    }

    func completions(prefix: String, word: String) -> [String] {
        session.completions(prefix: prefix, word: word)
    }

    var current: Session { session }

    /// A stream of this session's changes; it ends when the session closes.
    func subscribe() -> (Int, AsyncStream<JSON>) {
        let (stream, continuation) = AsyncStream.makeStream(of: JSON.self, bufferingPolicy: .bufferingNewest(10_000))
        nextSubscriber += 1
        subscribers[nextSubscriber] = continuation
        return (nextSubscriber, stream)
    }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Writes the snapshot and ends every subscription.
    func close() throws {
        try journal.compact(snapshot: try session.encoded())
        journal.close()
        for (_, c) in subscribers { c.finish() }
        subscribers = [:]
    }
}
