import KBShell
import NIOCore

/// Who sends a command, and on what authority.
enum EvalCaller: Sendable {
    /// A client of the Unix socket: the socket is its user's own (mode
    /// 0600), so whoever reaches it may run commands.
    case socket(client: String)
    /// A web page, which may be anyone's browser: it runs commands only if
    /// it was opened with the token `kbplay serve` printed.
    case page(client: String, hasToken: Bool)
}

/// A caller's leave to run commands, given by ``Daemon/admit(_:)``: the
/// eval path runs nothing without one.
struct EvalPermit: Sendable {
    /// The client id its changes carry (`client` in change events).
    let client: String

    fileprivate init(client: String) { self.client = client }
}

/// Why a caller may not run commands: the message its answer carries.
struct EvalRefusal: Error, Sendable, Equatable {
    var message: String
}

/// What an eval's reply tells, whoever asked: a socket client writes it as
/// a ``DaemonReply``, a page as a ``PageReply``.
enum EvalReply: Sendable {
    /// The command ran: its JSON result, as bytes, and what a page's reply
    /// tells of it.
    case ran(ByteBuffer, said: EvalSaid)
    /// Its session could not be loaded, or its record not journaled.
    case failed(any Error)
    /// The session was closed before the command ran (only with
    /// ``Daemon/WhenClosed/refuse``).
    case closed
}

/// The one eval path: a socket client's `eval` (``ClientHandler``) and a
/// page's (``PageHandler``) are both admitted and run here. A handler keeps
/// only its framing and its protocol; it carries out one request at a time
/// (``RequestQueue``), so its replies go out in the order of its requests.
extension Daemon {
    /// What an eval does when its session was closed before the command
    /// ran. The two kinds of client differ here on purpose.
    enum WhenClosed: Sendable {
        /// Look the session up again (the registry loads it from its
        /// journal) and run there: a socket client names its session in
        /// every request, and a request naming a session loads it.
        case reload
        /// Answer ``EvalReply/closed``: a page shows the session it
        /// follows, and follows it again itself once it hears it closed.
        case refuse
    }

    /// Whether `caller` may run commands: a socket client always, a page
    /// only with the token.
    func admit(_ caller: EvalCaller) -> Result<EvalPermit, EvalRefusal> {
        switch caller {
        case let .socket(client), let .page(client, true):
            .success(EvalPermit(client: client))
        case .page(_, false):
            .failure(EvalRefusal(message: "commands need the token: open this page with the ?token=… kbplay serve printed"))
        }
    }

    /// Runs `command` on `session` for the permit's client, and answers
    /// once its journal record is on disk.
    ///
    /// The session is `host` when the caller already holds it (a page, the
    /// session it follows), else the registry's loaded one, else loaded (or
    /// created) off the loop first; the command runs on `loop` (or after
    /// the session's pause), under the session's lock, where its
    /// subscribers and pages hear the change (``SessionHost/submit``).
    /// `render` makes the reply as soon as the outcome is known, so it is
    /// encoded while the record syncs; `done` gets it once the record is
    /// durable, exactly once, on whatever thread got there (hop to your
    /// own loop). A sync that fails brings the session back to its journal
    /// and answers the failure instead.
    ///
    /// Nothing here orders one eval after another: a caller that wants its
    /// replies in the order of its requests starts the next when `done`
    /// has the last one.
    func evaluate<Reply: Sendable>(
        _ command: String, in session: SessionName, host: SessionHost<Session>? = nil, permit: EvalPermit,
        on loop: any EventLoop, whenClosed: WhenClosed,
        render: @escaping @Sendable (EvalReply) -> Reply, done: @escaping @Sendable (Reply) -> Void
    ) {
        guard let host = host ?? registry.loadedHost(session) else {
            return evaluateAfterLoading(command, in: session, permit: permit, on: loop, whenClosed: whenClosed,
                                        render: render, done: done)
        }
        host.submit(command, client: permit.client) { outcome in
            switch outcome {
            case let .ran(result, pending, said):
                let reply = render(.ran(result, said: said))
                guard let pending else { return done(reply) }
                pending.whenDurable { error in
                    guard let error else { return done(reply) }
                    host.reloadFromJournal { done(render(.failed(error))) }
                }
            case let .failed(error):
                done(render(.failed(error)))
            case .closed:
                switch whenClosed {
                case .reload:
                    self.evaluateAfterLoading(command, in: session, permit: permit, on: loop, whenClosed: whenClosed,
                                              render: render, done: done)
                case .refuse:
                    done(render(.closed))
                }
            }
        }
    }

    /// Loads (or creates) the session off the loop, then evaluates on it
    /// back on `loop`.
    private func evaluateAfterLoading<Reply: Sendable>(
        _ command: String, in session: SessionName, permit: EvalPermit, on loop: any EventLoop, whenClosed: WhenClosed,
        render: @escaping @Sendable (EvalReply) -> Reply, done: @escaping @Sendable (Reply) -> Void
    ) {
        let registry = registry
        Task(executorPreference: DaemonExecutor.tasks) {
            do {
                let host = try await registry.host(session)
                loop.execute {
                    self.evaluate(command, in: session, host: host, permit: permit, on: loop, whenClosed: whenClosed,
                                  render: render, done: done)
                }
            } catch {
                done(render(.failed(error)))
            }
        }
    }
}
