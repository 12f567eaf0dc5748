import KBModel

extension Commands {
    /// `audit`: every text input focused in turn, from the session as it
    /// is, on a copy: the verdict each gets and the flaws that show.
    struct Audit: Command {
        static let spec = CommandSpec("audit", group: .inspection, traits: [],
            summary: "focus each text field and text view in turn (on a copy) and say whether the keyboard covers it",
            details: "From the session as it is (the keyboard up or down, the strategies and rules attached), each text input of the screen, in order, is focused on a copy of the session, as a tap on it would: its verdict (✓ visible, with the clearance; ✗ covered, with what hides it), the flaws that showed (⚑), or why it cannot be focused. The session is left as it was; `expect` can then check any one of them with `focus`.",
            examples: ["audit"],
            command: Audit.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome {
            let inputs = session.screen.views.filter { $0.kind.isTextInput }.map(\.name)
            guard !inputs.isEmpty else {
                return CommandOutcome(command: line, text: "no text field or text view to focus", members: ["audit": .array([])])
            }
            var lines: [String] = []
            var entries: [JSON] = []
            var visible = 0
            for name in inputs {
                var copy = session
                let outcome = copy.execute("focus \(name)")
                if let error = outcome.error {
                    lines.append("- \(name) cannot be focused: \(error.message)")
                    entries.append(.object(["field": .string(name), "error": .string(error.message)]))
                    continue
                }
                guard let focus = outcome.report?.focus else { continue }
                let flaws = outcome.report?.flaws ?? []
                if focus.report.isVisible { visible += 1 }
                var text = focus.verdict
                if !flaws.isEmpty { text += "  ⚑ " + flaws.map(\.id.rawValue).joined(separator: ", ") }
                lines.append(text)
                entries.append(.object(["field": .string(name), "focus": focus.json,
                                        "flaws": .array(flaws.map { .string($0.id.rawValue) })]))
            }
            lines.append("\(visible) of \(inputs.count) visible when focused")
            return CommandOutcome(command: line, text: lines.joined(separator: "\n"), members: ["audit": .array(entries)])
        }
    }
}
