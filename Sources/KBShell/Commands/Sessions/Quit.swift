import KBModel

extension Commands {
    /// `quit`: leave kbplay.
    struct Quit: Command {
        static let spec = CommandSpec("quit", group: .sessions, traits: [.outsideHistory], summary: "leave kbplay",
            command: Quit.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome {
            var o = CommandOutcome(command: line, text: "bye")
            o.quit = true
            return o
        }
    }
}
