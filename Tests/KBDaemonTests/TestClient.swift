#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import KBShell

/// A blocking Unix-socket client for tests: writes lines, reads lines.
final class TestClient {
    let fd: Int32
    private var pending: [UInt8] = []

    init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if ok != 0 {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }

    func sendRaw(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The next line, or nil when the connection closed or timed out.
    func readLine() -> String? {
        while true {
            if let i = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<i], as: UTF8.self)
                pending.removeSubrange(...i)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return nil }
            pending += buffer[0..<n]
        }
    }

    func request(_ line: String) -> JSON? {
        send(line)
        return readLine().flatMap { try? JSONReader.parse($0) }
    }

    private let queue = DispatchQueue(label: "test-client")

    /// `request` on a thread of its own, so a blocking read never holds one
    /// of the few threads the daemon's actors run on.
    func ask(_ line: String) async -> JSON? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.request(line)) }
        }
    }

    /// The next line as JSON, read on the client's own thread.
    func next() async -> JSON? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine().flatMap { try? JSONReader.parse($0) }) }
        }
    }

    func nextRaw() async -> String? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine()) }
        }
    }
}

extension TestClient: @unchecked Sendable {}
