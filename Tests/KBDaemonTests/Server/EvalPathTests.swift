import NIOCore
import NIOPosix
import Testing
@testable import KBDaemon
import KBShell

/// The one eval path socket clients and pages share (`Daemon.admit`, then
/// `Daemon.evaluate`): who may run commands; the command run, answered
/// once its record is on disk; a session loaded first when it is not; a
/// session closed under an eval loaded again (a socket's) or refused (a
/// page's). And the queue each connection carries its requests out in.
@Suite struct EvalPathTests {
    /// What the path answered, as text: `ran RESULT (OK, OUTPUT)`,
    /// `failed MESSAGE` or `closed`.
    static func run(_ daemon: Daemon<CounterSession>, _ command: String, in session: SessionName,
                    host: SessionHost<CounterSession>? = nil,
                    whenClosed: Daemon<CounterSession>.WhenClosed) async throws -> String {
        let permit = try daemon.admit(.socket(client: "test")).get()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        return await withCheckedContinuation { continuation in
            loop.execute {
                daemon.evaluate(command, in: session, host: host, permit: permit, on: loop, whenClosed: whenClosed) { reply in
                    switch reply {
                    case let .ran(result, said): "ran \(String(buffer: result)) (\(said.ok), \(said.output))"
                    case let .failed(error): "failed \(error)"
                    case .closed: "closed"
                    }
                } done: { continuation.resume(returning: $0) }
            }
        }
    }

    /// A socket client always may; a page only with the token, and without
    /// it is told how to get it.
    @Test func aPageRunsCommandsOnlyWithTheToken() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir)
        #expect(try daemon.admit(.socket(client: "c1")).get().client == "c1")
        #expect(try daemon.admit(.page(client: "w2", hasToken: true)).get().client == "w2")
        guard case let .failure(refusal) = daemon.admit(.page(client: "w3", hasToken: false)) else {
            Issue.record("a page without the token was admitted")
            return
        }
        #expect(refusal.message == "commands need the token: open this page with the ?token=… kbplay serve printed")
    }

    @Test func loadsRunsAndJournals() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir)
        let name = try SessionName(validating: "counter")
        #expect(daemon.registry.loadedHost(name) == nil)
        // Not loaded: the path creates it first.
        let first = try await Self.run(daemon, "inc", in: name, whenClosed: .reload)
        #expect(first.hasSuffix("(true, 1)"), "\(first)")
        #expect(daemon.registry.loadedHost(name) != nil)
        let second = try await Self.run(daemon, "inc", in: name, whenClosed: .reload)
        #expect(second.hasSuffix("(true, 2)"), "\(second)")
        // Rejected: answered, not ok, not journaled.
        let rejected = try await Self.run(daemon, "nope", in: name, whenClosed: .reload)
        #expect(rejected.contains("(false, ") && rejected.contains("unknown command 'nope'"), "\(rejected)")
        // Both incs were journaled: closed and loaded from disk, it has them.
        try await daemon.registry.close(name)
        let reloaded = try await Self.run(daemon, "get", in: name, whenClosed: .reload)
        #expect(reloaded.hasSuffix("(true, 2)"), "\(reloaded)")
    }

    /// A socket's eval on a closed host loads the session again and runs
    /// there; a page's is refused (the page follows the session again).
    @Test func aClosedSessionIsLoadedAgainOrRefused() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir)
        let name = try SessionName(validating: "closing")
        let host = try await daemon.registry.host(name)
        let ran = try await Self.run(daemon, "inc", in: name, host: host, whenClosed: .refuse)
        #expect(ran.hasSuffix("(true, 1)"), "\(ran)")
        try await daemon.registry.close(name)
        #expect(try await Self.run(daemon, "inc", in: name, host: host, whenClosed: .refuse) == "closed")
        let reloaded = try await Self.run(daemon, "inc", in: name, host: host, whenClosed: .reload)
        #expect(reloaded.hasSuffix("(true, 2)"), "\(reloaded)")
    }

    /// One request at a time: the next is handed out only once the one
    /// under way finished, in the order they came.
    @Test func theQueueHandsOutOneRequestAtATimeInOrder() {
        var queue = RequestQueue<Int>()
        #expect(queue.isIdle)
        for n in 1...3 { queue.append(n) }
        #expect(queue.next() == 1)
        #expect(queue.busy && queue.count == 2 && !queue.isIdle)
        #expect(queue.next() == nil, "handed out while one is under way")
        queue.finished()
        #expect(queue.next() == 2)
        queue.finished()
        queue.append(4)
        #expect(queue.next() == 3)
        queue.removeAll()
        #expect(queue.count == 0 && queue.busy)
        queue.finished()
        #expect(queue.next() == nil && queue.isIdle)
    }
}
