#if canImport(Glibc)
import Glibc
#endif
import Foundation
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
    private let webClients = Atomic<Int>(0)
    /// Where the web pages are served (`kbplay serve --http`), if they are.
    public let web: WebOptions?
    /// The web server's address once it listens (`host:port`, the port the
    /// system gave for port 0).
    private let boundWeb = Mutex<String?>(nil)

    /// Bytes of change messages a connection may have waiting to be
    /// written; past that, its subscriptions skip changes and are told how
    /// many (``SubscriberBacklog``).
    let subscriberBacklog: Int
    /// The commit log's size in bytes (``CommitLog``), written with zeros
    /// when it is made.
    let commitLogSize: Int

    public convenience init(socketPath: String, sessionsDirectory: String, web: WebOptions? = nil) {
        self.init(socketPath: socketPath, sessionsDirectory: sessionsDirectory, subscriberBacklog: 8 << 20,
                  maximumLoaded: Self.defaultMaximumLoaded(), web: web)
    }

    /// `commitLogSize`: the commit log's bytes (tests use a small one).
    init(socketPath: String, sessionsDirectory: String, subscriberBacklog: Int, maximumLoaded: Int,
         commitLogSize: Int = 16 << 20, web: WebOptions? = nil) {
        self.web = web
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
        var webChannel: (any Channel)?
        if let web {
            do {
                let channel = try await WebServer.bind(web, daemon: self)
                webChannel = channel
                let port = channel.localAddress?.port ?? web.port
                let host = web.host.contains(":") ? "[\(web.host)]" : web.host
                boundWeb.withLock { $0 = "\(host):\(port)" }
            } catch {
                server.close(promise: nil)
                unlink(socketPath)
                throw DaemonIOError("cannot serve web pages on \(web.host):\(web.port): \(error)")
            }
        }
        ready()
        let webServer = webChannel
        // Cancelling the task that runs the daemon stops it listening.
        try await withTaskCancellationHandler {
            try await server.closeFuture.get()
        } onCancel: {
            server.close(promise: nil)
            webServer?.close(promise: nil)
        }
    }

    /// Where the web pages are served (`host:port`), once they are.
    public var webAddress: String? { boundWeb.withLock { $0 } }

    /// A name for a web page's connection, as its changes name it.
    func nextWebClient() -> String {
        "web-\(webClients.add(1, ordering: .relaxed).newValue)"
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
}
