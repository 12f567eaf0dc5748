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
/// browser gets it) is timed.
///
/// The daemon is the `kbplay` executable built beside this one. Each
/// session has a thread that sends its evals and a thread that reads its
/// page, so the changes of all sessions overlap, as in a workshop where
/// everyone works at once.
struct WebBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Latency from a change to its page: N web pages on N sessions of kbplay serve --http."
    )

    @Option(help: "Pages, each on a session of its own.") var pages = 50
    @Option(help: "Changes per session (after its `demo`).") var changes = 100
    @Option(help: "The kbplay executable (default: the one built beside kbplay-bench).") var kbplay: String?
    @Option(name: .customLong("pause-ms"), help: "Milliseconds each client waits after its page has a change before the next one.") var pauseMilliseconds = 0

    func run() throws {
        let executable = kbplay ?? DaemonBench.siblingExecutable("kbplay")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("no kbplay executable at \(executable) (build all products, or pass --kbplay)")
        }
        guard pages > 0, changes > 0, pauseMilliseconds >= 0 else { throw ValidationError("--pages and --changes are at least 1") }
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

        let n = pages
        let latencies = Mutex<[Double]>([])
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for c in 0..<n {
            group.enter()
            let changes = changes, pause = pauseMilliseconds
            Thread {
                defer { group.leave() }
                do {
                    let times = try Self.session(c, port: port, socket: socketPath, changes: changes, pauseMilliseconds: pause)
                    latencies.withLock { $0 += times }
                } catch {
                    failures.withLock { $0.append("page \(c): \(error)") }
                }
            }.start()
        }
        group.wait()
        if let first = failures.withLock({ $0.first }) { throw ValidationError(first) }
        let all = latencies.withLock { $0 }.sorted()
        func percentile(_ p: Double) -> Double { all[min(all.count - 1, Int((p * Double(all.count)).rounded(.up)) - 1)] }
        print("case=web pages=\(n) p50_us=\(Int(percentile(0.50).rounded())) p99_us=\(Int(percentile(0.99).rounded())) max_us=\(Int(all.last!.rounded()))")
        print("#   changes=\(all.count) (\(changes) per session, keyboard show/hide after demo, each page's snapshot read whole off its WebSocket)")
    }

    /// One session's client and page: its `demo`, its page opened and its
    /// first snapshot read, then `changes` changes, each timed from its
    /// eval's sending to the page's snapshot of it.
    static func session(_ c: Int, port: Int, socket: String, changes: Int, pauseMilliseconds: Int) throws -> [Double] {
        let name = try SessionName(validating: "page\(c)")
        let client = try DaemonClient(path: socket, timeout: 30)
        guard case .evaluated = try client.send(.eval(id: .number(0), session: name, command: "demo")) else {
            throw ValidationError("demo failed")
        }
        let page = try WebSocketReader(port: port, path: "/ws/s/\(name)")
        _ = try page.nextMessage()  // the snapshot it opens with
        // The page's reader: the time each snapshot of a change arrives.
        let arrivals = Mutex<[UInt64]>([])
        let arrived = DispatchSemaphore(value: 0)
        Thread {
            while let message = try? page.nextMessage() {
                // A snapshot that carries a change: `"change": {"client": …`.
                guard message.contains("\"change\": {") else { continue }
                arrivals.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
                arrived.signal()
            }
        }.start()
        var times: [Double] = []
        for k in 0..<changes {
            let command = k % 2 == 0 ? "keyboard show" : "keyboard hide"
            let start = DispatchTime.now().uptimeNanoseconds
            guard case .evaluated = try client.send(.eval(id: .number(Double(k + 1)), session: name, command: command)) else {
                throw ValidationError("\(command) failed")
            }
            guard arrived.wait(timeout: .now() + 10) == .success, let end = arrivals.withLock({ $0.popLast() }) else {
                throw ValidationError("change \(k) did not reach the page within 10 s")
            }
            times.append(Double(end - start) / 1000)
            if pauseMilliseconds > 0 { usleep(useconds_t(pauseMilliseconds * 1000)) }
        }
        return times
    }
}

/// A WebSocket client as little as a benchmark needs: the handshake, then
/// the server's text messages, each read whole.
final class WebSocketReader: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, path: String) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ValidationError("cannot connect to port \(port)") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                guard head.hasPrefix("HTTP/1.1 101") else { throw ValidationError("no WebSocket: \(head)") }
                return
            }
            try fill()
        }
    }

    deinit { close(fd) }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for k in 0...(buffer.count - pattern.count) where buffer[k..<(k + pattern.count)].elementsEqual(pattern) { return k }
        return nil
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { throw ValidationError("the page's WebSocket closed") }
        buffer += chunk[0..<n]
    }

    private func need(_ count: Int) throws {
        while buffer.count < count { try fill() }
    }

    /// The next text message (a frame from the server is never masked).
    func nextMessage() throws -> String {
        while true {
            try need(2)
            let opcode = buffer[0] & 0x0F
            var length = Int(buffer[1] & 0x7F)
            var offset = 2
            if length == 126 {
                try need(4)
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                offset = 4
            } else if length == 127 {
                try need(10)
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                offset = 10
            }
            try need(offset + length)
            let payload = Array(buffer[offset..<(offset + length)])
            buffer.removeFirst(offset + length)
            if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
            if opcode == 8 { throw ValidationError("the page's WebSocket was closed") }
        }
    }
}
