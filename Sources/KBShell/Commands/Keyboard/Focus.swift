import KBModel

extension Commands {
    /// `focus`: make a text field or text view first responder (shows the keyboard).
    struct Focus: Mutation {
        static let spec = CommandSpec("focus", [.value("FIELD", .field)], group: .keyboard, traits: [.mutates],
            summary: "make a text field or text view first responder (shows the keyboard)",
            details: "Focusing another field while the keyboard is up posts the show burst again with begin == end.",
            examples: ["focus email"],
            command: Focus.self)

        let field: String

        init(_ p: ParsedCommand) throws { field = try p.text("FIELD") }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.focus(field, &$1) }
        }
    }
}
