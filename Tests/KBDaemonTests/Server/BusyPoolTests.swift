import Dispatch
import Foundation
import Testing
import KBTestSupport
@testable import KBDaemon
import KBShell

/// The daemon's own work (loading a session, `sessions`) runs on queues
/// of its own: a process whose cooperative thread pool is held by
/// synchronous waits still gets its clients answered.
@Suite("Daemon: a blocked cooperative pool")
struct BusyPoolTests {
    @Test func aDaemonAnswersWhileEveryThreadOfTheCooperativePoolIsBlocked() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let client = try #require(TestClient(path: dir + "/d.sock", timeout: 20))
        // One task per core blocks a thread of the pool (as many threads
        // as the pool has; those that other tests' synchronous waits hold
        // are held all the same, so a task that cannot start in 10 s is
        // not waited for).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<cores {
            Task.detached {
                started.signal()
                release.wait()
            }
        }
        // On a thread of its own: wait until every blocking task runs, ask
        // for a session nobody loaded (the registry loads it) and for the
        // list of sessions, then let the pool go.
        let replies: (eval: JSON?, sessions: JSON?, blocked: Int) = await withCheckedContinuation { done in
            Thread {
                var blocked = 0
                let deadline = DispatchTime.now() + 10
                for _ in 0..<cores where started.wait(timeout: deadline) == .success { blocked += 1 }
                let eval = client.request(#"{"id": 1, "session": "fresh", "op": "eval", "command": "inc"}"#)
                let sessions = client.request(#"{"id": 2, "op": "ls-sessions"}"#)
                for _ in 0..<cores { release.signal() }
                done.resume(returning: (eval, sessions, blocked))
            }.start()
        }
        #expect(replies.blocked >= 1)
        #expect(replies.eval?["result"]?["value"] == .number(1), "\(String(describing: replies.eval))")
        #expect(replies.sessions?["status"] == .string("done"), "\(String(describing: replies.sessions))")
    }
}
