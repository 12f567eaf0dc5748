import NIOCore
import NIOPosix
import Testing
@testable import KBDaemon
import KBShell

/// The one eval path socket clients and pages share
/// (`Daemon.evaluate`): it runs the command, answers once the record is on
/// disk, and, on a session closed under it, either loads it again (a
/// socket's `eval`) or says so (a page's).
@Suite struct EvalPathTests {
    /// What the path answered, as text: `ran RESULT (ok, OUTPUT)`,
    /// `failed MESSAGE` or `closed`.
    static func run(_ daemon: Daemon<CounterSession>, _ command: String, in session: SessionName,
                    host: SessionHost<CounterSession>? = nil, whenClosed: Daemon<CounterSession>.WhenClosed) async -> String {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        return await withCheckedContinuation { continuation in
            loop.execute {
                daemon.evaluate(command, in: session, host: host, client: "test", on: loop, whenClosed: whenClosed) { reply in
                    switch reply {
                    case let .ran(result, said):
                        "ran \(String(buffer: result)) (\(said.ok), \(said.output))"
                    case let .failed(error): "failed \(error)"
                    case .closed: "closed"
                    }
                } done: { continuation.resume(returning: $0) }
            }
        }
    }

    @Test func runsLoadsAndJournals() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir)
        let name = SessionName("counter")!
        // Not loaded yet: the path loads (creates) it first.
        #expect(await Self.run(daemon, "inc", in: name, whenClosed: .reload).hasPrefix("ran "))
        let second = await Self.run(daemon, "inc", in: name, whenClosed: .reload)
        #expect(second.hasSuffix("(true, 2)"), "\(second)")
        let rejected = await Self.run(daemon, "nope", in: name, whenClosed: .reload)
        // Rejected: answered, not ok, and not journaled.
        #expect(rejected.contains("(false, ") && rejected.contains("unknown command 'nope'"), "\(rejected)")
        // Journaled: closed and loaded again, the session has both.
        try await daemon.registry.close(name)
        let reloaded = await Self.run(daemon, "get", in: name, whenClosed: .reload)
        #expect(reloaded.hasSuffix("(true, 2)"), "\(reloaded)")
    }

    /// The deliberate difference between the two clients: a host closed
    /// under a page's eval is refused, under a socket's eval loaded again.
    @Test func aClosedSessionIsRefusedOrLoadedAgain() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir)
        let name = SessionName("closing")!
        let host = try await daemon.registry.host(name)
        #expect(await Self.run(daemon, "inc", in: name, host: host, whenClosed: .refuse).hasSuffix("(true, 1)"))
        try await daemon.registry.close(name)
        #expect(await Self.run(daemon, "inc", in: name, host: host, whenClosed: .refuse) == "closed")
        let reloaded = await Self.run(daemon, "inc", in: name, host: host, whenClosed: .reload)
        #expect(reloaded.hasSuffix("(true, 2)"), "\(reloaded)")
    }
}
