import KBModel

extension Commands {
    /// `help`: list the commands, or explain one.
    struct Help: Command {
        enum Args {
            static let command = CommandArgument.token("COMMAND", .command)
        }

        static let spec = CommandSpec("help", [.optional([.value(Args.command)])], group: .sessions, traits: [.outsideHistory, .onlyReads],
            summary: "list the commands, or explain one",
            command: Help.self)

        let command: Token?

        init(_ p: ParsedCommand) throws { command = try p[Args.command] }

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.help(command, line: line) }
    }
}
