import KBModel

extension Commands {
    /// `rotate`: rotate the device (toggles without an argument).
    struct Rotate: Mutation {
        enum Args {
            static let orientation = CommandArgument.choice("ORIENTATION", of: Orientation.self)
        }

        static let spec = CommandSpec("rotate", [.optional([.value(Args.orientation)])], group: .device, traits: [.mutates],
            summary: "rotate the device (toggles without an argument)",
            details: "With the keyboard up, iOS posts a hide burst in the old orientation and a show burst in the new one, both with duration 0.",
            examples: ["rotate", "rotate landscape"],
            command: Rotate.self)

        let orientation: Orientation?

        init(_ p: ParsedCommand) throws {
            orientation = try p[Args.orientation]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.rotate(to: orientation, &$1) }
        }
    }
}
