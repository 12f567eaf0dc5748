#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import KBTestSupport
@testable import KBDaemon
import KBShell

/// A tiny session for exercising the daemon: `inc`, `get`, anything else
/// is rejected.
struct CounterSession: HostedSession {
    var value = 0
    /// `poison` makes the session impossible to encode; `cure` undoes it.
    var poisoned = false
    init(sessionsDirectory: String) {}
    init(decoding text: String, path: String, sessionsDirectory: String) throws {
        guard let v = Int(text.trimmingCharacters(in: .whitespaces)) else { throw DaemonIOError("bad snapshot in \(path)") }
        value = v
    }
    func encoded() throws -> String {
        if poisoned { throw DaemonIOError("poisoned") }
        return "\(value)"
    }
    func completions(prefix: String, word: String) -> [String] { ["get", "inc"].filter { $0.hasPrefix(word) } }
    func journalsAsSnapshot(_ line: String) -> Bool { line.hasPrefix("read ") }
    mutating func execute(_ line: String) -> CommandOutcome {
        switch line {
        case "inc":
            value += 1
            return CommandOutcome(command: line, text: "\(value)", members: ["value": .number(Double(value))])
        case "get":
            return CommandOutcome(command: line, text: "\(value)", members: ["value": .number(Double(value))])
        case "poison", "cure":
            poisoned = line == "poison"
            return CommandOutcome(command: line, text: line)
        case _ where line.hasPrefix("read "):
            // The number in a file, as the value.
            let path = String(line.dropFirst(5))
            guard let text = try? FileIO.read(path), let v = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return .rejected(line, CommandError("no number in \(path)", column: 6))
            }
            value = v
            return CommandOutcome(command: line, text: "\(value)", members: ["value": .number(Double(value))])
        default:
            return .rejected(line, CommandError("unknown command '\(line)'", column: 1))
        }
    }
}

func temporaryDirectory() -> String {
    TemporaryFolder.make("daemon")
}

/// Starts a daemon in this process and waits until it accepts connections.
/// It serves until the test process ends.
func startDaemon(_ dir: String, socket: String = "d.sock",
                 subscriberBacklog: Int = 8 << 20,
                 maximumLoaded: Int = 1024) async throws -> (Daemon<CounterSession>, Task<Void, Error>) {
    // A commit log of 1 MB (zeros written when made), not the 16 MB of
    // `kbplay serve`: these tests start many daemons.
    let daemon = Daemon<CounterSession>(socketPath: dir + "/" + socket, sessionsDirectory: dir + "/Sessions",
                                        subscriberBacklog: subscriberBacklog, maximumLoaded: maximumLoaded,
                                        commitLogSize: 1 << 20)
    let (ready, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
        defer { signal.finish() }
        try await daemon.run { signal.yield() }
    }
    // `ready` runs once the socket is bound and its mode set; a daemon
    // that could not start ends the stream without it.
    for await _ in ready { return (daemon, task) }
    try await task.value
    throw DaemonIOError("the daemon in \(dir) stopped before it was ready")
}

/// What starting a daemon in `dir` on `socket` was refused with; nil,
/// with an issue recorded, if it started.
func refusal(startingIn dir: String, socket: String = "d.sock") async -> String? {
    do {
        _ = try await startDaemon(dir, socket: socket)
        Issue.record("a daemon started in \(dir) on \(socket)")
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Daemon: protocol over a real socket")
struct DaemonTests {
    @Test func evalRepliesWithTheCommandsJSONAndPersists() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        var info = stat()
        stat(dir + "/d.sock", &info)
        #expect(info.st_mode & 0o777 == 0o600)
        let a = try #require(TestClient(path: dir + "/d.sock"))
        let reply = try #require(await a.ask(#"{"id": 1, "session": "s", "op": "eval", "command": "inc"}"#))
        #expect(reply["id"] == .number(1))
        #expect(reply["status"] == .string("done"))
        #expect(reply["result"]?["value"] == .number(1))
        #expect(reply["result"]?["ok"] == .bool(true))
        let rejected = try #require(await a.ask(#"{"id": "x", "session": "s", "op": "eval", "command": "nope"}"#))
        #expect(rejected["result"]?["ok"] == .bool(false))
        // The acknowledged command is in the journal already.
        let journal = try String(contentsOfFile: dir + "/Sessions/.journal/s.journal", encoding: .utf8)
        #expect(journal.contains(#""command": "inc""#))
        #expect(!journal.contains("nope"))
    }

    @Test func aCommandWaitingOnAFileHoldsUpOnlyItsOwnSession() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let fifo = dir + "/number"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for writing (and reading, so the open does not wait):
        // `read` waits on the FIFO until it is written and closed. Not
        // inherited (O_CLOEXEC): a program another test starts meanwhile
        // (a daemon, a browser) would hold it open, and `read` would never
        // see its end.
        let holder = open(fifo, O_RDWR | O_CLOEXEC)
        #expect(holder >= 0)
        // These two wait while the rest of the test runs (other clients,
        // a completion), which takes longer than a read's usual 10 s on a
        // busy machine.
        let reader = try #require(TestClient(path: dir + "/d.sock", timeout: 300))
        let same = try #require(TestClient(path: dir + "/d.sock", timeout: 300))
        async let waiting = reader.ask(#"{"id": 1, "session": "f", "op": "eval", "command": "read \#(fifo)"}"#)
        // Once the daemon has the FIFO open too, `read` is under way; a
        // command for the same session from another client waits for it.
        for _ in 0..<1000 where Self.openCount(fifo) < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(Self.openCount(fifo) == 2)
        async let after = same.ask(#"{"id": 2, "session": "f", "op": "eval", "command": "inc"}"#)
        // More connections than the daemon has event loops: some share the
        // waiting command's loop, and each is served meanwhile.
        for k in 0...ProcessInfo.processInfo.activeProcessorCount {
            let other = try #require(TestClient(path: dir + "/d.sock"))
            let reply = await other.ask(#"{"id": 3, "session": "o\#(k)", "op": "eval", "command": "inc"}"#)
            #expect(reply?["result"]?["value"] == .number(1), "session o\(k) waited for another session's file")
        }
        // So is a completion on the waiting session itself.
        let completion = await TestClient(path: dir + "/d.sock")?.ask(#"{"id": 4, "session": "f", "op": "complete", "line": "in"}"#)
        #expect(completion?["completions"] == .array([.string("inc")]))
        _ = "41\n".withCString { write(holder, $0, 3) }
        close(holder)
        #expect(await waiting?["result"]?["value"] == .number(41))
        // The command behind it on the same session ran after it, in order.
        #expect(await after?["result"]?["value"] == .number(42))
        // Made durable as a snapshot, not as a command a replay would run
        // again (reading the FIFO, or a file changed since).
        let journal = try #require(try Journal.read(directory: dir + "/Sessions/.journal", name: "f"))
        #expect(journal.snapshot?.text == "41")
        #expect(journal.commands == ["inc"])
    }

    @Test func aClientKnowsWhoseDaemonItTalksTo() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let socket = try #require(LineSocket(path: dir + "/d.sock"))
        #expect(socket.peerUser == geteuid())
        #expect(LineSocket.ownerProblem(dir + "/d.sock", peer: socket.peerUser) == nil)
        #expect(LineSocket.ownerProblem("/tmp/x.sock", peer: nil) == nil)
        let other = LineSocket.ownerProblem("/tmp/x.sock", peer: 4242, user: 1000)
        #expect(other?.hasPrefix("/tmp/x.sock is served by a program of another user (uid 4242)") == true)
    }

    /// How many of this process's descriptors have `path` open.
    static func openCount(_ path: String) -> Int {
        let target = FileIO.realPath(path)
        return FileIO.list("/proc/self/fd").count { FileIO.realPath("/proc/self/fd/" + $0) == target }
    }

    @Test func twoClientsShareASessionAndASubscriberSeesBoth() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let watcher = try #require(TestClient(path: dir + "/d.sock"))
        let ack = try #require(await watcher.ask(#"{"id": 9, "session": "w", "op": "subscribe"}"#))
        #expect(ack["status"] == .string("subscribed"))
        let a = try #require(TestClient(path: dir + "/d.sock"))
        let b = try #require(TestClient(path: dir + "/d.sock"))
        _ = await a.ask(#"{"id": 1, "session": "w", "op": "eval", "command": "inc"}"#)
        let second = await b.ask(#"{"id": 2, "session": "w", "op": "eval", "command": "inc"}"#)
        #expect(second?["result"]?["value"] == .number(2))
        let first = try #require(await watcher.next())
        let next = try #require(await watcher.next())
        #expect(first["id"] == .number(9) && first["event"] == .string("change"))
        #expect(first["result"]?["value"] == .number(1) && next["result"]?["value"] == .number(2))
        #expect(first["client"] != next["client"])
        // Another session is independent.
        let other = await a.ask(#"{"id": 3, "session": "other", "op": "eval", "command": "get"}"#)
        #expect(other?["result"]?["value"] == .number(0))
    }

    @Test func aSubscriberThatFallsBehindIsToldHowManyChangesItMissed() async throws {
        let dir = temporaryDirectory()
        // 32 KB: some 300 change messages, far more than can be on their way
        // between the loops at any moment.
        _ = try await startDaemon(dir, subscriberBacklog: 32 << 10)
        // The watcher reads nothing while 1,500 changes are made: its socket
        // fills (about 300 of them here), then 32 KB wait in the daemon,
        // then changes are skipped.
        let watcher = try #require(LineSocket(path: dir + "/d.sock", timeout: 120))
        watcher.send(#"{"id": "w", "session": "busy", "op": "subscribe"}"#)
        #expect(watcher.readLine().flatMap { try? JSONReader.parse($0) }?["status"] == .string("subscribed"))
        // From now on a read gives up after a second.
        var second = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(watcher.fd, SOL_SOCKET, SO_RCVTIMEO, &second, socklen_t(MemoryLayout<timeval>.size))
        let writer = try #require(TestClient(path: dir + "/d.sock"))
        let total = 1500
        for i in 1...total {
            _ = await writer.ask(#"{"id": \#(i), "session": "busy", "op": "eval", "command": "inc"}"#)
        }
        // It reads what was kept for it (until a second passes with nothing).
        var values: [Double] = []
        while let line = watcher.readLine(), let json = try? JSONReader.parse(line) {
            #expect(json["event"] == .string("change"))
            values.append(json["result"]?["value"]?.numberValue ?? -1)
        }
        #expect(values == (1...values.count).map(Double.init))
        #expect(values.count < total)
        // The next change comes after a notice of the ones it missed.
        _ = await writer.ask(#"{"id": 0, "session": "busy", "op": "eval", "command": "inc"}"#)
        let lost = try #require(watcher.readLine().flatMap { try? JSONReader.parse($0) })
        #expect(lost["event"] == .string("lost") && lost["id"] == .string("w") && lost["session"] == .string("busy"))
        #expect(lost["changes"] == .number(Double(total - values.count)))
        let next = try #require(watcher.readLine().flatMap { try? JSONReader.parse($0) })
        #expect(next["event"] == .string("change") && next["result"]?["value"] == .number(Double(total + 1)))
    }

    @Test func aSocketPathTooLongForUnixIsRefusedWithTheLimit() async throws {
        let dir = temporaryDirectory() + "/" + String(repeating: "d", count: 110)
        let message = "the socket path \(dir)/d.sock is \(dir.utf8.count + 7) bytes long, and a Unix socket's path can have at most 107"
        #expect(LineSocket.maximumPathLength == 107)
        #expect(LineSocket.pathProblem(dir + "/d.sock")?.hasPrefix(message) == true)
        #expect(LineSocket.pathProblem(String(repeating: "s", count: 107)) == nil)
        let refused = await refusal(startingIn: dir)
        #expect(refused?.hasPrefix(message) == true, "\(refused ?? "")")
    }

    @Test func aFileWhereTheSocketWouldGoIsLeftAlone() async throws {
        let dir = temporaryDirectory()
        try "notes".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        for (socket, message) in [("notes.txt", "\(dir)/notes.txt is already there and is not a socket; it is left alone"),
                                  ("notes.txt/d.sock", "the socket's folder \(dir)/notes.txt is not a folder")] {
            let refused = await refusal(startingIn: dir, socket: socket)
            #expect(refused?.hasPrefix(message) == true, "\(refused ?? "")")
        }
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8) == "notes")
    }

    @Test func oneDaemonPerSessionsFolderAndPerSocket() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        // Another daemon on the same sessions would write the same journals.
        #expect(await refusal(startingIn: dir, socket: "other.sock")
                == "another kbplay serve uses the sessions in \(dir)/Sessions (pid \(getpid()), socket \(dir)/d.sock); stop it first, or give this one other --sessions")
        // Another daemon on the same socket would take it over silently.
        let elsewhere = temporaryDirectory()
        let second = Daemon<CounterSession>(socketPath: dir + "/d.sock", sessionsDirectory: elsewhere + "/Sessions",
                                            subscriberBacklog: 8 << 20, maximumLoaded: 1024)
        do {
            try await second.run()
            Issue.record("a second daemon started on the same socket")
        } catch {
            #expect("\(error)".hasPrefix("a daemon is already serving on \(dir)/d.sock"))
        }
        // Refused before it made a commit log (16 MB) for sessions it will not serve.
        #expect(access(elsewhere + "/Sessions/.journal/commit.log", F_OK) != 0)
        // The first one serves on, undisturbed.
        let c = try #require(TestClient(path: dir + "/d.sock"))
        #expect(await c.ask(#"{"id": 1, "session": "s", "op": "eval", "command": "inc"}"#)?["result"]?["value"] == .number(1))
    }

    @Test func aSessionThatCannotBeEncodedKeepsItsJournalGrowing() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let c = try #require(TestClient(path: dir + "/d.sock"))
        let interval = SessionHost<CounterSession>.compactionInterval
        _ = await c.ask(#"{"id": 0, "session": "p", "op": "eval", "command": "poison"}"#)
        for i in 1...(interval + 10) {
            let reply = await c.ask(#"{"id": \#(i), "session": "p", "op": "eval", "command": "inc"}"#)
            #expect(reply?["result"]?["value"] == .number(Double(i)))
        }
        let journal = dir + "/Sessions/.journal/p.journal"
        func lines() throws -> Int { try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count }
        // Every command acknowledged, none compacted away.
        #expect(try lines() > interval)
        _ = await c.ask(#"{"id": "c", "session": "p", "op": "eval", "command": "cure"}"#)
        for i in 1...interval {
            _ = await c.ask(#"{"id": \#(i), "session": "p", "op": "eval", "command": "inc"}"#)
        }
        // Once it can be encoded again, the next interval compacts it.
        #expect(try lines() < interval)
        #expect(await c.ask(#"{"id": "g", "session": "p", "op": "eval", "command": "get"}"#)?["result"]?["value"]
                == .number(Double(2 * interval + 10)))
    }

    @Test func closingASessionTellsItsSubscribersWhoMaySubscribeAgain() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let watcher = try #require(TestClient(path: dir + "/d.sock"))
        #expect(await watcher.ask(#"{"id": "w", "session": "c", "op": "subscribe"}"#)?["status"] == .string("subscribed"))
        let c = try #require(TestClient(path: dir + "/d.sock"))
        _ = await c.ask(#"{"id": 1, "session": "c", "op": "eval", "command": "inc"}"#)
        #expect(await watcher.next()?["result"]?["value"] == .number(1))
        #expect(await c.ask(#"{"id": 2, "session": "c", "op": "close"}"#)?["status"] == .string("done"))
        let closed = try #require(await watcher.next())
        #expect(closed["event"] == .string("closed") && closed["id"] == .string("w") && closed["session"] == .string("c"))
        // Subscribed again, it hears the changes made to the reloaded session.
        #expect(await watcher.ask(#"{"id": "w", "session": "c", "op": "subscribe"}"#)?["status"] == .string("subscribed"))
        _ = await c.ask(#"{"id": 3, "session": "c", "op": "eval", "command": "inc"}"#)
        #expect(await watcher.next()?["result"]?["value"] == .number(2))
    }

    @Test func pastTheLimitTheSessionsIdleLongestAreUnloadedAndLoadAgainWhole() async throws {
        let dir = temporaryDirectory()
        let (daemon, _) = try await startDaemon(dir, maximumLoaded: 10)
        let registry = daemon.registry
        let watcher = try #require(TestClient(path: dir + "/d.sock"))
        #expect(await watcher.ask(#"{"id": "w", "session": "followed", "op": "subscribe"}"#)?["status"] == .string("subscribed"))
        let c = try #require(TestClient(path: dir + "/d.sock"))
        _ = await c.ask(#"{"id": 0, "session": "followed", "op": "eval", "command": "inc"}"#)
        #expect(await watcher.next()?["result"]?["value"] == .number(1))
        // Forty sessions, used one after another: s_i counts to i % 3 + 1.
        for i in 0..<40 {
            for _ in 0...(i % 3) {
                let reply = await c.ask(#"{"id": \#(i), "session": "s\#(i)", "op": "eval", "command": "inc"}"#)
                #expect(reply?["status"] == .string("done"))
            }
        }
        // Unloading runs beside the requests: wait for it to settle.
        var loaded = await registry.loadedCount
        for _ in 0..<200 where loaded > 10 {
            try await Task.sleep(nanoseconds: 10_000_000)
            loaded = await registry.loadedCount
        }
        #expect(loaded <= 10)
        // The followed session and the last used stay; the first went.
        #expect(registry.loadedHost(SessionName("followed")!).map { !$0.isClosed } == true)
        #expect(registry.loadedHost(SessionName("s39")!).map { !$0.isClosed } == true)
        #expect(registry.loadedHost(SessionName("s0")!) == nil)
        // Every session has all its commands, loaded again or not, and the
        // follower was not told its session closed.
        for i in 0..<40 {
            let reply = await c.ask(#"{"id": \#(i), "session": "s\#(i)", "op": "eval", "command": "get"}"#)
            #expect(reply?["result"]?["value"] == .number(Double(i % 3 + 1)), "s\(i)")
        }
        _ = await c.ask(#"{"id": 1, "session": "followed", "op": "eval", "command": "inc"}"#)
        let change = try #require(await watcher.next())
        #expect(change["event"] == .string("change") && change["result"]?["value"] == .number(2))
        let listed = await c.ask(#"{"id": 2, "op": "ls-sessions"}"#)?["sessions"]
        #expect(listed == .array((["followed"] + (0..<40).map { "s\($0)" }).sorted().map { .string($0) }))
    }

    @Test func sessionNamesAreSafeFileNames() {
        for name in ["a", "_x", "A-b_9", "demo", "9a", "01-observer", "a.b", "v1.2-draft", String(repeating: "n", count: 64)] {
            #expect(SessionName.isValid(name), "\(name)")
            #expect(SessionName(name)?.rawValue == name)
        }
        for name in ["", "-a", ".a", "a..b", "a b", "é", "a/b", "../etc", "a\u{0}", "a:b", String(repeating: "n", count: 65)] {
            #expect(!SessionName.isValid(name), "\(name)")
            #expect(SessionName(name) == nil, "\(name)")
        }
        // `.json` is the file's extension, dropped once; nothing else is
        #expect(SessionName("login.json")?.rawValue == "login")
        #expect(SessionName("a.json.json")?.rawValue == "a.json")
        #expect(SessionName("my.jsonfile")?.rawValue == "my.jsonfile")
        #expect(SessionName(".json") == nil)
        #expect(SessionName("-x.json") == nil)
        #expect(throws: SessionNameError(text: "a b")) { try SessionName(validating: "a b") }
    }

    @Test func opsThatNeedASessionSayWhichIsMissing() throws {
        for op in DaemonRequest.Op.allCases {
            let result = DaemonRequest.parse(#"{"id": 1, "op": "\#(op.rawValue)", "command": "x", "line": "x", "to": "y"}"#)
            switch (op, result) {
            case (.describe, .success), (.lsSessions, .success): break
            case let (_, .failure(failure)):
                #expect(failure.message == "op '\(op.rawValue)' needs \"session\"")
            default:
                Issue.record("op \(op.rawValue) was accepted without a session")
            }
        }
    }

    @Test func attachSaysHowManyChangesItDidNotShow() throws {
        let lost = try JSONReader.parse(#"{"changes": 37, "event": "lost", "id": 0, "session": "demo"}"#)
        #expect(DaemonEvent(lost)?.notice
                == "… 37 changes to demo not shown: this terminal fell behind (the session has them all)")
        let one = try JSONReader.parse(#"{"changes": 1, "event": "lost", "id": 0, "session": "demo"}"#)
        #expect(DaemonEvent(one)?.notice?.hasPrefix("… 1 change to demo") == true)
        let change = try JSONReader.parse(#"{"event": "change", "id": 0, "session": "demo"}"#)
        #expect(DaemonEvent(change) != nil)
        #expect(DaemonEvent(change)?.notice == nil)
    }

    @Test func badInputGetsAnErrorAndHarmsNothing() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let c = try #require(TestClient(path: dir + "/d.sock"))
        let malformed = try #require(await c.ask("{not json"))
        #expect(malformed["status"] == .string("error"))
        let unknown = try #require(await c.ask(#"{"id": 5, "op": "explode"}"#))
        #expect(unknown["status"] == .string("error") && unknown["id"] == .number(5))
        let badName = try #require(await c.ask(#"{"id": 6, "session": "../etc", "op": "eval", "command": "inc"}"#))
        #expect(badName["status"] == .string("error"))
        let noCommand = try #require(await c.ask(#"{"id": 7, "session": "s", "op": "eval"}"#))
        #expect(noCommand["status"] == .string("error"))
        // A cursor is a whole number from 0 (past the line's end is its
        // end); an id past every range comes back as the client wrote it.
        for cursor in ["-1", "0.5", "\"3\"", "-1e300"] {
            let badCursor = try #require(await c.ask(#"{"id": 11, "session": "s", "op": "complete", "line": "in", "cursor": \#(cursor)}"#))
            #expect(badCursor["status"] == .string("error") && badCursor["id"] == .number(11), "\(cursor)")
        }
        for cursor in ["99", "1e300"] {
            let farCursor = try #require(await c.ask(#"{"id": 12, "session": "s", "op": "complete", "line": "in", "cursor": \#(cursor)}"#))
            #expect(farCursor["completions"] == .array([.string("inc")]), "\(cursor)")
        }
        c.send(#"{"id": 1e999, "op": "ls-sessions"}"#)
        let infinite = try #require(await c.nextRaw())
        // Echoed as written: a reader of the reply sees what it sent.
        #expect(infinite.hasPrefix(#"{"id": 1e999, "#))
        #expect(try JSONReader.parse(infinite)["status"] == .string("done"))
        // The same connection still works.
        #expect(await c.ask(#"{"id": 8, "session": "s", "op": "eval", "command": "inc"}"#)?["result"]?["value"] == .number(1))

        // An oversized line is refused and that connection closed; others go on.
        let big = try #require(TestClient(path: dir + "/d.sock"))
        big.sendRaw(Array(repeating: UInt8(ascii: "x"), count: DaemonRequest.maximumLength + 10))
        let refusal = await big.next()
        #expect(refusal?["status"] == .string("error"))
        #expect(await big.nextRaw() == nil)
        // A client that vanishes mid-request.
        let gone = try #require(TestClient(path: dir + "/d.sock"))
        gone.sendRaw(Array(#"{"id": 1, "session": "s", "op": "ev"#.utf8))
        _ = gone
        #expect(await c.ask(#"{"id": 10, "session": "s", "op": "eval", "command": "get"}"#)?["result"]?["value"] == .number(1))
    }

    @Test func aNewDaemonOnTheSameFolderHasEveryAcknowledgedCommand() async throws {
        let dir = temporaryDirectory()
        do {
            let (_, task) = try await startDaemon(dir)
            let c = try #require(TestClient(path: dir + "/d.sock"))
            for i in 0..<5 { _ = await c.ask(#"{"id": \#(i), "session": "keep", "op": "eval", "command": "inc"}"#) }
            task.cancel()
            // Stopped: its hold on the sessions folder ends.
            _ = await task.result
        }
        _ = try await startDaemon(dir)
        let c = try #require(TestClient(path: dir + "/d.sock"))
        #expect(await c.ask(#"{"id": 1, "session": "keep", "op": "eval", "command": "get"}"#)?["result"]?["value"] == .number(5))
        let list = await c.ask(#"{"id": 2, "op": "ls-sessions"}"#)
        #expect(list?["sessions"] == .array([.string("keep")]))
        let cloned = await c.ask(#"{"id": 3, "session": "keep", "op": "clone", "to": "copy"}"#)
        #expect(cloned?["status"] == .string("done"))
        // Refusals carry the request's id, and create nothing.
        let again = await c.ask(#"{"id": "r1", "session": "keep", "op": "clone", "to": "copy"}"#)
        #expect(again?["id"] == .string("r1") && again?["status"] == .string("error"))
        let typo = await c.ask(#"{"id": "r2", "session": "kep", "op": "clone", "to": "other"}"#)
        #expect(typo?["id"] == .string("r2"))
        #expect(typo?["error"]?["message"] == .string("no session named 'kep' — did you mean 'keep'?"))
        let closeTypo = await c.ask(#"{"id": "r3", "session": "nothing", "op": "close"}"#)
        #expect(closeTypo?["id"] == .string("r3"))
        #expect(closeTypo?["error"]?["message"] == .string("no session named 'nothing'; sessions: copy, keep"))
        #expect(await c.ask(#"{"id": 4, "session": "copy", "op": "eval", "command": "get"}"#)?["result"]?["value"] == .number(5))
        let described = await c.ask(#"{"id": 5, "op": "describe"}"#)
        #expect(described?["commands"]?.arrayValue?.contains { $0["name"] == .string("keyboard show") } == true)
        let completed = await c.ask(#"{"id": 6, "session": "keep", "op": "complete", "line": "in"}"#)
        #expect(completed?["completions"] == .array([.string("inc")]))
    }

    @Test func commandsFromManyClientsStayInOrderThroughCompactionAndClose() async throws {
        let dir = temporaryDirectory()
        let (_, task) = try await startDaemon(dir)
        let perClient = 150
        let clients = try (0..<4).map { _ in try #require(TestClient(path: dir + "/d.sock")) }
        // More commands on one session than the compaction interval, from
        // four connections at once: each sees its own values rise, and
        // together they saw every value once.
        let seen = await withTaskGroup(of: [Double].self) { group in
            for (c, client) in clients.enumerated() {
                group.addTask {
                    var values: [Double] = []
                    for i in 0..<perClient {
                        let reply = await client.ask(#"{"id": \#(c * 1000 + i), "session": "busy", "op": "eval", "command": "inc"}"#)
                        values.append(reply?["result"]?["value"]?.numberValue ?? -1)
                    }
                    return values
                }
            }
            return await group.reduce(into: [[Double]]()) { $0.append($1) }
        }
        for values in seen { #expect(values == values.sorted() && Set(values).count == values.count) }
        #expect(seen.flatMap { $0 }.sorted() == (1...(4 * perClient)).map(Double.init))
        let journal = try String(contentsOfFile: dir + "/Sessions/.journal/busy.journal", encoding: .utf8)
        #expect(journal.split(separator: "\n").count <= SessionHost<CounterSession>.compactionInterval)

        // Evals sent together with a close run before it or on the reloaded session.
        clients[0].send(#"{"id": 1, "session": "busy", "op": "close"}"#)
        let after = await clients[1].ask(#"{"id": 2, "session": "busy", "op": "eval", "command": "inc"}"#)
        #expect(await clients[0].next()?["status"] == .string("done"))
        #expect(after?["result"]?["value"] == .number(Double(4 * perClient + 1)))
        task.cancel()
        _ = await task.result

        _ = try await startDaemon(dir, socket: "e.sock")
        let c = try #require(TestClient(path: dir + "/e.sock"))
        let value = await c.ask(#"{"id": 1, "session": "busy", "op": "eval", "command": "get"}"#)
        #expect(value?["result"]?["value"] == .number(Double(4 * perClient + 1)))
    }
}
