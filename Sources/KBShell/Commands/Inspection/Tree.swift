import KBModel

extension Commands {
    /// `tree`: the hierarchy with frames.
    struct Tree: Command {
        static let spec = CommandSpec("tree", group: .inspection, traits: [], summary: "the hierarchy with frames",
            command: Tree.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.tree() }
    }
}
