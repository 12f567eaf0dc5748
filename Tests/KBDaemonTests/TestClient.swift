#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import KBDaemon
import KBShell

/// A client for tests: the library's ``DaemonClient`` (typed requests and
/// replies), its line socket for what a hostile or careless client sends,
/// and JSON requests and reads on a thread of its own.
final class TestClient {
    let client: DaemonClient
    var socket: LineSocket { client.socket }

    /// `timeout`: how long a read waits for the daemon's line (seconds).
    /// Generous: the tests beside this one can hold every thread of the
    /// small pool an in-process daemon's actors run on (a synchronous test
    /// waiting for `swiftc`), and on two cores a reply has come after more
    /// than 10 s. A test that waits on purpose for nothing sets its own,
    /// shorter, timeout.
    init?(path: String, timeout: Int = 120) {
        guard let client = try? DaemonClient(path: path, timeout: timeout) else { return nil }
        self.client = client
    }

    /// `request` (sent through ``DaemonClient``) and its reply, on the
    /// client's own thread.
    func send(_ request: DaemonRequest) async throws -> DaemonReply {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.client.send(request) }) }
        }
    }

    /// The next event of a subscription, on the client's own thread.
    func nextEvent() async -> DaemonEvent? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.client.nextEvent()) }
        }
    }

    func send(_ line: String) { socket.send(line) }
    func sendRaw(_ bytes: [UInt8]) { socket.sendRaw(bytes) }
    func readLine() -> String? { socket.readLine() }

    func request(_ line: String) -> JSON? {
        send(line)
        return readLine().flatMap { try? JSONReader.parse($0) }
    }

    private let queue = DispatchQueue(label: "test-client")

    /// `request` on a thread of its own, so a blocking read never holds one
    /// of the few threads the daemon's actors run on.
    func ask(_ line: String) async -> JSON? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.request(line)) }
        }
    }

    /// The next line as JSON, read on the client's own thread.
    func next() async -> JSON? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine().flatMap { try? JSONReader.parse($0) }) }
        }
    }

    func nextRaw() async -> String? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine()) }
        }
    }
}

extension TestClient: @unchecked Sendable {}
