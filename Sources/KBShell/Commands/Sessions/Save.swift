import KBModel

extension Commands {
    /// `save`: save the session to Sessions/NAME.json (atomically).
    struct Save: Command {
        enum Args {
            static let name = CommandArgument.text("NAME", .session)
        }

        static let spec = CommandSpec("save", [.optional([.value(Args.name)])], group: .sessions, traits: [.writesFiles, .journaledAsSnapshot],
            summary: "save the session to Sessions/NAME.json (atomically)",
            command: Save.self)

        let name: String?

        init(_ p: ParsedCommand) throws { name = try p[Args.name] }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.save(name) }
    }
}
