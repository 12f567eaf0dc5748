#if canImport(Glibc)
import Glibc
#endif

/// `kbplay serve --http [ADDR:]PORT [--token T] [--private]`: where the
/// daemon serves its web pages, and who may do what there.
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

    public init(host: String = "127.0.0.1", port: Int, token: String, isPrivate: Bool = false) {
        self.host = host
        self.port = port
        self.token = token
        self.isPrivate = isPrivate
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
