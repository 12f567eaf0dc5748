import KBModel

extension Commands {
    /// `explain`: the constraints that decide a view's frame.
    struct Explain: Command {
        enum Args {
            static let view = CommandArgument.text("VIEW", .view)
        }

        static let spec = CommandSpec("explain", [.value(Args.view)], group: .inspection, traits: [],
            summary: "the constraints that decide a view's frame",
            command: Explain.self)

        let view: String

        init(_ p: ParsedCommand) throws { view = try p.required(Args.view) }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.explain(view) }
    }
}
