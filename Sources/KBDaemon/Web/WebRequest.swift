import NIOHTTP1

/// The parts of a request's head the pages look at: its path, its query's
/// members (percent-decoded) and its `Host` and `Origin`.
struct WebRequest {
    let head: HTTPRequestHead
    let path: String
    let query: [String: String]

    init(_ head: HTTPRequestHead) {
        self.head = head
        let uri = head.uri
        let (path, query) = uri.split(atFirst: "?") ?? (uri, "")
        self.path = Self.decoded(path) ?? ""
        var members: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let (key, value) = String(pair).split(atFirst: "=") ?? (String(pair), "")
            if let key = Self.decoded(key), let value = Self.decoded(value), members[key] == nil { members[key] = value }
        }
        self.query = members
    }

    var token: String? { query["token"] }

    /// Why the request may not be served, if it may not: a `Host` that is
    /// not a name this server (listening on `port`) is served under; for a
    /// WebSocket, an `Origin` that is not this server (a page elsewhere, in
    /// the same browser, opening a WebSocket here); for any request to a
    /// private daemon, a missing or wrong token.
    func refusal(_ options: WebOptions, port: Int) -> (HTTPResponseStatus, String)? {
        let hosts = head.headers["host"]
        if hosts.count > 1 {
            return (.badRequest, "a request has one Host header; this one has \(hosts.count)")
        }
        if let host = hosts.first {
            guard options.serves(host: host, port: port) else {
                let served = options.servedHosts(port: port)
                return (.misdirectedRequest, "this server does not answer to the name '\(host)': it serves "
                    + served.dropLast().joined(separator: ", ") + " and " + served.last!
                    + "; to serve another name (one that reaches this machine), start kbplay serve with --allow-host NAME")
            }
        } else if head.version.major == 1, head.version.minor >= 1 {
            return (.badRequest, "an HTTP/1.1 request needs a Host header (the address it was sent to, as 127.0.0.1:\(port))")
        }
        if path.hasPrefix("/ws"), let origin = head.headers.first(name: "origin") {
            let host = hosts.first ?? ""
            if origin != "http://" + host {
                return (.forbidden, "refused: this page's Origin (\(origin)) is not this server (http://\(host)); open the page from kbplay serve's address")
            }
        }
        if options.isPrivate, !options.accepts(token) {
            return (.forbidden, "this daemon's pages are private: open the address kbplay serve printed, with its ?token=…")
        }
        return nil
    }

    /// `%XX` and `+` decoded; nil for a broken escape or bytes that are not UTF-8.
    static func decoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var k = text.utf8.startIndex
        let utf8 = text.utf8
        while k < utf8.endIndex {
            let byte = utf8[k]
            if byte == UInt8(ascii: "%") {
                let a = utf8.index(after: k)
                guard a < utf8.endIndex, utf8.index(after: a) < utf8.endIndex,
                      let hi = hex(utf8[a]), let lo = hex(utf8[utf8.index(after: a)]) else { return nil }
                bytes.append(hi << 4 | lo)
                k = utf8.index(k, offsetBy: 3)
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            k = utf8.index(after: k)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// The text before and after the first `separator`.
    func split(atFirst separator: Character) -> (String, String)? {
        guard let k = firstIndex(of: separator) else { return nil }
        return (String(self[..<k]), String(self[index(after: k)...]))
    }
}
