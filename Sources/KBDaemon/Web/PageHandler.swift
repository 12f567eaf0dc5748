import KBModel
import KBShell
import NIOCore
import NIOWebSocket

/// One page's WebSocket: it follows its session (or, on the workshop page,
/// every session) through the sessions' change stream, the very changes
/// the `subscribe` op sends, heard in process (``SessionHost/watch``), and
/// answers the page's `eval`, `complete` and `explain` messages.
///
/// Every message to the page is a whole snapshot of a session that
/// changed (``Session/page()``; on the workshop page, its card), never a
/// delta, so a page that reconnects or falls behind is in step again with
/// its next message. A snapshot is drawn once per change of its session
/// (a card by the thread that ran the command, a session page by the first
/// page to send it), and every page open on the session sends the same
/// bytes (``SessionHost/renderedPage(_:)``). Changes are coalesced:
/// while a snapshot is being written, further changes only mark their
/// session, and one snapshot of each goes when the write is done, so a
/// slow or vanished browser holds at most one message per session, and
/// nobody waits for it.
///
/// From the page: `{"op": "eval", "id": …, "command": "…"}` (only with the
/// token), `{"op": "complete", "id": …, "line": "…"}`, `{"op": "explain",
/// "id": …, "view": "NAME"}`. To the page: `{"type": "page", "session",
/// "page", "expectFailures", "change"}` (on the workshop page, `page` holds
/// the card: `svg`, `verdict`, `focus` and the `flaws`' `id`s),
/// `{"type": "reply", "id", "ok", "output"}`, `{"type": "completions",
/// "id", "word", "completions"}`, `{"type": "explain", "id", "text"}`,
/// `{"type": "error", "id", "message"}`.
///
/// A session page is read once its session is loaded and followed (what
/// came with the handshake waits, then is answered in order), only while
/// what it is sent is read, and while fewer than
/// ``maximumPendingEvals`` of its commands wait for their replies: a client
/// that sends without reading holds one read's worth of replies at most.
/// An `eval` without the token is answered once, with why, and the
/// connection closed (1008). By RFC 6455, a frame that is not masked, that
/// sets a reserved bit (1002) or a text that is not UTF-8 (1007) closes
/// the connection; after a close, nothing more is answered.
final class PageHandler<Session: HostedSession>: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Commands of one page run or waiting to, at most; past that, the
    /// page is not read until one is answered.
    static var maximumPendingEvals: Int { 16 }

    private let daemon: Daemon<Session>
    private let target: PageTarget
    private let canCommand: Bool
    private let client: String
    private var context: ChannelHandlerContext?
    /// The sessions followed, with their watch tokens.
    private var followed: [String: (host: SessionHost<Session>, token: Int)] = [:]
    /// Sessions changed since their last snapshot went, with the change.
    private var dirty: [String: JSON] = [:]
    private var writing = false
    private var watcher: Int?
    /// Commands sent and not yet answered.
    private var pendingEvals = 0
    /// A read the channel asked for, held until the page may be read.
    private var readHeld = false
    /// A close frame went (or the connection is closing): nothing more
    /// from the page is answered.
    private var closing = false
    /// Messages that came before the page's session was followed (at most
    /// one read's worth: the page is not read again until it is), answered
    /// in order once it is.
    private var early: [String] = []

    /// A session page answers once its session is loaded and followed.
    private var ready: Bool {
        if case let .session(name) = target { return followed[name.rawValue] != nil }
        return true
    }

    init(daemon: Daemon<Session>, target: PageTarget, canCommand: Bool, client: String) {
        self.daemon = daemon
        self.target = target
        self.canCommand = canCommand
        self.client = client
    }

    /// What the page shows of each session: the whole page, or a card.
    private var form: RenderedPage.Form {
        if case .workshop = target { .card } else { .full }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let registry = daemon.registry
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        switch target {
        case let .session(name):
            Task(executorPreference: DaemonExecutor.tasks) {
                guard let host = try? await registry.host(name) else { return }
                handler.execute { $0.follow(name, host) }
            }
        case .workshop:
            // Sessions that appear later are followed as they do.
            watcher = registry.loads.add { name, host in
                handler.execute { $0.follow(name, host) }
            }
            Task(executorPreference: DaemonExecutor.tasks) {
                for name in (try? await registry.names()) ?? [] {
                    guard let name = SessionName(name), let host = try? await registry.host(name) else { continue }
                    handler.execute { $0.follow(name, host) }
                }
            }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func stop() {
        for (_, entry) in followed { entry.host.unsubscribe(entry.token) }
        followed = [:]
        dirty = [:]
        if let watcher { daemon.registry.loads.remove(watcher) }
        watcher = nil
    }

    /// Follows a session's changes and sends its snapshot.
    private func follow(_ name: SessionName, _ host: SessionHost<Session>) {
        guard let context, context.channel.isActive else { return }
        if let entry = followed[name.rawValue] {
            guard entry.host !== host else { return }
            entry.host.unsubscribe(entry.token)
        }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        // Handed to this page's loop in the order the changes were made.
        let token = host.watch(context.channel, form: form) { notice in
            handler.execute { $0.hear(notice, about: name) }
        }
        followed[name.rawValue] = (host, token)
        dirty[name.rawValue] = dirty[name.rawValue] ?? .null
        flush()
        let waiting = early
        early = []
        for text in waiting where !closing { answer(text, context: context) }
        readIfAllowed(context)
    }

    // MARK: Changes in

    /// A change marks its session for a snapshot; a close ends the watch.
    private func hear(_ notice: SessionNotice, about session: SessionName) {
        guard let context else { return }
        switch notice {
        case let .change(client, command):
            guard followed[session.rawValue] != nil else { return }
            dirty[session.rawValue] = .object(["client": .string(client), "command": .string(command)])
        case .closed:
            // The session was unloaded: a session page loads it again (it
            // is being watched); the workshop hears of it when it is.
            followed[session.rawValue] = nil
            if case .session = target {
                let registry = daemon.registry
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                Task(executorPreference: DaemonExecutor.tasks) {
                    guard let host = try? await registry.host(session) else { return }
                    handler.execute { $0.follow(session, host) }
                }
            }
            return
        }
        flush()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        flush()
        readIfAllowed(context)
        context.fireChannelWritabilityChanged()
    }

    // MARK: Reading only while the page reads

    private var mayRead: Bool {
        guard let context else { return false }
        return ready && context.channel.isWritable && pendingEvals < Self.maximumPendingEvals
    }

    func read(context: ChannelHandlerContext) {
        if mayRead { context.read() } else { readHeld = true }
    }

    private func readIfAllowed(_ context: ChannelHandlerContext) {
        guard readHeld, mayRead else { return }
        readHeld = false
        context.read()
    }

    /// Sends a snapshot of every session marked, unless a write is under
    /// way or the browser is not reading (then when it is done).
    private func flush() {
        guard let context, !writing, !dirty.isEmpty, context.channel.isActive, context.channel.isWritable else { return }
        let marked = dirty.sorted { $0.key < $1.key }
        dirty = [:]
        var last: EventLoopFuture<Void>?
        for (name, change) in marked {
            guard let host = followed[name]?.host else { continue }
            let (page, failing) = host.renderedPage(form)
            let message = JSONBytes.object([
                "change": .json(change), "expectFailures": .json(.number(Double(failing))), "page": .written(page),
                "session": .string(name), "type": .string("page"),
            ])
            last = send(message, context: context, flush: false)
        }
        context.flush()
        guard let last else { return }
        writing = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        last.whenComplete { _ in
            handler.value.writing = false
            handler.value.flush()
        }
    }

    @discardableResult
    private func send(_ message: JSON, context: ChannelHandlerContext, flush: Bool = true) -> EventLoopFuture<Void> {
        var buffer = context.channel.allocator.buffer(capacity: 1024)
        JSONBytes.write(message, to: &buffer)
        return send(buffer, context: context, flush: flush)
    }

    /// Sends one text message: `text`, JSON already written.
    private func send(_ text: ByteBuffer, context: ChannelHandlerContext, flush: Bool) -> EventLoopFuture<Void> {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: text)
        let promise = context.eventLoop.makePromise(of: Void.self)
        if flush {
            context.writeAndFlush(wrapOutboundOut(frame), promise: promise)
        } else {
            context.write(wrapOutboundOut(frame), promise: promise)
        }
        return promise.futureResult
    }

    // MARK: Messages from the page

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !closing else { return }
        // A client masks every frame (RFC 6455 §5.1) and sets no reserved
        // bit without an extension that gives it a meaning (§5.2).
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return close(1002, context: context)
        }
        switch frame.opcode {
        case .text where frame.fin:
            let data = frame.unmaskedData
            // A text message is UTF-8 (§8.1).
            guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
                return close(1007, context: context)
            }
            if ready { answer(text, context: context) } else { early.append(text) }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            close(data.readInteger(as: UInt16.self), context: context)
        case .pong:
            break
        default:
            // A message in pieces, or binary: not what a page sends.
            close(1003, context: context)
        }
    }

    /// Sends a close frame (with `code`, if any) and closes the connection
    /// once it is written; the page is answered nothing more.
    private func close(_ code: UInt16?, context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        if let code { data.writeInteger(code) }
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in context.close(promise: nil) }
        // Closed all the same if the page does not read its close frame.
        let channel = context.channel
        context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(_ text: String, context: ChannelHandlerContext) {
        guard case let .object(message)? = try? JSONReader.parse(text) else {
            return fail(.null, "a message is a JSON object: {\"op\": \"eval\"|\"complete\"|\"explain\", \"id\": …}", context: context)
        }
        let id = message["id"] ?? .null
        guard case let .session(name) = target else {
            return fail(id, "the workshop page sends nothing; open a session's page (/s/NAME)", context: context)
        }
        let op = message["op"]?.stringValue
        if op == "eval", !canCommand {
            // Said once: the connection closes after it.
            fail(id, "commands need the token: open this page with the ?token=… kbplay serve printed", context: context)
            return close(1008, context: context)
        }
        guard let host = followed[name.rawValue]?.host else {
            return fail(id, "session '\(name)' is loading; try again", context: context)
        }
        switch op {
        case "eval":
            guard let command = message["command"]?.stringValue else {
                return fail(id, "eval needs \"command\" (a string)", context: context)
            }
            evaluate(command, id: id, on: host, context: context)
        case "complete":
            guard let line = message["line"]?.stringValue else {
                return fail(id, "complete needs \"line\" (a string)", context: context)
            }
            let word = String(CommandParser.wordBeingTyped(in: line))
            send(.object(["type": .string("completions"), "id": id, "word": .string(word),
                          "completions": .array(host.completions(prefix: line, word: word).map { .string($0) })]),
                 context: context)
        case "explain":
            guard let view = message["view"]?.stringValue else {
                return fail(id, "explain needs \"view\" (a name)", context: context)
            }
            let text = view == "keyboard" ? nil : host.current.hoverText(for: view)
            send(.object(["type": .string("explain"), "id": id, "view": .string(view), "text": text.map { .string($0) } ?? .null]),
                 context: context)
        default:
            fail(id, "unknown op; a page sends eval, complete or explain", context: context)
        }
    }

    private func fail(_ id: JSON, _ message: String, context: ChannelHandlerContext) {
        send(.object(["type": .string("error"), "id": id, "message": .string(message)]), context: context)
    }

    /// Runs the command as any client's eval runs, and answers once its
    /// record is on disk.
    private func evaluate(_ command: String, id: JSON, on host: SessionHost<Session>, context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        pendingEvals += 1
        @Sendable func reply(_ message: JSON) {
            handler.execute { handler in
                handler.pendingEvals -= 1
                guard let context = handler.context, context.channel.isActive else { return }
                handler.send(message, context: context)
                handler.readIfAllowed(context)
            }
        }
        host.submit(command, client: client) { outcome in
            switch outcome {
            case let .ran(_, pending, said):
                let message = JSON.object(["type": .string("reply"), "id": id, "ok": .bool(said.ok), "output": .string(said.output)])
                guard let pending else { return reply(message) }
                pending.whenDurable { error in
                    guard let error else { return reply(message) }
                    host.reloadFromJournal {
                        reply(.object(["type": .string("error"), "id": id, "message": .string("\(error)")]))
                    }
                }
            case let .failed(error):
                reply(.object(["type": .string("error"), "id": id, "message": .string("\(error)")]))
            case .closed:
                reply(.object(["type": .string("error"), "id": id, "message": .string("the session was closed; reload the page")]))
            }
        }
    }
}
