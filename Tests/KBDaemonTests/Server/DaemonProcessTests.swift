#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
import KBTestSupport
import KBDaemon
import KBShell

/// The built `kbplay` binary as a real daemon process: `kbplay serve` on a
/// temporary socket, spoken to over the socket, killed with SIGKILL and
/// restarted, and `kbplay attach` and `kbplay run` beside it.
///
/// Everything that blocks (process waits, socket reads) runs on a thread of
/// its own through ``offPool(_:)``, never on the cooperative pool that the
/// in-process daemons of the other suites run on.
@Suite("Daemon: the kbplay serve process", .serialized)
struct DaemonProcessTests {
    static var binary: URL { Kbplay.binary }

    // MARK: Two clients on one session

    @Test func twoClientsOnOneSessionSeeEachOthersChangesAndResultsAreTheJSONOfRun() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let commands = ["demo", "focus email", "keyboard height 300", "set formBottom.constant = 40", "keyboard hide",
                        "print email.frame.maxY", "focus password", "expect email.frame.height == 34"]
        // Alternate the two clients: even commands from A, odd from B.
        let seen = try await offPool { () -> (results: [JSON], aSaw: [JSON], bSaw: [JSON], aID: String?, bID: String?) in
            let a = try Connection(server.socket), b = try Connection(server.socket)
            let aID = a.request(#"{"id": "sa", "session": "shared", "op": "subscribe"}"#)?["client"]?.stringValue
            let bID = b.request(#"{"id": "sb", "session": "shared", "op": "subscribe"}"#)?["client"]?.stringValue
            var results: [JSON] = []
            for (i, command) in commands.enumerated() {
                let client = i % 2 == 0 ? a : b
                let reply = client.request(Connection.eval(id: i, session: "shared", command))
                results.append(reply?["result"] ?? .null)
            }
            // Every acknowledged change reaches both subscribers; read them
            // until each has seen the last one.
            return (results, a.changes(until: "focus password"), b.changes(until: "focus password"), aID, bID)
        }
        #expect(seen.aID != nil && seen.bID != nil && seen.aID != seen.bID)
        // The result of every eval is the very object `kbplay run --json` prints.
        let expected = try await offPool { try Self.runJSON(commands) }
        #expect(seen.results.count == expected.count)
        for (result, json) in zip(seen.results, expected) {
            #expect(result == json, "\(result.text)\n≠\n\(json.text)")
        }
        // Each subscriber sees the other's changes, tagged with who made them.
        for (saw, me, other) in [(seen.aSaw, seen.aID, seen.bID), (seen.bSaw, seen.bID, seen.aID)] {
            let mutating = ["demo", "focus email", "keyboard height 300", "set formBottom.constant = 40",
                            "keyboard hide", "focus password"]
            let changes = saw.filter { mutating.contains($0["result"]?["command"]?.stringValue ?? "") }
            #expect(changes.compactMap { $0["result"]?["command"]?.stringValue } == mutating)
            // A ran the even commands, B the odd ones.
            let byClient = changes.map { $0["client"]?.stringValue }
            #expect(byClient == [seen.aID, seen.bID, seen.aID, seen.bID, seen.aID, seen.aID])
            #expect(byClient.contains(other) && byClient.contains(me))
            // A change's result is the eval's result.
            for change in changes {
                let i = commands.firstIndex(of: change["result"]?["command"]?.stringValue ?? "")!
                #expect(change["result"] == seen.results[i])
            }
            #expect(saw.allSatisfy { $0["event"] == .string("change") && $0["session"] == .string("shared") })
        }
    }

    // MARK: kill -9

    @Test func aKilledDaemonRestartsWithExactlyTheAcknowledgedCommands() async throws {
        let dir = temporaryDirectory()
        // More commands than the journal's compaction interval, so the
        // restart reads a snapshot and the commands after it.
        let cycle = ["focus email", "keyboard height 300", "focus password", "set formBottom.constant = 30", "keyboard hide",
                     "rotate landscape", "focus email", "rotate portrait", "resign"]
        let commands = ["demo", "handle Login with observer formBottom padding 8"] + (2..<300).map { cycle[$0 % cycle.count] }
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let acknowledged = try await offPool { () -> Int in
            let c = try Connection(server.socket)
            var count = 0
            for (i, command) in commands.enumerated() {
                guard c.request(Connection.eval(id: i, session: "keep", command))?["status"] == .string("done") else { break }
                count += 1
            }
            return count
        }
        #expect(acknowledged == commands.count)
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await restarted.evals(["frames", "constraints", "history"], session: "keep").map { $0?["result"] ?? .null }
        let fresh = try await offPool { try Self.runJSON(commands + ["frames", "constraints"]) }
        #expect(after[0]["frames"] != nil)
        #expect(after[0] == fresh[fresh.count - 2])
        #expect(after[1] == fresh[fresh.count - 1])
        // The history holds the acknowledged commands, then the two just run.
        #expect(after[2]["history"] == .array((commands + ["frames", "constraints"]).map { .string($0) }))
    }

    @Test func sigtermStopsTheDaemonCleanly() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let reply = try await server.evals(["demo"], session: "s")[0]
        #expect(reply?["status"] == .string("done"))
        try await offPool { server.terminate() }
        #expect(!server.isRunning)
        #expect(access(server.socket, F_OK) != 0)  // the socket is removed
        let said = try String(contentsOfFile: dir + "/serve.out", encoding: .utf8)
        #expect(said.contains("kbplay serve: stopped by SIGTERM; every acknowledged command is in \(dir)/Sessions"))
        let restarted = try await DaemonProcess.start(directory: dir)
        defer { restarted.stop() }
        let history = try await restarted.evals(["history"], session: "s")[0]?["result"]?["history"]
        #expect(history == .array([.string("demo")]))
    }

    @Test func aKillInTheMiddleOfAStreamKeepsEveryAcknowledgedCommand() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let n = 20
        let commands = ["demo"] + (1..<n).map { "set formBottom.constant = \($0)" }
        // The first n evals are acknowledged one by one; then more are sent
        // without waiting and the daemon is killed while they are in flight.
        let extraSent = try await offPool { () -> Int in
            let c = try Connection(server.socket)
            for (i, command) in commands.enumerated() {
                _ = c.request(Connection.eval(id: i, session: "cut", command))
            }
            for i in 0..<50 { c.send(Connection.eval(id: n + i, session: "cut", "set formBottom.constant = \(1000 + i)")) }
            server.kill9()
            return 50
        }
        #expect(extraSent == 50)
        let restarted = try await DaemonProcess.start(directory: dir)
        defer { restarted.stop() }
        let constant = try await restarted.evals(["print formBottom.constant"], session: "cut")[0]?["result"]?["value"]?.numberValue
        // At least the acknowledged commands are there; any later one that
        // made it to disk before the kill is there whole (the constant is one
        // of the values sent, in order).
        let value = try #require(constant)
        #expect(value == Double(n - 1) || (1000..<1050).contains(value))
    }

    // MARK: Socket and hostile clients

    @Test func theSocketIsOnlyForItsOwner() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        var info = stat()
        #expect(stat(server.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test func aHostileClientHarmsNoOtherClient() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let outcome = try await offPool { () -> [String: JSON] in
            var seen: [String: JSON] = [:]
            let good = try Connection(server.socket)
            seen["before"] = good.request(Connection.eval(id: 1, session: "calm", "demo")) ?? .null
            let hostile = try Connection(server.socket)
            seen["malformed"] = hostile.request("{\"id\": 1, \"op\": \"eval\", ") ?? .null
            seen["unknown op"] = hostile.request(#"{"id": 2, "op": "format-disk", "session": "calm"}"#) ?? .null
            seen["not an object"] = hostile.request("[1, 2, 3]") ?? .null
            seen["bad session name"] = hostile.request(#"{"id": 3, "op": "eval", "session": "../../etc", "command": "demo"}"#) ?? .null
            seen["between"] = good.request(Connection.eval(id: 2, session: "calm", "focus email")) ?? .null
            // A 2 MiB line: refused, and that connection is closed.
            let flood = try Connection(server.socket)
            flood.sendRaw([UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20) + [UInt8(ascii: "\n")])
            seen["oversized"] = flood.readJSON() ?? .null
            seen["after oversized"] = flood.readJSON() ?? .null
            // Half a request on the session the good client uses, then gone.
            do {
                let vanishing = try Connection(server.socket)
                vanishing.sendRaw(Array(#"{"id": 9, "session": "calm", "op": "eval", "command": "keyboard hi"#.utf8))
            }
            seen["after"] = good.request(Connection.eval(id: 3, session: "calm", "frames")) ?? .null
            return seen
        }
        #expect(outcome["before"]?["status"] == .string("done"))
        for key in ["malformed", "unknown op", "not an object", "bad session name", "oversized"] {
            #expect(outcome[key]?["status"] == .string("error"), "\(key)")
            #expect(outcome[key]?["error"]?["message"]?.stringValue?.isEmpty == false, "\(key)")
        }
        #expect(outcome["unknown op"]?["id"] == .number(2))
        #expect(outcome["after oversized"] == .null)
        #expect(outcome["between"]?["result"]?["focus"]?["field"] == .string("email"))
        // The good client's session is exactly what its own commands made it.
        let expected = try await offPool { try Self.runJSON(["demo", "focus email", "frames"]) }
        #expect(outcome["after"]?["result"] == expected[2])
        #expect(server.isRunning)
    }

    /// A client matches replies to requests by id, so every reply and
    /// every message to a subscriber carries the id as the client wrote it:
    /// 64-bit integers, decimals and escapes included, not a rounded number.
    @Test func repliesCarryTheIdExactlyAsTheClientWroteIt() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let ids = ["9007199254740993", "12345678901234567890", "0.125", "-0", "1e400", "1E2",
                   #""caf\u00e9\n""#, "[1, {\"k\": 2.50}]", "7"]
        let lines = try await offPool { () -> [(String, [String])] in
            let client = try Connection(server.socket)
            let watcher = try Connection(server.socket)
            var seen: [(String, [String])] = []
            for (i, id) in ids.enumerated() {
                let requests = [
                    #"{"id": \#(id), "op": "subscribe", "session": "s\#(i)"}"#,
                    #"{"id": \#(id), "op": "eval", "session": "s\#(i)", "command": "demo"}"#,
                    #"{"id": \#(id), "op": "ls-sessions"}"#,
                    #"{"id": \#(id), "op": "complete", "session": "s\#(i)", "line": "foc"}"#,
                    #"{"id": \#(id), "op": "clone", "session": "nobody", "to": "t"}"#,
                    #"{"id": \#(id), "op": "rename"}"#,
                ]
                watcher.send(requests[0])
                var replies = [watcher.readLine() ?? ""]
                for request in requests.dropFirst() {
                    client.send(request)
                    replies.append(client.readLine() ?? "")
                }
                // The subscriber's change, made by the other client.
                replies.append(watcher.readLine() ?? "")
                seen.append((id, replies))
            }
            return seen
        }
        for (id, replies) in lines {
            #expect(replies.count == 7)
            for reply in replies {
                #expect(reply.contains(#""id": \#(id), "#) || reply.hasSuffix(#""id": \#(id)}"#), "\(id): \(reply)")
                #expect((try? JSONReader.parse(reply)) != nil, "\(reply)")
            }
            #expect(replies[0].contains(#""status": "subscribed""#))
            #expect(replies[1].contains(#""status": "done""#) && replies[1].contains(#""result": "#))
            #expect(replies[4].contains(#""status": "error""#) && replies[5].contains("unknown op 'rename'"))
            #expect(replies[6].contains(#""event": "change""#) && replies[6].contains(#""command": "demo""#))
        }
    }

    /// A client that half-closes after its requests (`printf … | nc -U -N`,
    /// socat) gets every reply and then the end of the connection; a last
    /// request without its newline is carried out too. A follower that
    /// half-closes still gets changes; one that goes away is let go of.
    @Test func aClientThatHalfClosesGetsEveryReply() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let openFiles: @Sendable () -> Int = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/fd").count) ?? -1 }
        let seen = try await offPool { () -> (replies: [String], closed: Bool, subscribed: String?, change: String?,
                                              filesBefore: Int, filesAfter: Int) in
            let client = try Connection(server.socket)
            client.send(Connection.eval(id: 1, session: "h", "demo"))
            client.send(Connection.eval(id: 2, session: "h", "focus email"))
            client.sendRaw(Array(#"{"id": 3, "op": "eval", "session": "h", "command": "print email.frame.minY"}"#.utf8))
            client.finishSending()
            var replies: [String] = []
            while let line = client.readLine() { replies.append(line) }
            let closed = client.peerClosed()

            let follower = try Connection(server.socket)
            follower.send(#"{"id": 4, "op": "subscribe", "session": "h"}"#)
            follower.finishSending()
            let subscribed = follower.readLine()
            // Kept open to the end, so only the vanishing one's file changes.
            let other = try Connection(server.socket)
            _ = other.request(Connection.eval(id: 5, session: "h", "rotate"))
            let change = follower.readLine()

            let filesBefore = openFiles()
            do {
                let vanishing = try Connection(server.socket)
                _ = vanishing.request(#"{"id": 6, "op": "subscribe", "session": "h"}"#)
            }
            // Its socket is closed when it goes out of scope; wait (at most
            // 10 s) for the daemon to let go of its end.
            var filesAfter = openFiles()
            for _ in 0..<1000 where filesAfter != filesBefore {
                usleep(10_000)
                filesAfter = openFiles()
            }
            withExtendedLifetime((follower, other)) {}
            return (replies, closed, subscribed, change, filesBefore, filesAfter)
        }
        let replies = seen.replies.compactMap { try? JSONReader.parse($0) }
        #expect(replies.map { $0["id"] } == [.number(1), .number(2), .number(3)])
        #expect(replies.allSatisfy { $0["status"] == .string("done") })
        #expect(replies.last?["result"]?["value"] == .number(676))
        #expect(seen.closed)
        #expect(seen.subscribed?.contains(#""status": "subscribed""#) == true)
        #expect(seen.change?.contains(#""command": "rotate""#) == true)
        #expect(seen.filesBefore > 0 && seen.filesAfter == seen.filesBefore)
        #expect(server.isRunning)
    }

    /// `kbplay attach` means the files of the folder it runs in, not the
    /// daemon's: a relative `source` reads the script beside the person
    /// typing, `render svg` writes there.
    @Test func attachReadsAndWritesFilesInItsOwnFolder() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let folder = temporaryDirectory()
        try "demo\nfocus email\n".write(toFile: folder + "/steps.kbs", atomically: true, encoding: .utf8)
        let input = "source steps.kbs\nrender svg \"a picture.svg\"\nprint kb.end.minY\n"
        let r = try await offPool {
            try Self.kbplay(["attach", "files", "--socket", server.socket], input: input, in: folder)
        }
        #expect(r.status == 0, "\(r.out) \(r.err)")
        #expect(r.out.contains("email is covered by the keyboard"))
        #expect(r.out.contains("wrote \(folder)/a picture.svg"))
        #expect(FileManager.default.fileExists(atPath: folder + "/a picture.svg"))
        #expect(r.out.hasSuffix("516\n"))
    }

    @Test func aClientThatDoesNotReadIsNotReadFrom() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let outcome = try await offPool { () -> (accepted: Int, blocked: Bool, meanwhile: JSON?, replies: [JSON]) in
            // Requests sent as fast as the socket takes them, no reply read:
            // the daemon stops reading, so the sends block (1 s timeout).
            guard let flood = LineSocket(path: server.socket, timeout: 10) else { throw DaemonProcessError("cannot connect") }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(flood.fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var accepted = 0
            var blocked = false
            while accepted < 400_000 {
                let line = Array((Connection.eval(id: accepted + 1, session: "flood", "frames") + "\n").utf8)
                let n = line.withUnsafeBytes { write(flood.fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    blocked = true
                    break
                }
                guard n == line.count else { throw DaemonProcessError("a partial write of \(n) bytes") }
                accepted += 1
            }
            let good = try Connection(server.socket)
            let meanwhile = good.request(Connection.eval(id: 1, session: "calm", "demo"))
            // Once the client reads, every request it sent is answered, in order.
            var replies: [JSON] = []
            while replies.count < accepted, let line = flood.readLine() {
                replies.append((try? JSONReader.parse(line)) ?? .null)
            }
            return (accepted, blocked, meanwhile, replies)
        }
        #expect(outcome.blocked)
        // 400,000 requests are 28 MB; the daemon took a small part of them.
        #expect(outcome.accepted < 100_000)
        #expect(outcome.meanwhile?["status"] == JSON.string("done"))
        #expect(outcome.replies.count == outcome.accepted)
        #expect(outcome.replies.map { $0["id"] } == (0..<outcome.accepted).map { JSON.number(Double($0 + 1)) })
        #expect(outcome.replies.allSatisfy { $0["status"] == JSON.string("done") })
        #expect(server.isRunning)
    }

    // MARK: attach

    @Test func attachRunsCommandsFromStandardInput() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let commands = ["demo", "focus email", "print email.frame.maxY", "frames", "keyboard hide"]
        let attached = try await offPool {
            try Self.kbplay(["attach", "tty1", "--socket", server.socket], input: commands.joined(separator: "\n") + "\n")
        }
        #expect(attached.status == 0)
        let expected = try await offPool { try Self.runJSON(commands) }
        let outputs = expected.compactMap { $0["output"]?.stringValue }.filter { !$0.isEmpty }
        #expect(attached.out == outputs.map { $0 + "\n" }.joined())
        // The session lives on in the daemon.
        let after = try await offPool { () -> JSON? in
            let c = try Connection(server.socket)
            return c.request(Connection.eval(id: 1, session: "tty1", "history"))
        }
        #expect(after?["result"]?["history"] == .array(commands.map { .string($0) }))
    }

    @Test func completeTakesTheWordBeforeTheCursorAsTheShellDoes() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        _ = try await server.evals(["demo"], session: "c")
        // (line, cursor or nil, the word, the reply's completions, all of them)
        let cases: [(String, Int?, String, [String])] = [
            ("focus em", nil, "em", ["email"]),
            ("focus ", nil, "", ["email", "password"]),
            ("constrain email.top==pass", nil, "pass", ["password"]),
            ("constrain email.top == signIn.bo", nil, "signIn.bo", ["signIn.bottom"]),
            ("set formBottom.constant = max(kb.end.mi", nil, "kb.end.mi", ["kb.end.midX", "kb.end.midY", "kb.end.minX", "kb.end.minY"]),
            ("focus em and more", 8, "em", ["email"]),
            ("focus pass", 0, "", Array(Set(CommandTable.firstWords)).sorted()),
            // The word as the shell's lexer reads the line: a device id or a
            // strategy's keyword is split at blanks only, an expression at
            // its operators.
            ("device iphone-13-m", nil, "iphone-13-m", ["iphone-13-mini"]),
            ("handle Login with layout-constraint formBottom down-of", nil, "down-of", ["down-offset"]),
            ("print 1+kb.fr", nil, "kb.fr", ["kb.frame."]),
        ]
        let replies = try await offPool { () -> [JSON?] in
            let c = try Connection(server.socket)
            return cases.enumerated().map { i, item in
                let cursor = item.1.map { ", \"cursor\": \($0)" } ?? ""
                return c.request(#"{"id": \#(i), "session": "c", "op": "complete", "line": "\#(item.0)"\#(cursor)}"#)
            }
        }
        for (i, item) in cases.enumerated() {
            #expect(replies[i]?["word"] == .string(item.2), "\(item.0)")
            let completions = replies[i]?["completions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(completions == item.3, "\(item.0)")
        }
    }

    @Test func aTeacherListsClonesAndClosesSessionsFromTheCommandLine() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        func kbplay(_ arguments: String...) async throws -> (out: String, err: String, status: Int32) {
            try await offPool { try Self.kbplay(arguments + ["--socket", server.socket], input: "") }
        }
        #expect(try await kbplay("sessions") == ("", "", 0))
        let prepared = try await offPool {
            try Self.kbplay(["attach", "lesson", "--socket", server.socket], input: "demo\nfocus email\n")
        }
        #expect(prepared.status == 0)
        #expect(try await kbplay("clone", "lesson", "alice")
                == ("cloned lesson to alice (kbplay attach alice to work on it)\n", "", 0))
        #expect(try await kbplay("sessions") == ("alice\nlesson\n", "", 0))
        // The copy has the lesson's views and focus; it goes its own way.
        let copy = try await offPool { () -> JSON? in
            let c = try Connection(server.socket)
            return c.request(Connection.eval(id: 1, session: "alice", "history"))
        }
        #expect(copy?["result"]?["history"] == .array([.string("demo"), .string("focus email")]))

        // Mistakes say what was wrong and change nothing.
        #expect(try await kbplay("clone", "lesso", "bob")
                == ("", "kbplay clone: no session named 'lesso' — did you mean 'lesson'?\n", 1))
        #expect(try await kbplay("clone", "lesson", "alice")
                == ("", "kbplay clone: a session named 'alice' already exists\n", 1))
        #expect(try await kbplay("clone", "lesson", "../x").status == 1)
        #expect(try await kbplay("close", "carol")
                == ("", "kbplay close: no session named 'carol'; sessions: alice, lesson\n", 1))
        #expect(try await kbplay("sessions") == ("alice\nlesson\n", "", 0))

        #expect(try await kbplay("close", "alice").status == 0)
        #expect(FileManager.default.fileExists(atPath: server.directory + "/Sessions/.journal/alice.journal"))
        let reopened = try await offPool { () -> JSON? in
            let c = try Connection(server.socket)
            return c.request(Connection.eval(id: 2, session: "alice", "history"))
        }
        #expect(reopened?["result"]?["history"] == .array([.string("demo"), .string("focus email")]))

        let elsewhere = try await offPool {
            try Self.kbplay(["sessions", "--socket", server.directory + "/none.sock"], input: "")
        }
        #expect(elsewhere.status == 3)
        #expect(elsewhere.err == "kbplay sessions: no daemon at \(server.directory)/none.sock (start one with: kbplay serve)\n")
    }

    @Test func attachFollowGoesOnAfterItsSessionIsClosed() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        // The session exists before the follower subscribes to it.
        let made = try await offPool { try Self.kbplay(["attach", "lesson", "--socket", server.socket], input: "demo\n") }
        #expect(made.status == 0)
        let follow = Process()
        follow.executableURL = Self.binary
        follow.arguments = ["attach", "lesson", "--follow", "--socket", server.socket]
        let output = Pipe()
        follow.standardOutput = output
        try follow.run()
        // Whatever happens, the follower is stopped within 30 s, which ends
        // any wait below.
        let watchdog = Task.detached {
            try? await Task.sleep(nanoseconds: 30_000_000_000)
            follow.terminate()
        }
        defer { watchdog.cancel() }
        // Reads the follower's output until it shows `text` (or ends).
        func waitFor(_ text: String, in seen: String) async throws -> String {
            try await offPool { Self.read(output, until: text, after: seen) }
        }
        // Runs `command` on the session every 0.1 s until the follower shows
        // it: the follower subscribes on its own, at a moment the test does
        // not see, so a change made once could come before its subscription.
        let socket = server.socket
        func untilShown(_ command: String, in seen: String) async throws -> String {
            let writer = Task.detached {
                for _ in 0..<100 where !Task.isCancelled {
                    _ = try? Self.kbplay(["attach", "lesson", "--socket", socket], input: command + "\n")
                    try? await Task.sleep(nanoseconds: 100_000_000)
                }
            }
            defer { writer.cancel() }
            return try await waitFor("> " + command, in: seen)
        }
        var seen = try await untilShown("focus email", in: "")
        #expect(try await offPool { try Self.kbplay(["close", "lesson", "--socket", socket], input: "") }.status == 0)
        seen = try await waitFor("following it again", in: seen)
        // What anyone does to the reloaded session reaches it too.
        seen = try await untilShown("print 6 * 7", in: seen)
        follow.terminate()
        follow.waitUntilExit()
        #expect(seen.contains("> focus email"))
        #expect(seen.contains("… lesson was closed and its snapshot written; following it again"))
        #expect(seen.contains("> print 6 * 7"), "\(seen)")
    }

    @Test func attachSaysSoWhenTheDaemonGoesAway() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let attach = Process()
        attach.executableURL = Self.binary
        attach.arguments = ["attach", "lab", "--socket", server.socket]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        attach.standardInput = input
        attach.standardOutput = output
        attach.standardError = errors
        try attach.run()
        input.fileHandleForWriting.write(Data("demo\n".utf8))
        // Its first reply is out: the daemon dies before the second command.
        let first = try await offPool { Self.read(output, until: "+ signIn") }
        #expect(first.contains("+ signIn"))
        server.kill9()
        input.fileHandleForWriting.write(Data("focus email\n".utf8))
        try? input.fileHandleForWriting.close()
        let err = try await offPool { errors.fileHandleForReading.readDataToEndOfFile() }
        attach.waitUntilExit()
        #expect(attach.terminationReason == .exit && attach.terminationStatus == 3)
        #expect(String(decoding: err, as: UTF8.self)
                == "kbplay attach: the daemon at \(server.socket) went away; every command it acknowledged is kept (start it again with kbplay serve, then attach again)\n")
    }

    @Test func attachAtATerminalShowsOthersChangesWhileTypingAndTheDaemonsEnd() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let dir = temporaryDirectory()
        let kbplay = Self.binary.path
        let steps: [[String]] = [
            ["expect", "lab> "],
            ["send", "demo\r"], ["expect", "+ signIn"], ["expect", "lab> "],
            // Half a command typed when another client changes the session:
            // its change is printed above, and the line comes back as it was.
            ["send", "foc"],
            ["shell", "echo 'keyboard show' | \(kbplay) attach lab --socket \(server.socket)"],
            ["expect", "> keyboard show"], ["expect", "keyboardWillShow"], ["expect", "lab> foc"],
            ["send", "us email\r"], ["expect", "email is covered"], ["expect", "lab> "],
            // Lines as the local shell reads them: a comment, a continuation.
            ["send", "rotate  # sideways\r"], ["expect", "safeAreaInsets"], ["expect", "lab> "],
            ["send", "keyboard \\\r"], ["expect", "...> "], ["send", "hi\t"], ["expect", "hide "], ["send", "\r"],
            ["expect", "keyboardWillHide"], ["expect", "lab> "],
            // TAB takes the word the daemon's lexer takes: a device id whole.
            ["send", "device iphone-13-m\t"], ["expect", "iphone-13-mini "], ["send", "\r"], ["expect", "lab> "],
            ["shell", "kill -9 \(server.pid)"],
            ["expect", "went away"],
        ]
        let result = try await offPool {
            try PseudoTerminal.run(steps, [kbplay, "attach", "lab", "--socket", server.socket],
                                   environment: ["KBPLAY_HISTFILE": dir + "/history"])
        }
        #expect(result.ok, "\(result.screen)")
        #expect(result.screen.contains("kbplay attach: the daemon at \(server.socket) went away"))
    }

    @Test func clientsRefuseASocketPathTooLongForUnix() async throws {
        let socket = "/tmp/" + String(repeating: "s", count: 120) + ".sock"
        for arguments in [["attach", "lab"], ["attach", "lab", "--follow"], ["sessions"], ["close", "lab"]] {
            let r = try await offPool { try Self.kbplay(arguments + ["--socket", socket], input: "") }
            #expect(r.status == 1 && r.err.contains("is 130 bytes long, and a Unix socket's path can have at most 107"),
                    "\(arguments): \(r.err)")
        }
    }

    @Test func attachRefusesABadSessionNameBeforeRunningAnything() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let message = "kbplay attach: \(SessionNameError(text: "../x"))\n"
        for extra in [[], ["--follow"]] {
            let r = try await offPool { try Self.kbplay(["attach", "../x", "--socket", server.socket] + extra, input: "demo\n") }
            #expect(r.status == 1 && r.out.isEmpty && r.err == message)
        }
    }

    /// A name no session can have is refused as such whether a daemon runs
    /// or not: the user is not sent to start one first.
    @Test func aBadSessionNameIsRefusedWithoutADaemon() async throws {
        let socket = temporaryDirectory() + "/nobody.sock"
        let problem = "invalid session name 'x/y': use 1 to 64 letters, digits, _, - and . (ASCII), starting with a letter, a digit or _"
        for (command, arguments) in [("attach", ["x/y"]), ("clone", ["lesson", "x/y"]), ("clone", ["x/y", "b"]), ("close", ["x/y"])] {
            let r = try await offPool { try Self.kbplay([command] + arguments + ["--socket", socket], input: "demo\n") }
            #expect(r.status == 1 && r.out.isEmpty && r.err == "kbplay \(command): \(problem)\n", "\(command) \(arguments)")
        }
        // A good name with no daemon still says there is none (status 3).
        let r = try await offPool { try Self.kbplay(["attach", "lesson", "--socket", socket], input: "") }
        #expect(r.status == 3 && r.err.contains("no daemon at \(socket)"))
    }

    @Test func manySessionsUnderAFewOpenFilesAllWorkAndNewClientsGetIn() async throws {
        // 200 open files at most (soft and hard): 36 sessions stay loaded.
        let server = try await DaemonProcess.start(openFiles: 200)
        defer { server.stop() }
        let failures = try await offPool { () -> [String] in
            let c = try Connection(server.socket)
            var failures: [String] = []
            for i in 0..<250 {
                for command in ["new", "keyboard show"] {
                    let reply = c.request(Connection.eval(id: i, session: "s\(i)", command))
                    if reply?["status"] != .string("done") { failures.append("s\(i): \(reply?.text ?? "no reply")") }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        let files = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/fd").count
        #expect(files < 100)
        // A new client gets in, and the first session, unloaded long ago,
        // comes back with its keyboard up.
        let late = try await offPool { () -> [JSON?] in
            let clients = try (0..<20).map { _ in try Connection(server.socket) }
            return clients.map { $0.request(Connection.eval(id: 1, session: "s0", "print kb.frame.minY")) }
        }
        #expect(late.allSatisfy { $0?["result"]?["output"] == .string("516") })
    }

    @Test func commandsThatWouldStopTheProcessAreRefusedAndTheDaemonServesOn() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let hostile = [
            "print " + String(repeating: "(", count: 500_000) + "1",
            "print 1" + String(repeating: "+1", count: 200_000),
            "events 99999999999999999999999",
            "keyboard show curve 99999999999999999999999",
            "keyboard show frames 9223372036854775808",
            "set emailTop.priority 1/0",
        ]
        let replies = try await offPool { () -> [JSON?] in
            let c = try Connection(server.socket)
            _ = c.request(Connection.eval(id: 0, session: "h", "demo"))
            var replies = hostile.enumerated().map { i, line in c.request(Connection.eval(id: i + 1, session: "h", line)) }
            replies.append(c.request(Connection.eval(id: 9, session: "h", "print email.frame.maxY")))
            return replies
        }
        #expect(replies.count == hostile.count + 1)
        for (line, reply) in zip(hostile, replies) where !line.hasPrefix("events") {
            #expect(reply?["result"]?["ok"] == .bool(false), "\(line.prefix(40)): \(reply?.text.prefix(200) ?? "no reply")")
        }
        #expect(replies.last??["result"]?["output"] == .string("710"))
        #expect(server.isRunning)
    }

    @Test func aDamagedStoryboardIsRefusedAndTheDaemonServesOn() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        // An attribute name with a byte that is not UTF-8.
        let path = server.directory + "/x.storyboard"
        try Data(Array("<d a".utf8) + [0xFF] + Array("=\"1\"/>".utf8)).write(to: URL(fileURLWithPath: path))
        let replies = try await server.evals(["demo", "import \(path)", "print email.frame.maxY"], session: "d")
        #expect(replies[1]?["result"]?["ok"] == .bool(false))
        #expect(replies[1]?.text.contains("byte 0xFF is not UTF-8 text") == true, "\(replies[1]?.text ?? "no reply")")
        #expect(replies[2]?["result"]?["output"] == .string("710"))
        #expect(server.isRunning)
    }

    @Test func aRestartNeitherRewritesNorRereadsTheFilesOfAcknowledgedCommands() async throws {
        let dir = temporaryDirectory()
        let script = dir + "/lesson.kbs", picture = dir + "/a.svg", shared = dir + "/Sessions/shared.json"
        try "focus email\n".write(toFile: script, atomically: true, encoding: .utf8)
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let commands = ["demo", "save shared", "source \(script)", "render svg \(picture)", "print kb.frame.minY"]
        let replies = try await offPool { () -> [JSON?] in
            let a = try Connection(server.socket), b = try Connection(server.socket)
            var replies = commands.enumerated().map { i, c in a.request(Connection.eval(id: i, session: "a", c)) }
            // Another session may not save over the same file afterwards.
            replies.append(b.request(Connection.eval(id: 7, session: "b", "new")))
            replies.append(b.request(Connection.eval(id: 8, session: "b", "save shared")))
            return replies
        }
        for reply in replies.dropLast() { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        #expect(replies.last??["result"]?["ok"] == .bool(false))
        #expect(replies.last??["result"]?["error"]?["suggestion"] == .string("save under a name of your own: save shared-2"))
        // The script and the picture change after they were used, and a
        // person writes over the saved session.
        try "resign\nkeyboard hide\n".write(toFile: script, atomically: true, encoding: .utf8)
        try "edited".write(toFile: picture, atomically: true, encoding: .utf8)
        #expect(try Self.kbplay(["run", "--sessions", dir + "/Sessions", "-"], input: "new\nsave shared\n").status == 0)
        let savedByB = try String(contentsOfFile: shared, encoding: .utf8)
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await offPool { () -> [JSON] in
            let a = try Connection(restarted.socket)
            return ["print kb.frame.minY", "frames"].enumerated().map { i, c in
                a.request(Connection.eval(id: i, session: "a", c))?["result"] ?? .null
            }
        }
        let fresh = try await offPool { try Self.runJSON(["demo", "focus email", "print kb.frame.minY", "frames"]) }
        // Session a is as acknowledged: the keyboard the script brought up is
        // still up, not hidden by the script as it reads now.
        #expect(after[0]["output"] == replies[4]?["result"]?["output"])
        #expect(after[0]["output"] == fresh[2]["output"])
        #expect(after[1]["frames"] == fresh[3]["frames"])
        // Nothing was written again: the person's file stays, and so does the edit.
        #expect(try String(contentsOfFile: shared, encoding: .utf8) == savedByB)
        #expect(!savedByB.contains("Login"))
        #expect(try String(contentsOfFile: picture, encoding: .utf8) == "edited")
    }

    /// A student attached to a daemon runs a lesson whose closing `save`
    /// names the teacher's file in the daemon's folder: the save is refused
    /// (with a name of their own to use), the file keeps its bytes and its
    /// mode; the session's own file it replaces, keeping its mode; another
    /// session's, or one a person changed, it does not.
    @Test func aSessionsSaveReplacesOnlyItsOwnFile() async throws {
        let dir = temporaryDirectory()
        let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions").path
        try FileManager.default.createDirectory(atPath: dir + "/Sessions", withIntermediateDirectories: true)
        let teacher = dir + "/Sessions/07-layout-guide.json"
        try FileManager.default.copyItem(atPath: lessons + "/07-layout-guide.json", toPath: teacher)
        #expect(chmod(teacher, 0o644) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: teacher))
        func mode(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
        }
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let student = try await server.evals(["new", "source \(lessons)/07-layout-guide.kbs"], session: "student")
        let refused = student[1]?["result"]
        #expect(refused?["ok"] == .bool(false))
        #expect(refused?["output"]?.stringValue?.contains("07-layout-guide.json is not this session's to replace: another session or a person wrote it") == true,
                "\(refused?.text ?? "no reply")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: teacher)) == before)
        #expect(mode(teacher) == 0o644)
        // Under a name of its own it saves, and replaces that file again.
        let own = dir + "/Sessions/mine.json"
        let saves = try await server.evals(["demo", "save mine", "set formBottom.constant 40", "save"], session: "student")
        for reply in saves { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        #expect(chmod(own, 0o640) == 0)
        #expect(try await server.evals(["set formBottom.constant 50", "save"], session: "student").last??["result"]?["ok"] == .bool(true))
        #expect(mode(own) == 0o640)
        #expect(try String(contentsOfFile: own, encoding: .utf8).contains("set formBottom.constant 50"))
        // Another session may not replace it, nor may the student once a person changed it.
        let other = try await server.evals(["demo", "save mine"], session: "other")
        #expect(other[1]?["result"]?["ok"] == .bool(false))
        try "edited".write(toFile: own, atomically: false, encoding: .utf8)
        let changed = try await server.evals(["save"], session: "student")
        #expect(changed[0]?["result"]?["error"]?["message"]?.stringValue?.contains("it changed since this session saved it") == true,
                "\(changed[0]?.text ?? "no reply")")
        #expect(try String(contentsOfFile: own, encoding: .utf8) == "edited")
    }

    /// Every lesson, fed to a daemon session with a `close` (a snapshot,
    /// an unload, a reload) after every third command and a `save` after
    /// every fifth, then `kill -9` and a restart: the session comes back
    /// as the same commands leave it in one `kbplay run`. (A layout its
    /// constraints leave ambiguous can come back from a snapshot with other
    /// frames, as from a session file: which of the equal solutions the
    /// solver picks depends on the order it was given its constraints.)
    @Test func everyLessonComesBackFromClosesAndAKillAsOneRunLeavesIt() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions")
        let lessons = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".kbs") }.sorted()
        #expect(lessons.count >= 19)
        let probes = ["frames", "constraints", "print kb.end.minY", "print kb.begin.minY", "print kb.duration", "focus",
                      "strategies", "rules"]
        for lesson in lessons {
            var script = ScriptLines(StringLineReader(try String(contentsOf: folder.appendingPathComponent(lesson), encoding: .utf8)))
            var read: [String] = []
            // The files a lesson names are beside it, as `kbplay attach`
            // sends them: made absolute.
            while let line = script.next() { read.append(CommandParser.resolvingFiles(in: line.text, against: folder.path)) }
            let lines = read
            let dir = temporaryDirectory()
            let server = try await DaemonProcess.start(directory: dir)
            let evals = try await offPool { () -> [String] in
                let c = try Connection(server.socket)
                var evals: [String] = []
                for (i, line) in lines.enumerated() {
                    _ = c.request(Connection.eval(id: i, session: "l", line))
                    evals.append(line)
                    if i % 3 == 2 { _ = c.request(#"{"id": "c", "session": "l", "op": "close"}"#) }
                    if i % 5 == 4 {
                        evals.append("save snap\(i % 2)")
                        _ = c.request(Connection.eval(id: i, session: "l", evals.last!))
                    }
                }
                return evals
            }
            let restarted = try await server.killedAndRestarted()
            server.stop()
            let after = try await restarted.evals(probes, session: "l").map { $0?["result"] ?? .null }
            restarted.stop()
            let reference = try await offPool { try Self.runJSON(evals + probes).suffix(probes.count) }
            for (probe, (came, ran)) in zip(probes, zip(after, reference)) {
                #expect(came["ok"] == ran["ok"] && came["output"] == ran["output"],
                        "\(lesson), \(probe):\n\(came["output"]?.stringValue ?? came.text)\nagainst one run:\n\(ran["output"]?.stringValue ?? ran.text)")
            }
        }
    }

    /// The same lessons, with the machine stopping instead of `kill -9`:
    /// each journal loses half of the records after its last snapshot (the
    /// part a power cut can take: snapshots are synced when written), the
    /// last one kept torn, and the restarted daemon, from its commit log,
    /// has every session as one run leaves it.
    @Test func everyLessonComesBackFromAMachineThatStoppedAsOneRunLeavesIt() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sessions")
        let lessons = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".kbs") }.sorted()
        let probes = ["frames", "constraints", "print kb.end.minY", "focus", "strategies", "rules"]
        var cut = 0
        for lesson in lessons {
            var script = ScriptLines(StringLineReader(try String(contentsOf: folder.appendingPathComponent(lesson), encoding: .utf8)))
            var lines: [String] = []
            // Without the closing `save`, which would leave a snapshot last.
            while let line = script.next() {
                if !line.text.hasPrefix("save ") { lines.append(CommandParser.resolvingFiles(in: line.text, against: folder.path)) }
            }
            let evals = lines
            let dir = temporaryDirectory()
            let server = try await DaemonProcess.start(directory: dir)
            _ = try await server.evals(evals, session: "l")
            let (restarted, _, _, _) = try await server.restartedAfterAPowerCut(session: "l") { whole in
                let text = Array(whole.utf8)
                // The records start after the id line and the last snapshot.
                let lineStarts = [0] + text.indices.filter { text[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }.dropLast()
                let snapshot = lineStarts.last { text[$0...].starts(with: Array("{\"saved\"".utf8)) || text[$0...].starts(with: Array("{\"snapshot\"".utf8)) }
                let start = lineStarts.first { $0 > (snapshot ?? 0) } ?? text.count
                let keep = start + (text.count - start) / 2
                cut += text.count - keep
                return keep
            }
            server.stop()
            let after = try await restarted.evals(probes, session: "l").map { $0?["result"] ?? .null }
            restarted.stop()
            let reference = try await offPool { try Self.runJSON(evals + probes).suffix(probes.count) }
            for (probe, (came, ran)) in zip(probes, zip(after, reference)) {
                #expect(came["ok"] == ran["ok"] && came["output"] == ran["output"],
                        "\(lesson), \(probe):\n\(came["output"]?.stringValue ?? came.text)\nagainst one run:\n\(ran["output"]?.stringValue ?? ran.text)")
            }
        }
        // Records were cut from the journals, not just snapshots' ends.
        #expect(cut > 10_000)
    }

    @Test func anUndoAndTheNameToSaveUnderSurviveARestart() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        // The save leaves a snapshot in the journal; the undo after it goes
        // back past that snapshot, which holds no undo history.
        let commands = ["demo", "set formBottom.constant 100", "save mine", "undo", "print formBottom.constant"]
        let replies = try await offPool { () -> [JSON?] in
            let c = try Connection(server.socket)
            var replies = commands.enumerated().map { i, command in c.request(Connection.eval(id: i, session: "u", command)) }
            replies.append(c.request(#"{"id": 9, "session": "u", "op": "clone", "to": "copy"}"#))
            return replies
        }
        #expect(replies[4]?["result"]?["output"] == .string("20"))
        #expect(replies[5]?["status"] == .string("done"))
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await offPool { () -> [JSON] in
            let c = try Connection(restarted.socket)
            return [("u", "print formBottom.constant"), ("u", "save"), ("copy", "save"), ("u", "undo")].enumerated().map { i, request in
                c.request(Connection.eval(id: i, session: request.0, request.1))?["result"] ?? .null
            }
        }
        #expect(after[0]["output"] == .string("20"))
        // `save` alone still knows the name it saved under…
        #expect(after[1]["path"] == .string(dir + "/Sessions/mine.json"), "\(after[1].text)")
        // …but a copy does not take it, so it cannot write over the original's file.
        #expect(after[2]["ok"] == .bool(false))
        #expect(after[2]["error"]?["message"] == .string("'save' needs a name the first time"))
        // The undo history did not survive, and undo says why.
        #expect(after[3]["output"] == .string("nothing to undo since this session was read back from a file (a session file, or a daemon's snapshot after a close, an idle unload or a restart), which keeps no undo history"))
    }

    @Test func aValueReadFromTheLastNotificationSurvivesARestart() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        // The close writes the session's snapshot and unloads it; the set
        // after it reads the notification the focus posted, from the
        // session that snapshot brings back, and so does its replay.
        let replies = try await offPool { () -> [JSON?] in
            let c = try Connection(server.socket)
            var replies = ["demo", "focus email"].map { c.request(Connection.eval(id: 1, session: "n", $0)) }
            replies.append(c.request(#"{"id": 2, "session": "n", "op": "close"}"#))
            replies += ["set formBottom.constant = kb.end.minY - 400", "print formBottom.constant"].map {
                c.request(Connection.eval(id: 3, session: "n", $0))
            }
            return replies
        }
        #expect(replies[2]?["status"] == .string("done"))
        #expect(replies[3]?["result"]?["ok"] == .bool(true), "\(replies[3]?.text ?? "no reply")")
        #expect(replies[4]?["result"]?["output"] == .string("116"))
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await restarted.evals(["print formBottom.constant"], session: "n")[0]
        #expect(after?["result"]?["output"] == .string("116"))
    }

    /// Acknowledged records are made durable in the commit log, not in
    /// their journals; a machine that stops can take a journal's last
    /// records with it, and the restarted daemon writes them back.
    @Test func recordsAJournalLostWithTheMachineComeBackFromTheCommitLog() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let commands = ["demo", "focus email", "set formBottom.constant = 20", "set formBottom.constant = 30"]
        let replies = try await server.evals(commands, session: "m")
        for reply in replies { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        // What a power cut can leave of a journal whose last records had
        // not reached its disk: the last two gone, the one before torn.
        let (restarted, journal, whole, cut) = try await server.restartedAfterAPowerCut(session: "m") { whole in
            whole.split(separator: "\n").dropLast(3).map { $0.utf8.count + 1 }.reduce(0, +) + 7
        }
        defer { restarted.stop() }
        #expect(cut.contains("\"demo\"") && !cut.contains("focus email") && !cut.contains("constant = 20"))
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == whole)
        let after = try await restarted.evals(["print formBottom.constant"], session: "m")[0]
        #expect(after?["result"]?["output"] == .string("30"))
    }

    /// Two clients of one session, each on its own connection (so on both
    /// event loops), send at once; the machine stops and the journal loses
    /// every record. The log holds each record with all written before it,
    /// so the restarted daemon has the session as it was.
    @Test func twoClientsOfOneSessionComeBackFromTheCommitLogAfterTheMachineStopped() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        _ = try await server.evals(["demo"], session: "t")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for c in 0..<2 {
                group.addTask {
                    try await offPool {
                        let connection = try Connection(server.socket)
                        for k in 1...150 {
                            _ = connection.request(Connection.eval(id: k, session: "t", "set formBottom.constant = \(c * 1000 + k)"))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let probes = ["print formBottom.constant", "history 400"]
        let before = try await server.evals(probes, session: "t").map { $0?["result"]?["output"] }
        // The records are gone: only the id line is left, and the snapshot
        // after it if the journal was compacted (synced when written).
        let (restarted, journal, whole, _) = try await server.restartedAfterAPowerCut(session: "t") { whole in
            let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.prefix(lines[1].hasPrefix("{\"s") ? 2 : 1).map { $0.utf8.count + 1 }.reduce(0, +)
        }
        defer { restarted.stop() }
        #expect(whole.components(separatedBy: "\"command\": \"set formBottom.constant").count - 1 > 40)
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == whole)
        let after = try await restarted.evals(probes, session: "t").map { $0?["result"]?["output"] }
        #expect(after == before)
    }

    /// Under a limit on file size, a command whose record does not fit is
    /// refused with the reason, its part-written record is cut off the
    /// journal (else the next record, sharing its line, would be lost), and
    /// the daemon goes on. The 16 MB commit log cannot be made under it
    /// either: the daemon says so and syncs journals itself.
    @Test func aLimitOnFileSizeRefusesACommandAndStopsNothing() async throws {
        let dir = temporaryDirectory()
        // 64 or 128 KB, whichever the shell's blocks make it.
        let server = try await DaemonProcess.start(directory: dir, fileSize: 128)
        defer { server.stop() }
        #expect(try String(contentsOfFile: dir + "/serve.err", encoding: .utf8).contains("synced in its journal instead"))
        let big = "set email.text = \"" + String(repeating: "x", count: 200_000) + "\""
        let replies = try await server.evals(["demo", big, "set formBottom.constant = 33"], session: "f")
        #expect(replies[0]?["result"]?["ok"] == .bool(true))
        #expect(replies[1]?["status"] == .string("error"))
        #expect(replies[1]?["error"]?["message"]?.stringValue?.hasSuffix("f.journal: File too large") == true, "\(replies[1]?.text.prefix(300) ?? "")")
        #expect(replies[2]?["result"]?["ok"] == .bool(true))
        #expect(server.isRunning)
        let journal = try String(contentsOfFile: dir + "/Sessions/.journal/f.journal", encoding: .utf8)
        #expect(!journal.contains("xxxxxxxx"))
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await restarted.evals(["print formBottom.constant"], session: "f")[0]
        #expect(after?["result"]?["output"] == .string("33"))
    }

    /// Where the commit log cannot be made, the daemon says so and syncs
    /// each record in its journal instead.
    @Test func withoutACommitLogTheJournalsAreSyncedThemselves() async throws {
        let dir = temporaryDirectory()
        // Something else where the log would go.
        #expect(mkdir(dir + "/Sessions", 0o700) == 0 && mkdir(dir + "/Sessions/.journal", 0o700) == 0)
        #expect(mkdir(dir + "/Sessions/.journal/commit.log", 0o700) == 0)
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let err = try String(contentsOfFile: dir + "/serve.err", encoding: .utf8)
        #expect(err.contains("commit.log") && err.contains("synced in its journal instead"), "\(err)")
        let replies = try await server.evals(["demo", "set formBottom.constant = 30"], session: "w")
        for reply in replies { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        let restarted = try await server.killedAndRestarted()
        defer { restarted.stop() }
        let after = try await restarted.evals(["print formBottom.constant"], session: "w")[0]
        #expect(after?["result"]?["output"] == .string("30"))
    }

    /// A restart on a folder where one journal is damaged in the middle and
    /// another was written by a later kbplay: the other sessions load; each
    /// of those two is refused, to its client and on the daemon's standard
    /// error, with its path (and line, or both versions), and its journal
    /// is left as it was.
    @Test func aDamagedOrLaterJournalIsRefusedAndTheOthersLoad() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        let first = try await server.evals(["demo", "set formBottom.constant = 30"], session: "good")
        for reply in first { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        server.terminate()
        server.stop()
        func record(_ command: String, _ seq: Int) -> String {
            JSON.object(["client": .string("client-1"), "command": .string(command), "seq": .number(Double(seq))]).text
        }
        let journals = dir + "/Sessions/.journal/"
        let damaged = ["{\"journal\": \"d1\", \"version\": 1}", record("demo", 1), "{\"client\": \"client-1\", \"comm",
                       record("focus email", 3)].joined(separator: "\n") + "\n"
        let later = ["{\"journal\": \"d2\", \"version\": 7}", record("demo", 1)].joined(separator: "\n") + "\n"
        try damaged.write(toFile: journals + "bad.journal", atomically: true, encoding: .utf8)
        try later.write(toFile: journals + "later.journal", atomically: true, encoding: .utf8)
        let restarted = try await DaemonProcess.start(directory: dir)
        defer { restarted.stop() }
        let good = try await restarted.evals(["print formBottom.constant"], session: "good")[0]
        #expect(good?["result"]?["output"] == .string("30"))
        for _ in 0..<2 {
            let bad = try await restarted.evals(["frames"], session: "bad")[0]
            #expect(bad?["status"] == .string("error"))
            let message = bad?["error"]?["message"]?.stringValue ?? bad?.text ?? "no reply"
            #expect(message.hasPrefix("\(journals)bad.journal:3: a damaged record (not JSON: "), "\(message)")
            let newer = try await restarted.evals(["frames"], session: "later")[0]
            #expect(newer?["error"]?["message"] == .string("\(journals)later.journal is a journal of format version 7, written by a later kbplay; this one reads versions up to 1. Serve the session with that kbplay, or move the journal away to start the session anew"), "\(newer?.text ?? "no reply")")
        }
        #expect(try String(contentsOfFile: journals + "bad.journal", encoding: .utf8) == damaged)
        #expect(try String(contentsOfFile: journals + "later.journal", encoding: .utf8) == later)
        // Said once each on standard error, however often it is asked for.
        let err = try String(contentsOfFile: dir + "/serve.err", encoding: .utf8)
        let said = err.split(separator: "\n").filter { $0.hasPrefix("kbplay serve: session '") }
        #expect(said.count == 2, "\(err)")
        #expect(said.contains { $0.hasPrefix("kbplay serve: session 'bad' not loaded: \(journals)bad.journal:3: a damaged record") }, "\(err)")
        #expect(said.contains { $0.hasPrefix("kbplay serve: session 'later' not loaded: \(journals)later.journal is a journal of format version 7") }, "\(err)")
    }

    @Test func scriptsThatKeepTheirSessionsWaitingHoldUpNoOtherSession() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        // Forty scripts whose writers have not finished: each `source`
        // waits for the rest, on a session of its own. (When pauses ran in
        // libdispatch's pool, which starts with a thread per core and adds
        // about one a second, the other sessions' `save`s waited behind
        // them, and this test took 39 s instead of a quarter of a second.)
        let waiting = 40
        let writers = (0..<waiting).map { k -> Int32 in
            let fifo = server.directory + "/slow\(k).kbs"
            #expect(mkfifo(fifo, 0o600) == 0)
            // Not inherited by programs other tests start meanwhile, which
            // would keep the script from ever ending.
            return open(fifo, O_RDWR | O_CLOEXEC)
        }
        #expect(writers.allSatisfy { $0 >= 0 })
        let outcome = try await offPool { () -> (others: [JSON?], sourced: [JSON?], after: JSON?) in
            let sources = try (0..<waiting).map { k -> Connection in
                let c = try Connection(server.socket)
                _ = c.request(Connection.eval(id: 0, session: "a\(k)", "demo"))
                c.send(Connection.eval(id: 1, session: "a\(k)", "source \(server.directory)/slow\(k).kbs"))
                return c
            }
            // More clients than the daemon has event loops, each on a session
            // of its own (some share a waiting one's loop), and each with a
            // command that also runs off the loops: every one is answered
            // while the scripts wait (a read gives up after 10 s).
            var others: [JSON?] = []
            for k in 0...ProcessInfo.processInfo.activeProcessorCount {
                let other = try Connection(server.socket)
                others.append(other.request(Connection.eval(id: 2, session: "o\(k)", "demo")))
                others.append(other.request(Connection.eval(id: 3, session: "o\(k)", "save o\(k)")))
            }
            for writer in writers {
                _ = "focus email\n".withCString { write(writer, $0, 12) }
                close(writer)
            }
            let sourced = sources.map { $0.readJSON() }
            return (others, sourced, sources[0].request(Connection.eval(id: 3, session: "a0", "print kb.frame.minY")))
        }
        for reply in outcome.others { #expect(reply?["result"]?["ok"] == .bool(true), "\(reply?.text ?? "no reply")") }
        for reply in outcome.sourced {
            #expect(reply?["id"] == .number(1))
            #expect(reply?["result"]?["focus"]?["field"] == .string("email"))
        }
        #expect(outcome.after?["result"]?["output"] == .string("516"))
    }

    /// Another user listens first at the socket path (as one can in /tmp):
    /// the clients send it nothing and say whose it is, and `kbplay serve`
    /// does not take it for a daemon of its own. Another user takes root.
    @Test(.enabled(if: geteuid() == 0, "needs root, to listen as another user"))
    func aSocketOfAnotherUserGetsNothingFromTheClients() async throws {
        let dir = temporaryDirectory()
        let socket = dir + "/kbplay.sock", heard = dir + "/heard"
        // Bound as this user, then listening as nobody (65534): the peer's
        // credentials are those of listen().
        let squatter = Process()
        squatter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        squatter.arguments = ["python3", "-c", """
            import os, socket, sys
            f = open(sys.argv[2], "ab", buffering=0)
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); os.setuid(65534); s.listen(8)
            print("listening", flush=True)
            with f:
                while True:
                    c, _ = s.accept(); c.settimeout(2)
                    try:
                        f.write(c.recv(65536))
                    except OSError:
                        pass
                    c.close()
            """, socket, heard]
        let ready = Pipe()
        squatter.standardOutput = ready
        try squatter.run()
        defer { kill(squatter.processIdentifier, SIGKILL); squatter.waitUntilExit() }
        _ = Self.read(ready, until: "listening")
        let sessions = try await offPool { try Self.kbplay(["sessions", "--socket", socket], input: "") }
        #expect(sessions.status == 1)
        #expect(sessions.err.contains("\(socket) is served by a program of another user (uid 65534), not by a kbplay serve of yours, so nothing was sent to it"),
                "\(sessions.err)")
        let attach = try await offPool { try Self.kbplay(["attach", "lesson", "--socket", socket], input: "focus email\n") }
        #expect(attach.status == 1)
        #expect(attach.err.contains("another user (uid 65534)"), "\(attach.err)")
        let serve = try await offPool { try Self.kbplay(["serve", "--socket", socket, "--sessions", dir + "/Sessions"], input: "") }
        #expect(serve.status != 0)
        #expect(serve.err.contains("is served by a program of another user (uid 65534): give this daemon a --socket of its own"),
                "\(serve.err)")
        // Two clients and a serve connected; none of them wrote a byte.
        try await Task.sleep(for: .milliseconds(100))
        #expect((try? Data(contentsOf: URL(fileURLWithPath: heard)))?.isEmpty ?? true)
    }

    @Test func aSecondServeOnTheSameSessionsIsRefused() async throws {
        let server = try await DaemonProcess.start()
        defer { server.stop() }
        let second = try await offPool {
            try Self.kbplay(["serve", "--socket", server.directory + "/other.sock", "--sessions", server.directory + "/Sessions"],
                            input: "")
        }
        #expect(second.status == 3)
        #expect(second.err.hasPrefix("kbplay serve: another kbplay serve uses the sessions in \(server.directory)/Sessions (pid "))
        #expect(!FileManager.default.fileExists(atPath: server.directory + "/other.sock"))
    }

    // MARK: Helpers

    /// What `pipe` gives, appended to `seen`, until it holds `text` or the
    /// writer closes it; blocks meanwhile.
    static func read(_ pipe: Pipe, until text: String, after seen: String = "") -> String {
        var seen = seen
        while !seen.contains(text) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return seen
    }

    /// `kbplay run --json -` on `commands`: one JSON object per command.
    static func runJSON(_ commands: [String]) throws -> [JSON] {
        let r = try kbplay(["run", "--json", "-"], input: commands.joined(separator: "\n") + "\n")
        return try r.out.split(separator: "\n").map { try JSONReader.parse(String($0)) }
    }

    /// Runs kbplay to the end with `input` on stdin, in a folder of its own.
    static func kbplay(_ arguments: [String], input: String, in folder: String? = nil) throws -> (out: String, err: String, status: Int32) {
        let dir = folder ?? temporaryDirectory()
        let inputFile = dir + "/input.kbs"
        try input.write(toFile: inputFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardInput = FileHandle(forReadingAtPath: inputFile)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Drain stderr beside stdout so neither pipe can fill up.
        let errData = LockedData()
        let errThread = Thread { errData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errThread.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.done { usleep(1000) }
        return (String(decoding: out, as: UTF8.self), String(decoding: errData.data, as: UTF8.self), process.terminationStatus)
    }
}

/// `kbplay serve` as a child process on a socket in a temporary folder.
///
/// It runs under a small shell that holds the read end of a pipe from this
/// process: if the test process dies (a crash elsewhere in the suite, a
/// timeout), the pipe closes and the shell kills the daemon, so no daemon
/// outlives its test run.
final class DaemonProcess: @unchecked Sendable {
    let directory: String
    let socket: String
    private let shell = Process()
    private let lifeline = Pipe()
    /// The daemon's process id (the shell's child).
    private(set) var pid: pid_t = 0

    private init(directory: String) {
        self.directory = directory
        socket = directory + "/s.sock"
    }

    /// Starts the daemon on `DIR/s.sock` with sessions in `DIR/Sessions`
    /// and waits until it accepts connections.
    /// `openFiles`: its limit of open files (soft and hard), if not the test's.
    /// `fileSize`: its limit on a file's size (`ulimit -f`, in the shell's
    /// blocks: 512 or 1,024 bytes), if any.
    /// `arguments`: more of `kbplay serve`'s options (`--http 127.0.0.1:0`).
    static func start(directory: String = temporaryDirectory(), openFiles: Int? = nil,
                      fileSize: Int? = nil, arguments: [String] = []) async throws -> DaemonProcess {
        // A daemon that closes a connection mid-write must not kill the
        // test process.
        signal(SIGPIPE, SIG_IGN)
        let server = DaemonProcess(directory: directory)
        try await offPool { try server.launch(openFiles: openFiles, fileSize: fileSize, arguments: arguments) }
        return server
    }

    private func launch(openFiles: Int? = nil, fileSize: Int? = nil, arguments: [String] = []) throws {
        // Only the shell may hold the read end; no other child gets the write end.
        _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let limit = (openFiles.map { "ulimit -n \($0) && " } ?? "") + (fileSize.map { "ulimit -f \($0) && " } ?? "")
        let script = limit + #"b="$0" s="$1" d="$2" o="$3"; shift 3; "$b" serve --socket "$s" --sessions "$d" "$@" </dev/null >"$o.out" 2>"$o.err" & echo $!; cat >/dev/null; kill -9 $! 2>/dev/null"#
        unlink(directory + "/serve.out")  // a restart on the same folder must say it again
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, DaemonProcessTests.binary.path, socket, directory + "/Sessions", directory + "/serve"]
            + arguments
        shell.currentDirectoryURL = URL(fileURLWithPath: directory)
        shell.standardInput = lifeline
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        pid = pid_t(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        // Ready once it says so: it prints the line after the socket is
        // bound and given its mode.
        for _ in 0..<500 where pid > 0 {
            let said = (try? String(contentsOfFile: directory + "/serve.out", encoding: .utf8)) ?? ""
            if said.contains("serving on") { return }
            guard isRunning else { break }
            usleep(10_000)
        }
        stop()
        let err = (try? String(contentsOfFile: directory + "/serve.err", encoding: .utf8)) ?? ""
        throw DaemonProcessError("kbplay serve did not start on \(socket) (binary \(DaemonProcessTests.binary.path)): \(err)")
    }

    /// Evaluates the commands in turn on `session`, over a connection of
    /// its own; their replies (nil where none came).
    func evals(_ commands: [String], session: String) async throws -> [JSON?] {
        let socket = self.socket
        return try await offPool {
            let c = try Connection(socket)
            return commands.enumerated().map { i, command in c.request(Connection.eval(id: i, session: session, command)) }
        }
    }

    /// The daemon is alive (not gone, not a zombie awaiting its shell).
    var isRunning: Bool {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].first
        return state != "Z" && state != "X"
    }

    /// Sends SIGTERM and waits for the daemon to end.
    func terminate() {
        kill(pid, SIGTERM)
        for _ in 0..<500 where isRunning { usleep(10_000) }
    }

    /// SIGKILL, then a new daemon on the same folder, as after a crash.
    func killedAndRestarted() async throws -> DaemonProcess {
        try await offPool { self.kill9() }
        #expect(!isRunning)
        return try await DaemonProcess.start(directory: directory)
    }

    /// What a power cut can leave: kills the daemon, cuts `session`'s
    /// journal to the length `keep` picks from its text (what had reached
    /// the disk), and starts a daemon on the same folder. Returns it, the
    /// journal's path, and its text before and after the cut.
    func restartedAfterAPowerCut(session: String, keep: (String) -> Int) async throws
        -> (daemon: DaemonProcess, journal: String, whole: String, cut: String) {
        try await offPool { self.kill9() }
        #expect(!isRunning)
        let journal = directory + "/Sessions/.journal/\(session).journal"
        let whole = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(truncate(journal, off_t(keep(whole))) == 0)
        let cut = try String(contentsOfFile: journal, encoding: .utf8)
        return (try await DaemonProcess.start(directory: directory), journal, whole, cut)
    }

    /// SIGKILL, and wait until the daemon is gone.
    func kill9() {
        kill(pid, SIGKILL)
        for _ in 0..<500 where isRunning { usleep(10_000) }
    }

    /// Kills the daemon and ends its shell.
    func stop() {
        if pid > 0 { kill(pid, SIGKILL) }
        try? lifeline.fileHandleForWriting.close()
        shell.waitUntilExit()
    }
}

/// A test client that reads replies and keeps the change messages that
/// arrive in between (a subscribed connection gets both).
final class Connection: @unchecked Sendable {
    private let client: TestClient
    private var pendingChanges: [JSON] = []

    init(_ socket: String) throws {
        guard let client = TestClient(path: socket) else { throw DaemonProcessError("cannot connect to \(socket)") }
        self.client = client
    }

    static func eval(id: Int, session: String, _ command: String) -> String {
        JSON.object(["id": .number(Double(id)), "op": .string("eval"), "session": .string(session),
                     "command": .string(command)]).text
    }

    func send(_ line: String) { client.send(line) }
    func sendRaw(_ bytes: [UInt8]) { client.sendRaw(bytes) }
    func readJSON() -> JSON? { client.readLine().flatMap { try? JSONReader.parse($0) } }
    /// The next line as it came, unparsed.
    func readLine() -> String? { client.readLine() }
    /// Says the client will send nothing more (`shutdown(SHUT_WR)`, as
    /// `nc -N` does at the end of its input); replies can still come.
    func finishSending() { _ = shutdown(client.socket.fd, Int32(SHUT_WR)) }
    /// Whether the daemon has closed its end: the socket reads as ended.
    func peerClosed() -> Bool {
        var byte: UInt8 = 0
        return recv(client.socket.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Sends a request and returns its reply; change events read on the
    /// way are kept for ``changes(atLeast:)``.
    func request(_ line: String) -> JSON? {
        client.send(line)
        while let json = readJSON() {
            if json["event"] == .string("change") { pendingChanges.append(json) } else { return json }
        }
        return nil
    }

    /// The change events received so far, reading more until one for
    /// `command` has arrived (or the connection times out).
    func changes(until command: String) -> [JSON] {
        while !pendingChanges.contains(where: { $0["result"]?["command"] == .string(command) }), let json = readJSON() {
            if json["event"] == .string("change") { pendingChanges.append(json) }
        }
        return pendingChanges
    }
}

struct DaemonProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Data()
    private var finished = false
    func set(_ data: Data) { lock.withLock { value = data; finished = true } }
    var done: Bool { lock.withLock { finished } }
    var data: Data { lock.withLock { value } }
}

