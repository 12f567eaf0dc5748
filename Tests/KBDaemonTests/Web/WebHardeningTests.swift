#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KBShell
import Testing
import KBTestSupport

@testable import KBDaemon

/// `kbplay serve --http` against clients that misbehave: ones that send
/// and never read, pages reached under a name someone else controls (DNS
/// rebinding), handshakes and frames that break RFC 6455, and heads that
/// drip in a byte at a time. All over real sockets; the memory and host
/// tests against a real daemon process.
@Suite("Web pages: clients that misbehave", .serialized)
struct WebHardeningTests {
    // MARK: Memory

    /// 100,000 pipelined requests for the script on one socket that never
    /// reads, then 100,000 WebSocket frames unread on two pages (an `eval`
    /// without the token, and a `complete`, which any page may send): the
    /// daemon's resident memory stays within 100 MB of what it was before,
    /// it serves others meanwhile, it answers the requests once they are
    /// read, and when the clients go it is within 100 MB still.
    @Test func clientsThatSendWithoutReadingCannotGrowTheDaemon() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port, pid = web.process.pid
        // Every path once, so that what is made on first use is counted in
        // the start.
        for path in ["/", "/kbplay.js", "/kbplay.css", "/s/demo"] {
            #expect(try await offPool { try HTTPExchange.get(path, port: port) }.status == 200)
        }
        let limit = 100 << 10  // KiB
        let meter = try #require(MemoryMeter(pid: pid, limitKB: limit))

        // Pipelined GETs, not read: the daemon stops reading them (what was
        // sent is what the sockets' buffers took).
        let request = Array("GET /kbplay.js HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        let pipelined = try await offPool { () -> (taken: Int, responses: Int, others: Int) in
            guard let fd = connectToLoopback(port: port) else { throw DaemonProcessError("no connection") }
            defer { close(fd) }
            let all = [[UInt8]](repeating: request, count: 100_000).flatMap { $0 }
            let (taken, _) = pour(all, to: fd, meter: meter)
            meter.watch(seconds: 1)
            // Another client is served meanwhile.
            let others = try HTTPExchange.get("/kbplay.css", port: port).status
            // Read at last, the responses come, in order, while the rest of
            // the requests are written (the first 2,000: a debug build
            // serves some 2,000 of these 10 KB responses a second).
            let writer = Thread {
                var sent = taken
                while sent < all.count {
                    let n = all[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard n > 0 else { return }
                    sent += n
                }
            }
            writer.start()
            let responses = countResponses(on: fd, atLeast: 2_000, meter: meter)
            shutdown(fd, Int32(SHUT_RDWR))  // the writer, if it still waits, stops
            return (taken / request.count, responses, others)
        }
        meter.watch(seconds: 1)
        let afterPipelining = meter.now
        #expect(pipelined.others == 200)
        #expect(pipelined.responses >= 2_000, "\(pipelined.responses) responses read")

        // An eval without the token, 100,000 times, not read: one error and
        // the connection closes.
        let eval = RawWebSocket.frame(opcode: 1, payload: Array(#"{"op": "eval", "id": 1, "command": "keyboard show"}"#.utf8))
        let refused = try await offPool { () -> (sent: Int, closed: Bool) in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo", receiveBuffer: 4096)
            let (sent, closed) = pour([[UInt8]](repeating: eval, count: 100_000).flatMap { $0 }, to: page.fd, meter: meter)
            return (sent / eval.count, closed || page.closedByServer())
        }
        #expect(refused.closed, "a page without the token sent \(refused.sent) evals and was not closed")
        let unchanged = try await web.evals(["print kb.visible"], session: "demo")
        #expect(unchanged[0]?["result"]?["value"] == .number(0))

        // Completions, which any page may ask for, 100,000 times, not read;
        // then read: the answers come.
        let complete = RawWebSocket.frame(opcode: 1, payload: Array(#"{"op": "complete", "id": 7, "line": "focus em"}"#.utf8))
        let answered = try await offPool { () -> Int in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo", receiveBuffer: 4096)
            _ = pour([[UInt8]](repeating: complete, count: 100_000).flatMap { $0 }, to: page.fd, meter: meter)
            meter.watch(seconds: 1)
            var count = 0
            while count < 100, let message = page.next() {
                if message.contains(#""type": "completions""#) { count += 1 }
                meter.sample()
            }
            return count
        }
        #expect(answered == 100)
        meter.watch(seconds: 2)
        let end = meter.now
        #expect(meter.peak - meter.start < limit,
                "the daemon grew from \(meter.start / 1024) MB to \(meter.peak / 1024) MB")
        #expect(afterPipelining - meter.start < limit && end - meter.start < limit,
                "after the clients left: \(afterPipelining / 1024) MB, then \(end / 1024) MB (from \(meter.start / 1024) MB)")
        // Still serving.
        #expect(try await offPool { try HTTPExchange.get("/s/demo", port: port) }.status == 200)
    }

    /// A page without the token that sends a command is told once why, and
    /// its connection closes (1008), rather than being answered per frame.
    @Test func anEvalWithoutTheTokenIsAnsweredOnceAndClosed() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        let frames = try await offPool { () -> [(opcode: UInt8, payload: [UInt8])] in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo")
            for id in 1...3 {
                page.send(opcode: 1, payload: Array(#"{"op": "eval", "id": \#(id), "command": "keyboard show"}"#.utf8))
            }
            var frames: [(opcode: UInt8, payload: [UInt8])] = []
            while let frame = page.nextFrame() { frames.append(frame) }
            return frames
        }
        let texts = frames.filter { $0.opcode == 1 }.map { String(decoding: $0.payload, as: UTF8.self) }
        let errors = texts.filter { $0.contains(#""type": "error""#) }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("commands need the token") == true)
        #expect(frames.last?.opcode == 8 && frames.last?.payload == [0x03, 0xF0], "the last frame is a close with 1008")
    }

    /// A page with the token that sends 300 commands at once is read 16
    /// commands at a time (the next read waits for a reply), and every one
    /// is answered, in order.
    @Test func aBurstOfCommandsIsAnsweredInFull() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        let ids = try await offPool { () -> [Int] in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo?token=\(WebDaemon.token)")
            guard page.message(containing: #""type": "page""#) != nil else { return [] }
            let frames = (1...300).flatMap { id in
                RawWebSocket.frame(opcode: 1, payload: Array(
                    #"{"op": "eval", "id": \#(id), "command": "\#(id % 2 == 1 ? "keyboard show" : "keyboard hide")"}"#.utf8))
            }
            _ = frames.withUnsafeBytes { write(page.fd, $0.baseAddress, $0.count) }
            var ids: [Int] = []
            while ids.count < 300, let message = page.message(containing: #""type": "reply""#) {
                guard let reply = try? JSONReader.parse(message), reply["ok"] == .bool(true),
                      let id = reply["id"]?.numberValue else { break }
                ids.append(Int(id))
            }
            return ids
        }
        #expect(ids == Array(1...300))
        let visible = try await web.evals(["print kb.visible"], session: "demo")
        #expect(visible[0]?["result"]?["value"] == .number(0))
    }

    // MARK: Host names

    /// The pages answer only to the names the daemon listens as: a name
    /// that someone else's DNS points at 127.0.0.1 gets neither a page nor
    /// a WebSocket, even with a matching Origin.
    @Test func aForeignHostNameGetsNoPageAndNoWebSocket() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        let foreign = try await offPool {
            try HTTPExchange.send("GET /s/demo HTTP/1.1\r\nHost: rebind.example:\(port)\r\nConnection: close\r\n\r\n", port: port)
        }
        #expect(foreign.status == 421)
        #expect(!foreign.body.contains("data-view"))
        #expect(foreign.body == "this server does not answer to the name 'rebind.example:\(port)': it serves 127.0.0.1:\(port), "
            + "localhost:\(port) and [::1]:\(port); to serve another name (one that reaches this machine), start kbplay serve "
            + "with --allow-host NAME\n")
        let socket = try await offPool {
            try HTTPExchange.send("GET /ws HTTP/1.1\r\nHost: rebind.example:\(port)\r\nOrigin: http://rebind.example:\(port)\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n", port: port)
        }
        #expect(socket.status == 421)
        // Loopback's names, with this port, are served; another port is not.
        for host in ["localhost:\(port)", "LocalHost:\(port)", "[::1]:\(port)", "127.0.0.1:\(port)"] {
            let page = try await offPool {
                try HTTPExchange.send("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: port)
            }
            #expect(page.status == 200, "\(host)")
        }
        for host in ["127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.rebind.example:\(port)", "127.0.0.1:\(port)x"] {
            let page = try await offPool {
                try HTTPExchange.send("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: port)
            }
            #expect(page.status == 421, "\(host)")
        }
        // HTTP/1.1 needs a Host (one); HTTP/1.0 has none to check.
        let none = try await offPool { try HTTPExchange.send("GET / HTTP/1.1\r\nConnection: close\r\n\r\n", port: port) }
        #expect(none.status == 400)
        let two = try await offPool {
            try HTTPExchange.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: rebind.example\r\nConnection: close\r\n\r\n",
                                  port: port)
        }
        #expect(two.status == 400)
        let old = try await offPool { try HTTPExchange.send("GET / HTTP/1.0\r\n\r\n", port: port) }
        #expect(old.status == 200)
    }

    /// `--allow-host NAME` serves NAME too (with any port); a bad name, or
    /// the option without `--http`, is refused at start.
    @Test func allowHostServesAnotherName() async throws {
        let web = try await WebDaemon.start(arguments: ["--allow-host", "kbplay.example", "--allow-host", "Other.Example"])
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        for host in ["kbplay.example", "kbplay.example:\(port)", "kbplay.example:443", "other.example"] {
            let page = try await offPool {
                try HTTPExchange.send("GET /s/demo HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", port: port)
            }
            #expect(page.status == 200, "\(host)")
        }
        let socket = try await offPool {
            try HTTPExchange.send("GET /ws/s/demo HTTP/1.1\r\nHost: kbplay.example\r\nOrigin: http://kbplay.example\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n", port: port)
        }
        #expect(socket.status == 101)
        let foreign = try await offPool {
            try HTTPExchange.send("GET / HTTP/1.1\r\nHost: rebind.example\r\nConnection: close\r\n\r\n", port: port)
        }
        #expect(foreign.status == 421)
        #expect(foreign.body.contains("it serves 127.0.0.1:\(port), localhost:\(port), [::1]:\(port), kbplay.example and other.example;"))

        let bad = try await offPool { try DaemonProcessTests.kbplay(["serve", "--http", "0", "--allow-host", "a/b"], input: "") }
        #expect(bad.status == 64)
        #expect(bad.err.contains("--allow-host 'a/b' is not a host name"))
        let alone = try await offPool { try DaemonProcessTests.kbplay(["serve", "--allow-host", "a.example"], input: "") }
        #expect(alone.status == 64)
        #expect(alone.err.contains("--token, --private and --allow-host go with --http"))
    }

    // MARK: RFC 6455 and the head's deadline

    /// Handshakes that are not RFC 6455's get a status that says so, never
    /// an empty reply, and a request that does not ask for the upgrade in
    /// `Connection` is not upgraded.
    @Test func aBadHandshakeIsAnsweredNotUpgraded() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        func handshake(_ lines: [String]) async throws -> HTTPExchange {
            try await offPool {
                try HTTPExchange.send("GET /ws/s/demo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + lines.map { $0 + "\r\n" }.joined() + "\r\n", port: port)
            }
        }
        let key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
        let eight = try await handshake(["Upgrade: websocket", "Connection: Upgrade", key, "Sec-WebSocket-Version: 8"])
        #expect(eight.status == 426)
        #expect(eight.headers["sec-websocket-version"] == "13")
        #expect(eight.body.contains("WebSocket version 13"))
        let noVersion = try await handshake(["Upgrade: websocket", "Connection: Upgrade", key])
        #expect(noVersion.status == 426)
        #expect(noVersion.headers["sec-websocket-version"] == "13")
        let noKey = try await handshake(["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13"])
        #expect(noKey.status == 400)
        #expect(noKey.body.contains("Sec-WebSocket-Key"))
        let shortKey = try await handshake(["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: abc",
                                            "Sec-WebSocket-Version: 13"])
        #expect(shortKey.status == 400)
        let notUpgrade = try await handshake(["Upgrade: websocket", "Connection: keep-alive", key, "Sec-WebSocket-Version: 13"])
        #expect(notUpgrade.status == 400)
        #expect(notUpgrade.body.contains("is a WebSocket: open it with Upgrade: websocket and Connection: Upgrade"))
        // The token list, in any case, is what counts.
        let listed = try await handshake(["Upgrade: WebSocket", "Connection: keep-alive, UPGRADE", key, "Sec-WebSocket-Version: 13"])
        #expect(listed.status == 101)
    }

    /// A frame that is not masked or that sets a reserved bit closes the
    /// connection with 1002, a text that is not UTF-8 with 1007; none is
    /// answered.
    @Test func framesThatBreakTheRFCCloseTheConnection() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "demo")
        let port = web.port
        let explain = Array(#"{"op": "explain", "id": 1, "view": "email"}"#.utf8)
        let cases: [(name: String, send: @Sendable (RawWebSocket) -> Void, code: [UInt8])] = [
            ("unmasked", { $0.send(opcode: 1, payload: explain, masked: false) }, [0x03, 0xEA]),
            ("RSV1", { $0.send(opcode: 1, payload: explain, rsv: 4) }, [0x03, 0xEA]),
            ("RSV3", { $0.send(opcode: 1, payload: explain, rsv: 1) }, [0x03, 0xEA]),
            ("not UTF-8", { $0.send(opcode: 1, payload: Array(#"{"op": "explain", "id": 1, "view": "e"#.utf8) + [0xFF, 0x22, 0x7D]) },
             [0x03, 0xEF]),
        ]
        for (name, send, code) in cases {
            let frames = try await offPool { () -> [(opcode: UInt8, payload: [UInt8])] in
                let page = try RawWebSocket(port: port, path: "/ws/s/demo")
                guard page.message(containing: #""type": "page""#) != nil else { return [] }
                send(page)
                // A well-formed request after it: it must not be answered.
                page.send(opcode: 1, payload: explain)
                var frames: [(opcode: UInt8, payload: [UInt8])] = []
                while let frame = page.nextFrame() { frames.append(frame) }
                return frames
            }
            #expect(!frames.contains { String(decoding: $0.payload, as: UTF8.self).contains(#""type": "explain""#) },
                    "\(name): answered")
            #expect(frames.last?.opcode == 8 && frames.last?.payload == code, "\(name): \(frames.last.map { "\($0)" } ?? "no frame")")
        }
        // And a well-formed one is answered.
        let answered = try await offPool { () -> String? in
            let page = try RawWebSocket(port: port, path: "/ws/s/demo")
            page.send(opcode: 1, payload: explain)
            return page.message(containing: #""type": "explain""#)
        }
        #expect(answered != nil)
    }

    /// A head that drips in (a header line every 200 ms) is cut off at the
    /// head's deadline (here 1.5 s), though the connection is never idle;
    /// a connection idle longer than that between requests is not.
    @Test func aHeadThatDripsInIsCutOffAtItsDeadline() async throws {
        let dir = temporaryDirectory()
        var options = WebOptions(port: 0, token: "t")
        options.headTimeout = .milliseconds(1500)
        let daemon = Daemon<CounterSession>(socketPath: dir + "/d.sock", sessionsDirectory: dir + "/Sessions",
                                            subscriberBacklog: 8 << 20, maximumLoaded: 64, commitLogSize: 1 << 20,
                                            web: options)
        let (ready, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            defer { signal.finish() }
            try await daemon.run { signal.yield() }
        }
        for await _ in ready { break }
        defer { task.cancel() }
        let address = try #require(daemon.webAddress)
        let port = try #require(Int(address.split(separator: ":").last ?? ""))
        let (closedAfter, lines) = try await offPool { () -> (Double?, Int) in
            guard let fd = connectToLoopback(port: port) else { throw DaemonProcessError("no connection") }
            defer { close(fd) }
            let start = Date()
            var lines = 0
            func send(_ text: String) -> Bool {
                Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } > 0
            }
            _ = send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            while Date().timeIntervalSince(start) < 6 {
                usleep(200_000)
                var byte: UInt8 = 0
                if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return (Date().timeIntervalSince(start), lines) }
                guard send("X-Drip-\(lines): a\r\n") else { return (Date().timeIntervalSince(start), lines) }
                lines += 1
            }
            return (nil, lines)
        }
        let after = try #require(closedAfter, "still open after 6 s and \(lines) header lines")
        #expect(after >= 1.4 && after < 4, "closed after \(after) s")
        // Idle between two requests for longer than the deadline: served.
        let second = try await offPool { () -> (Int, Int) in
            guard let fd = connectToLoopback(port: port) else { throw DaemonProcessError("no connection") }
            defer { close(fd) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = "GET /kbplay.css HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
            var statuses: [Int] = []
            for pause in [0, 2_000_000] {
                usleep(useconds_t(pause))
                _ = Array(request.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                statuses.append(readOneResponse(fd))
            }
            return (statuses[0], statuses[1])
        }
        #expect(second == (200, 200))
    }
}

// MARK: Helpers

/// The resident memory of a process (`VmRSS` in `/proc/PID/status`, KiB),
/// read as often as asked: where it started and the most it reached.
/// Writing stops (``over``) once it is more than `limitKB` above its start.
final class MemoryMeter: @unchecked Sendable {
    let pid: pid_t
    let limitKB: Int
    let start: Int
    private let lock = NSLock()
    private var highest: Int

    init?(pid: pid_t, limitKB: Int) {
        guard let kb = Self.resident(pid) else { return nil }
        self.pid = pid
        self.limitKB = limitKB
        start = kb
        highest = kb
    }

    static func resident(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Now, and noted in the peak.
    var now: Int {
        let kb = Self.resident(pid) ?? 0
        lock.withLock { highest = max(highest, kb) }
        return kb
    }

    var peak: Int { lock.withLock { highest } }
    var over: Bool { peak - start > limitKB }
    func sample() { _ = now }

    /// Samples every 50 ms for `seconds`.
    func watch(seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !over {
            sample()
            usleep(50_000)
        }
    }
}

/// Writes `bytes` to `fd` as fast as the peer takes them, without blocking
/// for good: until all went, the peer closed, 2 s passed with nothing
/// taken, or the meter went over its limit. How many bytes went, and
/// whether the peer closed.
func pour(_ bytes: [UInt8], to fd: Int32, meter: MemoryMeter) -> (sent: Int, closed: Bool) {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(fd, F_SETFL, flags) }
    var sent = 0
    var lastProgress = Date()
    var lastSample = Date.distantPast
    while sent < bytes.count, Date().timeIntervalSince(lastProgress) < 2 {
        if Date().timeIntervalSince(lastSample) > 0.05 {
            meter.sample()
            lastSample = Date()
            if meter.over { break }
        }
        let n = bytes[sent..<min(bytes.count, sent + 65536)].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n > 0 {
            sent += n
            lastProgress = Date()
        } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, 50)
        } else {
            return (sent, true)
        }
    }
    return (sent, false)
}

/// Reads HTTP responses off `fd` (whose requests were pipelined) until
/// `atLeast` have come whole or 5 s pass without data; how many came.
func countResponses(on fd: Int32, atLeast: Int, meter: MemoryMeter) -> Int {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var pending = [UInt8]()
    var start = 0  // where the next response begins in `pending`
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var count = 0
    var lastSample = Date.distantPast
    let blank: [UInt8] = [13, 10, 13, 10]
    while count < atLeast {
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { break }
        pending.removeFirst(start)
        start = 0
        pending += chunk[0..<n]
        // Whole responses off the front: a head, then Content-Length bytes.
        while let end = pending[start...].firstRange(of: blank) {
            let head = String(decoding: pending[start..<end.lowerBound], as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 200"),
                  let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return count }
            guard pending.count >= end.upperBound + length else { break }
            start = end.upperBound + length
            count += 1
        }
        if Date().timeIntervalSince(lastSample) > 0.05 {
            meter.sample()
            lastSample = Date()
        }
    }
    return count
}

/// Reads one response off `fd`: its status (0 if none came whole).
func readOneResponse(_ fd: Int32) -> Int {
    var data = [UInt8]()
    var byte: UInt8 = 0
    while !data.suffix(4).elementsEqual([13, 10, 13, 10]) {
        guard read(fd, &byte, 1) == 1 else { return 0 }
        data.append(byte)
    }
    let head = String(decoding: data, as: UTF8.self)
    guard let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
          let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return 0 }
    var body = [UInt8](repeating: 0, count: length)
    var got = 0
    while got < length {
        let n = body.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, length - got) }
        guard n > 0 else { return 0 }
        got += n
    }
    return Int(head.split(separator: " ")[1]) ?? 0
}
