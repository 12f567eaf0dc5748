import Testing
@testable import KBDaemon
import KBShell

/// A page's WebSocket messages, read as typed requests: each op with the
/// field it needs, and what is wrong with the others, in the words the
/// page is answered with.
@Suite struct PageRequestTests {
    func failure(_ text: String) -> PageFailure? {
        guard case let .failure(failure) = PageRequest.parse(text) else { return nil }
        return failure
    }

    @Test func readsEachOp() throws {
        #expect(try PageRequest.parse(#"{"op": "eval", "id": 3, "command": "demo"}"#).get() == .eval(id: .number(3), command: "demo"))
        #expect(try PageRequest.parse(#"{"op": "complete", "id": "c", "line": "set em"}"#).get()
            == .complete(id: .string("c"), line: "set em"))
        #expect(try PageRequest.parse(#"{"op": "explain", "view": "email"}"#).get() == .explain(id: .null, view: "email"))
        #expect(try PageRequest.parse(#"{"op": "eval", "id": 1, "command": "x"}"#).get().op == .eval)
    }

    @Test func notAnObjectIsSaidBeforeAnythingElse() {
        for text in ["", "[1]", "\"eval\"", "{\"op\": "] {
            let failure = failure(text)
            #expect(failure?.notAnObject == true, "\(text)")
            #expect(failure?.id == .null)
            #expect(failure?.message == "a message is a JSON object: {\"op\": \"eval\"|\"complete\"|\"explain\", \"id\": …}")
        }
    }

    @Test func unknownOrMissingOp() {
        for text in [#"{"id": 7, "op": "describe"}"#, #"{"id": 7}"#, #"{"id": 7, "op": 1}"#] {
            let failure = failure(text)
            #expect(failure?.notAnObject == false, "\(text)")
            #expect(failure?.op == nil)
            #expect(failure?.id == .number(7))
            #expect(failure?.message == "unknown op; a page sends eval, complete or explain")
        }
    }

    /// A field missing, or not a string: the op is kept (an `eval` without
    /// its command still meets the token rule first).
    @Test func missingFieldKeepsTheOp() {
        let eval = failure(#"{"id": 1, "op": "eval"}"#)
        #expect(eval == PageFailure(id: .number(1), op: .eval, message: "eval needs \"command\" (a string)"))
        #expect(failure(#"{"id": 2, "op": "complete", "line": 5}"#)
            == PageFailure(id: .number(2), op: .complete, message: "complete needs \"line\" (a string)"))
        #expect(failure(#"{"id": 3, "op": "explain"}"#)
            == PageFailure(id: .number(3), op: .explain, message: "explain needs \"view\" (a name)"))
    }
}
