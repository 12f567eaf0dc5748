import Testing
@testable import KBDaemon
import KBShell

/// A socket client's requests are answered in the order it sent them,
/// whatever each takes: an eval whose reply waits for its record to sync,
/// a rejected eval (nothing to journal: ready at once), a `complete` (a
/// task off the loop), a malformed request (answered as it is read).
@Suite("Daemon: replies in the order of the requests")
struct ReplyOrderTests {
    /// 300 requests in one write on one connection, five kinds in turn;
    /// every reply carries the id of the request in its place, each `inc`
    /// and `get` sees every `inc` before it and none after, and the session
    /// has every `inc` at the end. Carrying a connection's requests out
    /// side by side would answer the rejected eval, and the malformed
    /// request, before the `inc` sent just before it (whose reply waits
    /// for the disk).
    @Test func threeHundredRequestsAtOnceAreAnsweredInOrder() async throws {
        let dir = temporaryDirectory()
        _ = try await startDaemon(dir)
        let client = try #require(TestClient(path: dir + "/d.sock"))
        let count = 300
        let lines = (1...count).map { id -> String in
            switch id % 5 {
            case 1: #"{"id": \#(id), "session": "order", "op": "eval", "command": "inc"}"#
            case 2: #"{"id": \#(id), "session": "order", "op": "eval", "command": "nope"}"#
            case 3: #"{"id": \#(id), "session": "order", "op": "complete", "line": "in"}"#
            case 4: #"{"id": \#(id), "session": "order", "op": "eval", "command": "get"}"#
            default: #"{"id": \#(id), "session": "order", "op": "frobnicate"}"#
            }
        }
        client.sendRaw(Array(lines.map { $0 + "\n" }.joined().utf8))
        var replies: [JSON] = []
        for _ in 1...count {
            guard let reply = await client.next() else { break }
            replies.append(reply)
        }
        #expect(replies.count == count)
        // Each reply's kind is checked below only if the ids are in order.
        try #require(replies.map { $0["id"]?.numberValue.map(Int.init) } == (1...count).map { $0 })
        var incs = 0
        for (index, reply) in replies.enumerated() {
            let id = index + 1
            switch id % 5 {
            case 1, 4:
                if id % 5 == 1 { incs += 1 }
                #expect(reply["status"] == .string("done") && reply["result"]?["value"] == .number(Double(incs)),
                        "reply \(id): \(reply.text)")
            case 2:
                #expect(reply["status"] == .string("done") && reply["result"] != nil && reply["result"]?["value"] == nil,
                        "reply \(id): \(reply.text)")
            case 3:
                #expect(reply["completions"] == .array([.string("inc")]), "reply \(id): \(reply.text)")
            default:
                #expect(reply["status"] == .string("error")
                        && reply["error"]?["message"]?.stringValue?.hasPrefix("unknown op 'frobnicate'") == true,
                        "reply \(id): \(reply.text)")
            }
        }
        #expect(incs == 60)
        let final = await client.ask(#"{"id": 0, "session": "order", "op": "eval", "command": "get"}"#)
        #expect(final?["result"]?["value"] == .number(60))
    }
}
