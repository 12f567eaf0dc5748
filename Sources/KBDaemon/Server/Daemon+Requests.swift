import KBShell
import NIOCore

/// The requests a daemon answers itself; `eval` and `subscribe` are the
/// connection's (``ClientHandler``).
extension Daemon {
    /// The error reply to the request `id`.
    static func encodeFailure(id: JSON, _ error: any Error) -> ByteBuffer {
        DaemonReply.failed(id: id, message: "\(error)").encoded()
    }

    /// Carries out one request; failures become error replies.
    func handle(_ request: DaemonRequest, client: String) async -> DaemonReply {
        do {
            switch request {
            case .eval, .subscribe:
                return .failed(id: request.id, message: "\(request.op.rawValue) is handled by the connection")
            case let .describe(id):
                return .described(id: id, commands: describeCommands())
            case let .complete(id, session, line, cursor):
                let host = try await registry.host(session)
                let cursor = min(max(0, cursor ?? line.count), line.count)
                let prefix = String(line.prefix(cursor))
                // The word the shell's TAB completes there, by the lexer's rule.
                let word = String(CommandParser.wordBeingTyped(in: prefix))
                return .completed(id: id, word: word, completions: host.completions(prefix: prefix, word: word))
            case let .lsSessions(id):
                return .sessions(id: id, names: try await registry.names())
            case let .clone(id, session, to):
                try await registry.clone(session, to: to)
                return .done(id: id, session: to)
            case let .close(id, session):
                try await registry.close(session)
                return .done(id: id, session: session)
            }
        } catch let failure as DaemonFailure {
            // The registry does not know the request: its reply gets the id.
            return .failed(id: request.id, message: failure.message)
        } catch {
            return .failed(id: request.id, message: "\(error)")
        }
    }

    /// The command table as JSON (`describe`).
    func describeCommands() -> JSON {
        .array(CommandTable.all.map { spec in
            .object([
                "name": .string(spec.name),
                "usage": .string(spec.usage),
                "summary": .string(spec.summary),
                "group": .string(spec.group.rawValue),
                "mutates": .bool(spec.mutates),
                "examples": .array(spec.examples.map { .string($0) }),
            ])
        })
    }
}
