import KBModel

extension Commands {
    /// `focus`: make a text field or text view first responder (shows the keyboard).
    struct Focus: Mutation {
        enum Args {
            static let field = CommandArgument.text("FIELD", .field)
        }

        static let spec = CommandSpec("focus", [.value(Args.field)], group: .keyboard, traits: [.mutates],
            summary: "make a text field or text view first responder (shows the keyboard)",
            details: "Focusing another field while the keyboard is up posts the show burst again with begin == end.",
            examples: ["focus email"],
            command: Focus.self)

        let field: String

        init(_ p: ParsedCommand) throws { field = try p.required(Args.field) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.focus(field, &$1) }
        }
    }
}
