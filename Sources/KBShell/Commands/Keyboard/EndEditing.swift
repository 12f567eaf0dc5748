import KBModel

/// A command that ends editing (`resign`, `return`, `tap outside`): they
/// differ only in `return`, which in a text view types a newline instead.
protocol EndEditingCommand: Mutation {
    static var byReturn: Bool { get }
}

extension EndEditingCommand {
    func apply(to session: inout Session, _ log: inout ChangeLog) throws {
        try session.onStage(&log) { try $0.endEditing(byReturn: Self.byReturn, &$1) }
    }
}

extension Commands {
    /// `resign`: end editing (hides the keyboard).
    struct Resign: EndEditingCommand {
        static let spec = CommandSpec("resign", group: .keyboard, traits: [.mutates], summary: "end editing (hides the keyboard)",
            command: Resign.self)
        static let byReturn = false

        init(_ p: ParsedCommand) {}
    }

    /// `return`: press return: textFieldShouldReturn → resign.
    struct Return: EndEditingCommand {
        static let spec = CommandSpec("return", group: .keyboard, traits: [.mutates], summary: "press return: textFieldShouldReturn → resign",
            command: Return.self)
        static let byReturn = true

        init(_ p: ParsedCommand) {}
    }

    /// `tap outside`: tap outside the fields (ends editing).
    struct TapOutside: EndEditingCommand {
        static let spec = CommandSpec("tap outside", group: .keyboard, traits: [.mutates], summary: "tap outside the fields (ends editing)",
            command: TapOutside.self)
        static let byReturn = false

        init(_ p: ParsedCommand) {}
    }
}
