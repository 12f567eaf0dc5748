import KBInterop
import KBModel

/// What one command did: its status, its printed text, and — as typed
/// values — the change report of a mutation (``report``) and the error of
/// a refused command (``error``). The JSON form's members (``members``)
/// are rendered from them when they are asked for.
public struct CommandOutcome: Sendable {
    public enum Status: Int, Sendable, Comparable {
        case ok = 0
        /// An `expect` did not hold.
        case expectFailed = 1
        /// The command was refused; nothing changed.
        case rejected = 2
        /// A file could not be read or written.
        case ioError = 3

        public static func < (a: Status, b: Status) -> Bool { a.rawValue < b.rawValue }
    }

    public var command: String
    public var status: Status
    /// The text form (what the shell prints), without a trailing newline.
    public var text: String
    /// What a command that may change the session did (nil for other
    /// commands).
    public var report: ChangeReport?
    /// Why the command was refused (nil when it was not).
    public var error: CommandError?
    /// Members of the outcome's own, already JSON: those of a command
    /// that is no mutation (`frames`, `export`).
    var values: [String: JSON]
    /// The shell should stop (`quit`).
    public var quit = false
    /// What an `expect` compared (nil for other commands): for reports,
    /// not part of either output form.
    public var expectation: ExpectResult?
    /// What the command is (its spec's traits; none for a blank line or
    /// one that did not parse): for those who act on what ran, not part
    /// of either output form.
    public var traits: CommandTraits = []

    public init(command: String, status: Status = .ok, text: String = "", members: [String: JSON] = [:]) {
        self.command = command
        self.status = status
        self.text = text
        self.values = members
    }

    /// A mutation's outcome: its report, and the text rendered from it.
    public init(command: String, report: ChangeReport) {
        self.init(command: command, text: report.text)
        self.report = report
    }

    /// The JSON form's members besides `command`, `ok`, `output`,
    /// `notifications` and `changes`: the outcome's own, and those
    /// rendered from the report and the error. Setting it sets the
    /// outcome's own (the report's and the error's still win).
    public var members: [String: JSON] {
        get { renderedMembers }
        set { values = newValue }
    }

    private var renderedMembers: [String: JSON] {
        var members = values
        if let report {
            if members.isEmpty { members = report.members } else { members.merge(report.members) { _, new in new } }
        }
        if let error {
            var detail: [String: JSON] = ["message": .string(error.message)]
            if let column = error.column { detail["column"] = .number(Double(column)) }
            if let suggestion = error.suggestion { detail["suggestion"] = .string(suggestion) }
            members["error"] = .object(detail)
        }
        return members
    }

    /// The notifications a mutation posted (nil for other commands).
    public var notifications: [KeyboardNotification]? { report?.notifications }
    /// The layout changes of a mutation (nil for other commands; set on
    /// the report, nil empties them).
    public var changes: [LayoutChange]? {
        get { report?.changes }
        set { report?.changes = newValue ?? [] }
    }

    /// The single JSON line of `--json` mode as a value: ``jsonText``
    /// read back, so the JSON form has one writer
    /// (``writeJSON(into:)``), whichever way it is asked for.
    public var json: JSON { JSON(self) }

    /// A refused command: the message, the line with a caret under the
    /// column, and what would work.
    public static func rejected(_ command: String, _ error: CommandError, status: Status = .rejected) -> CommandOutcome {
        var text = "error: \(error.message)"
        if let column = error.column, !command.isEmpty {
            text += "\n  \(command)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
        }
        if let suggestion = error.suggestion, !error.message.contains("did you mean") {
            let isName = suggestion.allSatisfy { $0.isLetter || $0.isNumber || "_.- \"".contains($0) }
                && suggestion.split(separator: " ").count <= 2 && !suggestion.hasPrefix("usage")
            text += "\n  " + (isName ? "did you mean '\(suggestion)'?" : suggestion)
        }
        var outcome = CommandOutcome(command: command, status: status, text: text)
        outcome.error = error
        return outcome
    }
}
