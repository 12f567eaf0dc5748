import Foundation
import KBShell
import KBTestSupport
import NIOCore
import Synchronization
import Testing

@testable import KBDaemon

/// How many times a session's page was drawn.
final class DrawCount: Sendable {
    let value = Atomic<Int>(0)
}

/// A session whose page is drawn from its value and counts its drawings.
struct DrawnSession: HostedSession {
    var value = 0
    var draws = DrawCount()
    init(sessionsDirectory: String) {}
    init(decoding text: String, path: String, sessionsDirectory: String) throws { value = Int(text) ?? 0 }
    func encoded() throws -> String { "\(value)" }
    func completions(prefix: String, word: String) -> [String] { [] }

    mutating func execute(_ line: String) -> CommandOutcome {
        guard line == "inc" else { return .rejected(line, CommandError("unknown command '\(line)'", column: 1)) }
        value += 1
        return CommandOutcome(command: line, text: "\(value)")
    }

    func webPage() -> JSON {
        draws.value.add(1, ordering: .relaxed)
        return .object([
            "svg": .string("<svg data-value=\"\(value)\"></svg>\n"), "verdict": .string("nothing focused"), "focus": .null,
            "notifications": .string("keyboardWillShow"), "diff": .string("~ email"), "command": .string("inc"),
            "flaws": .array([.object(["id": .string("observer-safe-area"), "strategy": .string("observer"),
                                      "reason": .string("r"), "fix": .null])]),
        ])
    }
}

/// A session's page is drawn once per change and every page on the session
/// gets the same bytes; the workshop's card is the drawing, the verdict,
/// the focus and the flaws' ids.
@Suite struct RenderedPageTests {
    static func host(_ session: DrawnSession) throws -> (SessionHost<DrawnSession>, String) {
        let dir = TemporaryFolder.make("rendered-page")
        let host = try SessionHost<DrawnSession>.copy(of: session, name: SessionName("s")!, directory: dir,
                                                       sessionsDirectory: dir, syncer: JournalSync())
        return (host, dir)
    }

    @Test func aChangeIsDrawnOnceForEveryPageThatAsks() throws {
        let session = DrawnSession(sessionsDirectory: "")
        let (host, dir) = try Self.host(session)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func drawn() -> Int { session.draws.value.load(ordering: .relaxed) }
        let expected = session.webPage().text
        #expect(drawn() == 1)
        let first = host.renderedPage(.full).page
        let again = host.renderedPage(.full).page
        let card = host.renderedPage(.card).page
        _ = host.page
        #expect(drawn() == 2)  // once for the four asks
        #expect(first == again)
        #expect(String(buffer: first) == expected)
        #expect(String(buffer: card) == #"{"flaws": [{"id": "observer-safe-area"}], "focus": null, "#
            + #""svg": "<svg data-value=\"0\"></svg>\n", "verdict": "nothing focused"}"#)
        // A change: drawn again, once, from the session as it is now.
        host.submit("inc", client: "c") { _ in }
        let changed = host.renderedPage(.full).page
        _ = host.renderedPage(.card)
        #expect(drawn() == 3)
        #expect(String(buffer: changed).contains(#"<svg data-value=\"1\">"#))
    }
}
