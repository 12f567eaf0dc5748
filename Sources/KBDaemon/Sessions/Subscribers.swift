import KBShell
import NIOCore

/// The connections that follow one session's changes. Held in the
/// session's state and changed under its lock (``SessionHost``), so
/// changes reach every subscriber in the order they were made.
struct Subscribers: Sendable {
    /// A connection that subscribed. Its change messages count against the
    /// connection's backlog: a subscriber that stops reading skips changes
    /// rather than growing the daemon's memory, and is told how many it
    /// skipped before the next change it gets.
    private struct Subscriber: Sendable {
        let token: Int
        let id: JSON
        let channel: any Channel
        let backlog: SubscriberBacklog
        /// Changes skipped since the last one written.
        var skipped = 0
    }

    private var list: [Subscriber] = []
    private var lastToken = 0

    var isEmpty: Bool { list.isEmpty }

    /// Whether a connection follows the session's changes.
    var isFollowed: Bool { list.contains { $0.channel.isActive } }

    /// Adds a subscription of `channel`, whose changes are written as
    /// `{"event": "change", "id": id, …}` within the connection's
    /// `backlog`; its token ends it.
    mutating func add(_ channel: any Channel, id: JSON, backlog: SubscriberBacklog) -> Int {
        lastToken += 1
        list.append(Subscriber(token: lastToken, id: id, channel: channel, backlog: backlog))
        return lastToken
    }

    mutating func remove(_ token: Int) {
        list.removeAll { $0.token == token }
    }

    /// Writes a change to `session` to every subscriber, in the order the
    /// changes were made: the writes are queued on the subscribers' event
    /// loops under the session's lock. They are never written right here,
    /// even on the subscriber's own loop, because a write can make the
    /// channel writable again and so start that connection's next command
    /// on this session.
    ///
    /// A change that would take a connection's unwritten messages past its
    /// backlog is skipped; the next change it gets is preceded by
    /// `{"event": "lost", "changes": n, …}`.
    mutating func broadcast(_ result: ByteBuffer, client: String, session: SessionName) {
        list.removeAll { !$0.channel.isActive }
        for i in list.indices {
            let subscriber = list[i]
            // Not even encoded for a connection that has its fill waiting.
            guard !subscriber.backlog.isFull else {
                list[i].skipped += 1
                continue
            }
            var message = ByteBuffer()
            if subscriber.skipped > 0 {
                message = DaemonEvent.lost(id: subscriber.id, session: session, changes: subscriber.skipped).encoded()
            }
            var change = Self.changeEvent(for: subscriber, session: session, client: client, result: result)
            message.writeBuffer(&change)
            let (channel, backlog, size, buffer) = (subscriber.channel, subscriber.backlog, message.readableBytes, message)
            guard backlog.reserve(size) else {
                list[i].skipped += 1
                continue
            }
            list[i].skipped = 0
            channel.eventLoop.execute {
                channel.writeAndFlush(buffer).whenComplete { _ in backlog.release(size) }
            }
        }
    }

    /// A change to a subscriber, as a line written around the result's bytes.
    private static func changeEvent(for subscriber: Subscriber, session: SessionName, client: String,
                                    result: ByteBuffer) -> ByteBuffer {
        DaemonEvent.change(id: subscriber.id, session: session, client: client, result: .written(result)).encoded()
    }

    /// Tells every subscriber still connected that `session` closed, and
    /// ends every subscription: a subscription ends with its session's
    /// host, and a new one finds the session again.
    mutating func closed(session: SessionName) {
        for subscriber in list where subscriber.channel.isActive {
            let message = DaemonEvent.closed(id: subscriber.id, session: session).encoded()
            let channel = subscriber.channel
            channel.eventLoop.execute { channel.writeAndFlush(message, promise: nil) }
        }
        list = []
    }
}
