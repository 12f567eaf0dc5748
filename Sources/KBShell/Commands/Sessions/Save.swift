import KBModel

extension Commands {
    /// `save`: save the session to Sessions/NAME.json (atomically).
    struct Save: Command {
        static let spec = CommandSpec("save", [.optional([.value("NAME", .session)])], group: .sessions, traits: [.writesFiles, .journaledAsSnapshot],
            summary: "save the session to Sessions/NAME.json (atomically)",
            command: Save.self)

        let name: String?

        init(_ p: ParsedCommand) { name = p.string("NAME") }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.save(name) }
    }
}
