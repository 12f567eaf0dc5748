import KBModel

extension Commands {
    /// `undo`: undo the last change.
    struct Undo: Command {
        static let spec = CommandSpec("undo", group: .sessions, traits: [.mutates, .outsideHistory, .journaledAsSnapshot], summary: "undo the last change",
            command: Undo.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.undoRedo(true) }
    }

    /// `redo`: redo what undo undid.
    struct Redo: Command {
        static let spec = CommandSpec("redo", group: .sessions, traits: [.mutates, .outsideHistory, .journaledAsSnapshot], summary: "redo what undo undid",
            command: Redo.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.undoRedo(false) }
    }
}
