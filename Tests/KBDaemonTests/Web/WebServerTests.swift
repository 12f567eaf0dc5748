import Foundation
import KBModel
import KBShell
import Testing
import KBTestSupport

@testable import KBDaemon

/// `kbplay serve --http`: the pages, their limits and who may do what,
/// over plain HTTP (the browser tests open the same pages in Chromium).
@Suite("Web pages: the HTTP server", .serialized)
struct WebServerTests {
    @Test func theSessionPageDrawsEveryViewAtTheFrameFramesPrints() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        let replies = try await web.evals(["demo", "focus email", "frames"], session: "alice")
        let frames = try #require(replies[2]?["result"]?["frames"])
        let page = try await offPool { try HTTPExchange.get("/s/alice", port: web.port) }
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        guard case let .object(byName) = frames else { Issue.record("no frames"); return }
        #expect(byName.count == 5)  // Login.view, form, email, password, signIn
        for (name, frame) in byName {
            guard case let .array(xywh) = frame else { continue }
            let text = xywh.map { formatNumber($0.numberValue ?? .nan) }.joined(separator: " ")
            #expect(page.body.contains("data-view=\"\(name)\" data-kind="), "\(name) is not drawn")
            #expect(page.body.contains("data-frame=\"\(text)\""), "\(name) is not drawn at \(text)")
        }
        // The keyboard is up: 336 pt tall at y = 852 − 336 = 516.
        #expect(page.body.contains("data-view=\"keyboard\" data-frame=\"0 516 393 336\""))
        // email's bottom is 676 + 34 = 710, 194 pt under the keyboard's top.
        #expect(page.body.contains("✗ email covered: 194 pt hidden"))
    }

    @Test func anUnknownSessionIs404AndAGetDoesNotMakeIt() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let missing = try await offPool { try HTTPExchange.get("/s/bob", port: web.port) }
        #expect(missing.status == 404)
        #expect(missing.body == "no session named 'bob'\n")
        let socket = try await offPool { try HTTPExchange.upgrade("/ws/s/bob", port: web.port, origin: nil) }
        #expect(socket.status == 404)
        let badName = try await offPool { try HTTPExchange.get("/s/..%2Fetc", port: web.port) }
        #expect(badName.status == 404)
        let names = try await offPool { () -> JSON? in
            let c = try Connection(web.process.socket)
            return c.request(#"{"id": 1, "op": "ls-sessions"}"#)
        }
        #expect(names?["sessions"] == .array([.string("alice")]))
        #expect(try await offPool { try HTTPExchange.get("/nothing", port: web.port) }.status == 404)
    }

    @Test func everyResponseForbidsInlineScriptsAndOnlyGetIsServed() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        for path in ["/", "/kbplay.js", "/kbplay.css"] {
            let page = try await offPool { try HTTPExchange.get(path, port: web.port) }
            #expect(page.status == 200, "\(path)")
            #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
            #expect(page.headers["x-content-type-options"] == "nosniff")
        }
        let post = try await offPool {
            try HTTPExchange.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc", port: web.port)
        }
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
    }

    @Test func aRequestOverTheLimitsIsRefusedAndClosed() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        let longURI = try await offPool { try HTTPExchange.get("/s/" + String(repeating: "a", count: 3000), port: web.port) }
        #expect(longURI.status == 414)
        // One header of 9 KiB (the limit is 8 KiB a header, 16 KiB in all).
        let bigHeader = try await offPool {
            try HTTPExchange.get("/", port: web.port, headers: ["X-Big: " + String(repeating: "b", count: 9 << 10)])
        }
        #expect(bigHeader.status == 400 || bigHeader.status == 431)
        #expect(bigHeader.closed)
        let manyHeaders = try await offPool {
            try HTTPExchange.get("/", port: web.port, headers: (0..<150).map { "X-H\($0): v" })
        }
        #expect(manyHeaders.status == 400 || manyHeaders.status == 431)
        // And the server still serves.
        #expect(try await offPool { try HTTPExchange.get("/", port: web.port) }.status == 200)
    }

    @Test func aWebSocketFromAnotherOriginIsRefused() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let foreign = try await offPool {
            try HTTPExchange.upgrade("/ws/s/alice", port: web.port, origin: "http://evil.example")
        }
        #expect(foreign.status == 403)
        #expect(foreign.body.contains("Origin (http://evil.example) is not this server"))
        let same = try await offPool {
            try HTTPExchange.upgrade("/ws/s/alice", port: web.port, origin: "http://127.0.0.1:\(web.port)")
        }
        #expect(same.status == 101)
    }

    @Test func aPrivateDaemonShowsNothingWithoutItsToken() async throws {
        let web = try await WebDaemon.start(private: true)
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        for path in ["/", "/s/alice"] {
            let refused = try await offPool { try HTTPExchange.get(path, port: web.port) }
            #expect(refused.status == 403, "\(path)")
            #expect(!refused.body.contains("data-view"))
            let wrong = try await offPool { try HTTPExchange.get(path + "?token=guess", port: web.port) }
            #expect(wrong.status == 403)
            let allowed = try await offPool { try HTTPExchange.get(path + "?token=\(WebDaemon.token)", port: web.port) }
            #expect(allowed.status == 200)
        }
        let socket = try await offPool {
            try HTTPExchange.upgrade("/ws/s/alice", port: web.port, origin: "http://127.0.0.1:\(web.port)")
        }
        #expect(socket.status == 403)
    }

    /// A page that stops reading holds at most one snapshot of its session
    /// (changes only mark it while one waits), and the others go on.
    @Test func aBrowserThatStopsReadingHarmsNobody() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        // 150 labels: each snapshot is some 50 KB, 400 of them 20 MB, more
        // than the sockets' buffers hold.
        try await web.evals(["demo"] + (0..<150).map { "add label l\($0) to Login.view text \"label number \($0)\"" },
                            session: "alice")
        let port = web.port
        // Opened, then not read: its socket's buffers fill.
        let stuck = try await offPool { try RawWebSocket(port: port, path: "/ws/s/alice", receiveBuffer: 4096) }
        let watching = try await offPool { try RawWebSocket(port: port, path: "/ws/s/alice") }
        #expect(watching.message(containing: #""type": "page""#) != nil)  // its first snapshot
        let commands = (0..<400).map { $0 % 2 == 0 ? "keyboard show" : "keyboard hide" } + ["focus password"]
        let replies = try await web.evals(commands, session: "alice")
        #expect(replies.allSatisfy { $0?["status"] == .string("done") })
        // The page that reads sees the last change.
        #expect(try await offPool { watching.message(containing: #""command": "focus password""#) } != nil)
        // The stuck page, read at last, gets the last state too, without a
        // snapshot for each of the 401 changes it missed meanwhile.
        let (count, last) = try await offPool { stuck.messages(until: #""command": "focus password""#) }
        #expect(last != nil)
        #expect(count < 200, "\(count) snapshots waited for a page that did not read")
    }

    /// The workshop page follows 100 sessions: it gets each one's card
    /// once, then only the card of a session that changed, which is the
    /// session page's drawing without the panels only that page shows.
    @Test func theWorkshopGetsEverySessionsCardThenOnlyTheOneThatChanged() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        let names = (0..<100).map { "s" + String(1000 + $0).dropFirst() }  // s000 … s099
        for name in names { try await web.evals(["demo"], session: name) }
        let port = web.port
        let workshop = try await offPool { try RawWebSocket(port: port, path: "/ws") }
        func card(_ message: String?) -> (session: String, change: JSON?, page: JSON)? {
            guard let message, let json = try? JSONReader.parse(message), json["type"] == .string("page"),
                  let session = json["session"]?.stringValue, let page = json["page"] else { return nil }
            return (session, json["change"], page)
        }
        var seen: Set<String> = []
        for _ in names {
            guard let first = card(try await offPool { workshop.next() }) else { break }
            #expect(first.change == .null)
            seen.insert(first.session)
        }
        #expect(seen == Set(names))
        // One change, one message: that session's card.
        try await web.evals(["focus email"], session: "s042")
        let changed = try #require(card(try await offPool { workshop.next() }))
        #expect(changed.session == "s042")
        #expect(changed.change?["command"] == .string("focus email"))
        #expect(changed.page["verdict"]?.stringValue?.hasPrefix("✗ email is covered by the keyboard") == true)
        guard case let .object(members) = changed.page else { Issue.record("no card"); return }
        #expect(members.keys.sorted() == ["flaws", "focus", "svg", "verdict"])
        try await web.evals(["keyboard hide"], session: "s007")
        #expect(card(try await offPool { workshop.next() })?.session == "s007")
        // The card's drawing is the session page's.
        let page = try await offPool { try RawWebSocket(port: port, path: "/ws/s/s042") }
        let full = try #require(card(try await offPool { page.next() }))
        #expect(full.page["svg"] == changed.page["svg"])
        #expect(full.page["notifications"]?.stringValue?.contains("keyboardWillShow") == true)
    }

    @Test func addressesAreReadAsAddrColonPort() throws {
        #expect(try WebOptions.address("8080") == ("127.0.0.1", 8080))
        #expect(try WebOptions.address("0.0.0.0:80") == ("0.0.0.0", 80))
        #expect(try WebOptions.address("[::1]:9000") == ("::1", 9000))
        for bad in ["", "x", "80000", ":80", "1.2.3.4:", "[::1]9000", "8080 "] {
            #expect(throws: WebOptionsError.self, "\(bad)") { try WebOptions.address(bad) }
        }
        #expect(WebOptions.isLoopback("127.0.0.1") && WebOptions.isLoopback("::1") && !WebOptions.isLoopback("0.0.0.0"))
        let options = WebOptions(port: 1, token: "abc")
        #expect(options.accepts("abc") && !options.accepts("abd") && !options.accepts("ab") && !options.accepts(nil))
        #expect(WebOptions.generatedToken().count == 32)
        #expect(WebOptions.generatedToken() != WebOptions.generatedToken())
    }
}
