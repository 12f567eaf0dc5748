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
/// From the page, read as a ``PageRequest``: `{"op": "eval", "id": …,
/// "command": "…"}` (only with the token; admitted and run by the eval
/// path socket clients take,
/// ``Daemon/evaluate(_:in:host:permit:on:whenClosed:render:done:)``),
/// `{"op": "complete", "id": …, "line": "…"}`, `{"op": "explain", "id": …,
/// "view": "NAME"}`. To the page: `{"type": "page", "session", "page",
/// "expectFailures", "change"}` (on the workshop page, `page` holds the
/// card: `svg`, `verdict`, `focus` and the `flaws`' `id`s), and the
/// answers, ``PageReply``: `{"type": "reply", "id", "ok", "output"}`,
/// `{"type": "completions", "id", "word", "completions"}`, `{"type":
/// "explain", "id", "view", "text"}`, `{"type": "error", "id", "message"}`.
///
/// A page's messages are answered one at a time in the order they came
/// (``RequestQueue``): a `complete` sent after an `eval` is answered after
/// it. A session page answers once its session is loaded and followed
/// (what came with the handshake waits). It is read only while what it is
/// sent is read and fewer than ``maximumWaiting`` of its messages wait: a
/// client that sends without reading holds one read's worth of them at
/// most. An `eval` without the token is answered once, with why, and the
/// connection closed (1008). By RFC 6455, a frame that is not masked, that
/// sets a reserved bit (1002) or a text that is not UTF-8 (1007) closes
/// the connection; after a close, nothing more is answered.
final class PageHandler<Session: HostedSession>: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Messages of one page waiting to be answered above which the page
    /// is not read.
    static var maximumWaiting: Int { 16 }

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
    /// Messages received and not yet answered: the next is carried out
    /// once the one under way is.
    private var messages = RequestQueue<String>()
    /// A read the channel asked for, held until the page may be read.
    private var readHeld = false
    /// A close frame went (or the connection is closing): nothing more
    /// from the page is answered.
    private var closing = false

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
        messages.removeAll()
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
        // What came before the session was followed.
        carryOutNext()
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
        carryOutNext()
        context.fireChannelWritabilityChanged()
    }

    // MARK: Reading only while the page reads

    private var mayRead: Bool {
        guard let context else { return false }
        return ready && context.channel.isWritable && messages.count < Self.maximumWaiting
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

    /// Sends one text message: `text`, JSON already written.
    @discardableResult
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
            messages.append(text)
            carryOutNext()
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
        messages.removeAll()
        var data = context.channel.allocator.buffer(capacity: 2)
        if let code { data.writeInteger(code) }
        let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        // Closed once the frame is written (the channel, which may cross
        // threads, not the handler's context), and all the same if the page
        // does not read its close frame.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in channel.close(promise: nil) }
        context.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Answers the messages waiting, in order, one at a time: while the
    /// page's session is followed, and what is sent is read.
    private func carryOutNext() {
        guard let context else { return }
        while !closing, ready, context.channel.isWritable, let text = messages.next() {
            if !answer(text, context: context) { messages.finished() }
        }
        readIfAllowed(context)
    }

    /// Answers one message now (false), or starts its request (true: it is
    /// answered by ``finish(_:)``). Checked in this order: a JSON object, a
    /// session page, the token for an `eval`, the session followed, then
    /// the request's own fields.
    private func answer(_ text: String, context: ChannelHandlerContext) -> Bool {
        let parsed = PageRequest.parse(text)
        let id: JSON
        let op: PageRequest.Op?
        switch parsed {
        case let .success(request):
            (id, op) = (request.id, request.op)
        case let .failure(error):
            if error.problem == .notAnObject { return reply(.failed(id: error.id, message: error.message), context: context) }
            (id, op) = (error.id, error.op)
        }
        guard case let .session(name) = target else {
            return reply(.failed(id: id, message: "the workshop page sends nothing; open a session's page (/s/NAME)"), context: context)
        }
        var permit: EvalPermit?
        if op == .eval {
            switch daemon.admit(.page(client: client, hasToken: canCommand)) {
            case let .success(admitted):
                permit = admitted
            case let .failure(refusal):
                // Said once: the connection closes after it.
                _ = reply(.failed(id: id, message: refusal.message), context: context)
                close(1008, context: context)
                return false
            }
        }
        guard let host = followed[name.rawValue]?.host else {
            return reply(.failed(id: id, message: "session '\(name)' is loading; try again"), context: context)
        }
        let request: PageRequest
        switch parsed {
        case let .success(parsed): request = parsed
        case let .failure(error): return reply(.failed(id: error.id, message: error.message), context: context)
        }
        switch request {
        case let .eval(id, command):
            guard let permit else { preconditionFailure("an eval is admitted above") }
            evaluate(command, id: id, in: name, on: host, permit: permit, context: context)
            return true
        case let .complete(id, line):
            let word = String(CommandParser.wordBeingTyped(in: line))
            return reply(.completed(id: id, word: word, completions: host.completions(prefix: line, word: word)), context: context)
        case let .explain(id, view):
            let text = view == "keyboard" ? nil : host.current.hoverText(for: view)
            return reply(.explained(id: id, view: view, text: text), context: context)
        }
    }

    /// Sends an answer now; false, for ``answer(_:context:)``: nothing is
    /// under way.
    private func reply(_ answer: PageReply, context: ChannelHandlerContext) -> Bool {
        send(answer.encoded(), context: context, flush: true)
        return false
    }

    /// Runs the command by the eval path every client's `eval` takes,
    /// on the session this page follows; ``finish(_:)`` sends the answer
    /// once its record is on disk. A session closed meanwhile is not
    /// loaded again here: the page follows it again when it hears of the
    /// close (``hear(_:about:)``).
    private func evaluate(_ command: String, id: JSON, in session: SessionName, on host: SessionHost<Session>,
                          permit: EvalPermit, context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        daemon.evaluate(command, in: session, host: host, permit: permit, on: context.eventLoop, whenClosed: .refuse) { reply in
            switch reply {
            case let .ran(_, said):
                PageReply.evaluated(id: id, ok: said.ok, output: said.output)
            case let .failed(error):
                PageReply.failed(id: id, message: "\(error)")
            case .closed:
                PageReply.failed(id: id, message: "the session was closed; reload the page")
            }
        } done: { answer in
            handler.execute { $0.finish(answer) }
        }
    }

    /// Sends the answer to the message under way (unless the page went, or
    /// a close frame went) and goes on with the next.
    private func finish(_ answer: PageReply) {
        messages.finished()
        guard let context, context.channel.isActive, !closing else { return }
        _ = reply(answer, context: context)
        carryOutNext()
    }
}
