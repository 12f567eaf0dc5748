import KBShell
import NIOCore

/// One client's connection, on its channel's event loop: its framing
/// (lines) and its protocol (``DaemonRequest``, ``DaemonReply``). Requests
/// are carried out one at a time in the order they arrive
/// (``RequestQueue``), and their replies go out in that order.
///
/// A client that sends faster than its requests are carried out, or does
/// not read its replies, is not read from until it catches up: at most
/// ``maximumWaiting`` lines wait (plus what one read of the socket holds),
/// and the rest stays in the client's own socket buffer, so no client can
/// grow the daemon's memory.
///
/// An eval takes the eval path pages take too
/// (``Daemon/evaluate(_:in:host:permit:on:whenClosed:render:done:)``): it
/// runs right here, on the event loop (``SessionHost/submit``), unless it
/// reads or writes files or undoes; its reply is written when the group
/// commit reports its journal record on disk. Other requests, which
/// may read or write whole files, run as tasks off the loop and hand their
/// reply back to it.
final class ClientHandler<Session: HostedSession>: ChannelDuplexHandler {
    typealias InboundIn = String
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Lines waiting to be carried out above which the socket is not read.
    static var maximumWaiting: Int { 64 }

    private let daemon: Daemon<Session>
    private let client: String
    /// A socket client may run commands (the socket is its user's own).
    private let permit: EvalPermit
    private var context: ChannelHandlerContext?
    /// Lines received and not yet answered: the next is carried out once
    /// the one under way is.
    private var lines = RequestQueue<String>()
    /// A read of the socket was asked for and held back.
    private var readHeld = false
    /// The client has sent all it will (it half-closed, or went away):
    /// once the lines received are carried out and answered, the
    /// connection closes, unless it follows a session.
    private var inputClosed = false
    /// The connection's close has been asked for.
    private var closing = false
    private var subscriptions: [(SessionHost<Session>, Int)] = []
    /// Change messages of all this connection's subscriptions not yet written.
    private let backlog: SubscriberBacklog

    init(daemon: Daemon<Session>, client: String) {
        self.daemon = daemon
        self.client = client
        guard case let .success(permit) = daemon.admit(.socket(client: client)) else {
            preconditionFailure("a socket client is always admitted")
        }
        self.permit = permit
        backlog = SubscriberBacklog(limit: daemon.subscriberBacklog)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lines.append(unwrapInboundIn(data))
        carryOutNext()
    }

    /// Whether the socket may be read: few lines wait and replies can go out.
    private func mayRead(_ channel: any Channel) -> Bool {
        lines.count < Self.maximumWaiting && channel.isWritable
    }

    func read(context: ChannelHandlerContext) {
        guard mayRead(context.channel) else {
            readHeld = true
            return
        }
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            inputClosed = true
            carryOutNext()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        carryOutNext()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        lines.removeAll()
        for (host, token) in subscriptions { host.unsubscribe(token) }
        subscriptions = []
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Starts on the next line unless a request is under way. A client
    /// that does not read its replies fills the channel's buffer; then no
    /// more requests are carried out until it drains.
    private func carryOutNext() {
        guard let context else { return }
        while context.channel.isWritable, let line = lines.next() {
            if !carryOut(line, context: context) { lines.finished() }
        }
        if inputClosed {
            // Closed once every reply is out: writes complete in order, so
            // this empty one completes after the last reply has been written.
            if lines.isIdle, subscriptions.isEmpty, !closing, context.channel.isActive {
                closing = true
                let promise = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(ByteBuffer()), promise: promise)
                let channel = context.channel
                promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
            }
            return
        }
        if readHeld, mayRead(context.channel), context.channel.isActive {
            readHeld = false
            context.read()
        }
    }

    /// Answers a line now (false), or starts its request (true: its reply
    /// is written by ``finish(_:)``).
    private func carryOut(_ line: String, context: ChannelHandlerContext) -> Bool {
        if line == LineDecoder.tooLong {
            let failure = DaemonReply.failed(id: .null, message: "request line longer than \(DaemonRequest.maximumLength) bytes (1 MiB); the connection is closed")
            context.writeAndFlush(wrapOutboundOut(failure.encoded()), promise: nil)
            context.close(promise: nil)
            lines.removeAll()
            return false
        }
        guard !line.allSatisfy(\.isWhitespace) else { return false }
        switch DaemonRequest.parse(line) {
        case let .failure(failure):
            context.writeAndFlush(wrapOutboundOut(failure.reply.encoded()), promise: nil)
            return false
        case let .success(request):
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            switch request {
            case let .eval(id, session, command):
                daemon.evaluate(command, in: session, permit: permit, on: context.eventLoop, whenClosed: .reload) { reply in
                    switch reply {
                    case let .ran(result, _):
                        DaemonReply.evaluated(id: id, session: session, result: .written(result)).encoded()
                    case let .failed(error):
                        Daemon<Session>.encodeFailure(id: id, error)
                    case .closed:
                        // Not with `.reload`: the session is loaded again.
                        DaemonReply.failed(id: id, message: "session '\(session)' was closed").encoded()
                    }
                } done: { reply in
                    handler.execute { $0.finish(reply) }
                }
            case let .subscribe(id, session):
                subscribe(id: id, session: session, loop: context.eventLoop)
            default:
                let (daemon, client) = (daemon, client)
                Task(executorPreference: DaemonExecutor.tasks) {
                    let reply = await daemon.handle(request, client: client).encoded()
                    handler.execute { $0.finish(reply) }
                }
            }
            return true
        }
    }

    /// Writes the reply to the request under way (if the client is still
    /// there) and goes on with the next.
    private func finish(_ reply: ByteBuffer) {
        lines.finished()
        guard let context, context.channel.isActive else { return }
        context.writeAndFlush(wrapOutboundOut(reply), promise: nil)
        carryOutNext()
    }

    /// Registers the channel for the session's changes and acknowledges.
    private func subscribe(id: JSON, session: SessionName, loop: any EventLoop) {
        let (registry, client) = (daemon.registry, client)
        let handler = NIOLoopBound(self, eventLoop: loop)
        Task(executorPreference: DaemonExecutor.tasks) {
            do {
                let host = try await registry.host(session)
                handler.execute { handler in
                    guard let channel = handler.context?.channel else { return }
                    let token = host.subscribe(channel, id: id, backlog: handler.backlog)
                    handler.subscriptions.append((host, token))
                    handler.finish(DaemonReply.subscribed(id: id, session: session, client: client).encoded())
                }
            } catch {
                let failure = Daemon<Session>.encodeFailure(id: id, error)
                handler.execute { $0.finish(failure) }
            }
        }
    }
}
