import KBModel

extension Commands {
    /// `frames`: one line per view: NAME x y w h in window coordinates.
    struct Frames: Command {
        static let spec = CommandSpec("frames", group: .inspection, traits: [],
            summary: "one line per view: NAME x y w h in window coordinates",
            command: Frames.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.frames() }
    }
}
