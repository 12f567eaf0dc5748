import Foundation
import NIOCore
import Testing
@testable import KBDaemon
import KBShell

/// The wire protocol's types: every request, reply and event is written
/// and read back as the same value, in the bytes SPEC §7 fixes.
@Suite struct ProtocolTests {
    static let s = SessionName("lesson")!
    static let t = SessionName("student-1")!

    static let requests: [DaemonRequest] = [
        .eval(id: .number(1), session: s, command: #"set email.text = "a \" b""#),
        .describe(id: .string("d")),
        .complete(id: .number(3), session: s, line: "focus em", cursor: nil),
        .complete(id: .number(4), session: s, line: "focus em", cursor: 3),
        .lsSessions(id: .null),
        .clone(id: .number(6), session: s, to: t),
        .close(id: .number(7), session: t),
        .subscribe(id: .number(0), session: s),
    ]

    @Test(arguments: requests)
    func aRequestReadsBackAsItself(_ request: DaemonRequest) throws {
        let parsed = try DaemonRequest.parse(request.line).get()
        // ids come back as the text the client wrote
        #expect(parsed.id == .verbatim(request.id.text))
        #expect(parsed.op == request.op)
        #expect(parsed.session == request.session)
        #expect(parsed.line == request.line)
    }

    @Test func requestsAreWrittenAsSPECShowsThem() {
        #expect(DaemonRequest.eval(id: .number(1), session: Self.s, command: "focus email").line
                == #"{"command": "focus email", "id": 1, "op": "eval", "session": "lesson"}"#)
        #expect(DaemonRequest.clone(id: .number(2), session: Self.s, to: Self.t).line
                == #"{"id": 2, "op": "clone", "session": "lesson", "to": "student-1"}"#)
    }

    @Test func aRequestOfEachOpNeedsWhatItsOpNeeds() throws {
        func message(_ line: String) -> String? {
            if case let .failure(f) = DaemonRequest.parse(line) { f.message } else { nil }
        }
        #expect(message(#"{"id": 1, "op": "eval", "session": "s"}"#) == "op 'eval' needs \"command\" (a string)")
        #expect(message(#"{"id": 1, "op": "complete", "session": "s"}"#) == "op 'complete' needs \"line\" (a string)")
        #expect(message(#"{"id": 1, "op": "clone", "session": "s", "to": "../x"}"#) == "op 'clone' needs \"to\", a valid session name")
        #expect(message(#"{"id": 1, "op": "eval", "session": "a b", "command": "x"}"#)
                == SessionNameError(text: "a b").description)
        #expect(message(#"{"id": 1, "op": "complete", "session": "s", "line": "x", "cursor": -1}"#)?.hasPrefix("\"cursor\"") == true)
        #expect(message(#"{"id": 1, "op": "fly"}"#)?.hasPrefix("unknown op 'fly'; ops: eval, describe") == true)
        // a session file's name works as the session's name
        #expect(try DaemonRequest.parse(#"{"id": 1, "op": "close", "session": "lesson.json"}"#).get().session == Self.s)
    }

    static let replies: [(DaemonReply, DaemonRequest.Op, String)] = [
        (.evaluated(id: .number(1), session: s, result: .json(.object(["ok": .bool(true), "output": .string("✓")]))), .eval,
         #"{"id": 1, "result": {"ok": true, "output": "✓"}, "session": "lesson", "status": "done"}"#),
        (.described(id: .number(2), commands: .array([])), .describe, #"{"commands": [], "id": 2, "status": "done"}"#),
        (.completed(id: .string("c"), word: "em", completions: ["email"]), .complete,
         #"{"completions": ["email"], "id": "c", "status": "done", "word": "em"}"#),
        (.sessions(id: .number(4), names: ["a", "b"]), .lsSessions, #"{"id": 4, "sessions": ["a", "b"], "status": "done"}"#),
        (.done(id: .number(5), session: t), .clone, #"{"id": 5, "session": "student-1", "status": "done"}"#),
        (.done(id: .number(6), session: t), .close, #"{"id": 6, "session": "student-1", "status": "done"}"#),
        (.subscribed(id: .number(0), session: s, client: "client-3"), .subscribe,
         #"{"client": "client-3", "id": 0, "session": "lesson", "status": "subscribed"}"#),
        (.failed(id: .null, message: "no session named 'x'"), .close,
         #"{"error": {"message": "no session named 'x'"}, "id": null, "status": "error"}"#),
    ]

    @Test func repliesAreWrittenAndReadBack() throws {
        for (reply, op, line) in Self.replies {
            #expect(reply.line == line)
            #expect(String(buffer: reply.encoded()) == line + "\n")
            let read = try DaemonReply(try JSONReader.parse(line), answering: op)
            #expect(read == reply, "\(line)")
        }
        // an event is not a reply; a status the protocol lacks is an error
        #expect(try DaemonReply(try JSONReader.parse(#"{"event": "closed", "id": 0, "session": "s"}"#), answering: .eval) == nil)
        #expect(throws: DaemonProtocolError.self) {
            try DaemonReply(try JSONReader.parse(#"{"id": 1, "status": "maybe"}"#), answering: .eval)
        }
    }

    @Test func anEvalReplyWritesItsResultsBytesAsTheyAre() throws {
        var bytes = ByteBuffer()
        bytes.writeString(#"{"command": "focus email", "ok": true}"#)
        let written = DaemonReply.evaluated(id: .verbatim("9007199254740993"), session: Self.s, result: .written(bytes))
        #expect(written.line == #"{"id": 9007199254740993, "result": {"command": "focus email", "ok": true}, "session": "lesson", "status": "done"}"#)
    }

    @Test func eventsAreWrittenAndReadBack() throws {
        let events: [(DaemonEvent, String)] = [
            (.change(id: .number(0), session: Self.s, client: "client-2", result: .json(.object(["command": .string("rotate")]))),
             #"{"client": "client-2", "event": "change", "id": 0, "result": {"command": "rotate"}, "session": "lesson"}"#),
            (.lost(id: .number(0), session: Self.s, changes: 3), #"{"changes": 3, "event": "lost", "id": 0, "session": "lesson"}"#),
            (.closed(id: .number(0), session: Self.s), #"{"event": "closed", "id": 0, "session": "lesson"}"#),
        ]
        for (event, line) in events {
            #expect(String(buffer: event.encoded()) == line + "\n")
            #expect(DaemonEvent(try JSONReader.parse(line)) == event)
        }
        #expect(DaemonEvent(try JSONReader.parse(#"{"id": 1, "status": "done"}"#)) == nil)
        #expect(DaemonEvent.closed(id: .null, session: Self.s).notice == "… lesson was closed and its snapshot written; following it again")
    }
}

/// ``DaemonClient`` against a daemon on a real socket: every op as a
/// typed request, its reply as a typed value, a subscriber's events.
@Suite struct DaemonClientTests {
    @Test func everyOpThroughTheClient() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let c = try #require(TestClient(path: dir + "/d.sock"))
        let watcher = try #require(TestClient(path: dir + "/d.sock"))
        let lesson = SessionName("01-lesson")!, copy = SessionName("01-lesson.v2")!
        // a name may start with a digit and hold a dot
        guard case let .subscribed(_, session, me) = try await watcher.send(.subscribe(id: .number(0), session: lesson)) else {
            Issue.record("no subscription")
            return
        }
        #expect(session == lesson && me.hasPrefix("client-"))
        let reply = try await c.send(.eval(id: .string("e1"), session: lesson, command: "inc"))
        guard case let .evaluated(id, evaluated, result) = reply else { Issue.record("\(reply)"); return }
        #expect(id == .string("e1") && evaluated == lesson && result.json["value"] == .number(1))
        // the watcher hears of it, tagged with the client that made it
        guard case let .change(_, changed, client, change)? = await watcher.nextEvent() else { Issue.record("no change"); return }
        #expect(changed == lesson && client != me && change.json["command"] == .string("inc"))
        #expect(try await c.send(.clone(id: .number(2), session: lesson, to: copy)) == .done(id: .number(2), session: copy))
        #expect(try await c.send(.lsSessions(id: .number(3))) == .sessions(id: .number(3), names: ["01-lesson", "01-lesson.v2"]))
        guard case let .completed(_, word, _) = try await c.send(.complete(id: .number(4), session: copy, line: "in", cursor: nil)) else {
            Issue.record("no completions")
            return
        }
        #expect(word == "in")
        #expect(try await c.send(.close(id: .number(5), session: lesson)) == .done(id: .number(5), session: lesson))
        guard case .closed? = await watcher.nextEvent() else { Issue.record("the watcher was not told"); return }
        // a refusal is a typed reply too
        let refused = try await c.send(.clone(id: .number(6), session: SessionName("nobody")!, to: copy))
        guard case let .failed(_, message) = refused else { Issue.record("\(refused)"); return }
        #expect(message.hasPrefix("no session named 'nobody'"))
        #expect(throws: DaemonClientError.refused(message)) { try c.client.ask(.clone(id: .number(7), session: SessionName("nobody")!, to: copy)) }
    }

    @Test func noDaemonIsSaidWithItsPath() {
        let path = temporaryDirectory() + "/none.sock"
        #expect(throws: DaemonClientError.noDaemon(path: path)) { try DaemonClient(path: path) }
        #expect(DaemonClientError.noDaemon(path: path).description == "no daemon at \(path) (start one with: kbplay serve)")
    }
}
