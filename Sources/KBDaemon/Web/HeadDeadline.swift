import NIOCore
import NIOHTTP1

/// Closes a connection whose request head (its line and headers) takes
/// longer than a limit to arrive, counted from the first bytes that came
/// after the request before it: a client that drips its headers a byte at
/// a time (slowloris), which the idle limit never sees idle, holds its
/// connection no longer than that. Two handlers share one deadline:
/// ``Bytes``, before the HTTP decoder, sees bytes arrive; ``Parts``, after
/// it, sees each head decoded and each request end. Both leave a
/// connection that became a WebSocket.
final class HeadDeadline {
    private let limit: TimeAmount
    private var timer: Scheduled<Void>?
    /// The request before has ended (or none came yet): the next bytes
    /// begin a head.
    private var awaitingHead = true

    init(limit: Duration) {
        let (seconds, attoseconds) = limit.components
        self.limit = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    private func bytesArrived(_ context: ChannelHandlerContext) {
        guard awaitingHead, timer == nil else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }

    private func headArrived() {
        awaitingHead = false
        cancel()
    }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }

    /// Sees the bytes come in (first in the pipeline).
    final class Bytes: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        let deadline: HeadDeadline
        init(_ deadline: HeadDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            deadline.bytesArrived(context)
            context.fireChannelRead(data)
        }

        func handlerRemoved(context: ChannelHandlerContext) { deadline.cancel() }
        func channelInactive(context: ChannelHandlerContext) {
            deadline.cancel()
            context.fireChannelInactive()
        }
    }

    /// Sees the requests' heads and ends (just after the HTTP decoder).
    final class Parts: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        let deadline: HeadDeadline
        init(_ deadline: HeadDeadline) { self.deadline = deadline }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head: deadline.headArrived()
            case .body: break
            case .end: deadline.awaitingHead = true
            }
            context.fireChannelRead(data)
        }

        func handlerRemoved(context: ChannelHandlerContext) { deadline.cancel() }
    }
}
