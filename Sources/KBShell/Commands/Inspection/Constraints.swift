import KBModel

extension Commands {
    /// `constraints`: the constraints, or those of one view.
    struct ConstraintList: Command {
        enum Args {
            static let view = CommandArgument.text("VIEW", .view)
        }

        static let spec = CommandSpec("constraints", [.optional([.value(Args.view)])], group: .inspection, traits: [],
            summary: "the constraints, or those of one view",
            command: ConstraintList.self)

        let view: String?

        init(_ p: ParsedCommand) throws { view = try p[Args.view] }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.constraintList(view) }
    }
}
