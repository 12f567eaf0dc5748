import KBShell

/// One request line: `{"id": …, "session": "NAME", "op": "eval", "command": "…"}`.
public struct DaemonRequest: Sendable {
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

    /// The request's id, as its text in the request (``JSON/verbatim(_:)``),
    /// `null` when it has none.
    public var id: JSON
    public var op: Op
    public var session: String?
    public var command: String?
    /// `complete`: the line and the cursor (defaults to the line's end).
    public var line: String?
    public var cursor: Int?
    /// `clone`: the new session's name.
    public var to: String?

    /// The largest request line accepted.
    public static let maximumLength = 1 << 20

    /// Names are `[A-Za-z_][A-Za-z0-9_-]*`, at most 64 characters, so they
    /// are safe file names.
    public static func isValidSessionName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= 64 else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Why `name` is not a session name, nil when it is one.
    public static func sessionNameProblem(_ name: String) -> String? {
        isValidSessionName(name) ? nil
            : "invalid session name '\(name)': use letters, digits, _ and -, at most 64, not starting with a digit"
    }

    /// Parses and validates a line; the error says what was wrong.
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
        guard let opText = members["op"]?.stringValue else {
            return .failure(DaemonFailure(id: id, message: "missing \"op\"; ops: \(Op.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        guard let op = Op(rawValue: opText) else {
            return .failure(DaemonFailure(id: id, message: "unknown op '\(opText)'; ops: \(Op.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        var request = DaemonRequest(id: id, op: op)
        request.session = members["session"]?.stringValue
        request.command = members["command"]?.stringValue
        request.line = members["line"]?.stringValue
        if let cursor = members["cursor"] {
            // Past the line's end is its end.
            guard let v = cursor.numberValue, v >= 0, let n = wholeNumber(min(v, Double(maximumLength)), in: 0...maximumLength) else {
                return .failure(DaemonFailure(id: id, message: "\"cursor\" is a whole number from 0 (the line's start) to its length (the default)"))
            }
            request.cursor = n
        }
        request.to = members["to"]?.stringValue
        if op.needsSession {
            guard let name = request.session else {
                return .failure(DaemonFailure(id: id, message: "op '\(op.rawValue)' needs \"session\""))
            }
            if let problem = sessionNameProblem(name) {
                return .failure(DaemonFailure(id: id, message: problem))
            }
        }
        if op == .eval && request.command == nil {
            return .failure(DaemonFailure(id: id, message: "op 'eval' needs \"command\" (a string)"))
        }
        if op == .complete && request.line == nil {
            return .failure(DaemonFailure(id: id, message: "op 'complete' needs \"line\" (a string)"))
        }
        if op == .clone {
            guard let to = request.to, isValidSessionName(to) else {
                return .failure(DaemonFailure(id: id, message: "op 'clone' needs \"to\", a valid session name"))
            }
        }
        return .success(request)
    }

    init(id: JSON, op: Op) {
        self.id = id
        self.op = op
    }
}

/// A request the daemon could not carry out.
public struct DaemonFailure: Error, Sendable {
    public var id: JSON
    public var message: String

    public var reply: JSON {
        .object(["id": id, "status": .string("error"), "error": .object(["message": .string(message)])])
    }
}
