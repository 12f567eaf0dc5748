import KBModel

extension Commands {
    /// `diff`: the last change again.
    struct Diff: Command {
        static let spec = CommandSpec("diff", group: .inspection, traits: [], summary: "the last change again",
            command: Diff.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome {
            guard var last = session.lastChange else { return CommandOutcome(command: line, text: "nothing has changed yet") }
            last.command = line
            return last
        }
    }
}
