import KBShell
import NIOCore
import NIOHTTP1

/// The daemon's pages over HTTP: `/` (the workshop), `/s/NAME` (a
/// session), `/kbplay.js` and `/kbplay.css`, all served from the binary.
/// A WebSocket request the upgrader refused ends here too, and is told why.
///
/// A response is written only while the connection is writable: a client
/// that sends requests without reading the answers (pipelining) has one
/// response waiting at most, and, since SwiftNIO's pipelining handler
/// reads nothing more while a response is due, nothing more is read from
/// it until it reads.
final class HTTPHandler<Session: HostedSession>: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let daemon: Daemon<Session>
    private let options: WebOptions
    private var head: HTTPRequestHead?
    private var context: ChannelHandlerContext?
    /// A request whose response waits for the connection to be writable.
    private var waiting: HTTPRequestHead?
    /// The port this connection came in on (the one the system gave, for
    /// port 0).
    private lazy var port: Int = context?.channel.localAddress?.port ?? options.port

    init(daemon: Daemon<Session>, options: WebOptions) {
        self.daemon = daemon
        self.options = options
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head): self.head = head
        // A body (no page takes one) is read and dropped as it comes.
        case .body: break
        case .end:
            if let head {
                if context.channel.isWritable { respond(to: head) } else { waiting = head }
            }
            head = nil
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let waiting {
            self.waiting = nil
            respond(to: waiting)
        }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Idle for a minute (or a request that never ends): closed.
        if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead) {
        guard head.method == .GET || head.method == .HEAD else {
            return send(.methodNotAllowed, text: "\(head.method) is not served here: the pages are read with GET", head: head,
                        extra: [("Allow", "GET, HEAD")])
        }
        guard head.uri.utf8.count <= WebServer.maximumURILength else {
            return send(.uriTooLong, text: "the request's URI is over \(WebServer.maximumURILength) bytes", head: head)
        }
        let request = WebRequest(head)
        if let (status, reason) = request.refusal(options, port: port) { return send(status, text: reason, head: head) }
        switch head.headers.first(name: WebSocketGate<Session>.refusalHeader).flatMap(WebSocketGate<Session>.Refusal.init) {
        case .version:
            return send(.upgradeRequired, text: "this server speaks WebSocket version 13 (RFC 6455): send Sec-WebSocket-Version: 13",
                        head: head, extra: [("Sec-WebSocket-Version", "13"), ("Upgrade", "websocket")])
        case .key:
            return send(.badRequest, text: "a WebSocket handshake needs Sec-WebSocket-Key: 16 random bytes in base64 (RFC 6455)",
                        head: head)
        case nil:
            break
        }
        let path = request.path
        switch path {
        case "/":
            send(.ok, type: "text/html; charset=utf-8", body: WebPages.workshop(), head: head)
        case "/kbplay.js":
            send(.ok, type: "text/javascript; charset=utf-8", body: WebAssets.script, head: head)
        case "/kbplay.css":
            send(.ok, type: "text/css; charset=utf-8", body: WebAssets.styles, head: head)
        case _ where path.hasPrefix("/s/"):
            let text = String(path.dropFirst(3))
            guard let name = SessionName(text) else {
                return send(.notFound, text: "no session named '\(text)': a name is 1 to 64 letters, digits, _, - and .", head: head)
            }
            sessionPage(name, head: head, canCommand: options.accepts(request.token))
        case _ where path == "/ws" || path.hasPrefix("/ws/"):
            // The gate refused it (the Origin and the token were checked
            // above): for a session that does not exist, or for the request.
            if let name = path.hasPrefix("/ws/s/") ? SessionName(String(path.dropFirst(6))) : nil,
               !daemon.registry.exists(name) {
                send(.notFound, text: "no session named '\(name)'", head: head)
            } else if PageTarget(path: path) != nil {
                send(.badRequest, text: "\(path) is a WebSocket: open it with Upgrade: websocket and Connection: Upgrade", head: head)
            } else {
                send(.notFound, text: "nothing at \(path)", head: head)
            }
        default:
            send(.notFound, text: "nothing at \(path): the workshop is at /, a session at /s/NAME", head: head)
        }
    }

    /// A session's page, with its drawing as it is now; 404 for a session
    /// the daemon does not have (a GET makes none).
    private func sessionPage(_ name: SessionName, head: HTTPRequestHead, canCommand: Bool) {
        let registry = daemon.registry
        let handler = NIOLoopBound(self, eventLoop: context!.eventLoop)
        Task(executorPreference: DaemonExecutor.tasks) {
            guard registry.exists(name), let host = try? await registry.host(name) else {
                return handler.execute { $0.send(.notFound, text: "no session named '\(name)'", head: head) }
            }
            let (json, failing) = host.page
            let page = WebPages.session(name, page: json, failingExpects: failing, canCommand: canCommand)
            handler.execute { $0.send(.ok, type: "text/html; charset=utf-8", body: page, head: head) }
        }
    }

    private func send(_ status: HTTPResponseStatus, text: String, head: HTTPRequestHead, extra: [(String, String)] = []) {
        send(status, type: "text/plain; charset=utf-8", body: text + "\n", head: head, extra: extra)
    }

    private func send(_ status: HTTPResponseStatus, type: String, body: String, head: HTTPRequestHead,
                      extra: [(String, String)] = []) {
        guard let context, context.channel.isActive else { return }
        var headers = HTTPHeaders([
            ("Content-Type", type),
            ("Content-Length", "\(body.utf8.count)"),
            ("Cache-Control", "no-store"),
            // The script and styles are the server's own; no inline script
            // runs, even one a name or a text slipped into the page.
            ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            // The token is in the page's address: never sent elsewhere.
            ("Referrer-Policy", "no-referrer"),
        ])
        for (name, value) in extra { headers.add(name: name, value: value) }
        let keepAlive = head.isKeepAlive && status != .methodNotAllowed
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        var response = HTTPResponseHead(version: head.version, status: status, headers: headers)
        response.headers.replaceOrAdd(name: "Content-Length", value: "\(body.utf8.count)")
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        if head.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
            buffer.writeString(body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { done.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) } }
    }
}
