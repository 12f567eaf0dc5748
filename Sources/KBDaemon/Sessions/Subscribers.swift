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

    /// A web page of this daemon that follows the session: it is told who
    /// changed it and with what command, in process, and reads the session
    /// itself (``SessionHost/renderedPage(_:)``), so no change is written out
    /// as a line for it and read back.
    private struct Watcher: Sendable {
        let token: Int
        let channel: any Channel
        /// What the page shows of the session.
        let form: RenderedPage.Form
        let notify: @Sendable (SessionNotice) -> Void
    }

    private var list: [Subscriber] = []
    private var watchers: [Watcher] = []
    private var lastToken = 0

    var isEmpty: Bool { list.isEmpty && watchers.isEmpty }

    /// Whether a connection follows the session's changes.
    var isFollowed: Bool { list.contains { $0.channel.isActive } || watchers.contains { $0.channel.isActive } }

    /// Adds a subscription of `channel`, whose changes are written as
    /// `{"event": "change", "id": id, …}` within the connection's
    /// `backlog`; its token ends it.
    mutating func add(_ channel: any Channel, id: JSON, backlog: SubscriberBacklog) -> Int {
        lastToken += 1
        list.append(Subscriber(token: lastToken, id: id, channel: channel, backlog: backlog))
        return lastToken
    }

    /// Whether a page watches the session.
    var isWatched: Bool { !watchers.isEmpty }

    /// Whether a page shows the session in `form`.
    func isWatched(in form: RenderedPage.Form) -> Bool {
        watchers.contains { $0.form == form && $0.channel.isActive }
    }

    /// Adds a page's watch over the session, for as long as `channel` is
    /// open: the page shows the session in `form`, and `notify` hears
    /// every change and the close, in order, on the thread that made them,
    /// under the session's lock (so it should only hand them to the page's
    /// event loop). Its token ends it.
    mutating func watch(_ channel: any Channel, form: RenderedPage.Form,
                        notify: @escaping @Sendable (SessionNotice) -> Void) -> Int {
        lastToken += 1
        watchers.append(Watcher(token: lastToken, channel: channel, form: form, notify: notify))
        return lastToken
    }

    mutating func remove(_ token: Int) {
        list.removeAll { $0.token == token }
        watchers.removeAll { $0.token == token }
    }

    /// Tells every page's watch of a change to `session`, and writes the
    /// change to every subscriber, in the order the changes were made: the
    /// writes are queued on the subscribers' event loops under the
    /// session's lock. They are never written right here,
    /// even on the subscriber's own loop, because a write can make the
    /// channel writable again and so start that connection's next command
    /// on this session.
    ///
    /// A change that would take a connection's unwritten messages past its
    /// backlog is skipped; the next change it gets is preceded by
    /// `{"event": "lost", "changes": n, …}`.
    /// The pages watching hear of it only when `pagesChange` (a command
    /// that only read the session leaves their picture as it is).
    mutating func broadcast(_ result: ByteBuffer, command: String, client: String, session: SessionName,
                            pagesChange: Bool = true) {
        watchers.removeAll { !$0.channel.isActive }
        if pagesChange {
            for watcher in watchers { watcher.notify(.change(client: client, command: command)) }
        }
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
        for watcher in watchers where watcher.channel.isActive { watcher.notify(.closed) }
        list = []
        watchers = []
    }
}

/// What a page's watch hears of its session (``Subscribers/watch(_:form:notify:)``).
enum SessionNotice: Sendable, Equatable {
    /// A change: the client that made it and its command.
    case change(client: String, command: String)
    /// The session was closed (its snapshot written): the watch has ended.
    case closed
}
