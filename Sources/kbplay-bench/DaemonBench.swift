import ArgumentParser
import KBDaemon
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
/// directory, or under `--dir`) and stopped at the end. Every
/// client blocks on its own thread, so the clients never compete with the
/// daemon for a thread pool.
struct DaemonBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Round-trip latency of evals from N concurrent clients of kbplay serve."
    )

    @Option(help: "Concurrent clients, each on its own session.") var clients = 50
    @Option(help: "Requests per client (after its `demo`).") var requests = 200
    @Option(help: "The kbplay executable (default: the one built beside kbplay-bench).") var kbplay: String?
    @Option(help: "The folder for the daemon's socket and sessions (default: the temporary directory); /dev/shm keeps the journal's syncs off the disk.") var dir: String?

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

        let n = clients, perClient = requests
        let results = LatencyResults(clients: n)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for c in 0..<n {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                guard let connection = LineSocket(path: socketPath, timeout: 30) else {
                    results.fail("client \(c): cannot connect")
                    return
                }
                let session = "bench\(c)"
                func eval(_ id: Int, _ command: String) -> Bool {
                    connection.send("{\"id\": \(id), \"session\": \"\(session)\", \"op\": \"eval\", \"command\": \"\(command)\"}")
                    guard let reply = connection.readLine() else { return false }
                    return reply.contains("\"status\": \"done\"") && reply.contains("\"ok\": true")
                }
                guard eval(0, "demo") else {
                    results.fail("client \(c): demo failed")
                    return
                }
                results.markReady()
                start.wait()
                var times: [Double] = []
                times.reserveCapacity(perClient)
                for i in 0..<perClient {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let ok = eval(i + 1, i % 2 == 0 ? "keyboard show" : "keyboard hide")
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
                    if !ok {
                        results.fail("client \(c): request \(i + 1) failed")
                        return
                    }
                }
                results.record(c, times)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        // Every client has its session loaded (the `demo` acknowledged)
        // before any timed request starts.
        while results.readyClients() < n && !results.failed { usleep(1000) }
        let cpu0 = Self.cpuSeconds(of: daemon.processIdentifier)
        let t0 = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<n { start.signal() }
        done.wait()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        let cpu1 = Self.cpuSeconds(of: daemon.processIdentifier)
        if let failure = results.firstFailure { throw ValidationError(failure) }
        let all = results.all.sorted()
        func percentile(_ p: Double) -> Double { all[min(all.count - 1, Int((p * Double(all.count)).rounded(.up)) - 1)] }
        print("case=daemon clients=\(n) p50_us=\(Int(percentile(0.50).rounded())) p99_us=\(Int(percentile(0.99).rounded()))")
        print("#   requests=\(all.count) (\(perClient) per client, keyboard show/hide after demo) "
            + "min_us=\(Int(all.first!.rounded())) p90_us=\(Int(percentile(0.90).rounded())) "
            + "max_us=\(Int(all.last!.rounded())) wall_s=\(String(format: "%.2f", wall)) "
            + "throughput=\(Int((Double(all.count) / wall).rounded()))/s dir=\(parent)")
        if let cpu0, let cpu1 {
            // Clock ticks (10 ms): coarse unless the run is long.
            print("#   daemon_cpu_s=\(String(format: "%.2f", cpu1 - cpu0)) "
                + "daemon_cpu_us_per_request=\(Int(((cpu1 - cpu0) * 1e6 / Double(all.count)).rounded()))")
        }
        fflush(nil)
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

/// The clients' latencies and failures, shared across their threads.
final class LatencyResults: @unchecked Sendable {
    private let lock = NSLock()
    private var perClient: [[Double]]
    private var failures: [String] = []
    private var ready = 0

    init(clients: Int) { perClient = Array(repeating: [], count: clients) }

    func record(_ client: Int, _ times: [Double]) { lock.withLock { perClient[client] = times } }
    func fail(_ message: String) { lock.withLock { failures.append(message) } }
    func readyClients() -> Int { lock.withLock { ready } }
    var failed: Bool { lock.withLock { !failures.isEmpty } }
    var firstFailure: String? { lock.withLock { failures.first } }
    var all: [Double] { lock.withLock { perClient.flatMap { $0 } } }
    func markReady() { lock.withLock { ready += 1 } }
}
