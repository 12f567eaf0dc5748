import KBModel

extension Commands {
    /// `export kbs|swift [fixed] [FILE]`: the session in another form — a
    /// script of commands that rebuilds it, or UIKit Swift (with `fixed`,
    /// each flaw it showed fixed as its `fix:` line says) — printed, or
    /// written to FILE atomically (as `save` writes).
    struct Export: Command {
        /// The forms `export` writes.
        enum Format: String, CaseIterable {
            case kbs, swift
        }

        enum Args {
            static let format: CommandArgument<Format> = CommandArgument("FORMAT", .choice(Format.allCases.map(\.rawValue))) { t throws(CommandError) in
                guard let format = Format(rawValue: t.text) else {
                    throw CommandError("unknown export format '\(t.text)'", column: t.column, suggestion: "usage: \(Export.spec.usage)")
                }
                return format
            }
            static let fixed = Keyword("fixed")
            static let file = CommandArgument<String>.text("FILE", .file)
        }

        static let spec = CommandSpec("export", [.value(Args.format), .optional([.word(Args.fixed)]), .optional([.value(Args.file)])], group: .sessions,
            traits: [.writesFiles, .journaledAsSnapshotWithAFile],
            summary: "the session as a script of commands that rebuilds it (kbs), or as UIKit Swift (swift; fixed: with its flaws fixed); printed, or written to FILE",
            details: "kbs: the device and the app's window; controllers, table view controllers and presented sheets; views with their options, priorities, clipping, alpha and visibility, table rows, input accessory views and input views; every constraint with its name, constant, multiplier and priority (inactive ones deactivated); scroll state; the keyboard's settings and the focus; then the strategies and rules, attached last so that none runs again. `kbplay run` of the script prints the same `frames`. The undo history and the events posted are not part of it.\nswift: a UIViewController subclass per controller that makes its views and activates its constraints with the anchor API (kbplay's names as identifiers, named constraints as properties, child controllers embedded), the screen at rest (constants as declared or last set by a command, not as keyboard handlers left them; nothing focused), each strategy as the code of its source, with every flaw this session showed as a `// kbplay:` comment and its fix at the line it concerns, and each rule as the observer code that does it. What UIKit code cannot hold (a table's rows) is a `// kbplay:` comment.\nswift fixed: the same with each flaw fixed in the code as its fix: line says, where code can (the end frame converted from the screen's coordinate space and overlapped with the view, the safe area subtracted, keyboardWillChangeFrame observed, observers removed in viewWillDisappear, the curve shifted << 16), to diff against `export swift`. A file named fixed is written with `export swift ./fixed`.",
            examples: ["export kbs", "export kbs login.kbs", "export swift", "export swift LoginViewController.swift", "export swift fixed LoginViewController+fixed.swift"],
            command: Export.self)

        let format: Format
        let fixed: Bool
        let file: String?

        init(_ p: ParsedCommand) throws {
            format = try p.required(Args.format)
            fixed = p.contains(Args.fixed)
            if fixed && format != .swift {
                throw CommandError("'fixed' goes with export swift only: a kbs script rebuilds the session as it is",
                                   column: p.token(Args.format)?.column, suggestion: "export swift fixed [FILE]")
            }
            file = try p[Args.file]
        }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome {
            let text: String
            let member: String
            switch format {
            case .kbs: (text, member) = (session.script(), "script")
            case .swift: (text, member) = (session.swiftSource(fixed: fixed), "swift")
            }
            guard let file = file.map(session.path(of:)) else {
                return CommandOutcome(command: line, text: text.hasSuffix("\n") ? String(text.dropLast()) : text,
                                      members: [member: .string(text)])
            }
            do {
                try FileIO.atomicWrite(file, text)
            } catch {
                return CommandOutcome.rejected(line, CommandError("\(error)"), status: .ioError)
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            return CommandOutcome(command: line, text: "wrote \(file) (\(lines) lines)", members: ["path": .string(file)])
        }
    }
}
