import KBModel

extension Commands {
    /// `render`: draw the screen with the keyboard (or write an SVG).
    struct Render: Command {
        enum Args {
            static let file = CommandArgument.text("FILE", .file)
        }

        static let spec = CommandSpec("render", [.optional([.word("svg"), .value(Args.file)])], group: .inspection, traits: [.writesFiles, .journaledAsSnapshotWithAFile],
            summary: "draw the screen with the keyboard (or write an SVG)",
            command: Render.self)

        /// `svg FILE`: the SVG's file.
        let file: String?

        init(_ p: ParsedCommand) throws { file = try p[Args.file] }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome {
            try session.render(svg: file, line: line)
        }
    }
}
