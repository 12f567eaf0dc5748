import KBModel

extension Commands {
    /// `remove`: remove a view (with its subviews and their constraints) or a constraint.
    struct Remove: Mutation {
        enum Args {
            static let name = CommandArgument.text("NAME", .object)
        }

        static let spec = CommandSpec("remove", [.value(Args.name)], group: .structure, traits: [.mutates, .structural],
            summary: "remove a view (with its subviews and their constraints) or a constraint",
            examples: ["remove signIn", "remove formBottom"],
            command: Remove.self)

        let name: String

        init(_ p: ParsedCommand) throws { name = try p.required(Args.name) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.remove(name))
            try session.onStage(&log) { stage, log in stage.detachDangling(&log) }
        }
    }
}
