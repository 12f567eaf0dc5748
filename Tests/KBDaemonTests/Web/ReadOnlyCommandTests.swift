import Foundation
import KBShell
import Testing
import KBTestSupport

@testable import KBDaemon

/// A command that only reads the session (`print`, `frames`, `tree`, a
/// passing `expect`) sends the session's pages nothing: their picture has
/// not changed. Over a real socket, to the daemon's WebSocket.
@Suite("Web pages: read-only commands send no picture", .serialized)
struct ReadOnlyCommandTests {
    @Test func aPrintSendsThePagesNothing() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let port = web.port
        let page = try await offPool { try RawWebSocket(port: port, path: "/ws/s/alice") }
        let first = try #require(try await offPool { page.next() })
        #expect(first.contains("\"type\": \"page\""), "\(first.prefix(200))")
        let replies = try await web.evals(["print email.frame.width", "frames", "tree", "explain email",
                                           "expect email.frame.width > 0", "constraints", "events", "bogus command"],
                                          session: "alice")
        #expect(replies[0]?["result"]?["output"]?.stringValue == "361")
        try await web.evals(["focus email"], session: "alice")
        // The next picture is the change's: none came for the reads before it.
        let next = try #require(try await offPool { page.next() })
        let json = try JSONReader.parse(next)
        #expect(json["change"]?["command"] == .string("focus email"), "\(next.prefix(300))")
        // A failing expect changes what the page counts: it hears of it.
        try await web.evals(["expect email.frame.width > 1000"], session: "alice")
        let failing = try JSONReader.parse(try #require(try await offPool { page.next() }))
        #expect(failing["change"]?["command"] == .string("expect email.frame.width > 1000"))
        #expect(failing["expectFailures"] == .number(1))
    }

    @Test func theReadOnlyCommandsAreTheInspectionOnes() {
        for line in ["print 1", "  frames", "tree", "explain email", "expect 1 > 0", "constraints", "events 2", "diff",
                     "render", "devices", "history", "help print"] {
            #expect(CommandParser.onlyReadsTheSession(line), "\(line)")
        }
        for line in ["focus email", "keyboard show", "device iphone-8", "new", "demo", "load x", "undo", "redo", "source a.kbs",
                     "set c1.constant = 1", "import a.storyboard", "export kbs", "save x", "sessions", "quit"] {
            #expect(!CommandParser.onlyReadsTheSession(line), "\(line)")
        }
    }
}
