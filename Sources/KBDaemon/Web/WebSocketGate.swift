import KBShell
import NIOCore
import NIOHTTP1

/// Decides, before SwiftNIO's upgrader sees it, whether a WebSocket may
/// open: the request is a WebSocket handshake by RFC 6455 (`Connection`
/// lists `upgrade`, `Upgrade` lists `websocket`, `Sec-WebSocket-Version`
/// is 13 and `Sec-WebSocket-Key` is 16 bytes in base64), it names this
/// server in `Host`, its path names the workshop or a session that exists
/// (opening a page makes no session), its `Origin` (which every browser
/// sends) is this server, and, for a private daemon, it carries the token.
/// A refused request goes on without its `Upgrade` header, as a plain
/// request, and ``HTTPHandler`` answers it with why (400, 403, 404, 421 or
/// 426 with the version served), instead of the connection being dropped
/// without a word. A request whose `Connection` does not list `upgrade` is
/// no handshake at all: it is answered as the plain request it is.
final class WebSocketGate<Session: HostedSession>: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The header through which the gate tells ``HTTPHandler`` what was
    /// wrong with a handshake (``Refusal``); a client's own is removed.
    static var refusalHeader: String { "kbplay-refused-upgrade" }

    /// A handshake's fault that the gate alone can see.
    enum Refusal: String {
        /// `Sec-WebSocket-Version` missing, or not 13 (426).
        case version
        /// `Sec-WebSocket-Key` missing, or not 16 bytes in base64 (400).
        case key
    }

    private let daemon: Daemon<Session>
    private let options: WebOptions

    init(daemon: Daemon<Session>, options: WebOptions) {
        self.daemon = daemon
        self.options = options
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case var .head(head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        let forged = head.headers.contains(name: Self.refusalHeader)
        guard forged || head.headers.contains(name: "upgrade") else { return context.fireChannelRead(data) }
        head.headers.remove(name: Self.refusalHeader)
        if head.headers.contains(name: "upgrade") {
            let connection = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
            let upgrade = head.headers[canonicalForm: "upgrade"].map { $0.lowercased() }
            if !connection.contains("upgrade") || !upgrade.contains("websocket") {
                // Not a WebSocket handshake: served as the request it is.
                head.headers.remove(name: "upgrade")
            } else if let refusal = Self.refusal(head) {
                refuse(&head)
                head.headers.add(name: Self.refusalHeader, value: refusal.rawValue)
            } else if !mayOpen(head, port: context.channel.localAddress?.port ?? options.port) {
                refuse(&head)
            }
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The request goes on as a plain one, and its connection closes after
    /// the answer.
    private func refuse(_ head: inout HTTPRequestHead) {
        head.headers.remove(name: "upgrade")
        head.headers.remove(name: "connection")
        head.headers.add(name: "Connection", value: "close")
    }

    /// What is wrong with a handshake's version or key (RFC 6455 §4.2.1).
    static func refusal(_ head: HTTPRequestHead) -> Refusal? {
        let versions = head.headers[canonicalForm: "sec-websocket-version"]
        guard versions.count == 1, versions[0] == "13" else { return .version }
        let keys = head.headers["sec-websocket-key"]
        guard keys.count == 1, isKey(keys[0]) else { return .key }
        return nil
    }

    /// 16 bytes in base64: 22 characters of its alphabet, then `==`.
    static func isKey(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"): true
            default: false
            }
        }
    }

    private func mayOpen(_ head: HTTPRequestHead, port: Int) -> Bool {
        guard head.method == .GET, head.version.major == 1, head.version.minor >= 1 else { return false }
        let request = WebRequest(head)
        guard request.refusal(options, port: port) == nil, let target = PageTarget(path: request.path) else { return false }
        guard case let .session(name) = target else { return true }
        return daemon.registry.exists(name)
    }
}
