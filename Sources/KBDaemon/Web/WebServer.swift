import KBShell
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The daemon's web pages (`kbplay serve --http`): HTTP/1.1 for the pages
/// and their script and styles, and a WebSocket on the same port for each
/// page's live changes, built on SwiftNIO's own handlers.
///
/// Limits: a request's head (its line and headers) is at most 16 KiB, a
/// header 8 KiB, 100 headers, a URI 2,048 bytes, a WebSocket message from
/// a page 64 KiB; a connection that sends nothing for a minute, or never
/// finishes its request, is closed, and so is one whose request's head
/// takes longer than ``WebOptions/headTimeout`` (10 s) to arrive. A client
/// that does not read what it is sent is not read either: one response, or
/// one read's worth of WebSocket replies, waits for it at most.
enum WebServer {
    static var maximumURILength: Int { 2048 }
    static var maximumMessage: Int { 64 << 10 }

    static var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = 8 << 10
        limits.maxHeaderListSize = 16 << 10
        limits.maxHeaderFieldCount = 100
        return limits
    }

    /// Binds `options`' address and serves `daemon`'s sessions there.
    static func bind<Session: HostedSession>(_ options: WebOptions, daemon: Daemon<Session>) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // A snapshot goes out as soon as it is written, not after the
            // page acknowledges the one before (Nagle's algorithm).
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let upgrader = NIOWebSocketServerUpgrader(
                    maxFrameSize: maximumMessage,
                    // The gate before the upgrader decided.
                    shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                    upgradePipelineHandler: { channel, head in
                        channel.eventLoop.makeCompletedFuture {
                            let sync = channel.pipeline.syncOperations
                            // The HTTP connection's idle limit does not apply
                            // to a page that watches quietly.
                            if let idle = try? sync.handler(type: IdleStateHandler.self) { sync.removeHandler(idle, promise: nil) }
                            let target = PageTarget(path: WebRequest(head).path)!
                            let canCommand = options.accepts(WebRequest(head).query["token"])
                            try sync.addHandler(PageHandler(daemon: daemon, target: target, canCommand: canCommand,
                                                            client: daemon.nextWebClient()))
                        }
                    })
                let upgrade: NIOHTTPServerUpgradeSendableConfiguration = (
                    upgraders: [upgrader],
                    completionHandler: { context in
                        for name in ["kbplay-gate", "kbplay-http", "kbplay-head-bytes", "kbplay-head-parts"] {
                            context.pipeline.removeHandler(name: name, promise: nil)
                        }
                    })
                return channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: upgrade, withDecoderLimitConfiguration: decoderLimits
                ).flatMap {
                    channel.eventLoop.makeCompletedFuture {
                        let sync = channel.pipeline.syncOperations
                        let upgrader = try sync.handler(type: HTTPServerUpgradeHandler.self)
                        let decoder = try sync.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                        let deadline = HeadDeadline(limit: options.headTimeout)
                        try sync.addHandler(HeadDeadline.Bytes(deadline), name: "kbplay-head-bytes", position: .first)
                        try sync.addHandler(HeadDeadline.Parts(deadline), name: "kbplay-head-parts", position: .after(decoder))
                        try sync.addHandler(WebSocketGate(daemon: daemon, options: options), name: "kbplay-gate",
                                            position: .before(upgrader))
                        try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(60)))
                        try channel.pipeline.syncOperations.addHandler(HTTPHandler(daemon: daemon, options: options),
                                                                       name: "kbplay-http")
                    }
                }
            }
            .bind(host: options.host, port: options.port)
            .get()
    }
}

/// What a page's WebSocket follows: every session (the workshop), or one.
enum PageTarget: Sendable, Equatable {
    case workshop
    case session(SessionName)

    /// `/ws` or `/ws/s/NAME`.
    init?(path: String) {
        if path == "/ws" {
            self = .workshop
        } else if path.hasPrefix("/ws/s/"), let name = SessionName(String(path.dropFirst("/ws/s/".count))) {
            self = .session(name)
        } else {
            return nil
        }
    }
}
