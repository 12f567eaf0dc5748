import Dispatch
import Foundation
import KBShell
import NIOCore
import Synchronization

/// One live session: commands run one at a time in arrival order, each is
/// journaled before its reply, and subscribers hear every change.
///
/// A command runs on the thread that submits it (a connection's event
/// loop), under the session's lock, so sessions run in parallel on
/// different loops and no thread hop separates a request from its command.
/// The only disk work done there is appending the journal record; the
/// sync is left to ``JournalSync``, which takes a loop's records after
/// each tick. What needs the disk for longer — a command that reads or
/// writes files or undoes, compacting the journal, reloading the session
/// after a failed write, closing — runs off the loops with the session
/// paused: commands that arrive meanwhile wait, in order, and run when it
/// is done.
final class SessionHost<Session: HostedSession>: Sendable {
    let name: SessionName
    let directory: String
    let sessionsDirectory: String
    private let state: Mutex<State>
    /// When a request last named the session (uptime nanoseconds): the
    /// registry unloads the sessions idle longest when too many are loaded.
    private let lastUse = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
    /// Compact the journal after this many commands.
    static var compactionInterval: Int { 256 }

    private struct State {
        var session: Session
        var journal: Journal
        var sequence = 0
        /// Counts every change to `session` (a command run, a snapshot
        /// command's result, a reload): what a rendered page was drawn from.
        var version = 0
        /// The web pages' snapshot of `session`, drawn once per version
        /// for every page that asks (``renderedPage(_:)``).
        var rendered: RenderedPage?
        var subscribers = Subscribers()
        /// The verdicts of the current script's `expect` lines.
        var expects = ExpectTally()
        /// Set while the session is paused: the work that arrived since, in order.
        var parked: [Work]?
        var isClosed = false
    }

    /// Something to do on the session, in its turn.
    private enum Work: Sendable {
        case command(String, client: String, done: @Sendable (EvalOutcome) -> Void)
        case reload(done: @Sendable () -> Void)
        case close(done: @Sendable ((any Error)?) -> Void)
    }

    /// Disk work done off the event loops while the session is paused.
    private enum Maintenance: Sendable {
        /// A command a journal record could not bring back (it reads or
        /// writes files, or undoes): it runs off the loop, on a copy of the
        /// session, and is made durable by a snapshot.
        case snapshotCommand(String, client: String, done: @Sendable (EvalOutcome) -> Void)
        /// The journal reached the interval: its snapshot is encoded off the
        /// loop, while the session is paused.
        case compact
        case reload(done: @Sendable () -> Void)
        case close(done: @Sendable ((any Error)?) -> Void)
    }

    init(name: SessionName, session: Session, journal: Journal, directory: String, sessionsDirectory: String) {
        self.name = name
        self.directory = directory
        self.sessionsDirectory = sessionsDirectory
        state = Mutex(State(session: session, journal: journal))
    }

    /// The session its journal records (snapshot + commands), or an empty one.
    static func load(name: SessionName, directory: String, sessionsDirectory: String) throws -> Session {
        var session = Session(sessionsDirectory: sessionsDirectory)
        let record = try Journal.read(directory: directory, name: name.rawValue)
        if let snapshot = record?.snapshot {
            session = try Session(journalSnapshot: snapshot, path: "\(directory)/\(name).journal",
                                  sessionsDirectory: sessionsDirectory)
        }
        // The sessions folder is shared: a session's `save` replaces only
        // its own file (also while its journal replays).
        session.guardsOthersFiles = true
        for command in record?.commands ?? [] { _ = session.execute(command) }
        return session
    }

    /// Loads a session from its journal, then compacts so the journal
    /// starts from a snapshot.
    static func open(name: SessionName, directory: String, sessionsDirectory: String, syncer: JournalSync) throws -> SessionHost {
        let session = try load(name: name, directory: directory, sessionsDirectory: sessionsDirectory)
        return try copy(of: session, name: name, directory: directory, sessionsDirectory: sessionsDirectory,
                        syncer: syncer)
    }

    /// A host for a copy of `session` under another name.
    static func copy(of session: Session, name: SessionName, directory: String, sessionsDirectory: String,
                     syncer: JournalSync) throws -> SessionHost {
        var journal = Journal(directory: directory, name: name.rawValue, syncer: syncer)
        try journal.compact(snapshot: try session.journalSnapshot())
        return SessionHost(name: name, session: session, journal: journal, directory: directory,
                           sessionsDirectory: sessionsDirectory)
    }

    /// Runs a command now, on the calling thread, or, while the session is
    /// paused, after the pause in arrival order. `done` gets the outcome on
    /// the thread that ran it; a `ran` outcome's record is durable once its
    /// ``PendingSync`` says so.
    func submit(_ command: String, client: String, done: @escaping @Sendable (EvalOutcome) -> Void) {
        used()
        enqueue(.command(command, client: client, done: done))
    }

    /// After a failed sync: back to what the journal holds (what was
    /// acknowledged). `done` runs once the session is reloaded.
    func reloadFromJournal(then done: @escaping @Sendable () -> Void) {
        enqueue(.reload(done: done))
    }

    /// Writes the snapshot, ends every subscription and turns later
    /// commands away (``EvalOutcome/closed``).
    func close() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            enqueue(.close { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            })
        }
    }

    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Marks the session used now.
    func used() {
        lastUse.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }

    /// When a request last named the session.
    var lastUsed: UInt64 { lastUse.load(ordering: .relaxed) }

    /// Whether a connection follows the session's changes.
    var isFollowed: Bool { state.withLock { $0.subscribers.isFollowed } }

    var current: Session { state.withLock { $0.session } }


    func completions(prefix: String, word: String) -> [String] {
        state.withLock { $0.session.completions(prefix: prefix, word: word) }
    }

    /// From now on, every change to the session is written to `channel`
    /// as `{"event": "change", "id": id, …}`, within the connection's
    /// `backlog`; the token ends it.
    func subscribe(_ channel: any Channel, id: JSON, backlog: SubscriberBacklog) -> Int {
        state.withLock { $0.subscribers.add(channel, id: id, backlog: backlog) }
    }

    /// From now on, while `channel` is open, `notify` hears every change to
    /// the session (who made it, with what command) and its close, in
    /// order, on the thread that made them; the token ends it. A web page
    /// watches this way, showing the session in `form`, and reads it
    /// through ``renderedPage(_:)``.
    func watch(_ channel: any Channel, form: RenderedPage.Form,
               notify: @escaping @Sendable (SessionNotice) -> Void) -> Int {
        state.withLock { $0.subscribers.watch(channel, form: form, notify: notify) }
    }

    /// What a web page shows of the session as it is now
    /// (``HostedSession/webPage()``), in `form`, as JSON bytes, and how
    /// many of its script's `expect` lines fail. Drawn once per change,
    /// under the session's lock (so no copy of the session is held while a
    /// command changes it): by the command itself when the workshop page
    /// watches the session (``run(_:client:in:)``), else by the first page
    /// to ask; and handed as the same bytes to every page open on the
    /// session.
    func renderedPage(_ form: RenderedPage.Form) -> (page: ByteBuffer, failingExpects: Int) {
        state.withLock { state in
            Self.drawPage(in: &state)
            return (state.rendered!.bytes(form), state.expects.failing)
        }
    }

    /// ``HostedSession/webPage()`` as it is now, drawn once per change as
    /// ``renderedPage(_:)`` is, and how many `expect` lines fail.
    var page: (page: JSON, failingExpects: Int) {
        state.withLock { state in
            Self.drawPage(in: &state)
            return (state.rendered!.json, state.expects.failing)
        }
    }

    /// Draws the page of the session's version unless it is drawn.
    private static func drawPage(in state: inout State) {
        if state.rendered?.version != state.version {
            state.rendered = RenderedPage(state.session.webPage(), version: state.version)
        }
    }

    func unsubscribe(_ token: Int) {
        state.withLock { state in
            state.subscribers.remove(token)
            // Kept for the pages: when the last one goes, so does it.
            if !state.subscribers.isWatched { state.rendered = nil }
        }
    }

    // MARK: Running work in order

    private func enqueue(_ work: Work) {
        var completions: [@Sendable () -> Void] = []
        let maintenance = state.withLock { state -> Maintenance? in
            if state.parked != nil {
                state.parked!.append(work)
                return nil
            }
            return step(work, in: &state, completions: &completions)
        }
        for completion in completions { completion() }
        if let maintenance { startMaintenance(maintenance) }
    }

    /// Does `work` under the lock. When it needs the disk, the session is
    /// paused and the maintenance returned, to run without the lock.
    private func step(_ work: Work, in state: inout State, completions: inout [@Sendable () -> Void]) -> Maintenance? {
        let maintenance: Maintenance?
        switch work {
        case let .command(command, client, done):
            guard !state.isClosed else {
                completions.append { done(.closed) }
                return nil
            }
            if state.session.journalsAsSnapshot(command) {
                maintenance = .snapshotCommand(command, client: client, done: done)
            } else {
                let outcome: EvalOutcome
                (outcome, maintenance) = run(command, client: client, in: &state)
                completions.append { done(outcome) }
            }
        case let .reload(done):
            guard !state.isClosed else {
                completions.append(done)
                return nil
            }
            maintenance = .reload(done: done)
        case let .close(done):
            guard !state.isClosed else {
                completions.append { done(nil) }
                return nil
            }
            maintenance = .close(done: done)
        }
        if maintenance != nil { state.parked = [] }
        return maintenance
    }

    /// Runs a command and appends it to the journal.
    private func run(_ command: String, client: String, in state: inout State) -> (EvalOutcome, Maintenance?) {
        // In place: a rejected command leaves the session as it was, and a
        // copy kept "just in case" would make every change copy the session.
        let failing = state.expects.failing
        let outcome = state.session.execute(command)
        state.expects.record(outcome)
        let result = JSONBytes.result(of: outcome)
        // What the pages show changed: the session (a command that can
        // change it ran), or the count of failing `expect` lines. A
        // rejected command, or one that only reads (`print`, `frames`),
        // leaves the picture they have.
        let pagesChange = outcome.status != .rejected
            && (!CommandParser.onlyReadsTheSession(command) || state.expects.failing != failing)
        if pagesChange { state.version += 1 }
        guard outcome.status != .rejected else { return (.ran(result, pending: nil, said: EvalSaid(outcome)), nil) }
        state.sequence += 1
        let pending: PendingSync
        do {
            pending = try state.journal.write(command, client: client, seq: state.sequence)
        } catch {
            return (.failed(error), .reload(done: {}))
        }
        if !state.subscribers.isEmpty {
            // A workshop page follows every session from one event loop:
            // its cards are drawn here, on the thread that ran the command,
            // before the page hears of it, so that loop only sends their
            // bytes instead of drawing every session there. A session's
            // own page draws it on its loop (``renderedPage(_:)``): the
            // pages are spread over the loops, and one that falls behind
            // draws only the change it sends.
            if state.subscribers.isWatched(in: .card) {
                Self.drawPage(in: &state)
                _ = state.rendered!.bytes(.card)
            }
            state.subscribers.broadcast(result, command: outcome.command, client: client, session: name,
                                        pagesChange: pagesChange)
        }
        if state.journal.entries >= Self.compactionInterval {
            return (.ran(result, pending: pending, said: EvalSaid(outcome)), .compact)
        }
        return (.ran(result, pending: pending, said: EvalSaid(outcome)), nil)
    }

    /// On a thread of its own: a command that reads files waits as long as
    /// they take (a FIFO whose writer has not finished), and in a pool of a
    /// few threads a few such waits would hold up every other session's
    /// compaction, close and file commands (libdispatch adds a thread about
    /// once a second). A session has one pause at a time, so there are at
    /// most as many of these threads as sessions paused.
    private func startMaintenance(_ maintenance: Maintenance) {
        Thread {
            nameThisThread("kbplay-session")
            self.maintain(maintenance)
        }.start()
    }

    /// Does the disk work of a pause, then the work parked meanwhile, until
    /// the session runs on (or pauses again).
    private func maintain(_ first: Maintenance) {
        var next: Maintenance? = first
        while let maintenance = next {
            var completions: [@Sendable () -> Void] = []
            switch maintenance {
            case let .snapshotCommand(command, client, done):
                next = runOffLoop(command, client: client, done: done, completions: &completions)
            case .compact:
                // No command runs meanwhile, so the snapshot holds every
                // record of the file it replaces. It is encoded from a copy
                // taken under the lock, not under it: a request for the
                // session from an event loop parks at once rather than
                // waiting on the lock while a long history is encoded (a
                // few milliseconds for 10,000 commands). The copy is gone
                // before the session runs on, so no command has to copy
                // its storage. If it cannot be encoded or written, the
                // journal goes on growing.
                let compacted = (try? writeSnapshot(of: state.withLock { $0.session })) != nil
                next = state.withLock { state in
                    if compacted { state.journal.replaced() } else { state.journal.postponeCompaction() }
                    return resumeParked(in: &state, completions: &completions)
                }
            case let .reload(done):
                let loaded = Result { try Self.load(name: name, directory: directory, sessionsDirectory: sessionsDirectory) }
                next = state.withLock { state in
                    state.journal.close()
                    switch loaded {
                    case let .success(session):
                        state.session = session
                        state.version += 1
                    // The registry reads the journal again on the next request.
                    case .failure: state.isClosed = true
                    }
                    completions.append(done)
                    return resumeParked(in: &state, completions: &completions)
                }
            case let .close(done):
                // Encoded off the lock, as for compaction.
                let written = Result { try writeSnapshot(of: state.withLock { $0.session }) }
                next = state.withLock { state in
                    state.journal.close()
                    state.isClosed = true
                    // Subscribers hear of it: a subscription ends with its
                    // session's host, and a new one finds the session again.
                    state.subscribers.closed(session: name)
                    completions.append {
                        if case let .failure(error) = written { done(error) } else { done(nil) }
                    }
                    return resumeParked(in: &state, completions: &completions)
                }
            }
            for completion in completions { completion() }
        }
    }

    /// Writes `session`'s snapshot over the journal. Given a copy of the
    /// paused session taken under the lock, it encodes without the lock;
    /// the copy shares the session's storage and is gone when this returns.
    private func writeSnapshot(of session: Session) throws {
        try Journal.writeSnapshot(session.journalSnapshot(), directory: directory, name: name.rawValue)
    }

    /// Runs a command a journal record could not bring back, with the
    /// session paused and its lock free: on a copy (the host's session,
    /// which `complete`, `clone` and subscribers read meanwhile, is the one
    /// before the command until it is durable), however long its files
    /// take. It is made durable by writing the session's snapshot over its
    /// journal rather than a record of the command, because replaying the
    /// command would read files as they are then (a script edited since, a
    /// session file saved over), write them again (`save` over a file
    /// another session saved since), or find no undo history (a snapshot
    /// holds none). Then the work parked meanwhile goes on.
    private func runOffLoop(_ command: String, client: String, done: @escaping @Sendable (EvalOutcome) -> Void,
                            completions: inout [@Sendable () -> Void]) -> Maintenance? {
        var session = state.withLock { $0.session }
        let outcome = session.execute(command)
        let result = JSONBytes.result(of: outcome)
        // A rejected command changed nothing, and is not journaled.
        let written = outcome.status == .rejected ? nil : Result { try writeSnapshot(of: session) }
        return state.withLock { state in
            switch written {
            case nil:
                completions.append { done(.ran(result, pending: nil, said: EvalSaid(outcome))) }
            case .success:
                state.session = session
                state.version += 1
                state.expects.record(outcome)
                state.journal.replaced()
                state.sequence += 1
                if !state.subscribers.isEmpty {
                    state.subscribers.broadcast(result, command: outcome.command, client: client, session: name)
                }
                completions.append { done(.ran(result, pending: nil, said: EvalSaid(outcome))) }
            case let .failure(error):
                // The journal still holds the session as it was, and so
                // does the host: the command is as if it had not run
                // (though a file it wrote stays written).
                completions.append { done(.failed(error)) }
            }
            return resumeParked(in: &state, completions: &completions)
        }
    }

    /// Ends a pause: runs the parked work in order until some of it needs
    /// the disk again (the rest stays parked) or none is left.
    private func resumeParked(in state: inout State, completions: inout [@Sendable () -> Void]) -> Maintenance? {
        var parked = state.parked ?? []
        state.parked = nil
        while !parked.isEmpty {
            let work = parked.removeFirst()
            if let maintenance = step(work, in: &state, completions: &completions) {
                state.parked = parked
                return maintenance
            }
        }
        return nil
    }
}
