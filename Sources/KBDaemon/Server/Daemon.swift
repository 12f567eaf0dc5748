#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KBModel
import KBShell
import NIOCore
import NIOPosix
import Synchronization

/// `kbplay serve`: sessions served over a Unix socket, one JSON object per
/// line each way. Sessions are isolated and run in parallel; commands on
/// one session run one at a time in arrival order; every acknowledged
/// command is on disk before its reply.
public final class Daemon<Session: HostedSession>: Sendable {
    public let socketPath: String
    /// Where journals live (`DIR/.journal`).
    public let directory: String
    let registry: Registry<Session>
    private let connections = Atomic<Int>(0)

    /// Bytes of change messages a connection may have waiting to be
    /// written; past that, its subscriptions skip changes and are told how
    /// many (``SubscriberBacklog``).
    let subscriberBacklog: Int
    /// The commit log's size in bytes (``CommitLog``), written with zeros
    /// when it is made.
    let commitLogSize: Int

    public convenience init(socketPath: String, sessionsDirectory: String) {
        self.init(socketPath: socketPath, sessionsDirectory: sessionsDirectory, subscriberBacklog: 8 << 20,
                  maximumLoaded: Self.defaultMaximumLoaded())
    }

    /// `commitLogSize`: the commit log's bytes (tests use a small one).
    init(socketPath: String, sessionsDirectory: String, subscriberBacklog: Int, maximumLoaded: Int,
         commitLogSize: Int = 16 << 20) {
        self.commitLogSize = commitLogSize
        self.subscriberBacklog = subscriberBacklog
        self.socketPath = socketPath
        self.directory = sessionsDirectory + "/.journal"
        registry = Registry(directory: sessionsDirectory + "/.journal", sessionsDirectory: sessionsDirectory,
                            maximumLoaded: maximumLoaded)
    }

    /// Sessions loaded at once, at most: each holds its journal open, so
    /// half of the process's open files (what is left after a reserve for
    /// the daemon's own), for the other half to go to connections; at
    /// most 1,024 (a loaded session takes about 60 KB).
    static func defaultMaximumLoaded() -> Int {
        guard let limit = openFileLimit() else { return 256 }
        let files = Int(clamping: limit.rlim_cur)
        return min(1024, max(16, (files - 128) / 2))
    }

    /// Raises this process's limit of open files to its hard limit (at most
    /// 65,536), so that the daemon can hold many sessions and connections:
    /// the usual soft limit, 1,024, is a default for programs that open few.
    public static func raiseOpenFileLimit() {
        guard var limit = openFileLimit() else { return }
        let wanted = min(limit.rlim_max, 65536)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// This process's limits of open files (soft and hard).
    private static func openFileLimit() -> rlimit? {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? limit : nil
    }

    /// The default socket: `$XDG_RUNTIME_DIR/kbplay.sock`, else `/tmp/kbplay-$UID.sock`.
    public static func defaultSocketPath(environment: [String: String]) -> String {
        DaemonClient.defaultSocketPath(environment: environment)
    }

    /// Binds the socket (mode 0600) and serves until the process ends.
    /// `ready` runs once the socket accepts connections.
    public func run(ready: @Sendable () -> Void = {}) async throws {
        if let problem = LineSocket.pathProblem(socketPath) { throw DaemonIOError(problem) }
        try prepareDirectories()
        try checkSocketFolder()
        let lock = try await lockSessions()
        defer { close(lock) }
        if let other = LineSocket(path: socketPath) {
            if let owner = other.peerUser, owner != geteuid() {
                throw DaemonIOError("\(socketPath) is served by a program of another user (uid \(owner)): give this daemon a --socket of its own, in a folder only you can write")
            }
            throw DaemonIOError("a daemon is already serving on \(socketPath) (kbplay sessions --socket \(socketPath) lists its sessions); stop it first, or give this one another --socket")
        }
        // Nothing answers there: a socket left by a daemon that was killed
        // is replaced; anything else there is not the daemon's to remove.
        var existing = stat()
        if lstat(socketPath, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFSOCK else {
                throw DaemonIOError("\(socketPath) is already there and is not a socket; it is left alone: give --socket a path of its own")
            }
            unlink(socketPath)
        }
        // Records the log holds and the journals lost (the machine stopped)
        // are written back before any session is read; only now, once
        // nothing else refuses the daemon, as making the log writes 16 MB.
        let generation = try CommitLog.recover(directory: directory)
        do {
            registry.syncer.use(try CommitLog.open(directory: directory, following: generation, size: commitLogSize))
        } catch {
            // The journals are whole and synced: they can do without it.
            let note = Array("kbplay serve: \(error); each acknowledged command is synced in its journal instead\n".utf8)
            _ = note.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // A client that half-closes after its requests (`nc -N`, socat)
            // still gets every reply: the handler closes once they are out.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let client = "client-\(self.connections.add(1, ordering: .relaxed).newValue)"
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineDecoder(maximumLength: DaemonRequest.maximumLength)))
                    try channel.pipeline.syncOperations.addHandler(ClientHandler(daemon: self, client: client))
                }
            }
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: true)
            .get()
        // `kbplay serve` runs with umask 077, so the socket is never open to
        // others; the chmod makes the mode explicit whatever the umask.
        chmod(socketPath, 0o600)
        ready()
        // Cancelling the task that runs the daemon stops it listening.
        try await withTaskCancellationHandler {
            try await server.closeFuture.get()
        } onCancel: {
            server.close(promise: nil)
        }
    }

    /// Takes the sessions folder for this daemon alone: two daemons
    /// writing one session's journal would interleave their records. The
    /// lock (`flock` on `.journal/.lock`) ends with the process, however it
    /// ends, so a daemon killed with `kill -9` can be restarted at once. A
    /// lock still held is tried again for a second: a daemon that is just
    /// exiting, or a child forked by the process that held it and not yet
    /// past its `exec`, lets go of it within that.
    private func lockSessions() async throws -> Int32 {
        let path = directory + "/.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
        var locked = flock(fd, LOCK_EX | LOCK_NB) == 0
        for _ in 0..<20 where !locked {
            try? await Task.sleep(nanoseconds: 50_000_000)
            locked = flock(fd, LOCK_EX | LOCK_NB) == 0
        }
        guard locked else {
            let holder = (try? FileIO.read(path))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            let sessions = String(directory.dropLast("/.journal".count))
            throw DaemonIOError("another kbplay serve uses the sessions in \(sessions)"
                + (holder.isEmpty ? "" : " (\(holder))") + "; stop it first, or give this one other --sessions")
        }
        let holder = Array("pid \(getpid()), socket \(socketPath)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = holder.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return fd
    }

    private func prepareDirectories() throws {
        for dir in [String(directory.dropLast("/.journal".count)), directory] where !dir.isEmpty {
            if mkdir(dir, 0o700) != 0 && errno != EEXIST {
                throw DaemonIOError("cannot create \(dir): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Refuses a socket folder that other users could write into (unless it
    /// is sticky, like /tmp, where they cannot replace our socket).
    private func checkSocketFolder() throws {
        let folder = FileIO.folder(of: socketPath)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw DaemonIOError("the socket's folder \(folder) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw DaemonIOError("the socket's folder \(folder) is not a folder")
        }
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        let sticky = info.st_mode & S_ISVTX != 0
        if writableByOthers && !sticky {
            throw DaemonIOError("refusing \(folder) for the socket: other users can write there (use --socket in a folder only you can write)")
        }
    }

    /// The error reply to the request `id`.
    static func encodeFailure(id: JSON, _ error: any Error) -> ByteBuffer {
        DaemonReply.failed(id: id, message: "\(error)").encoded()
    }

    /// Carries out one request; failures become error replies.
    func handle(_ request: DaemonRequest, client: String) async -> DaemonReply {
        do {
            switch request {
            case .eval, .subscribe:
                return .failed(id: request.id, message: "\(request.op.rawValue) is handled by the connection")
            case let .describe(id):
                return .described(id: id, commands: describeCommands())
            case let .complete(id, session, line, cursor):
                let host = try await registry.host(session)
                let cursor = min(max(0, cursor ?? line.count), line.count)
                let prefix = String(line.prefix(cursor))
                // The word the shell's TAB completes there, by the lexer's rule.
                let word = String(CommandParser.wordBeingTyped(in: prefix))
                return .completed(id: id, word: word, completions: host.completions(prefix: prefix, word: word))
            case let .lsSessions(id):
                return .sessions(id: id, names: try await registry.names())
            case let .clone(id, session, to):
                try await registry.clone(session, to: to)
                return .done(id: id, session: to)
            case let .close(id, session):
                try await registry.close(session)
                return .done(id: id, session: session)
            }
        } catch let failure as DaemonFailure {
            // The registry does not know the request: its reply gets the id.
            return .failed(id: request.id, message: failure.message)
        } catch {
            return .failed(id: request.id, message: "\(error)")
        }
    }

    /// The command table as JSON (`describe`).
    func describeCommands() -> JSON {
        .array(CommandTable.all.map { spec in
            .object([
                "name": .string(spec.name),
                "usage": .string(spec.usage),
                "summary": .string(spec.summary),
                "group": .string(spec.group.rawValue),
                "mutates": .bool(spec.mutates),
                "examples": .array(spec.examples.map { .string($0) }),
            ])
        })
    }
}

/// The live sessions by name; a request naming an unknown session creates
/// it (loaded from its journal if it has one).
///
/// At most `maximumLoaded` sessions stay loaded: past that, those idle
/// longest that nobody follows are closed (their snapshot written, as the
/// `close` op does), so open files and memory stay bounded however many
/// sessions clients name. The next request for one loads it again.
///
/// A loaded session is found under a lock without entering the actor, so
/// concurrent requests on different sessions do not queue on it (an eval
/// finds its session on the event loop); loading and cloning go through
/// the actor one at a time. A closed host is replaced by a fresh load from
/// its journal the next time its session is asked for.
actor Registry<Session: HostedSession> {
    let directory: String
    /// Where the sessions' own `save` and `load` go.
    let sessionsDirectory: String
    /// The group commit of every journal in `directory`.
    let syncer = JournalSync()
    private let hosts = HostTable<Session>()
    /// Sessions loaded at once, at most.
    let maximumLoaded: Int
    /// Sessions being closed because too many were loaded.
    private var unloading: Set<String> = []
    /// Why each session whose journal could not be read was refused, as
    /// last said on standard error (said again only if it changes).
    private var refused: [String: String] = [:]

    init(directory: String, sessionsDirectory: String, maximumLoaded: Int) {
        self.directory = directory
        self.sessionsDirectory = sessionsDirectory
        self.maximumLoaded = maximumLoaded
    }

    /// The session `name` if it is loaded (it may have closed since).
    nonisolated func loadedHost(_ name: SessionName) -> SessionHost<Session>? {
        hosts[name.rawValue]
    }

    /// The live session `name`, loaded or created if need be.
    nonisolated func host(_ name: SessionName) async throws -> SessionHost<Session> {
        if let host = hosts[name.rawValue], !host.isClosed {
            host.used()
            return host
        }
        return try await load(name)
    }

    private func load(_ name: SessionName) throws -> SessionHost<Session> {
        // A closed host has written its last record: its journal is whole.
        if let host = hosts[name.rawValue], !host.isClosed { return host }
        let host: SessionHost<Session>
        do {
            host = try SessionHost<Session>.open(name: name, directory: directory, sessionsDirectory: sessionsDirectory,
                                                 syncer: syncer)
        } catch let error as JournalError {
            // The request that asked gets the error; whoever runs the
            // daemon learns of it too, once, since the journal needs them.
            let reason = "\(error)"
            if refused.updateValue(reason, forKey: name.rawValue) != reason {
                let note = Array("kbplay serve: session '\(name)' not loaded: \(reason)\n".utf8)
                _ = note.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }
            throw error
        }
        refused[name.rawValue] = nil
        hosts[name.rawValue] = host
        unloadIdle(keeping: name.rawValue)
        return host
    }

    /// Past the limit, starts closing the sessions idle longest that
    /// nobody follows, down to nine tenths of the limit (so that every
    /// new session does not close one), keeping `name` (just asked for).
    private func unloadIdle(keeping name: String) {
        let loaded = hosts.all
        guard loaded.count - unloading.count > maximumLoaded else { return }
        let excess = loaded.count - unloading.count - maximumLoaded * 9 / 10
        let idle = loaded
            .filter { $0.name != name && !unloading.contains($0.name) && !$0.host.isClosed && !$0.host.isFollowed }
            .map { (name: $0.name, host: $0.host, used: $0.host.lastUsed) }
            .sorted { ($0.used, $0.name) < ($1.used, $1.name) }
            .prefix(excess)
        for (name, host, _) in idle {
            unloading.insert(name)
            Task { await self.unload(name, host) }
        }
    }

    /// Closes a session that was idle: its journal is whole (every
    /// acknowledged record was synced), so even if its snapshot cannot be
    /// written it is let go of, and loaded again from the journal.
    private func unload(_ name: String, _ host: SessionHost<Session>) async {
        try? await host.close()
        hosts.remove(name, ifItIs: host)
        unloading.remove(name)
    }

    /// How many sessions are loaded.
    var loadedCount: Int { hosts.all.count }

    func names() throws -> [String] {
        var names = Set(hosts.names)
        if let dir = opendir(directory) {
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name.hasSuffix(".journal") { names.insert(String(name.dropLast(".journal".count))) }
            }
        }
        return names.sorted()
    }

    /// Whether `name` is loaded or has a journal.
    private func exists(_ name: SessionName) -> Bool {
        hosts[name.rawValue] != nil || access("\(directory)/\(name).journal", F_OK) == 0
    }

    /// The error for a session that does not exist: the nearest name, or
    /// those there are.
    private func unknown(_ name: SessionName) throws -> DaemonFailure {
        let known = try names()
        let name = name.rawValue
        let hint: String
        if let near = nearestName(to: name, in: known) {
            hint = " — did you mean '\(near)'?"
        } else if known.isEmpty {
            hint = "; the daemon has none yet"
        } else if known.count <= 12 {
            hint = "; sessions: \(known.joined(separator: ", "))"
        } else {
            hint = "; sessions: \(known.prefix(12).joined(separator: ", ")) and \(known.count - 12) more (`kbplay sessions` lists them)"
        }
        return DaemonFailure(id: .null, message: "no session named '\(name)'" + hint)
    }

    /// Copies `name` (which must exist: a copy of an empty session made
    /// up for a mistyped name would help nobody) under the name `target`.
    func clone(_ name: SessionName, to target: SessionName) async throws {
        guard exists(name) else { throw try unknown(name) }
        guard !exists(target) else {
            throw DaemonFailure(id: .null, message: "a session named '\(target)' already exists")
        }
        var session = try load(name).current
        // The copy's own: a bare `save` in it must not write over the
        // file the original was saved as (a student's over the lesson).
        session.savedName = nil
        hosts[target.rawValue] = try SessionHost<Session>.copy(of: session, name: target, directory: directory,
                                                               sessionsDirectory: sessionsDirectory, syncer: syncer)
        unloadIdle(keeping: target.rawValue)
    }

    /// Writes the session's snapshot and unloads it. Until it is closed
    /// the host stays in the table (a request for it waits for the close,
    /// then loads the session again), so two hosts never write one journal.
    func close(_ name: SessionName) async throws {
        guard let host = hosts[name.rawValue] else {
            // Not loaded: its journal already holds it all.
            if exists(name) { return }
            throw try unknown(name)
        }
        try await host.close()
        hosts.remove(name.rawValue, ifItIs: host)
    }
}

/// The registry's sessions by name, read under a lock by any thread and
/// changed only by the registry.
final class HostTable<Session: HostedSession>: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: [String: SessionHost<Session>] = [:]

    subscript(name: String) -> SessionHost<Session>? {
        get { lock.withLock { hosts[name] } }
        set { lock.withLock { hosts[name] = newValue } }
    }

    func remove(_ name: String, ifItIs host: SessionHost<Session>) {
        lock.withLock {
            if hosts[name] === host { hosts[name] = nil }
        }
    }

    var names: [String] { lock.withLock { Array(hosts.keys) } }

    var all: [(name: String, host: SessionHost<Session>)] {
        lock.withLock { hosts.map { (name: $0.key, host: $0.value) } }
    }
}

/// Splits the byte stream into lines. A line longer than the limit is not
/// buffered: the decoder passes on ``tooLong`` once and drops the rest.
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String
    /// What the decoder passes on instead of an oversized line.
    static let tooLong = "\u{0}line-too-long"
    let maximumLength: Int
    private var discarding = false
    /// How many bytes after the reader index hold no newline: a line that
    /// comes in many small pieces is searched once, not from its start at
    /// every piece (which a client sending a megabyte a few bytes at a time
    /// turned into gigabytes of searching).
    private var searched = 0

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if discarding {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            return .needMoreData
        }
        let unsearched = buffer.readableBytesView.dropFirst(min(searched, buffer.readableBytes))
        guard let newline = unsearched.firstIndex(of: UInt8(ascii: "\n")) else {
            searched = buffer.readableBytes
            if buffer.readableBytes > maximumLength {
                searched = 0
                discarding = true
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                context.fireChannelRead(wrapInboundOut(Self.tooLong))
            }
            return .needMoreData
        }
        searched = 0
        let length = newline - buffer.readerIndex
        if length > maximumLength {
            discarding = true
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            context.fireChannelRead(wrapInboundOut(Self.tooLong))
            return .needMoreData
        }
        let line = Self.readLine(length: length, from: &buffer)
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    /// The next `length` bytes as a line, without the `\r` of a `\r\n`.
    private static func readLine(length: Int, from buffer: inout ByteBuffer) -> String {
        var line = buffer.readString(length: length)!
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }

    /// At the end of the input, a last line without its newline is a line
    /// too (`printf '{…}' | nc -U -N SOCKET`); a request cut short by a
    /// client that vanished is then answered as malformed, to nobody.
    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if seenEOF, !discarding, buffer.readableBytes > 0 {
            let line = Self.readLine(length: buffer.readableBytes, from: &buffer)
            searched = 0
            context.fireChannelRead(wrapInboundOut(line))
        }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
