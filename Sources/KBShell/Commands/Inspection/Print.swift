import KBModel

extension Commands {
    /// `print`: evaluate an expression.
    struct Print: Command {
        static let spec = CommandSpec("print", [.rest("EXPR", .expression)], group: .inspection, traits: [],
            summary: "evaluate an expression", examples: ["print email.frame.maxY", "print kb.end.minY"],
            command: Print.self)

        let expression: RestArgument

        init(_ p: ParsedCommand) { expression = p.restArgument }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.printValue(expression) }
    }
}
