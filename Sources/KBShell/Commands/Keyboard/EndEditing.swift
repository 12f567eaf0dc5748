import KBModel

extension Commands {
    /// `resign`: end editing (hides the keyboard).
    struct Resign: Mutation {
        static let spec = CommandSpec("resign", group: .keyboard, traits: [.mutates], summary: "end editing (hides the keyboard)",
            command: Resign.self)

        init(_ p: ParsedCommand) {}

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.endEditing(byReturn: false, &log)
        }
    }

    /// `return`: press return: textFieldShouldReturn → resign.
    struct Return: Mutation {
        static let spec = CommandSpec("return", group: .keyboard, traits: [.mutates], summary: "press return: textFieldShouldReturn → resign",
            command: Return.self)

        init(_ p: ParsedCommand) {}

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.endEditing(byReturn: true, &log)
        }
    }

    /// `tap outside`: tap outside the fields (ends editing).
    struct TapOutside: Mutation {
        static let spec = CommandSpec("tap outside", group: .keyboard, traits: [.mutates], summary: "tap outside the fields (ends editing)",
            command: TapOutside.self)

        init(_ p: ParsedCommand) {}

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.endEditing(byReturn: false, &log)
        }
    }
}
