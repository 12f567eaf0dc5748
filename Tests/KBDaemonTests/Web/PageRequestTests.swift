import NIOCore
import Testing
@testable import KBDaemon
import KBShell

/// A page's messages read as ``PageRequest``s, with the error each bad one
/// gets, and the answers (``PageReply``) written byte for byte as the
/// page's script reads them.
@Suite struct PageRequestTests {
    @Test func eachOpWithItsField() {
        #expect(PageRequest.parse(#"{"op": "eval", "id": 1, "command": "keyboard show"}"#)
            == .success(.eval(id: .number(1), command: "keyboard show")))
        #expect(PageRequest.parse(#"{"op": "complete", "id": "a", "line": "focus em"}"#)
            == .success(.complete(id: .string("a"), line: "focus em")))
        #expect(PageRequest.parse(#"{"view": "email", "op": "explain"}"#)
            == .success(.explain(id: .null, view: "email")))
        #expect(PageRequest.parse(#"{"op": "eval", "id": [1, 2], "command": ""}"#).map(\.op) == .success(.eval))
    }

    /// Each bad message says what was wrong and what a message needs; the
    /// id comes back when there was one, and a message with a known op
    /// keeps it (an `eval` without its command is still an `eval`).
    @Test func badMessagesSayWhatIsWrong() {
        let cases: [(String, PageRequestError, String)] = [
            ("not json", PageRequestError(id: .null, problem: .notAnObject),
             #"a message is a JSON object: {"op": "eval"|"complete"|"explain", "id": …}"#),
            (#"[1, 2]"#, PageRequestError(id: .null, problem: .notAnObject),
             #"a message is a JSON object: {"op": "eval"|"complete"|"explain", "id": …}"#),
            (#"{"id": 3}"#, PageRequestError(id: .number(3), problem: .unknownOp),
             "unknown op; a page sends eval, complete or explain"),
            (#"{"id": 4, "op": "run"}"#, PageRequestError(id: .number(4), problem: .unknownOp),
             "unknown op; a page sends eval, complete or explain"),
            (#"{"id": 5, "op": 1}"#, PageRequestError(id: .number(5), problem: .unknownOp),
             "unknown op; a page sends eval, complete or explain"),
            (#"{"id": 6, "op": "eval"}"#, PageRequestError(id: .number(6), problem: .missingField(.eval)),
             #"eval needs "command" (a string)"#),
            (#"{"id": 7, "op": "complete", "line": 7}"#, PageRequestError(id: .number(7), problem: .missingField(.complete)),
             #"complete needs "line" (a string)"#),
            (#"{"id": 8, "op": "explain", "view": null}"#, PageRequestError(id: .number(8), problem: .missingField(.explain)),
             #"explain needs "view" (a name)"#),
        ]
        for (text, error, message) in cases {
            #expect(PageRequest.parse(text) == .failure(error), "\(text)")
            #expect(error.message == message)
        }
        #expect(PageRequestError(id: .null, problem: .missingField(.eval)).op == .eval)
        #expect(PageRequestError(id: .null, problem: .unknownOp).op == nil)
    }

    /// The bytes of each answer: keys in order, as the page has always
    /// been sent them.
    @Test func answersAreWrittenAsBefore() {
        func text(_ reply: PageReply) -> String { String(buffer: reply.encoded()) }
        #expect(text(.evaluated(id: .number(1), ok: true, output: "keyboard shown"))
            == #"{"id": 1, "ok": true, "output": "keyboard shown", "type": "reply"}"#)
        #expect(text(.completed(id: .string("x"), word: "em", completions: ["email", "emoji"]))
            == #"{"completions": ["email", "emoji"], "id": "x", "type": "completions", "word": "em"}"#)
        #expect(text(.explained(id: .number(2), view: "keyboard", text: nil))
            == #"{"id": 2, "text": null, "type": "explain", "view": "keyboard"}"#)
        #expect(text(.explained(id: .number(3), view: "email", text: "email: \"a\""))
            == #"{"id": 3, "text": "email: \"a\"", "type": "explain", "view": "email"}"#)
        #expect(text(.failed(id: .null, message: "session 's' is loading; try again"))
            == #"{"id": null, "message": "session 's' is loading; try again", "type": "error"}"#)
        #expect(PageReply.failed(id: .number(9), message: "m").id == .number(9))
    }
}
