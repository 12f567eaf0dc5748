import ArgumentParser
import KBDaemon
import KBShell
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// N clients, each on a session of its own, sending `keyboard show` and
/// `keyboard hide` evals to `kbplay serve` over its Unix socket at the
/// same time; every request's round trip (write, eval, journal fsync,
/// reply) is timed.
///
/// The daemon is the `kbplay` executable built beside this one, started on
/// a socket and sessions folder made for the run (in the temporary
/// directory, or under `--dir`) and stopped at the end. The clients are a
/// closed loop driven from one thread (``ClosedLoop``), so the benchmark
/// takes little of the CPU the daemon runs on.
struct DaemonBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Round-trip latency of evals from N concurrent clients of kbplay serve."
    )

    @Option(help: "Concurrent clients, each on its own session.") var clients = 50
    @Option(help: "Requests per client (after its `demo`).") var requests = 200
    @Option(help: "The kbplay executable (default: the one built beside kbplay-bench).") var kbplay: String?
    @Option(help: "The folder for the daemon's socket and sessions (default: the temporary directory); /dev/shm keeps the journal's syncs off the disk.") var dir: String?
    @Option(name: .customLong("pause-ms"), help: "Milliseconds each client waits after a reply before its next request (0: a closed loop; 20: a person at a keyboard, about).") var pauseMilliseconds = 0
    @Option(name: .customLong("samples"), help: "Writes every timed request to this file, one line each: when it was sent (µs after the first), its round trip (µs) and its client; shows whether slow requests come together (a stall of the whole daemon or of one event loop) or alone.") var samplesPath: String?
    @Option(name: .customLong("dirty-mb"), help: "Megabytes another program writes to the folder, unsynced, just before the timed requests: what a sync of the whole filesystem would have to write first.") var dirtyMegabytes = 0

    func run() throws {
        let executable = kbplay ?? Self.siblingExecutable("kbplay")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("no kbplay executable at \(executable) (build all products, or pass --kbplay)")
        }
        var parent = self.dir ?? NSTemporaryDirectory()
        while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
        let dir = parent + "/kbplay-bench-daemon-\(getpid())"
        guard mkdir(dir, 0o700) == 0 || errno == EEXIST else {
            throw ValidationError("cannot create \(dir): \(String(cString: strerror(errno)))")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socketPath = dir + "/s.sock"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: executable)
        daemon.arguments = ["serve", "--socket", socketPath, "--sessions", dir + "/Sessions"]
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.run()
        defer {
            kill(daemon.processIdentifier, SIGTERM)
            daemon.waitUntilExit()
        }
        var ready = false
        for _ in 0..<500 where !ready {
            if let probe = LineSocket(path: socketPath, timeout: 30) { _ = probe; ready = true } else { usleep(10_000) }
        }
        guard ready else { throw ValidationError("kbplay serve did not start on \(socketPath)") }

        let n = clients
        var connections: [LineSocket] = []
        for c in 0..<n {
            guard let connection = LineSocket(path: socketPath, timeout: 30) else {
                throw ValidationError("client \(c): cannot connect")
            }
            connections.append(connection)
        }
        var loop = ClosedLoop(connections.map { ClosedLoop.Client(connection: $0) })
        // Every client has its session loaded (the `demo` acknowledged)
        // before any timed request starts.
        for c in 0..<n { loop.send(c, Self.request(client: c, id: 0, "demo")) }
        try loop.run { c, reply in
            guard Self.succeeded(reply) else { throw ValidationError("client \(c): demo failed") }
            return nil
        }
        guard pauseMilliseconds >= 0, dirtyMegabytes >= 0 else { throw ValidationError("--pause-ms and --dirty-mb cannot be negative") }
        if dirtyMegabytes > 0 { try Self.writeUnsynced(megabytes: dirtyMegabytes, to: dir + "/dirty.bin") }
        loop.pause = UInt64(pauseMilliseconds) * 1_000_000
        let unwritten = UnwrittenData.systemBytes()
        let cpu0 = Self.cpuSeconds(of: daemon.processIdentifier)
        let t0 = DispatchTime.now().uptimeNanoseconds
        var sent = Array(repeating: 1, count: n)
        for c in 0..<n { loop.send(c, Self.request(client: c, id: 1, "keyboard show")) }
        var times: [Double] = []
        times.reserveCapacity(n * requests)
        var samples: [(sentAt: UInt64, microseconds: Double, client: Int)] = []
        try loop.run { c, reply in
            times.append(reply.microseconds)
            if samplesPath != nil { samples.append((reply.sentAt, reply.microseconds, c)) }
            guard Self.succeeded(reply) else { throw ValidationError("client \(c): request \(sent[c]) failed") }
            guard sent[c] < requests else { return nil }
            sent[c] += 1
            return Self.request(client: c, id: sent[c], sent[c] % 2 == 1 ? "keyboard show" : "keyboard hide")
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        let cpu1 = Self.cpuSeconds(of: daemon.processIdentifier)
        if let samplesPath {
            let lines = samples.map { "\(($0.sentAt - min($0.sentAt, t0)) / 1000) \(Int($0.microseconds.rounded())) \($0.client)\n" }
            guard FileManager.default.createFile(atPath: samplesPath, contents: Data(lines.joined().utf8)) else {
                throw ValidationError("cannot write \(samplesPath)")
            }
        }
        let all = times.sorted()
        func percentile(_ p: Double) -> Double { all[min(all.count - 1, Int((p * Double(all.count)).rounded(.up)) - 1)] }
        print("case=daemon clients=\(n) p50_us=\(Int(percentile(0.50).rounded())) p99_us=\(Int(percentile(0.99).rounded()))")
        print("#   requests=\(all.count) (\(requests) per client, keyboard show/hide after demo) "
            + "min_us=\(Int(all.first!.rounded())) p90_us=\(Int(percentile(0.90).rounded())) "
            + "max_us=\(Int(all.last!.rounded())) wall_s=\(String(format: "%.2f", wall)) "
            + "throughput=\(Int((Double(all.count) / wall).rounded()))/s dir=\(parent)"
            + (pauseMilliseconds > 0 ? " pause_ms=\(pauseMilliseconds)" : "")
            + (dirtyMegabytes > 0 ? " dirty_mb=\(dirtyMegabytes)" : ""))
        if let unwritten {
            // The daemon syncs its journals file by file while the system
            // holds more than this unwritten (a build that just finished, a
            // big copy): slower for a closed loop, and not the usual figure.
            let over = unwritten > UnwrittenData.syncfsLimit
            print("#   system_unwritten_mb_at_start=\(unwritten >> 20)"
                + (over && dirtyMegabytes == 0
                    ? " (over \(UnwrittenData.syncfsLimit >> 20) MB: no syncfs until it is written; run `sync` first for the usual figure)"
                    : ""))
        }
        if let cpu0, let cpu1 {
            // Clock ticks (10 ms): coarse unless the run is long.
            print("#   daemon_cpu_s=\(String(format: "%.2f", cpu1 - cpu0)) "
                + "daemon_cpu_us_per_request=\(Int(((cpu1 - cpu0) * 1e6 / Double(all.count)).rounded()))")
        }
        fflush(nil)
    }

    /// Writes `megabytes` of zeros to `path` without syncing them, as a
    /// program copying a big file would; they stay in the page cache for
    /// the kernel to write back later.
    static func writeUnsynced(megabytes: Int, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ValidationError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<megabytes {
            do {
                try chunk.withUnsafeBytes { try FileIO.writeAll(fd, $0, path: path) }
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    /// An eval request line of client `c` (on session `benchC`).
    static func request(client c: Int, id: Int, _ command: String) -> [UInt8] {
        let session = SessionName("bench\(c)")!  // letters and digits: always a name
        return Array((DaemonRequest.eval(id: .number(Double(id)), session: session, command: command).line + "\n").utf8)
    }

    static func succeeded(_ reply: ClosedLoop.Reply) -> Bool {
        reply.contains("\"status\": \"done\"") && reply.contains("\"ok\": true")
    }

    /// User + system CPU time of a process so far, from /proc/PID/stat.
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command's closing parenthesis start at field 3;
        // utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `NAME` in the folder of the running executable.
    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(name).path
    }
}

/// `memmem(3)` (a GNU extension the Glibc module does not export).
@_silgen_name("memmem")
private func memmem(_ haystack: UnsafeRawPointer?, _ haystackLength: Int, _ needle: UnsafeRawPointer?,
                    _ needleLength: Int) -> UnsafeMutableRawPointer?

/// N clients in a closed loop, driven from one thread: each has one
/// request outstanding at a time and sends its next as soon as it has read
/// the reply to the last. `poll` waits for any of their sockets, and every
/// ready socket is read on each wake, so no client's reply waits behind
/// another's.
struct ClosedLoop {
    struct Client {
        let connection: LineSocket
        var fd: Int32 { connection.fd }
        var received: [UInt8] = []
        /// When the outstanding request was sent (nil: none outstanding).
        var sentAt: UInt64?
    }

    /// A whole reply line and its round trip.
    struct Reply {
        let line: ArraySlice<UInt8>
        let microseconds: Double
        /// When its request was written (the monotonic clock, ns).
        let sentAt: UInt64

        func contains(_ text: String) -> Bool {
            line.withUnsafeBytes { haystack in
                text.utf8.withContiguousStorageIfAvailable { needle in
                    memmem(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count) != nil
                } ?? false
            }
        }
    }

    private var clients: [Client]
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Nanoseconds a client waits after a reply before sending its next
    /// request (0: at once).
    var pause: UInt64 = 0
    /// Requests waiting for their pause to end, with when they are due.
    private var waiting: [(client: Int, due: UInt64, request: [UInt8])] = []

    init(_ clients: [Client]) { self.clients = clients }

    /// Writes a request for client `c`; its clock starts just before.
    mutating func send(_ c: Int, _ request: [UInt8]) {
        clients[c].sentAt = DispatchTime.now().uptimeNanoseconds
        let fd = clients[c].fd
        var offset = 0
        request.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// Runs until no client has a request outstanding. `next` gets each
    /// reply as it is read and returns the client's next request, or nil
    /// when that client is done.
    mutating func run(_ next: (Int, Reply) throws -> [UInt8]?) throws {
        var polled = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var outstanding = clients.count(where: { $0.sentAt != nil })
        while outstanding > 0 {
            var timeout: Int32 = 30_000
            if !waiting.isEmpty {
                let now = DispatchTime.now().uptimeNanoseconds
                for entry in waiting where entry.due <= now { send(entry.client, entry.request) }
                waiting.removeAll { $0.due <= now }
                if let next = waiting.map(\.due).min() {
                    timeout = Int32(min(30_000, (next - min(next, now) + 999_999) / 1_000_000))
                }
            }
            let ready = poll(&polled, nfds_t(polled.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 && !waiting.isEmpty { continue }
            guard ready > 0 else { throw ValidationError("no reply from kbplay serve in 30 s") }
            for c in polled.indices where polled[c].revents != 0 {
                polled[c].revents = 0
                let n = recv(clients[c].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                guard n > 0 else { throw ValidationError("client \(c): the daemon closed the connection") }
                let now = DispatchTime.now().uptimeNanoseconds
                clients[c].received += buffer[0..<n]
                guard let newline = clients[c].received.lastIndex(of: UInt8(ascii: "\n")),
                      let sentAt = clients[c].sentAt else { continue }
                // One request outstanding, so a line is its whole reply.
                let reply = Reply(line: clients[c].received[..<newline], microseconds: Double(now - sentAt) / 1e3, sentAt: sentAt)
                clients[c].sentAt = nil
                let request = try next(c, reply)
                clients[c].received.removeAll(keepingCapacity: true)
                if let request, pause > 0 {
                    waiting.append((c, now + pause, request))
                } else if let request {
                    send(c, request)
                } else {
                    outstanding -= 1
                }
            }
        }
    }
}
