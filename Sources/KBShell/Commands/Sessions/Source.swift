import KBModel

extension Commands {
    /// `source`: run the commands of a script file.
    struct Source: Mutation {
        static let spec = CommandSpec("source", [.value("FILE", .file)], group: .sessions, traits: [.mutates, .structural, .readsFiles, .keepsUndoStacks, .journaledAsSnapshot, .runsScript],
            summary: "run the commands of a script file",
            command: Source.self)

        let file: Token

        init(_ p: ParsedCommand) throws { file = try p.required("FILE") }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.source(file.text, file.column, &log)
        }
    }
}
