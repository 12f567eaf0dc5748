#if canImport(Glibc)
import Glibc
#endif
import Testing
import KBTestSupport
@testable import KBDaemon
import KBShell

/// A page's messages are answered in the order it sent them, whatever each
/// takes: an eval whose reply waits for its record to sync, a rejected one
/// (nothing to journal: ready at once), a `complete` and an `explain`
/// (answered as they are read).
@Suite("Web pages: answers in the order of the messages", .serialized)
struct PageReplyOrderTests {
    /// 300 messages in one write on a page with the token, seven kinds in
    /// turn: every answer carries the id of the message in its place and
    /// is of its kind, each `print kb.visible` sees the `keyboard show` or
    /// `keyboard hide` sent before it, and the session ends as the last
    /// command left it (`keyboard hide`, id 298; `print`, id 300, says 0).
    /// Answering a page's messages side by side would send the `complete`,
    /// the rejected command and the `explain` before the eval sent just
    /// before each, whose answer waits for the disk.
    @Test func threeHundredMessagesAtOnceAreAnsweredInOrder() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        let count = 300
        let answers = try await offPool { () -> [JSON] in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo?token=\(WebDaemon.token)")
            guard page.message(containing: #""type": "page""#) != nil else { return [] }
            let frames = (1...count).flatMap { id -> [UInt8] in
                let message = switch id % 7 {
                case 1: #"{"op": "eval", "id": \#(id), "command": "keyboard show"}"#
                case 2, 6: #"{"op": "eval", "id": \#(id), "command": "print kb.visible"}"#
                case 3: #"{"op": "complete", "id": \#(id), "line": "focus em"}"#
                case 4: #"{"op": "eval", "id": \#(id), "command": "keyboard hide"}"#
                case 5: #"{"op": "eval", "id": \#(id), "command": "frobnicate"}"#
                default: #"{"op": "explain", "id": \#(id), "view": "keyboard"}"#
                }
                return RawWebSocket.frame(opcode: 1, payload: Array(message.utf8))
            }
            _ = frames.withUnsafeBytes { write(page.fd, $0.baseAddress, $0.count) }
            var answers: [JSON] = []
            // Snapshots of the session come between the answers.
            while answers.count < count, let text = page.next() {
                guard let message = try? JSONReader.parse(text), message["type"] != .string("page") else { continue }
                answers.append(message)
            }
            return answers
        }
        #expect(answers.count == count)
        // Each answer's kind is checked below only if the ids are in order.
        try #require(answers.map { $0["id"]?.numberValue.map(Int.init) } == (1...count).map { $0 })
        for (index, answer) in answers.enumerated() {
            let id = index + 1
            let type = answer["type"]?.stringValue
            switch id % 7 {
            case 1, 4:
                #expect(type == "reply" && answer["ok"] == .bool(true), "answer \(id): \(answer.text)")
            case 2:
                #expect(type == "reply" && answer["output"] == .string("1"), "answer \(id): \(answer.text)")
            case 6:
                #expect(type == "reply" && answer["output"] == .string("0"), "answer \(id): \(answer.text)")
            case 3:
                #expect(type == "completions" && answer["word"] == .string("em")
                        && answer["completions"]?.arrayValue?.contains(.string("email")) == true, "answer \(id): \(answer.text)")
            case 5:
                #expect(type == "reply" && answer["ok"] == .bool(false)
                        && answer["output"]?.stringValue?.contains("frobnicate") == true, "answer \(id): \(answer.text)")
            default:
                #expect(type == "explain" && answer["view"] == .string("keyboard") && answer["text"] == .null,
                        "answer \(id): \(answer.text)")
            }
        }
        let visible = try await web.evals(["print kb.visible"], session: "demo")
        #expect(visible[0]?["result"]?["value"] == .number(0))
    }
}
