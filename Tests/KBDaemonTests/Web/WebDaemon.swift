import Foundation
import KBDaemon
import KBShell

/// A `kbplay serve --http 127.0.0.1:0 --token …` process: its socket for
/// clients, and its pages' base address, read off what it prints.
struct WebDaemon {
    static let token = "t0ken-for-tests"
    let process: DaemonProcess
    /// `http://127.0.0.1:PORT`.
    let base: String
    let port: Int

    /// `arguments`: more of `kbplay serve`'s options (`--allow-host NAME`).
    static func start(private isPrivate: Bool = false, arguments: [String] = []) async throws -> WebDaemon {
        let process = try await DaemonProcess.start(arguments: ["--http", "127.0.0.1:0", "--token", token]
            + (isPrivate ? ["--private"] : []) + arguments)
        let said = (try? String(contentsOfFile: process.directory + "/serve.out", encoding: .utf8)) ?? ""
        guard let start = said.range(of: "web pages on http://127.0.0.1:"),
              let port = Int(said[start.upperBound...].prefix { $0.isNumber }) else {
            process.stop()
            throw DaemonProcessError("kbplay serve --http printed no address: \(said)")
        }
        return WebDaemon(process: process, base: "http://127.0.0.1:\(port)", port: port)
    }

    func stop() { process.stop() }

    /// Runs commands on `session` as another client does.
    @discardableResult
    func evals(_ commands: [String], session: String) async throws -> [JSON?] {
        try await process.evals(commands, session: session)
    }
}

/// One HTTP exchange over a plain TCP connection: the bytes are sent as
/// given (so a test can send what no HTTP library would), and the response
/// is read until the server closes or its body is complete (at most 5 s).
struct HTTPExchange {
    let status: Int
    let headers: [String: String]
    let body: String
    /// The server closed the connection after its response.
    let closed: Bool

    static func send(_ request: String, port: Int) throws -> HTTPExchange {
        guard let fd = connectToLoopback(port: port) else { throw DaemonProcessError("cannot connect to port \(port)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }  // the server may close before reading it all
            sent += n
        }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var closed = false
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n == 0 { closed = true; break }
            if n < 0 { closed = errno == ECONNRESET; break }
            data += buffer[0..<n]
            // Whole, unless the server says it closes: then until it does.
            if let parsed = parse(data), let length = Int(parsed.headers["content-length"] ?? ""),
               parsed.body.utf8.count >= length, parsed.status != 101, parsed.headers["connection"] != "close" { break }
            if let parsed = parse(data), parsed.status == 101 { break }
        }
        guard let parsed = parse(data) else {
            return HTTPExchange(status: 0, headers: [:], body: "", closed: closed)
        }
        return HTTPExchange(status: parsed.status, headers: parsed.headers, body: parsed.body, closed: closed)
    }

    private static func parse(_ data: [UInt8]) -> (status: Int, headers: [String: String], body: String)? {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers, String(text[end.upperBound...]))
    }

    /// A GET of `path`, with more header lines if given.
    static func get(_ path: String, port: Int, headers: [String] = []) throws -> HTTPExchange {
        try send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + headers.map { $0 + "\r\n" }.joined()
                 + "Connection: close\r\n\r\n", port: port)
    }

    /// A WebSocket upgrade request for `path`, with an `Origin` if given.
    static func upgrade(_ path: String, port: Int, origin: String?) throws -> HTTPExchange {
        let lines = ["Host: 127.0.0.1:\(port)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
            + (origin.map { ["Origin: \($0)"] } ?? [])
        return try send("GET \(path) HTTP/1.1\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n", port: port)
    }
}

/// A WebSocket opened by hand on a page's address, which reads only when
/// asked to (a browser that stopped reading reads nothing at all).
final class RawWebSocket: @unchecked Sendable {
    let fd: Int32
    /// Bytes read and not yet taken as a message.
    private var buffer = [UInt8]()

    init(port: Int, path: String, receiveBuffer: Int32? = nil, sendBuffer: Int32? = nil) throws {
        guard let fd = connectToLoopback(port: port, receiveBuffer: receiveBuffer) else {
            throw DaemonProcessError("cannot connect to port \(port)")
        }
        self.fd = fd
        if var size = sendBuffer {
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        // The response's head, byte by byte, so nothing after it is read.
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(fd, &byte, 1) == 1 else { throw DaemonProcessError("no upgrade response") }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw DaemonProcessError("not upgraded: \(String(decoding: head, as: UTF8.self))")
        }
    }

    deinit { close(fd) }

    /// Reads text messages until one contains `text` (nil: the socket
    /// closed or 5 s passed without data).
    func message(containing text: String) -> String? {
        messages(until: text).last
    }

    /// Reads text messages until one contains `text`: how many came, and
    /// that one (nil: the socket closed or 5 s passed without data).
    func messages(until text: String) -> (count: Int, last: String?) {
        var count = 0
        let found = readMessages { payload in
            count += 1
            return payload.contains(text)
        }
        return (count, found)
    }

    /// The next text message (nil: the socket closed or 5 s passed without data).
    func next() -> String? {
        readMessages { _ in true }
    }

    /// Sends one frame as a client writes it: masked (unless `masked` is
    /// false), with the reserved bits given (`rsv`: 0 to 7), final.
    func send(opcode: UInt8, payload: [UInt8], masked: Bool = true, rsv: UInt8 = 0) {
        let bytes = Self.frame(opcode: opcode, payload: payload, masked: masked, rsv: rsv)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The bytes of one final frame (masked with a fixed key, if `masked`).
    static func frame(opcode: UInt8, payload: [UInt8], masked: Bool = true, rsv: UInt8 = 0) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | (rsv & 7) << 4 | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            bytes.append(mask | UInt8(payload.count))
        } else {
            bytes += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// The next frame the server sends, whatever its kind: its opcode and
    /// payload (nil: the socket closed or 5 s passed without data).
    func nextFrame() -> (opcode: UInt8, payload: [UInt8])? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F), offset = 2, known = true
                if length == 126 {
                    known = buffer.count >= 4
                    if known { length = Int(buffer[2]) << 8 | Int(buffer[3]); offset = 4 }
                } else if length == 127 {
                    known = buffer.count >= 10
                    if known { length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }; offset = 10 }
                }
                if known, buffer.count >= offset + length {
                    let frame = (buffer[0] & 0x0F, Array(buffer[offset..<(offset + length)]))
                    buffer.removeFirst(offset + length)
                    return frame
                }
            }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
    }

    /// Whether the server has closed the connection: reads (and drops)
    /// what comes until the end, for at most 5 s.
    func closedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n == 0 || (n < 0 && errno == ECONNRESET) { return true }
            if n < 0 { return false }
        }
    }

    private func readMessages(_ isLast: (String) -> Bool) -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F), offset = 2
                if length == 126 {
                    guard buffer.count >= 4 else { break }
                    length = Int(buffer[2]) << 8 | Int(buffer[3]); offset = 4
                } else if length == 127 {
                    guard buffer.count >= 10 else { break }
                    length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }; offset = 10
                }
                guard buffer.count >= offset + length else { break }
                let payload = String(decoding: buffer[offset..<(offset + length)], as: UTF8.self)
                buffer.removeFirst(offset + length)
                if isLast(payload) { return payload }
            }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
    }
}
