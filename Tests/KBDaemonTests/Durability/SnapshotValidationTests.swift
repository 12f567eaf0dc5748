import Foundation
import Testing
import KBTestSupport
@testable import KBDaemon
@testable import KBShell

/// A daemon reads its sessions' snapshots as `load` reads a session file:
/// a damaged snapshot or journal stops that session's load with the
/// reason, and the other sessions load.
@Suite("Daemon: snapshots and journals are read strictly")
struct SnapshotValidationTests {
    /// A sessions folder whose journals hold `good`, the demo session with
    /// its constant at 30, and `bad`, the demo session with `form` its own parent.
    static func folder() throws -> (sessions: String, journals: String) {
        let sessions = TemporaryFolder.make("snapshots") + "/Sessions"
        let journals = sessions + "/.journal"
        try FileIO.makeDirectory(journals)
        var good = Session.demo(sessionsDirectory: sessions)
        _ = good.execute("set formBottom.constant = 30")
        try Journal.writeSnapshot(JournalSnapshot(text: try SessionFile.encode(good), savedName: nil), directory: journals, name: "good")
        let text = try SessionFile.encode(Session.demo(sessionsDirectory: sessions))
        let cycle = text.replacingOccurrences(of: "\"name\" : \"form\",\n        \"parent\" : \"Login.view\"",
                                              with: "\"name\" : \"form\",\n        \"parent\" : \"form\"")
        #expect(cycle != text)
        try Journal.writeSnapshot(JournalSnapshot(text: cycle, savedName: nil), directory: journals, name: "bad")
        return (sessions, journals)
    }

    @Test func aSnapshotNoCommandsCouldBuildStopsOnlyItsOwnSession() throws {
        let (sessions, journals) = try Self.folder()
        do {
            _ = try SessionHost<Session>.load(name: SessionName("bad")!, directory: journals, sessionsDirectory: sessions)
            Issue.record("the snapshot with a cycle loaded")
        } catch {
            #expect("\(error)" == "\(journals)/bad.journal: screen.views[1].parent: form → form is a cycle: a view cannot contain itself; its parent is a view made before it")
        }
        var good = try SessionHost<Session>.load(name: SessionName("good")!, directory: journals, sessionsDirectory: sessions)
        #expect(good.execute("print formBottom.constant").text == "30")
    }

    @Test func aDaemonRefusesTheDamagedSessionWithTheReasonAndServesTheOthers() async throws {
        let (sessions, _) = try Self.folder()
        let socket = FileIO.folder(of: sessions) + "/d.sock"
        let daemon = Daemon<Session>(socketPath: socket, sessionsDirectory: sessions, subscriberBacklog: 1 << 20,
                                     maximumLoaded: 16, commitLogSize: 1 << 20)
        let (ready, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            defer { signal.finish() }
            try await daemon.run { signal.yield() }
        }
        var started = false
        for await _ in ready { started = true; break }
        guard started else { try await task.value; return }
        let client = try #require(TestClient(path: socket))
        let bad = try #require(await client.ask(#"{"id": 1, "session": "bad", "op": "eval", "command": "tree"}"#))
        #expect(bad["status"] == .string("error"), "\(bad.text)")
        #expect(bad.text.contains("bad.journal: screen.views[1].parent: form → form is a cycle"), "\(bad.text)")
        let good = try #require(await client.ask(#"{"id": 2, "session": "good", "op": "eval", "command": "print formBottom.constant"}"#))
        #expect(good["result"]?["output"] == .string("30"), "\(good.text)")
    }

    /// A line of a journal that is not UTF-8 JSON is damage, unless it is
    /// the last and has no newline (a write cut short, never acknowledged).
    @Test func aDamagedJournalLineIsRefusedAndATornLastLineIgnored() throws {
        let (sessions, journals) = try Self.folder()
        let path = journals + "/good.journal"
        let whole = try FileIO.readBytes(path)!
        let command = Array(#"{"client": "c", "command": "set formBottom.constant = 40", "seq": 1}"#.utf8) + [0x0A]
        // Torn: the last record without its end, a multi-byte character cut.
        try Data(whole + command + Array(#"{"client": "c", "command": "print \#u{2713}"#.utf8.dropLast(1))).write(to: URL(fileURLWithPath: path))
        var s = try SessionHost<Session>.load(name: SessionName("good")!, directory: journals, sessionsDirectory: sessions)
        #expect(s.execute("print formBottom.constant").text == "40")
        // The same bytes in the middle: refused, with where.
        var damaged = whole + [0xC3, 0x28, 0x0A] + command
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try SessionHost<Session>.load(name: SessionName("good")!, directory: journals, sessionsDirectory: sessions) }
        do { _ = try Journal.read(directory: journals, name: "good") } catch {
            #expect(error as? JournalError == .damaged(path: path, line: 3, reason: "byte \(whole.count) is not valid UTF-8"))
        }
        damaged = whole + Array("{\"client\": \n".utf8) + command
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Journal.read(directory: journals, name: "good")
            Issue.record("a broken line in the middle was read")
        } catch {
            #expect("\(error)".hasPrefix("\(path):3: a damaged record (not JSON: "), "\(error)")
        }
    }
}
