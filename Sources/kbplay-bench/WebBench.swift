import ArgumentParser
import Foundation
import KBDaemon
import KBShell
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// N web pages open on N sessions of `kbplay serve --http`, each over its
/// own WebSocket, while a client of each session makes changes through the
/// Unix socket: the time from a change's eval being sent to its snapshot
/// reaching the page (read off the WebSocket: every byte of it, as a
/// browser gets it) is timed. With `--index`, one workshop page (`/ws`)
/// follows all N sessions instead, and each change is timed to its
/// session's card on that page.
///
/// The daemon is the `kbplay` executable built beside this one. Each
/// session has a thread that sends its evals (through ``DaemonClient``, as
/// `kbplay attach` does) and waits for each reply, then for its page to
/// show the change, before the next; each page has a thread that reads it.
/// So the changes of all sessions overlap, as in a workshop where everyone
/// works at once, and every session has at most one change on its way.
/// Besides the latencies, it prints the bytes a page gets per change and
/// the CPU time the daemon and the benchmark itself spent per change: on a
/// shared machine the latencies vary with the load, the CPU time much less.
struct WebBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Latency from a change to its page: N web pages on N sessions of kbplay serve --http."
    )

    @Option(help: "Sessions, each with a page of its own (default 50; with --index, 100).") var pages: Int?
    @Option(help: "Changes per session (after its `demo`).") var changes = 100
    @Option(help: "The kbplay executable (default: the one built beside kbplay-bench).") var kbplay: String?
    @Option(name: .customLong("pause-ms"), help: "Milliseconds each client waits after its page has a change before the next one.") var pauseMilliseconds = 0
    @Option(name: .customLong("think-ms"), help: "Mean milliseconds each client waits before its first change and after its page has each change, drawn at random (exponentially, seeded by the client's number) so that the clients do not keep step: a room of people, each typing at their own pace.") var thinkMilliseconds = 0
    @Flag(help: "One workshop page (/) following every session, instead of a page per session.") var index = false

    func run() throws {
        let executable = kbplay ?? DaemonBench.siblingExecutable("kbplay")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("no kbplay executable at \(executable) (build all products, or pass --kbplay)")
        }
        let n = pages ?? (index ? 100 : 50)
        guard n > 0, changes > 0 else { throw ValidationError("--pages and --changes are at least 1") }
        guard pauseMilliseconds >= 0, thinkMilliseconds >= 0 else { throw ValidationError("--pause-ms and --think-ms cannot be negative") }
        let dir = NSTemporaryDirectory() + "kbplay-bench-web-\(getpid())"
        guard mkdir(dir, 0o700) == 0 || errno == EEXIST else { throw ValidationError("cannot create \(dir)") }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socketPath = dir + "/s.sock"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: executable)
        daemon.arguments = ["serve", "--socket", socketPath, "--sessions", dir + "/Sessions", "--http", "127.0.0.1:0", "--token", "bench"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        defer {
            kill(daemon.processIdentifier, SIGTERM)
            daemon.waitUntilExit()
        }
        // The second line it prints names the pages' port.
        var said = ""
        while !said.contains("web pages on http://127.0.0.1:") || !said.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw ValidationError("kbplay serve --http did not start: \(said)") }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let after = said.components(separatedBy: "web pages on http://127.0.0.1:")[1]
        guard let port = Int(after.prefix { $0.isNumber }) else { throw ValidationError("no port in: \(said)") }

        // Every session made (its `demo`) and its page open, then the
        // changes, all sessions at once.
        let names = try (0..<n).map { try SessionName(validating: "page\($0)") }
        let clients = try names.map { name in
            let client = try DaemonClient(path: socketPath, timeout: 30)
            guard case .evaluated = try client.send(.eval(id: .number(0), session: name, command: "demo")) else {
                throw ValidationError("demo of \(name) failed")
            }
            return client
        }
        let arrivals = names.map { _ in Arrivals() }
        let readers: [WebSocketReader]
        if index {
            let workshop = try WebSocketReader(port: port, path: "/ws")
            // Its first message for each session: a snapshot without a change.
            for _ in names { try workshop.nextMessage { _ in } }
            readers = [workshop]
        } else {
            readers = try names.map { name in
                let page = try WebSocketReader(port: port, path: "/ws/s/\(name)")
                try page.nextMessage { _ in }  // the snapshot it opens with
                return page
            }
        }
        let bytes = Mutex<(count: Int, total: Int)>((0, 0))
        for (r, reader) in readers.enumerated() {
            Thread {
                while true {
                    let changed: String?
                    var size = 0
                    do { changed = try reader.nextMessage { size = $0.count; return Self.changedSession(in: $0) } } catch { break }
                    bytes.withLock { $0 = ($0.count + 1, $0.total + size) }
                    guard let session = changed else { continue }
                    let k = index ? names.firstIndex { $0.rawValue == session } : r
                    if let k { arrivals[k].arrived(at: DispatchTime.now().uptimeNanoseconds) }
                }
            }.start()
        }

        let latencies = Mutex<[Double]>([])
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        let cpu0 = DaemonBench.cpuSeconds(of: daemon.processIdentifier)
        let ownCPU0 = Self.ownCPUSeconds()
        let t0 = DispatchTime.now().uptimeNanoseconds
        for c in 0..<n {
            group.enter()
            let (changes, pause, think, name, client, arrival) = (changes, pauseMilliseconds, thinkMilliseconds, names[c], clients[c], arrivals[c])
            Thread {
                defer { group.leave() }
                do {
                    let times = try Self.change(name, client: client, arrivals: arrival, changes: changes, pauseMilliseconds: pause,
                                                thinkMilliseconds: think, seed: UInt64(c + 1))
                    latencies.withLock { $0 += times }
                } catch {
                    failures.withLock { $0.append("\(name): \(error)") }
                }
            }.start()
        }
        group.wait()
        let cpu1 = DaemonBench.cpuSeconds(of: daemon.processIdentifier)
        let ownCPU1 = Self.ownCPUSeconds()
        if let first = failures.withLock({ $0.first }) { throw ValidationError(first) }
        let all = latencies.withLock { $0 }.sorted()
        func percentile(_ p: Double) -> Double { all[min(all.count - 1, Int((p * Double(all.count)).rounded(.up)) - 1)] }
        let (messages, total) = bytes.withLock { $0 }
        print("case=\(index ? "web-index" : "web") \(index ? "sessions" : "pages")=\(n) p50_us=\(Int(percentile(0.50).rounded())) p99_us=\(Int(percentile(0.99).rounded())) max_us=\(Int(all.last!.rounded()))")
        print("#   changes=\(all.count) (\(changes) per session, keyboard show/hide after demo, "
            + (index ? "each session's card read whole off the one workshop page's WebSocket" : "each page's snapshot read whole off its WebSocket")
            + (pauseMilliseconds > 0 ? ", \(pauseMilliseconds) ms between a change shown and the next" : "")
            + (thinkMilliseconds > 0 ? ", a random wait of \(thinkMilliseconds) ms on average between a change shown and the next" : "") + ")"
            + " wall_s=\(String(format: "%.2f", Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9))")
        print("#   bytes_per_update=\(messages > 0 ? total / messages : 0) updates=\(messages)"
            + (cpu0.flatMap { c0 in cpu1.map { " daemon_cpu_us_per_change=\(Int((($0 - c0) * 1e6 / Double(all.count)).rounded()))" } } ?? "")
            + " bench_cpu_us_per_change=\(Int(((ownCPU1 - ownCPU0) * 1e6 / Double(all.count)).rounded()))")
    }

    /// One session's changes after its `demo`, each timed from its eval's
    /// sending to its page's snapshot of it.
    static func change(_ name: SessionName, client: DaemonClient, arrivals: Arrivals, changes: Int,
                       pauseMilliseconds: Int, thinkMilliseconds: Int, seed: UInt64) throws -> [Double] {
        var times: [Double] = []
        var random = SplitMix(seed: seed)
        /// A person's time to think and type: exponential, at most 10
        /// times the mean. Before the first change too, so that the room
        /// does not start in step.
        func think() {
            guard thinkMilliseconds > 0 else { return }
            let unit = Double(random.next(1 << 53)) / Double(1 << 53)
            usleep(useconds_t(min(10, -log(1 - unit)) * Double(thinkMilliseconds) * 1000))
        }
        think()
        for k in 0..<changes {
            let command = k % 2 == 0 ? "keyboard show" : "keyboard hide"
            let start = DispatchTime.now().uptimeNanoseconds
            guard case .evaluated = try client.send(.eval(id: .number(Double(k + 1)), session: name, command: command)) else {
                throw ValidationError("\(command) failed")
            }
            guard let end = arrivals.next(timeout: 10) else {
                throw ValidationError("change \(k) did not reach the page within 10 s")
            }
            times.append(Double(end - start) / 1000)
            if pauseMilliseconds > 0 { usleep(useconds_t(pauseMilliseconds * 1000)) }
            think()
        }
        return times
    }

    /// The session a page's message shows a change of (nil for any other
    /// message). A snapshot that
    /// carries a change starts `{"change": {`; its `"session"` member is
    /// its last but one, after the page (whose strings have every `"`
    /// escaped, so the member's text cannot occur inside them).
    static func changedSession(in payload: UnsafeRawBufferPointer) -> String? {
        let opening = Array(#"{"change": {"#.utf8)
        guard payload.count > opening.count, payload.prefix(opening.count).elementsEqual(opening) else { return nil }
        let key = Array(#""session": ""#.utf8)
        var at = payload.count - key.count
        while at >= 0, !payload[at..<(at + key.count)].elementsEqual(key) { at -= 1 }
        guard at >= 0 else { return nil }
        let start = at + key.count
        guard let end = payload[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: payload[start..<end]), as: UTF8.self)
    }

    /// User + system CPU time of this process so far.
    static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// The times a session's changes reached its page, handed from the page's
/// reader to the session's client.
final class Arrivals: Sendable {
    private let times = Mutex<[UInt64]>([])
    private let signal = DispatchSemaphore(value: 0)

    func arrived(at time: UInt64) {
        times.withLock { $0.append(time) }
        signal.signal()
    }

    /// The time the next change arrived, waiting at most `timeout` seconds.
    func next(timeout: Int) -> UInt64? {
        guard signal.wait(timeout: .now() + .seconds(timeout)) == .success else { return nil }
        return times.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// A WebSocket client as little as a benchmark needs: the handshake, then
/// the server's text messages, each read whole into one buffer reused for
/// every read (a browser reads them on its own machine; here the reader
/// shares the daemon's cores, so it copies nothing it does not have to).
final class WebSocketReader: @unchecked Sendable {
    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)
    /// The bytes read and not yet taken: `buffer[start..<end]`.
    private var start = 0, end = 0

    init(port: Int, path: String) throws {
        guard let fd = connectToLoopback(port: port) else { throw ValidationError("cannot connect to port \(port)") }
        self.fd = fd
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let blank: [UInt8] = [13, 10, 13, 10]
        while true {
            if let at = (start..<max(start, end - 3)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(blank) }) {
                let head = String(decoding: buffer[start..<at], as: UTF8.self)
                start = at + 4
                guard head.hasPrefix("HTTP/1.1 101") else { throw ValidationError("no WebSocket: \(head)") }
                return
            }
            try fill()
        }
    }

    deinit { close(fd) }

    /// Reads more, after what is there (moved to the front, or into a
    /// larger buffer, when the room behind it runs short).
    private func fill() throws {
        if buffer.count - end < 1 << 16 {
            let kept = end - start
            if kept + (1 << 16) > buffer.count { buffer += [UInt8](repeating: 0, count: max(buffer.count, kept + (1 << 16))) }
            buffer.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + start, kept) }
            (start, end) = (0, kept)
        }
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, $0.count - end) }
        guard n > 0 else { throw ValidationError("the page's WebSocket closed") }
        end += n
    }

    private func need(_ count: Int) throws {
        while end - start < count { try fill() }
    }

    /// Hands the next text message's bytes to `body` (a frame from the
    /// server is never masked).
    @discardableResult
    func nextMessage<T>(_ body: (UnsafeRawBufferPointer) -> T) throws -> T {
        while true {
            try need(2)
            let opcode = buffer[start] & 0x0F
            var length = Int(buffer[start + 1] & 0x7F)
            var offset = 2
            if length == 126 {
                try need(4)
                length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                offset = 4
            } else if length == 127 {
                try need(10)
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[start + $1]) }
                offset = 10
            }
            try need(offset + length)
            let payload = start + offset
            start = payload + length
            if opcode == 1 {
                return buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[payload..<(payload + length)])) }
            }
            if opcode == 8 { throw ValidationError("the page's WebSocket was closed") }
        }
    }
}
