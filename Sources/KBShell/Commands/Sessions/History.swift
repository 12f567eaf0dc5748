import KBModel

extension Commands {
    /// `history`: the commands of this session.
    struct History: Command {
        static let spec = CommandSpec("history", group: .sessions, traits: [.outsideHistory, .onlyReads], summary: "the commands of this session",
            command: History.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome {
            let kept = session.history
            let lines = kept.enumerated().map { "\(String($0.offset + 1).leftPadded(4))  \($0.element)" }
            return CommandOutcome(command: line, text: lines.isEmpty ? "no commands yet" : lines.joined(separator: "\n"),
                                  members: ["history": .array(kept.map { .string($0) })])
        }
    }
}
