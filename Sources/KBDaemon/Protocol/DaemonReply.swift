import KBShell
import NIOCore

/// A command's result in a reply or a change event: the very object
/// `--json` prints for the command. The daemon hands on the bytes it
/// wrote once (``written(_:)``); a client reads them as JSON.
public enum DaemonResult: Sendable, Equatable {
    case json(JSON)
    case written(ByteBuffer)

    /// The result as JSON (bytes that are not JSON read as `null`).
    public var json: JSON {
        switch self {
        case let .json(json): json
        case let .written(bytes): (try? JSONReader.parse(String(buffer: bytes))) ?? .null
        }
    }

    var member: JSONBytes.Member {
        switch self {
        case let .json(json): .json(json)
        case let .written(bytes): .written(bytes)
        }
    }
}

/// The last line the daemon sends for a request, carrying its id and a
/// terminal `"status"`: `"done"` with what the op gives, `"subscribed"`,
/// or `"error"` with an `"error": {"message"}` object.
public enum DaemonReply: Sendable, Equatable {
    /// `eval`: `{"id", "result", "session", "status": "done"}`.
    case evaluated(id: JSON, session: SessionName, result: DaemonResult)
    /// `describe`: `{"commands", "id", "status": "done"}`.
    case described(id: JSON, commands: JSON)
    /// `complete`: `{"completions", "id", "status": "done", "word"}`.
    case completed(id: JSON, word: String, completions: [String])
    /// `ls-sessions`: `{"id", "sessions", "status": "done"}`.
    case sessions(id: JSON, names: [String])
    /// `clone` (the new session) and `close`: `{"id", "session", "status": "done"}`.
    case done(id: JSON, session: SessionName)
    /// `subscribe`: `{"client", "id", "session", "status": "subscribed"}`;
    /// ``DaemonEvent``s follow.
    case subscribed(id: JSON, session: SessionName, client: String)
    /// Any op: `{"error": {"message"}, "id", "status": "error"}`.
    case failed(id: JSON, message: String)

    public var id: JSON {
        switch self {
        case let .evaluated(id, _, _), let .described(id, _), let .completed(id, _, _), let .sessions(id, _),
             let .done(id, _), let .subscribed(id, _, _), let .failed(id, _):
            id
        }
    }

    /// The reply as a line, with its newline: the keys in the order
    /// `JSON.text` writes them, a result's bytes written as they are.
    public func encoded() -> ByteBuffer {
        switch self {
        case let .evaluated(id, session, result):
            JSONBytes.line(["id": .json(id), "result": result.member, "session": .string(session.rawValue), "status": .string("done")])
        case let .described(id, commands):
            JSONBytes.line(["commands": .json(commands), "id": .json(id), "status": .string("done")])
        case let .completed(id, word, completions):
            JSONBytes.line(["completions": .json(.array(completions.map { .string($0) })), "id": .json(id),
                            "status": .string("done"), "word": .string(word)])
        case let .sessions(id, names):
            JSONBytes.line(["id": .json(id), "sessions": .json(.array(names.map { .string($0) })), "status": .string("done")])
        case let .done(id, session):
            JSONBytes.line(["id": .json(id), "session": .string(session.rawValue), "status": .string("done")])
        case let .subscribed(id, session, client):
            JSONBytes.line(["client": .string(client), "id": .json(id), "session": .string(session.rawValue),
                            "status": .string("subscribed")])
        case let .failed(id, message):
            JSONBytes.line(["error": .json(.object(["message": .string(message)])), "id": .json(id), "status": .string("error")])
        }
    }

    /// The reply as text (without its newline).
    public var line: String {
        var bytes = encoded()
        bytes.moveWriterIndex(to: bytes.writerIndex - 1)
        return String(buffer: bytes)
    }

    /// Reads the reply to a request of `op` from a message the daemon sent;
    /// nil when the message is not a reply (an event, or no `"status"`).
    /// A reply that lacks what its op gives is a protocol error.
    public init?(_ message: JSON, answering op: DaemonRequest.Op) throws(DaemonProtocolError) {
        guard message["event"] == nil, let status = message["status"]?.stringValue else { return nil }
        let id = message["id"] ?? .null
        func session() throws(DaemonProtocolError) -> SessionName {
            guard let text = message["session"]?.stringValue, let name = SessionName(text) else {
                throw DaemonProtocolError("a reply to \(op.rawValue) without a valid \"session\": \(message.text)")
            }
            return name
        }
        switch status {
        case "error":
            self = .failed(id: id, message: message["error"]?["message"]?.stringValue ?? message.text)
        case "subscribed":
            self = .subscribed(id: id, session: try session(), client: message["client"]?.stringValue ?? "")
        case "done":
            switch op {
            case .eval:
                self = .evaluated(id: id, session: try session(), result: .json(message["result"] ?? .null))
            case .describe:
                self = .described(id: id, commands: message["commands"] ?? .array([]))
            case .complete:
                self = .completed(id: id, word: message["word"]?.stringValue ?? "",
                                  completions: message["completions"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            case .lsSessions:
                self = .sessions(id: id, names: message["sessions"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            case .clone, .close:
                self = .done(id: id, session: try session())
            case .subscribe:
                throw DaemonProtocolError("a subscription answered \"done\" instead of \"subscribed\": \(message.text)")
            }
        default:
            throw DaemonProtocolError("unknown status '\(status)' in \(message.text)")
        }
    }
}

/// What the daemon sends a subscriber besides replies: every change to
/// the session, tagged with the client that made it, and notices about
/// the subscription.
public enum DaemonEvent: Sendable, Equatable {
    /// `{"client", "event": "change", "id", "result", "session"}`.
    case change(id: JSON, session: SessionName, client: String, result: DaemonResult)
    /// `{"changes": n, "event": "lost", "id", "session"}`: `n` changes were
    /// not sent because the connection read too slowly (the session has them).
    case lost(id: JSON, session: SessionName, changes: Int)
    /// `{"event": "closed", "id", "session"}`: the session was closed (its
    /// snapshot written), which ends the subscription; subscribing again
    /// loads it and goes on.
    case closed(id: JSON, session: SessionName)

    public func encoded() -> ByteBuffer {
        switch self {
        case let .change(id, session, client, result):
            JSONBytes.line(["client": .string(client), "event": .string("change"), "id": .json(id),
                            "result": result.member, "session": .string(session.rawValue)])
        case let .lost(id, session, changes):
            JSONBytes.line(["changes": .json(.number(Double(changes))), "event": .string("lost"), "id": .json(id),
                            "session": .string(session.rawValue)])
        case let .closed(id, session):
            JSONBytes.line(["event": .string("closed"), "id": .json(id), "session": .string(session.rawValue)])
        }
    }

    /// The event a message holds, nil when it is not one.
    public init?(_ message: JSON) {
        guard let event = message["event"]?.stringValue, let text = message["session"]?.stringValue,
              let session = SessionName(text) else { return nil }
        let id = message["id"] ?? .null
        switch event {
        case "change":
            self = .change(id: id, session: session, client: message["client"]?.stringValue ?? "",
                           result: .json(message["result"] ?? .null))
        case "lost":
            guard let n = message["changes"]?.numberValue.flatMap({ wholeNumber($0, in: 0...Int.max) }) else { return nil }
            self = .lost(id: id, session: session, changes: n)
        case "closed":
            self = .closed(id: id, session: session)
        default:
            return nil
        }
    }

    /// The line a terminal prints for a notice (nil for a change).
    public var notice: String? {
        switch self {
        case .change: nil
        case let .lost(_, session, n):
            "… \(n) change\(n == 1 ? "" : "s") to \(session) not shown: this terminal fell behind (the session has them all)"
        case let .closed(_, session):
            "… \(session) was closed and its snapshot written; following it again"
        }
    }
}

/// A message from the daemon that breaks the protocol.
public struct DaemonProtocolError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
