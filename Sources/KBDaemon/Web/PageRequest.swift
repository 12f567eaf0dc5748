import KBShell

/// One message a page sends over its WebSocket, `{"op": "eval", "id": …,
/// "command": "…"}`: each op with exactly the field it needs, checked once
/// when the message is read (``parse(_:)``), as ``DaemonRequest`` is for a
/// socket client's lines. The id is the page's own (any JSON), sent back in
/// the answer (``PageReply``).
enum PageRequest: Sendable, Equatable {
    /// Runs a command on the page's session (only with the token).
    case eval(id: JSON, command: String)
    /// The completions of the word being typed at the end of `line`.
    case complete(id: JSON, line: String)
    /// What the page shows when the view named `view` is hovered.
    case explain(id: JSON, view: String)

    enum Op: String, Sendable, CaseIterable {
        case eval, complete, explain
    }

    var id: JSON {
        switch self {
        case let .eval(id, _), let .complete(id, _), let .explain(id, _): id
        }
    }

    var op: Op {
        switch self {
        case .eval: .eval
        case .complete: .complete
        case .explain: .explain
        }
    }

    /// Reads a page's message; the failure says what was wrong and what a
    /// message needs.
    static func parse(_ text: String) -> Result<PageRequest, PageRequestError> {
        guard case let .object(message)? = try? JSONReader.parse(text) else {
            return .failure(PageRequestError(id: .null, problem: .notAnObject))
        }
        let id = message["id"] ?? .null
        guard let op = message["op"]?.stringValue.flatMap(Op.init(rawValue:)) else {
            return .failure(PageRequestError(id: id, problem: .unknownOp))
        }
        let field = switch op {
        case .eval: "command"
        case .complete: "line"
        case .explain: "view"
        }
        guard let value = message[field]?.stringValue else {
            return .failure(PageRequestError(id: id, problem: .missingField(op)))
        }
        return switch op {
        case .eval: .success(.eval(id: id, command: value))
        case .complete: .success(.complete(id: id, line: value))
        case .explain: .success(.explain(id: id, view: value))
        }
    }
}

/// A page's message that is not a request a page sends, with the id it
/// carried (`null` if none, or if it is no JSON object): it is answered
/// `{"type": "error", "id", "message"}`.
struct PageRequestError: Error, Sendable, Equatable {
    enum Problem: Sendable, Equatable {
        /// Not a JSON object at all.
        case notAnObject
        /// No `op`, or not one a page sends.
        case unknownOp
        /// The op's field is missing or is not a string.
        case missingField(PageRequest.Op)
    }

    var id: JSON
    var problem: Problem

    /// The op the message named, when it is one a page sends: an `eval`
    /// without its command is still an `eval` to the token rule.
    var op: PageRequest.Op? {
        if case let .missingField(op) = problem { op } else { nil }
    }

    var message: String {
        switch problem {
        case .notAnObject: #"a message is a JSON object: {"op": "eval"|"complete"|"explain", "id": …}"#
        case .unknownOp: "unknown op; a page sends eval, complete or explain"
        case .missingField(.eval): #"eval needs "command" (a string)"#
        case .missingField(.complete): #"complete needs "line" (a string)"#
        case .missingField(.explain): #"explain needs "view" (a name)"#
        }
    }
}
