import KBShell

/// One message a page sends over its WebSocket, `{"op": "eval", "id": …,
/// "command": "…"}`: each op with exactly the field it needs, checked once
/// when the message is read (``parse(_:)``), as ``DaemonRequest`` is for a
/// socket's lines. The id is the page's own, sent back in the answer.
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

    /// Parses and checks a page's message; the failure says what was wrong
    /// and what a message of that op needs.
    static func parse(_ text: String) -> Result<PageRequest, PageFailure> {
        guard case let .object(message)? = try? JSONReader.parse(text) else {
            return .failure(PageFailure(id: .null, op: nil, notAnObject: true,
                                        message: "a message is a JSON object: {\"op\": \"eval\"|\"complete\"|\"explain\", \"id\": …}"))
        }
        let id = message["id"] ?? .null
        guard let op = message["op"]?.stringValue.flatMap(Op.init(rawValue:)) else {
            return .failure(PageFailure(id: id, op: nil, message: "unknown op; a page sends eval, complete or explain"))
        }
        func fail(_ text: String) -> Result<PageRequest, PageFailure> {
            .failure(PageFailure(id: id, op: op, message: text))
        }
        switch op {
        case .eval:
            guard let command = message["command"]?.stringValue else { return fail("eval needs \"command\" (a string)") }
            return .success(.eval(id: id, command: command))
        case .complete:
            guard let line = message["line"]?.stringValue else { return fail("complete needs \"line\" (a string)") }
            return .success(.complete(id: id, line: line))
        case .explain:
            guard let view = message["view"]?.stringValue else { return fail("explain needs \"view\" (a name)") }
            return .success(.explain(id: id, view: view))
        }
    }
}

/// A page's message that is not a request it may send: its answer is
/// `{"type": "error", "id", "message"}`. `op` is the op it named, when that
/// is one (an `eval` without its command is still an `eval` to the token
/// rule); `notAnObject`, a message that is no JSON object at all, which is
/// answered so before anything else is looked at.
struct PageFailure: Error, Sendable, Equatable {
    var id: JSON
    var op: PageRequest.Op?
    var notAnObject = false
    var message: String
}
