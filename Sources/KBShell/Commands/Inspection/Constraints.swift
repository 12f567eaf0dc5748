import KBModel

extension Commands {
    /// `constraints`: the constraints, or those of one view.
    struct ConstraintList: Command {
        static let spec = CommandSpec("constraints", [.optional([.value("VIEW", .view)])], group: .inspection, traits: [],
            summary: "the constraints, or those of one view",
            command: ConstraintList.self)

        let view: String?

        init(_ p: ParsedCommand) { view = p.string("VIEW") }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.constraintList(view) }
    }
}
