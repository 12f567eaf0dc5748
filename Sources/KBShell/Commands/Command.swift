import KBModel

/// A command of the shell: its spec (grammar, documentation, traits), its
/// arguments as typed values, read once from the parsed line by `init`,
/// and what it does to a session. ``CommandTable/all`` is built from these
/// types (``Commands/all``), so every command the parser knows has its
/// behaviour. A command lives in `Commands/GROUP/NAME.swift`, by the group
/// `help` lists it in.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Reads the arguments the grammar matched; throws for a value the
    /// grammar cannot check (a number out of range, an unknown kind).
    init(_ parsed: ParsedCommand) throws
    /// Carries the command out on `session` (`line` is the command as
    /// typed, for the outcome).
    func perform(on session: inout Session, line: String) throws -> CommandOutcome
}

/// A command that changes the session. It only applies its change; the
/// transaction around it (``Session/mutate(_:line:)``) lays the screen out
/// before and after, reports the notifications, the diff, the verdict and
/// the flaws, and pushes the previous state for `undo`.
protocol Mutation: Command {
    func apply(to session: inout Session, _ log: inout ChangeLog) throws
}

extension Mutation {
    func perform(on session: inout Session, line: String) throws -> CommandOutcome {
        try session.mutate(self, line: line)
    }
}

/// The command types, in the order `help` lists them: each group's list
/// (``CommandSpec/Group``), kept in its own folder.
enum Commands {
    static let all: [any Command.Type] = device + structure + constraints + keyboard + strategies + lifecycle + inspection + sessions
}

/// The words after a command's fixed part, read by a grammar of their own
/// (an expression, a constraint, a rule, a strategy's arguments).
struct RestArgument: Sendable {
    var tokens: [Token]
    /// The column where they start (the line's end if there are none).
    var column: Int
    /// The column just past the line's end.
    var endColumn: Int
    /// The whole command line.
    var line: String

    /// The line from `column` on.
    func line(from column: Int) -> Substring {
        // When every character is one byte, a column is a UTF-8 offset.
        let start = line.utf8.count == endColumn - 1
            ? line.utf8.index(line.startIndex, offsetBy: column - 1)
            : line.index(line.startIndex, offsetBy: column - 1)
        return line[start...]
    }
}

extension ParsedCommand {
    /// The rest of the line as the command's own grammar reads it.
    var restArgument: RestArgument { RestArgument(tokens: rest, column: restColumn, endColumn: endColumn, line: line) }
}

extension ChangeLog {
    /// Keeps the warnings of a change to the screen.
    mutating func take(_ result: MutationResult) { warnings += result.warnings }
}
