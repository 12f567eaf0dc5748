#if canImport(Glibc)
import Glibc
#endif

/// A blocking Unix-socket connection that speaks lines: what `kbplay attach`,
/// the daemon benchmark and the tests use to talk to `kbplay serve`.
public final class LineSocket: @unchecked Sendable {
    public let fd: Int32
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65536)

    /// The longest path a Unix socket can have, in bytes (`sun_path`
    /// less its final zero).
    public static var maximumPathLength: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// Why `path` cannot be a Unix socket's path, or nil if it can.
    public static func pathProblem(_ path: String) -> String? {
        let length = path.utf8.count
        guard length > maximumPathLength else { return nil }
        return "the socket path \(path) is \(length) bytes long, and a Unix socket's path can have at most \(maximumPathLength): give a shorter --socket, such as /tmp/kbplay-\(getuid()).sock"
    }

    /// Connects to the socket at `path`; nil if nothing listens there (or
    /// the path is too long for a socket address: ``pathProblem(_:)`` says
    /// so). With `timeout`, a read waiting longer than that many seconds
    /// ends as if the peer had closed.
    public init?(path: String, timeout: Int? = nil) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        // Every property is set from here on, so a failure runs `deinit`,
        // which closes the socket: closing it here too would close
        // whatever file another thread had opened with the same number since.
        guard fd >= 0, bytes.count <= Self.maximumPathLength else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if ok != 0 { return nil }
        if let timeout {
            var t = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The user of the process that listens on the other end (from the
    /// kernel, `SO_PEERCRED`); nil if it cannot be told.
    public var peerUser: uid_t? {
        // struct ucred: pid, uid, gid.
        var credentials: (pid_t, uid_t, gid_t) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0,
              Int(size) == MemoryLayout.size(ofValue: credentials) else { return nil }
        return credentials.1
    }

    /// Why a client of `user` must not talk to what listens at `path`
    /// (served by `peer`), or nil if it may. In a folder others can write
    /// into (`/tmp`, where the default socket goes without
    /// `XDG_RUNTIME_DIR`), another user can listen at the path first: what
    /// the client would send, it would read, and what it answers, the
    /// client would print.
    public static func ownerProblem(_ path: String, peer: uid_t?, user: uid_t = geteuid()) -> String? {
        guard let peer, peer != user else { return nil }
        return "\(path) is served by a program of another user (uid \(peer)), not by a kbplay serve of yours, so nothing was sent to it: start yours with kbplay serve --socket PATH, in a folder only you can write, and give the same --socket here"
    }

    /// Writes `line` and a newline; false if the peer is gone. (A process
    /// that ignores SIGPIPE gets false; otherwise SIGPIPE ends it.)
    @discardableResult
    public func send(_ line: String) -> Bool {
        sendRaw(Array((line + "\n").utf8))
    }

    /// Writes bytes as they are; false if the peer is gone.
    @discardableResult
    public func sendRaw(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Whether a line (or the end) can be read without waiting.
    public func hasData() -> Bool {
        if pending.contains(UInt8(ascii: "\n")) { return true }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0
    }

    /// The next line without its newline; nil when the connection closed
    /// (or the read timed out).
    public func readLine() -> String? {
        var scanned = 0
        while true {
            if let i = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<i], as: UTF8.self)
                pending.removeSubrange(...i)
                return line
            }
            scanned = pending.count
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            pending += buffer[0..<n]
        }
    }
}
