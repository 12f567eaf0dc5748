import KBModel

extension Commands {
    /// `sessions`: list the saved sessions.
    struct SessionList: Command {
        static let spec = CommandSpec("sessions", group: .sessions, traits: [.readsFiles, .journaledAsSnapshot], summary: "list the saved sessions",
            command: SessionList.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.sessionList() }
    }
}
