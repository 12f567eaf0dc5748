#if canImport(Glibc)
import Glibc
#endif
import KBShell

/// A client of `kbplay serve`: one connection, requests sent with ids of
/// its own and their replies read back as ``DaemonReply``s, the
/// ``DaemonEvent``s of its subscriptions handed on as they come. What
/// `kbplay attach`, `sessions`, `clone` and `close`, the benchmarks and
/// the tests talk to the daemon through.
public final class DaemonClient: @unchecked Sendable {
    public let socket: LineSocket
    /// The socket's path.
    public let path: String
    private var nextID = 1

    /// Where `kbplay serve` listens unless told otherwise:
    /// `$XDG_RUNTIME_DIR/kbplay.sock`, else `/tmp/kbplay-$UID.sock`.
    public static func defaultSocketPath(environment: [String: String]) -> String {
        if let dir = environment["XDG_RUNTIME_DIR"], !dir.isEmpty { return dir + "/kbplay.sock" }
        return "/tmp/kbplay-\(getuid()).sock"
    }

    /// Connects to the daemon at `path`. With `timeout`, a reply that takes
    /// longer than that many seconds ends as if the daemon had gone.
    public init(path: String, timeout: Int? = nil) throws(DaemonClientError) {
        if let problem = LineSocket.pathProblem(path) { throw .unusablePath(problem) }
        guard let socket = LineSocket(path: path, timeout: timeout) else { throw .noDaemon(path: path) }
        if let problem = LineSocket.ownerProblem(path, peer: socket.peerUser) { throw .notYours(problem) }
        self.socket = socket
        self.path = path
    }

    /// The next id of this connection's requests.
    public func makeID() -> JSON {
        defer { nextID += 1 }
        return .number(Double(nextID))
    }

    /// Sends `request` and reads until its reply; the events that arrive
    /// meanwhile go to `event`, and lines that are neither (not from this
    /// protocol) are skipped.
    public func send(_ request: DaemonRequest, event: (DaemonEvent) -> Void = { _ in }) throws(DaemonClientError) -> DaemonReply {
        guard socket.send(request.line) else { throw .gone(path: path) }
        return try reply(to: request, event: event)
    }

    /// Reads until the reply to `request` (sent already).
    public func reply(to request: DaemonRequest, event: (DaemonEvent) -> Void = { _ in }) throws(DaemonClientError) -> DaemonReply {
        while let line = socket.readLine() {
            guard let message = try? JSONReader.parse(line) else { continue }
            if let e = DaemonEvent(message) {
                event(e)
                continue
            }
            guard message["id"] == request.id else { continue }
            do {
                if let reply = try DaemonReply(message, answering: request.op) { return reply }
            } catch {
                throw .protocolError(error.description)
            }
        }
        throw .gone(path: path)
    }

    /// The next event of a subscription (skipping anything else), nil when
    /// the daemon closed the connection.
    public func nextEvent() -> DaemonEvent? {
        while let line = socket.readLine() {
            if let message = try? JSONReader.parse(line), let event = DaemonEvent(message) { return event }
        }
        return nil
    }

    /// Sends `request` and returns its reply unless the daemon refused it
    /// (``DaemonClientError/refused(_:)`` with the daemon's message).
    public func ask(_ request: DaemonRequest) throws(DaemonClientError) -> DaemonReply {
        let reply = try send(request)
        if case let .failed(_, message) = reply { throw .refused(message) }
        return reply
    }
}

/// Why a client got no answer from a daemon.
public enum DaemonClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path cannot be a Unix socket's.
    case unusablePath(String)
    /// Nothing listens at the path.
    case noDaemon(path: String)
    /// Another user's program listens there.
    case notYours(String)
    /// The daemon closed the connection (or did not answer in time).
    case gone(path: String)
    /// The daemon refused the request.
    case refused(String)
    /// The daemon sent what the protocol does not allow.
    case protocolError(String)

    public var description: String {
        switch self {
        case let .unusablePath(problem), let .notYours(problem): problem
        case let .noDaemon(path): "no daemon at \(path) (start one with: kbplay serve)"
        case let .gone(path): "the daemon at \(path) closed the connection without a reply"
        case let .refused(message): message
        case let .protocolError(message): "the daemon broke the protocol: \(message)"
        }
    }
}
