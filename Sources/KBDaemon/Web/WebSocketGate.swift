import KBShell
import NIOCore
import NIOHTTP1

/// Decides, before SwiftNIO's upgrader sees it, whether a WebSocket may
/// open: its path names the workshop or a session that exists (opening a
/// page makes no session), its `Origin` (which every browser sends) is
/// this server, and, for a private daemon, it carries the token. A refused
/// request goes on without its `Upgrade` header, as a plain request, and
/// ``HTTPHandler`` answers it with why (403 or 404), instead of the
/// connection being dropped without a word.
final class WebSocketGate<Session: HostedSession>: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let daemon: Daemon<Session>
    private let options: WebOptions

    init(daemon: Daemon<Session>, options: WebOptions) {
        self.daemon = daemon
        self.options = options
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case var .head(head) = unwrapInboundIn(data), head.headers.contains(name: "upgrade") else {
            return context.fireChannelRead(data)
        }
        if !mayOpen(head) {
            head.headers.remove(name: "upgrade")
            head.headers.remove(name: "connection")
            head.headers.add(name: "Connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    private func mayOpen(_ head: HTTPRequestHead) -> Bool {
        let request = WebRequest(head)
        guard request.refusal(options) == nil, let target = PageTarget(path: request.path) else { return false }
        guard case let .session(name) = target else { return true }
        return daemon.registry.exists(name)
    }
}
