import KBModel

extension Commands {
    /// `help`: list the commands, or explain one.
    struct Help: Command {
        static let spec = CommandSpec("help", [.optional([.value("COMMAND", .command)])], group: .sessions, traits: [.outsideHistory, .onlyReads],
            summary: "list the commands, or explain one",
            command: Help.self)

        let command: Token?

        init(_ p: ParsedCommand) { command = p.values["COMMAND"] }

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.help(command, line: line) }
    }
}
