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
            let previous = session.screen.focus
            let v = try session.screen.view(named: field)
            try Screen.checkFocusable(v)
            if previous == field {
                // Already first responder: UIKit does nothing.
                log.notes.append("\(field) is already the first responder")
                return
            }
            log.take(try session.screen.setFocus(field))
            let t = try session.keyboard.applying(.beginEditing(alreadyEditing: previous != nil), on: session.screen.device,
                                                  session.screen.orientation, inputs: session.inputsNow)
            try session.post(t, &log)
            // UIKit scrolls a field that becomes first responder into view
            // inside its scroll view.
            log.take(try session.screen.scrollToVisible(field))
        }
    }
}
