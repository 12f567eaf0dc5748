import KBModel

extension Commands {
    /// `load`: load a saved session.
    struct Load: Mutation {
        enum Args {
            static let name = CommandArgument.token("NAME", .session)
        }

        static let spec = CommandSpec("load", [.value(Args.name)], group: .sessions, traits: [.mutates, .structural, .readsFiles, .journaledAsSnapshot, .startsScript],
            summary: "load a saved session",
            command: Load.self)

        let name: Token

        init(_ p: ParsedCommand) throws { name = try p.required(Args.name) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.load(name.text, name.column)
            log.notes.append("loaded \(session.name ?? "")")
        }
    }
}
