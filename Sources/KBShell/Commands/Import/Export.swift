import KBModel

extension Commands {
    /// `export kbs|swift [FILE]`: the session in another form — a script of
    /// commands that rebuilds it, or UIKit Swift — printed, or written to
    /// FILE atomically (as `save` writes).
    struct Export: Command {
        /// The forms `export` writes.
        enum Format: String, CaseIterable {
            case kbs, swift
        }

        static let spec = CommandSpec("export", [.value("FORMAT", .choice(Format.allCases.map(\.rawValue))),
                                                 .optional([.value("FILE", .file)])], group: .sessions,
            traits: [.writesFiles, .journaledAsSnapshotWithAFile],
            summary: "the session as a script of commands that rebuilds it (kbs), or as UIKit Swift (swift); printed, or written to FILE",
            details: "kbs: the device and the app's window; controllers, table view controllers and presented sheets; views with their options, priorities, clipping, alpha and visibility, table rows, input accessory views and input views; every constraint with its name, constant, multiplier and priority (inactive ones deactivated); scroll state; the keyboard's settings and the focus; then the strategies and rules, attached last so that none runs again. `kbplay run` of the script prints the same `frames`. The undo history and the events posted are not part of it.\nswift: a UIViewController subclass per controller that makes its views and activates its constraints with the anchor API (kbplay's names as identifiers, named constraints as properties, child controllers embedded), and each strategy as the code of its source, with every flaw this session showed as a `// kbplay:` comment and its fix at the line it concerns. What UIKit code cannot hold (a rule, a table's rows) is a `// kbplay:` comment.",
            examples: ["export kbs", "export kbs login.kbs", "export swift", "export swift LoginViewController.swift"],
            command: Export.self)

        let format: Format
        let file: String?

        init(_ p: ParsedCommand) throws {
            let token = try p.required("FORMAT")
            guard let format = Format(rawValue: token.text) else {
                throw CommandError("unknown export format '\(token.text)'", column: token.column,
                                   suggestion: "usage: \(Self.spec.usage)")
            }
            self.format = format
            file = p.string("FILE")
        }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome {
            let text: String
            let member: String
            switch format {
            case .kbs: (text, member) = (session.script(), "script")
            case .swift: (text, member) = (session.swiftSource(), "swift")
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
