#if canImport(Glibc)
import Glibc
#endif

/// `kbplay serve --http [ADDR:]PORT [--token T] [--private] [--allow-host
/// NAME]…`: where the daemon serves its web pages, under which names, and
/// who may do what there.
public struct WebOptions: Sendable, Equatable {
    /// The address to bind (`127.0.0.1` unless one is given).
    public var host: String
    /// The port (0: one the system picks, as the tests do).
    public var port: Int
    /// What a page must carry (`?token=…`) to send commands, and, with
    /// ``isPrivate``, to be shown at all.
    public var token: String
    /// Without the token a browser gets nothing (otherwise it gets the
    /// pages read-only).
    public var isPrivate: Bool
    /// Names served besides the ones the daemon listens as (`--allow-host`):
    /// a request's `Host` may be one of them, with any port or none.
    public var allowedHosts: [String]
    /// How long a request's head (its line and headers) may take to
    /// arrive, from its first bytes; past that the connection is closed.
    var headTimeout: Duration = .seconds(10)

    public init(host: String = "127.0.0.1", port: Int, token: String, isPrivate: Bool = false,
                allowedHosts: [String] = []) {
        self.host = host
        self.port = port
        self.token = token
        self.isPrivate = isPrivate
        self.allowedHosts = allowedHosts
    }

    /// The names a request's `Host` may carry, with the port the daemon
    /// listens on (`port`, the one the system gave for port 0): loopback's
    /// (`localhost`, `127.0.0.1`, `[::1]`) and the address it was given.
    /// A page reached under any other name is refused, so that a name
    /// someone else controls, pointed at this machine (DNS rebinding),
    /// cannot read the pages or open their WebSockets.
    func servedHosts(port: Int) -> [String] {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        let bound = Self.hostName(host)
        if !names.contains(bound) { names.append(bound) }
        return names.map { "\($0):\(port)" } + allowedHosts.map(Self.hostName)
    }

    /// Whether a request's `Host` header names this server listening on
    /// `port`: a name it listens as with that port (none only for port
    /// 80), or one of ``allowedHosts`` with any port.
    func serves(host header: String, port: Int) -> Bool {
        let text = header
        var name = Substring(text), portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            name = text[...close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                portText = rest.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            name = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let given = Self.hostName(String(name))
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), Int(portText) != nil else { return false }
        }
        if allowedHosts.contains(where: { Self.hostName($0) == given }) { return true }
        let samePort = portText.map { Int($0) == port } ?? (port == 80)
        return samePort && ["127.0.0.1", "localhost", "[::1]", Self.hostName(host)].contains(given)
    }

    /// A host as a `Host` header writes it: lowercased, an IPv6 address in
    /// brackets.
    static func hostName(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// Whether `name` may be given to `--allow-host`: a host name or an
    /// address, without a port (letters, digits, `-`, `.`; an IPv6
    /// address's `:` inside brackets or alone).
    public static func isHostName(_ name: String) -> Bool {
        var inner = Substring(name)
        if name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 { inner = name.dropFirst().dropLast() }
        let ipv6 = inner.contains(":")
        return !inner.isEmpty && inner.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "."
            || (ipv6 && $0 == ":")) } && (ipv6 || !name.hasPrefix("["))
    }

    /// Reads `PORT`, `ADDR:PORT` or `[IPV6]:PORT`; the address defaults
    /// to loopback.
    public static func address(_ text: String) throws(WebOptionsError) -> (host: String, port: Int) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw WebOptionsError(text) }
            portText = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port),
              portText.allSatisfy(\.isASCII) else { throw WebOptionsError(text) }
        return (host, port)
    }

    /// Whether `host` is a loopback address (only this machine reaches it).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// A token of 128 random bits, in hex, for a daemon given none.
    public static func generatedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// Whether `given` is the token, compared in time that does not depend
    /// on where they differ.
    func accepts(_ given: String?) -> Bool {
        guard let given else { return false }
        let (a, b) = (Array(given.utf8), Array(token.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for k in a.indices { difference |= a[k] ^ b[k] }
        return difference == 0
    }
}

/// An `--http` value that is no `[ADDR:]PORT`.
public struct WebOptionsError: Error, CustomStringConvertible {
    public let text: String
    init(_ text: String) { self.text = text }
    public var description: String {
        "'\(text)' is not [ADDR:]PORT: give a port (8080), an address and a port (0.0.0.0:8080), or an IPv6 one in brackets ([::1]:8080); the port is 0 to 65535"
    }
}
