import KBModel

extension Commands {
    /// `expect`: check a value (✓ or ✗ with both sides; in `run` a ✗ fails the script).
    struct Expect: Command {
        static let spec = CommandSpec("expect", [.rest("EXPR (==|<=|>=|<|>) EXPR", .comparison)], group: .inspection, traits: [.statesExpectation],
            summary: "check a value (✓ or ✗ with both sides; in `run` a ✗ fails the script)",
            examples: ["expect email.frame.maxY <= kb.frame.minY"],
            command: Expect.self)

        let comparison: RestArgument

        init(_ p: ParsedCommand) { comparison = p.restArgument }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome { try session.expect(comparison) }
    }
}
