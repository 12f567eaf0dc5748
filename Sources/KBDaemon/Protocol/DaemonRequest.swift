import KBShell

/// One request line, `{"id": …, "session": "NAME", "op": "eval",
/// "command": "…"}`: each op with exactly the fields it needs, checked
/// once when the line is read (``parse(_:)``) and written by
/// ``line`` for clients.
public enum DaemonRequest: Sendable, Equatable {
    /// Runs a command on the session (created empty if it does not exist).
    case eval(id: JSON, session: SessionName, command: String)
    /// The command table.
    case describe(id: JSON)
    /// The completions of the word before `cursor` (a character offset;
    /// nil: the line's end).
    case complete(id: JSON, session: SessionName, line: String, cursor: Int?)
    /// The sessions the daemon has.
    case lsSessions(id: JSON)
    /// A copy of `session` named `to`.
    case clone(id: JSON, session: SessionName, to: SessionName)
    /// Writes the session's snapshot and unloads it.
    case close(id: JSON, session: SessionName)
    /// Every change to the session from now on, as ``DaemonEvent``s.
    case subscribe(id: JSON, session: SessionName)

    public enum Op: String, Sendable, CaseIterable {
        case eval, describe, complete, lsSessions = "ls-sessions", clone, close, subscribe

        /// Whether a request of this op names a session.
        var needsSession: Bool {
            switch self {
            case .eval, .complete, .clone, .close, .subscribe: true
            case .describe, .lsSessions: false
            }
        }
    }

    /// The largest request line accepted.
    public static let maximumLength = 1 << 20

    /// The request's id, as the client wrote it (``JSON/verbatim(_:)``
    /// when read from a line), `null` when it has none.
    public var id: JSON {
        switch self {
        case let .eval(id, _, _), let .describe(id), let .complete(id, _, _, _), let .lsSessions(id),
             let .clone(id, _, _), let .close(id, _), let .subscribe(id, _):
            id
        }
    }

    public var op: Op {
        switch self {
        case .eval: .eval
        case .describe: .describe
        case .complete: .complete
        case .lsSessions: .lsSessions
        case .clone: .clone
        case .close: .close
        case .subscribe: .subscribe
        }
    }

    /// The session the request is about, if it names one.
    public var session: SessionName? {
        switch self {
        case let .eval(_, s, _), let .complete(_, s, _, _), let .clone(_, s, _), let .close(_, s), let .subscribe(_, s): s
        case .describe, .lsSessions: nil
        }
    }

    /// The request as a JSON object.
    public var json: JSON {
        var m: [String: JSON] = ["id": id, "op": .string(op.rawValue)]
        if let session { m["session"] = .string(session.rawValue) }
        switch self {
        case let .eval(_, _, command): m["command"] = .string(command)
        case let .complete(_, _, line, cursor):
            m["line"] = .string(line)
            if let cursor { m["cursor"] = .number(Double(cursor)) }
        case let .clone(_, _, to): m["to"] = .string(to.rawValue)
        case .describe, .lsSessions, .close, .subscribe: break
        }
        return .object(m)
    }

    /// The request as the line a client sends (without its newline).
    public var line: String { json.text }

    /// Parses and checks a line; the failure says what was wrong and what
    /// a request of that op needs.
    public static func parse(_ text: String) -> Result<DaemonRequest, DaemonFailure> {
        let json: JSON
        let idText: String?
        do { (json, idText) = try JSONReader.parse(text, keepingTextOf: "id") } catch {
            return .failure(DaemonFailure(id: .null, message: "malformed request: \(error)"))
        }
        guard case let .object(members) = json else {
            return .failure(DaemonFailure(id: .null, message: "a request is a JSON object: {\"id\": 1, \"session\": \"s\", \"op\": \"eval\", \"command\": \"…\"}"))
        }
        // Replies carry the id as the client wrote it: a number is not
        // rounded (64-bit ids, decimals) nor a string escaped another way.
        let id = idText.map(JSON.verbatim) ?? .null
        func fail(_ message: String) -> Result<DaemonRequest, DaemonFailure> { .failure(DaemonFailure(id: id, message: message)) }
        guard let opText = members["op"]?.stringValue else {
            return fail("missing \"op\"; ops: \(Op.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let op = Op(rawValue: opText) else {
            return fail("unknown op '\(opText)'; ops: \(Op.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var session: SessionName?
        if op.needsSession {
            guard let name = members["session"]?.stringValue else { return fail("op '\(op.rawValue)' needs \"session\"") }
            do { session = try SessionName(validating: name) } catch { return fail(error.description) }
        }
        switch op {
        case .eval:
            guard let command = members["command"]?.stringValue else { return fail("op 'eval' needs \"command\" (a string)") }
            return .success(.eval(id: id, session: session!, command: command))
        case .describe:
            return .success(.describe(id: id))
        case .complete:
            guard let line = members["line"]?.stringValue else { return fail("op 'complete' needs \"line\" (a string)") }
            var cursor: Int?
            if let value = members["cursor"] {
                // Past the line's end is its end.
                guard let v = value.numberValue, v >= 0,
                      let n = wholeNumber(min(v, Double(maximumLength)), in: 0...maximumLength) else {
                    return fail("\"cursor\" is a whole number from 0 (the line's start) to its length (the default)")
                }
                cursor = n
            }
            return .success(.complete(id: id, session: session!, line: line, cursor: cursor))
        case .lsSessions:
            return .success(.lsSessions(id: id))
        case .clone:
            guard let text = members["to"]?.stringValue, let to = SessionName(text) else {
                return fail("op 'clone' needs \"to\", a valid session name")
            }
            return .success(.clone(id: id, session: session!, to: to))
        case .close:
            return .success(.close(id: id, session: session!))
        case .subscribe:
            return .success(.subscribe(id: id, session: session!))
        }
    }
}

/// A request the daemon could not carry out: its reply is
/// ``DaemonReply/failed(id:message:)``.
public struct DaemonFailure: Error, Sendable {
    public var id: JSON
    public var message: String

    public init(id: JSON, message: String) {
        self.id = id
        self.message = message
    }

    public var reply: DaemonReply { .failed(id: id, message: message) }
}
