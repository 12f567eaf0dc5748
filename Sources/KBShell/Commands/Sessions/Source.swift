import KBModel

extension Commands {
    /// `source`: run the commands of a script file.
    struct Source: Mutation {
        enum Args {
            static let file = CommandArgument.token("FILE", .file)
        }

        static let spec = CommandSpec("source", [.value(Args.file)], group: .sessions, traits: [.mutates, .structural, .readsFiles, .keepsUndoStacks, .journaledAsSnapshot, .runsScript],
            summary: "run the commands of a script file",
            command: Source.self)

        let file: Token

        init(_ p: ParsedCommand) throws { file = try p.required(Args.file) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.source(file.text, file.column, &log)
        }
    }
}
